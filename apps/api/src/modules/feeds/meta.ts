/**
 * The Meta catalogue feed (issue 46 §2): CSV as Meta's "Supported feed formats" reads it — a
 * header row of Meta's field names, then one row per feed item; every cell quoted (a quote
 * doubled), comma-separated, UTF-8. Text cells a spreadsheet would run as a formula get an
 * apostrophe in front (lib/spreadsheet-formula.ts): owners open this file too.
 */
import { stringify } from 'csv-stringify/sync'
import {
  FEED_AVAILABILITY,
  FEED_CONDITION,
  META_FEED_COLUMNS,
  META_FEED_LIMITS,
  feedPrice,
  type MetaFeedColumn,
} from '@vitrina/contracts'
import { neutraliseFormula } from '../../lib/spreadsheet-formula.js'
import { clip, oneLine, type FeedItem, type FeedShop } from './items.js'

const LIMITS = META_FEED_LIMITS

/** Free text: within its limit, and never read as a formula. */
const text = (value: string, max: number) => neutraliseFormula(clip(value, max))

function row(item: FeedItem, brand: string): Record<MetaFeedColumn, string> {
  const [image = '', ...more] = item.imageLinks.filter((link) => link.length <= LIMITS.url)
  const attribute = (name: keyof FeedItem['attributes']) =>
    text(item.attributes[name] ?? '', LIMITS.variantAttribute)
  return {
    id: item.id,
    title: text(item.title, LIMITS.title),
    description: text(item.description, LIMITS.description),
    availability: item.isInStock
      ? FEED_AVAILABILITY.meta.inStock
      : FEED_AVAILABILITY.meta.outOfStock,
    condition: FEED_CONDITION,
    price: feedPrice(item.priceCents, item.currency),
    sale_price: item.saleCents === null ? '' : feedPrice(item.saleCents, item.currency),
    link: item.link,
    image_link: image,
    // Meta reads a list of addresses separated by commas (the cell is quoted).
    additional_image_link: more.slice(0, LIMITS.additionalImages).join(','),
    brand,
    item_group_id: item.groupId ?? '',
    color: attribute('color'),
    size: attribute('size'),
    material: attribute('material'),
    pattern: attribute('pattern'),
    product_type: text(item.productType, LIMITS.productType),
  }
}

export function renderMetaFeed(shop: FeedShop, items: readonly FeedItem[]): string {
  const brand = text(oneLine(shop.name), LIMITS.brand)
  return stringify(
    items.map((item) => row(item, brand)),
    { header: true, columns: [...META_FEED_COLUMNS], quoted: true, record_delimiter: '\r\n' },
  )
}
