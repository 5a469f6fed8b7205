/**
 * Issue 25: an order takes stock when the owner confirms it and gives it back if a confirmed
 * order is cancelled (docs/decisions/027). The lines are conditional updates
 * (`stock = stock - n WHERE stock >= n`, all the variant lines in one statement), so two
 * confirmations racing for the last unit cannot both succeed: the second waits for the first's
 * locks, then finds too little and its whole transaction (status change included) is rolled back
 * with a 409 naming the product. A confirmation is one statement (confirmWithStock: the locks, the
 * stock and the order's change); a cancellation gives stock back before its change.
 *
 * Locks are always taken in the same order — the lines' products by id, then their variants, then
 * the order — the order the owner's product form takes them in too, so no two of these deadlock.
 * A transaction that changes the order's row before confirming it (a Mercado Pago approval) locks
 * the products first (lockOrderProducts).
 */
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import { VARIANT_MESSAGES, nameWithVariant, type OrderStatus } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { preparedStatement } from '../../db/prepared.js'
import {
  orderEvents,
  orders,
  products,
  productVariants,
  type StockTaken,
  type StoredOrderItem,
} from '../../db/schema/index.js'
import { AppError, databaseErrorOf } from '../../lib/errors.js'

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
 * Locks the products of an order's lines (by id) before anything of the order is locked, in a
 * transaction that will confirm it after changing the order's row first (a Mercado Pago approval
 * moves the payment, then confirms: ADR 037). The confirmation's statement takes these same locks
 * and then the order's row; a transaction that took the row first and then asked for the products
 * would wait for an owner's confirmation holding the products while it waited for the row —
 * PostgreSQL's deadlock. Taken here, the second confirmation waits for the first on the products
 * and finds the order confirmed.
 */
export async function lockOrderProducts(
  tx: Executor,
  businessId: string,
  items: readonly Pick<StoredOrderItem, 'productId'>[],
): Promise<void> {
  await lockProducts(tx, businessId, [...new Set(items.map((i) => i.productId))].sort())
}

