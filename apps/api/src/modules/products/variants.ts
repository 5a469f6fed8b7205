/**
 * Issue 25: a product's variants (docs/decisions/027). Read beside their products (one query
 * for a page, and none when no product of the page has options); written by the owner's form as
 * the whole list — each combination keeps its row (and id, which orders point at), new ones are
 * added and missing ones removed.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Product, ProductOption, ProductVariantValues } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { productVariants, type ProductRow, type VariantRow } from '../../db/schema/index.js'
import { OWNER, PUBLIC, toProduct, type ProductReplyRow, type ReplyAudience } from './mapper.js'
import { textArray } from './search.js'

/** The variants of `rows` by product id, in their positions. */
export async function variantsOf(
  db: Executor,
  rows: readonly Pick<ProductRow, 'id' | 'options'>[],
): Promise<Map<string, VariantRow[]>> {
  const ids = rows.filter((row) => row.options.length > 0).map((row) => row.id)
  const byProduct = new Map<string, VariantRow[]>()
  if (ids.length === 0) return byProduct
  const found = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position))
  for (const variant of found) {
    const list = byProduct.get(variant.productId)
    if (list) list.push(variant)
    else byProduct.set(variant.productId, [variant])
  }
  return byProduct
}

/** Rows → replies with their variants (one query for all of them). */
export async function toProducts(
  db: Executor,
  rows: readonly ProductReplyRow[],
  audience: ReplyAudience = PUBLIC,
): Promise<Product[]> {
  const variants = await variantsOf(db, rows)
  return rows.map((row) => toProduct(row, variants.get(row.id) ?? [], audience))
}

export async function toProductReply(
  db: Executor,
  row: ProductRow,
  audience: ReplyAudience = OWNER,
): Promise<Product> {
  const [product] = await toProducts(db, [row], audience)
  return product!
}

/**
 * Replaces the variants of `product` with `variants` (already checked against `options`): one
 * upsert on (product, combination) and one delete of the combinations no longer listed.
 */
export async function saveVariants(
  db: Executor,
  product: Pick<ProductRow, 'id' | 'businessId'>,
  options: readonly ProductOption[],
  variants: readonly ProductVariantValues[],
): Promise<void> {
  await saveVariantsOfMany(db, [{ product, options, variants }])
}

/** Variant rows of one insert: 8 parameters each, far below the 65,535 of a statement. */
const VARIANT_CHUNK = 1000

/**
 * saveVariants for several products at once (a confirmed import): the upserts in statements of
 * VARIANT_CHUNK rows, then one delete of every combination the products no longer list.
 */
export async function saveVariantsOfMany(
  db: Executor,
  items: readonly {
    product: Pick<ProductRow, 'id' | 'businessId'>
    options: readonly ProductOption[]
    variants: readonly ProductVariantValues[]
  }[],
): Promise<void> {
  if (items.length === 0) return
  const rows = items.flatMap(({ product, options, variants }) =>
    variants.map((variant, position) => ({
      productId: product.id,
      businessId: product.businessId,
      position,
      // Stored in the options' order (jsonb compares whatever the order).
      options: Object.fromEntries(options.map((o) => [o.name, variant.options[o.name]!])),
      price: variant.price ?? null,
      code: variant.code ?? null,
      stock: variant.stock ?? null,
      imageIndex: variant.imageIndex ?? null,
    })),
  )
  const kept: string[] = []
  for (let at = 0; at < rows.length; at += VARIANT_CHUNK) {
    const written = await db
      .insert(productVariants)
      .values(rows.slice(at, at + VARIANT_CHUNK))
      .onConflictDoUpdate({
        target: [productVariants.productId, productVariants.options],
        set: {
          position: sql`excluded.position`,
          price: sql`excluded.price`,
          code: sql`excluded.code`,
          stock: sql`excluded.stock`,
          imageIndex: sql`excluded.image_index`,
        },
      })
      .returning({ id: productVariants.id })
    for (const k of written) kept.push(k.id)
  }
  // Array parameters (one each, whatever their length): the same on node-postgres and PGlite.
  const ids = items.map((i) => i.product.id)
  await db
    .delete(productVariants)
    .where(
      and(
        sql`${productVariants.productId} = ANY(${textArray(ids)}::uuid[])`,
        sql`NOT (${productVariants.id} = ANY(${textArray(kept)}::uuid[]))`,
      ),
    )
}

/** The stored variants of a product (the edit checks them against new options or images). */
export async function findVariants(db: Executor, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position))
}

/** Moves the variants' image indexes after an edit of the images (by URL); gone ones → null. */
export async function remapImageIndexes(
  db: Executor,
  productId: string,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const same = before.length === after.length && before.every((url, i) => after[i] === url)
  if (same) return
  const cases = before.map((url, i) => {
    const next = after.indexOf(url)
    return sql`WHEN ${i} THEN ${next < 0 ? null : next}::int`
  })
  await db
    .update(productVariants)
    .set({
      imageIndex: sql`CASE ${productVariants.imageIndex} ${sql.join(cases, sql` `)} ELSE NULL END`,
    })
    .where(
      and(eq(productVariants.productId, productId), sql`${productVariants.imageIndex} IS NOT NULL`),
    )
}
