/** Row → public reply (SPEC §3 field names, `_id`). No search_text. */
import type { Product } from '@vitrina/contracts'
import type { ProductRow } from '../../db/schema/index.js'

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    businessId: row.businessId,
    name: row.name,
    description: row.description,
    info: row.info,
    price: Number(row.price),
    discount: row.discount,
    finalPrice: Number(row.finalPrice),
    currency: row.currency,
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