/** One `(id, product id, quantity)` row per line, for an `UPDATE … FROM (VALUES …)`. */
function valuesOf(lines: readonly { id: string; productId: string; quantity: number }[]): SQL {
  return sql.join(
    lines.map((l) => sql`(${l.id}::uuid, ${l.productId}::uuid, ${l.quantity}::int)`),
    sql`, `,
  )
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

/**
 * The order's columns by name (a named statement must not say `*`: a column added by a later
 * migration would change its result and fail it on every pooled connection that prepared it).
 */
const orderColumns = (prefix: string) =>
  Object.values(getTableColumns(orders)).map((column) => sql.raw(`${prefix}"${column.name}"`))

/** A line of an order as the confirmation's statement reads it (json_to_recordset). */
interface ConfirmLine {
  product_id: string
  variant_id: string | null
  quantity: number
}

/**
 * Issue 25's budget: a confirmation in one statement — inside the caller's transaction, so a
 * short line rolls everything back. In order: the lines' products are locked by id (`locked`, the
 * lock order of takeStock and the product form); the tracked lines (`lines`) take their stock with
 * the same conditional updates (`stock = stock - n WHERE stock >= n`, re-checked against a
 * concurrent confirmation's committed row); only when every tracked line was taken does the order
 * move from `from` to 'confirmado' (still only if it is still in `from`) with what it took, its
 * history entry written and the reply's history read. One row always: `done` (the lines taken),
 * `lines` (the tracked ones), and the order's columns — null when it did not change.
 *
 * Three round trips (BEGIN, this, COMMIT) where takeStock + changeOrder made five or six: the
 * product's lock is held for this statement and the commit only.
 */
const confirmStatement = preparedStatement<
  Record<string, unknown> & {
    done: string[] | string | null
    lines: ConfirmLine[] | string | null
    id: string | null
    history: unknown
    event_at: string | null
  }
>(
  'orders_confirm',
  () => sql`
    WITH x AS (
      SELECT * FROM json_to_recordset(${sql.placeholder('lines')}::json)
        AS x(product_id uuid, variant_id uuid, quantity int)
    ),
    locked AS (
      SELECT p.id, p.track_stock, jsonb_array_length(p.options) > 0 AS has_variants
      FROM ${products} p
      WHERE p.business_id = ${sql.placeholder('businessId')}
        AND p.id IN (SELECT product_id FROM x)
      ORDER BY p.id
      FOR UPDATE
    ),
    lines AS (
      SELECT x.product_id, x.variant_id, x.quantity
      FROM x JOIN locked l ON l.id = x.product_id
      -- Untracked, deleted, or a line from before the product had variants: nothing to take.
      WHERE l.track_stock AND (x.variant_id IS NOT NULL OR NOT l.has_variants)
    ),
    v AS (
      UPDATE ${productVariants} t SET stock = t.stock - lines.quantity
      FROM lines
      WHERE t.id = lines.variant_id AND t.product_id = lines.product_id
        AND t.stock >= lines.quantity
      RETURNING t.id
    ),
    p AS (
      UPDATE ${products} t SET stock = t.stock - lines.quantity
      FROM lines
      WHERE lines.variant_id IS NULL AND t.id = lines.product_id AND t.stock >= lines.quantity
      RETURNING t.id
    ),
    done AS (SELECT id FROM v UNION ALL SELECT id FROM p),
    o AS (
      UPDATE ${orders}
      SET status = 'confirmado', cancel_reason = NULL, updated_at = now(),
        stock_taken = (
          SELECT jsonb_agg(
            jsonb_build_object(
              'productId', lines.product_id, 'variantId', lines.variant_id,
              'quantity', lines.quantity
            )
            ORDER BY lines.product_id, lines.variant_id NULLS FIRST
          )
          FROM lines
        )
      WHERE ${orders.id} = ${sql.placeholder('orderId')}
        AND ${orders.status} = ${sql.placeholder('from')}
        AND (SELECT count(*) FROM done) = (SELECT count(*) FROM lines)
      RETURNING ${sql.join(orderColumns(''), sql`, `)}, (
        SELECT coalesce(
          json_agg(
            json_build_object(
              'at', e.created_at, 'status', e.status, 'reason', e.reason, 'note', e.note
            )
            ORDER BY e.created_at
          ),
          '[]'::json
        )
        FROM ${orderEvents} e WHERE e.order_id = ${orders.id}
      ) AS history
    ),
    e AS (
      INSERT INTO ${orderEvents} (order_id, status, reason, note)
      SELECT o.id, 'confirmado', ${sql.placeholder('reason')}, ${sql.placeholder('note')} FROM o
      RETURNING to_json(created_at) #>> '{}' AS at
    )
    SELECT
      (SELECT json_agg(done.id) FROM done) AS done,
      (SELECT json_agg(lines) FROM lines) AS lines,
      ${sql.join(orderColumns('o.'), sql`, `)}, e.at AS event_at,
      -- Stock taken but the order did not move: undo the whole statement.
      CASE WHEN o.id IS NULL AND EXISTS (SELECT 1 FROM done) THEN vitrina_confirm_refused(
        json_build_object(
          'done', (SELECT json_agg(done.id) FROM done),
          'lines', (SELECT json_agg(lines) FROM lines)
        )::text
      ) END AS refused
    FROM (SELECT 1) one LEFT JOIN o ON true LEFT JOIN e ON true`,
)

/**
 * Confirms the order `orderId` (in `from` when read): takes the stock of its tracked lines and
 * moves it to 'confirmado' in one statement (confirmStatement), which is its own transaction when
 * `db` is not one: either everything changed (`row`) or nothing did. `short` is the first line
 * without enough stock, if that is why nothing changed; neither means the order was no longer in
 * `from`.
 */
export async function confirmWithStock(
  db: Executor,
  change: {
    businessId: string
    orderId: string
    from: OrderStatus
    items: readonly StoredOrderItem[]
    reason: string | null
    note: string | null
  },
): Promise<{ row?: Record<string, unknown>; short?: StoredOrderItem }> {
  const lines = change.items.map((item) => ({
    product_id: item.productId,
    variant_id: item.variantId ?? null,
    quantity: item.quantity,
  }))
  let outcome: { done: string[] | string | null; lines: ConfirmLine[] | string | null }
  try {
    const [row] = await confirmStatement(db, {
      lines: JSON.stringify(lines),
      businessId: change.businessId,
      orderId: change.orderId,
      from: change.from,
      reason: change.reason,
      note: change.note,
    })
    if (row?.id) return { row }
    outcome = { done: row?.done ?? null, lines: row?.lines ?? null }
  } catch (error) {
    // Some stock was taken, the order did not move: the statement undid itself.
    const refused = confirmRefused(error)
    if (!refused) throw error
    outcome = refused
  }
  const tracked = jsonOf(outcome.lines) ?? []
  const done = new Set(jsonOf(outcome.done) ?? [])
  const short = tracked
    .map((line) => ({ line, item: change.items.find((i) => sameLine(i, line)) }))
    .sort((a, b) => byLine(lineKey(a.line), lineKey(b.line)))
    .find(({ line }) => !done.has(line.variant_id ?? line.product_id))
  return short?.item ? { short: short.item } : {}
}

/** The 409 of a line without enough stock to confirm. */
export function outOfStock(item: StoredOrderItem): AppError {
  return new AppError(
    'CONFLICT',
    VARIANT_MESSAGES.confirmOutOfStock(nameWithVariant(item.name, item.variantLabel)),
  )
}

const lineKey = (line: ConfirmLine): LineKey => ({
  productId: line.product_id,
  variantId: line.variant_id,
})
const sameLine = (item: StoredOrderItem, line: ConfirmLine) =>
  item.productId === line.product_id && (item.variantId ?? null) === line.variant_id

/** The DETAIL of vitrina_confirm_refused (migration 0021), if that is what `error` is. */
function confirmRefused(
  error: unknown,
): { done: string[] | null; lines: ConfirmLine[] | null } | undefined {
  const detail = databaseErrorOf(error, 'VT409')?.detail
  return detail ? JSON.parse(detail) : undefined
}

/** node-postgres parses json; PGlite may hand back the text. */
function jsonOf<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

/**
 * Issue 41 §6: the names of an order's lines that its confirmation would now find short — the
 * confirmation's own rule (confirmStatement's `lines` and conditional updates): a tracked product
 * without variants with fewer units than the line, or a variant line whose variant is gone or
 * has fewer units. Lines of untracked or deleted products take nothing and are never short. Read
 * for the shopper's page of a new order (another order confirmed first took the stock).
 */
export async function linesShortOfStock(
  db: Executor,
  businessId: string,
  items: readonly StoredOrderItem[],
): Promise<string[]> {
  if (items.length === 0) return []
  const productIds = [...new Set(items.map((item) => item.productId))]
  const variantIds = items.flatMap((item) => (item.variantId ? [item.variantId] : []))
  const [productRows, variantRows] = await Promise.all([
    db
      .select({
        id: products.id,
        trackStock: products.trackStock,
        stock: products.stock,
        options: products.options,
      })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, productIds))),
    variantIds.length
      ? db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            stock: productVariants.stock,
          })
          .from(productVariants)
          .where(inArray(productVariants.id, variantIds))
      : Promise.resolve([]),
  ])
  const productsById = new Map(productRows.map((row) => [row.id, row]))
  const variantsById = new Map(variantRows.map((row) => [row.id, row]))
  return items
    .filter((item) => {
      const product = productsById.get(item.productId)
      if (!product?.trackStock) return false
      if (!item.variantId) {
        return product.options.length === 0 && (product.stock ?? 0) < item.quantity
      }
      const variant = variantsById.get(item.variantId)
      return variant?.productId !== item.productId || (variant.stock ?? 0) < item.quantity
    })
    .map((item) => nameWithVariant(item.name, item.variantLabel))
}
