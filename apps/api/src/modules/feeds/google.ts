/**
 * The Google Merchant Center feed (issue 46 §2): RSS 2.0 with Google's `g:` namespace, one
 * <item> per feed item, the attributes and limits of Google's product data specification.
 * Vitrina keeps no GTIN, so every item says `identifier_exists` no; the brand is the shop's name.
 */
import {
  FEED_AVAILABILITY,
  FEED_CONDITION,
  GOOGLE_FEED_LIMITS,
  feedPrice,
} from '@vitrina/contracts'
import { escapeXmlText } from '../../lib/xml-text.js'
import { clip, oneLine, storefrontLink, type FeedItem, type FeedShop } from './items.js'

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0'

const LIMITS = GOOGLE_FEED_LIMITS

function element(name: string, value: string | null | undefined): string {
  return value ? `<${name}>${escapeXmlText(value)}</${name}>` : ''
}

function itemXml(item: FeedItem, brand: string): string {
  const [image, ...more] = item.imageLinks.filter((link) => link.length <= LIMITS.url)
  const fields = [
    element('g:id', item.id),
    element('g:title', clip(item.title, LIMITS.title)),
    element('g:description', clip(item.description, LIMITS.description)),
    element('g:link', item.link),
    element('g:image_link', image),
    ...more
      .slice(0, LIMITS.additionalImages)
      .map((link) => element('g:additional_image_link', link)),
    element(
      'g:availability',
      item.isInStock ? FEED_AVAILABILITY.google.inStock : FEED_AVAILABILITY.google.outOfStock,
    ),
    element('g:price', feedPrice(item.priceCents, item.currency)),
    element(
      'g:sale_price',
      item.saleCents === null ? null : feedPrice(item.saleCents, item.currency),
    ),
    element('g:condition', FEED_CONDITION),
    element('g:brand', brand),
    element('g:identifier_exists', 'no'),
    element('g:item_group_id', item.groupId),
    ...Object.entries(item.attributes).map(([name, value]) =>
      element(`g:${name}`, clip(value, LIMITS.variantAttribute)),
    ),
    element('g:product_type', clip(item.productType, LIMITS.productType)),
  ]
  return `<item>${fields.join('')}</item>`
}

export function renderGoogleFeed(publicUrl: string, shop: FeedShop, items: readonly FeedItem[]) {
  const brand = clip(oneLine(shop.name), LIMITS.brand)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '<channel>',
    element('title', oneLine(shop.name)),
    element('link', storefrontLink(publicUrl, shop.identifier, shop.address)),
    element('description', oneLine(shop.description) || oneLine(shop.name)),
    ...items.map((item) => itemXml(item, brand)),
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}
