/**
 * Issue 25: an order takes stock when the owner confirms it and gives it back if a confirmed
 * order is cancelled (docs/decisions/027). Each line is one conditional single-row update
 * (`stock = stock - n WHERE stock >= n`), so two confirmations racing for the last unit cannot
 * both succeed: the second waits for the first's row lock, then finds too little and its whole
 * transaction (status change included) is rolled back with a 409 naming the product.
 *
 * Locks are always taken in the same order — the lines' products by id, then their variants —
 * the order the owner's product form takes them in too, so no two of these deadlock.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { VARIANT_MESSAGES, nameWithVariant } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import {
  products,
  productVariants,
  type StockTaken,
  type StoredOrderItem,
} from '../../db/schema/index.js'
import { AppError } from '../../lib/errors.js'

type LineKey = Pick<StockTaken, 'productId' | 'variantId'>
const byLine = (a: LineKey, b: LineKey) =>
  a.productId.localeCompare(b.productId) || (a.variantId ?? '').localeCompare(b.variantId ?? '')

/** Locks the products (by id) and answers which of them track stock and have variants. */
async function lockProducts(tx: Executor, businessId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { trackStock: boolean; hasVariants: boolean }>()
  const rows = await tx
    .select({ id: products.id, trackStock: products.trackStock, options: products.options })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids)))
    .orderBy(asc(products.id))
    .for('update')
  return new Map(
    rows.map((r) => [r.id, { trackStock: r.trackStock, hasVariants: r.options.length > 0 }]),
  )
}

/**
 * Takes the stock of every tracked line, or none: a line without enough stock throws 409
 * (VARIANT_MESSAGES.confirmOutOfStock) and the caller's transaction is rolled back.
 */
export async function takeStock(
  tx: Executor,
  businessId: string,
  items: readonly StoredOrderItem[],
): Promise<StockTaken[]> {
  const ids = [...new Set(items.map((item) => item.productId))].sort()
  const tracked = await lockProducts(tx, businessId, ids)
  const lines = items
    .map((item) => ({ item, productId: item.productId, variantId: item.variantId ?? null }))
    .sort(byLine)
  const taken: StockTaken[] = []
  for (const { item, productId, variantId } of lines) {
    const product = tracked.get(productId)
    // Untracked, deleted, or a line from before the product had variants: nothing to take.
    if (!product?.trackStock || (product.hasVariants && !variantId)) continue
    const quantity = item.quantity
    const updated = variantId
      ? await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${quantity}` })
          .where(
            and(
              eq(productVariants.id, variantId),
              eq(productVariants.productId, productId),
              sql`${productVariants.stock} >= ${quantity}`,
            ),
          )
          .returning({ id: productVariants.id })
      : await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${quantity}` })
          .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
          .returning({ id: products.id })
    if (updated.length === 0) {
      throw new AppError(
        'CONFLICT',
        VARIANT_MESSAGES.confirmOutOfStock(nameWithVariant(item.name, item.variantLabel)),
      )
    }
    taken.push({ productId, variantId, quantity })
  }
  return taken
}

/** Gives back what a confirmation took (a variant or product no longer kept is skipped). */
export async function restoreStock(
  tx: Executor,
  businessId: string,
  taken: readonly StockTaken[],
): Promise<void> {
  if (taken.length === 0) return
  await lockProducts(tx, businessId, [...new Set(taken.map((t) => t.productId))].sort())
  for (const line of [...taken].sort(byLine)) {
    if (line.variantId) {
      await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
        .where(
          and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} IS NOT NULL`),
        )
    } else {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${line.quantity}` })
        .where(and(eq(products.id, line.productId), sql`${products.stock} IS NOT NULL`))
    }
  }
}
