/**
 * What the feeds read of one business's catalogue: its visible products (hidden ones never reach
 * a feed, issue 23 §2) and their variants, by business_id indexes. Newest first, as the
 * storefront's default list.
 */
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { products, productVariants } from '../../db/schema/index.js'

export async function listFeedProducts(db: Executor, businessId: string, limit: number) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      price: products.price,
      discount: products.discount,
      currency: products.currency,
      image: products.image,
      images: products.images,
      options: products.options,
      trackStock: products.trackStock,
      stock: products.stock,
      category: products.category,
      subCategory: products.subCategory,
    })
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.status, 'active')))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
}

export type FeedProductRow = Awaited<ReturnType<typeof listFeedProducts>>[number]

/**
 * The variants of the business's visible products, reached through the products' business_id
 * index and then product_variants_product_idx (product_variants has no business_id index).
 */
export function listFeedVariants(db: Executor, businessId: string) {
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      options: productVariants.options,
      price: productVariants.price,
      stock: productVariants.stock,
      imageIndex: productVariants.imageIndex,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.businessId, businessId), eq(products.status, 'active')))
    .orderBy(asc(productVariants.productId), asc(productVariants.position))
}

export type FeedVariantRow = Awaited<ReturnType<typeof listFeedVariants>>[number]
