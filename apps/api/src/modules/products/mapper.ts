/**
 * Row → reply (SPEC §3 field names, `_id`). No search_text. Issue 25: the product's variants
 * ride along; stock numbers only in the owner's replies (`owner`), `available` / `lowStock` in
 * every one. What a card shows of the variants ('desde $ X', 'Quedan 3', 'Agotado') comes from
 * the row (`price_from`, `stock_units`, `available`, kept by the database: migration 0019), so a
 * list can leave the variants out and still show the same card.
 */
import {
  currencySymbol,
  discountedPrice,
  isInStock,
  lowStockOf,
  type Product,
  type ProductVariant,
} from '@vitrina/contracts'
import { getTableColumns } from 'drizzle-orm'
import { products, type ProductRow, type VariantRow } from '../../db/schema/index.js'

/**
 * What a reply is made of: a product row without its search columns (`search_text` is as long as
 * the description, `search_words` an array of every word). Lists read these columns only
 * (`productReplyColumns`): a tenth of the bytes and array parsing a page would otherwise pay for
 * and throw away.
 */
export type ProductReplyRow = Omit<ProductRow, 'searchText' | 'searchWords'>

const { searchText: _text, searchWords: _words, ...replyColumns } = getTableColumns(products)
/** The columns of ProductReplyRow, for `db.select(productReplyColumns)`. */
export const productReplyColumns = replyColumns

/** Who a reply is for: the public, or the owner of the product's business (stock numbers). */
export interface ReplyAudience {
  owner: boolean
}
export const PUBLIC: ReplyAudience = { owner: false }
export const OWNER: ReplyAudience = { owner: true }

function toVariant(
  row: ProductReplyRow,
  variant: VariantRow,
  audience: ReplyAudience,
): ProductVariant {
  const price = variant.price === null ? Number(row.price) : Number(variant.price)
  return {
    _id: variant.id,
    options: variant.options,
    price,
    finalPrice: discountedPrice(price, row.discount),
    code: variant.code,
    ...(audience.owner ? { stock: variant.stock } : {}),
    available: isInStock(row.trackStock, variant.stock),
    lowStock: lowStockOf(row.trackStock, variant.stock),
    imageIndex: variant.imageIndex,
  }
}

export function toProduct(
  row: ProductReplyRow,
  variantRows: readonly VariantRow[] = [],
  audience: ReplyAudience = PUBLIC,
): Product {
  const variants = variantRows.map((v) => toVariant(row, v, audience))
  return {
    _id: row.id,
    businessId: row.businessId,
    slug: row.slug,
    name: row.name,
    description: row.description,
    info: row.info,
    price: Number(row.price),
    discount: row.discount,
    finalPrice: Number(row.finalPrice),
    currency: row.currency,
    currencySymbol: currencySymbol(row.currency),
    code: row.code,
    isFeatured: row.isFeatured,
    isNew: row.isNew,
    isOffer: row.isOffer,
    image: row.image,
    images: row.images,
    tags: row.tags,
    specifications: row.specifications,
    category: row.category,
    subCategory: row.subCategory,
    status: row.status,
    options: row.options,
    variants,
    trackStock: row.trackStock,
    ...(audience.owner ? { stock: row.stock, weightGrams: row.weightGrams } : {}),
    available: row.available,
    lowStock: lowStockOf(row.trackStock, row.stockUnits),
    priceFrom: row.priceFrom === null ? null : Number(row.priceFrom),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
