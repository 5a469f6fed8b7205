/**
 * Issue 25: an order takes stock when the owner confirms it and gives it back if a confirmed
 * order is cancelled (docs/decisions/027). The lines are conditional updates
 * (`stock = stock - n WHERE stock >= n`, all the variant lines in one statement), so two
 * confirmations racing for the last unit cannot both succeed: the second waits for the first's
 * locks, then finds too little and its whole transaction (status change included) is rolled back
 * with a 409 naming the product.
 *
 * Locks are always taken in the same order — the lines' products by id, then their variants, then
 * the order — the order the owner's product form takes them in too, so no two of these deadlock.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
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

/** One `(id, product id, quantity)` row per line, for an `UPDATE … FROM (VALUES …)`. */
function valuesOf(lines: readonly { id: string; productId: string; quantity: number }[]): SQL {
  return sql.join(
    lines.map((l) => sql`(${l.id}::uuid, ${l.productId}::uuid, ${l.quantity}::int)`),
    sql`, `,
  )
}

/**
 * Takes the stock of every tracked line, or none: a line without enough stock throws 409
 * (VARIANT_MESSAGES.confirmOutOfStock) and the caller's transaction is rolled back. After the
 * products' locks, one conditional update for all the variant lines and one for the product
 * lines (`stock = stock - n WHERE stock >= n`): the lines that changed nothing are the short ones.
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
    // Untracked, deleted, or a line from before the product had variants: nothing to take.
    .filter(({ productId, variantId }) => {
      const product = tracked.get(productId)
      return product?.trackStock && !(product.hasVariants && !variantId)
    })
  const ofVariants = lines.flatMap((l) =>
    l.variantId ? [{ id: l.variantId, productId: l.productId, quantity: l.item.quantity }] : [],
  )
  const ofProducts = lines.flatMap((l) =>
    l.variantId ? [] : [{ id: l.productId, productId: l.productId, quantity: l.item.quantity }],
  )
  const [variantsDone, productsDone] = await Promise.all([
    ofVariants.length
      ? tx.execute(sql`UPDATE ${productVariants} AS v SET stock = v.stock - x.quantity
          FROM (VALUES ${valuesOf(ofVariants)}) AS x(id, product_id, quantity)
          WHERE v.id = x.id AND v.product_id = x.product_id AND v.stock >= x.quantity
          RETURNING v.id`)
      : undefined,
    ofProducts.length
      ? tx.execute(sql`UPDATE ${products} AS p SET stock = p.stock - x.quantity
          FROM (VALUES ${valuesOf(ofProducts)}) AS x(id, product_id, quantity)
          WHERE p.id = x.id AND p.stock >= x.quantity
          RETURNING p.id`)
      : undefined,
  ])
  const done = new Set(
    [variantsDone, productsDone].flatMap((result) =>
      result ? (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id) : [],
    ),
  )
  const short = lines.find((l) => !done.has(l.variantId ?? l.productId))
  if (short) {
    throw new AppError(
      'CONFLICT',
      VARIANT_MESSAGES.confirmOutOfStock(nameWithVariant(short.item.name, short.item.variantLabel)),
    )
  }
  return lines.map(({ productId, variantId, item }) => ({
    productId,
    variantId,
    quantity: item.quantity,
  }))
}

/** Gives back what a confirmation took (a variant or product no longer kept is skipped). */
export async function restoreStock(
  tx: Executor,
  businessId: string,
  taken: readonly StockTaken[],
): Promise<void> {
  if (taken.length === 0) return
  await lockProducts(tx, businessId, [...new Set(taken.map((t) => t.productId))].sort())
  const ofVariants = taken.flatMap((t) =>
    t.variantId ? [{ id: t.variantId, productId: t.productId, quantity: t.quantity }] : [],
  )
  const ofProducts = taken.flatMap((t) =>
    t.variantId ? [] : [{ id: t.productId, productId: t.productId, quantity: t.quantity }],
  )
  await Promise.all([
    ofVariants.length
      ? tx.execute(sql`UPDATE ${productVariants} AS v SET stock = v.stock + x.quantity
          FROM (VALUES ${valuesOf(ofVariants)}) AS x(id, product_id, quantity)
          WHERE v.id = x.id AND v.stock IS NOT NULL`)
      : undefined,
    ofProducts.length
      ? tx.execute(sql`UPDATE ${products} AS p SET stock = p.stock + x.quantity
          FROM (VALUES ${valuesOf(ofProducts)}) AS x(id, product_id, quantity)
          WHERE p.id = x.id AND p.stock IS NOT NULL`)
      : undefined,
  ])
}
