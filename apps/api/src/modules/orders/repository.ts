/** Queries of the orders module. Every one names the business: an owner reads only its own rows. */
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm'
import {
  normalizeSearchText,
  ORDER_STATUSES,
  type OrderCounts,
  type OrderListQuery,
  type OrderStatus,
} from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { preparedQuery, preparedStatement } from '../../db/prepared.js'
import type { OutgoingMail } from '../mail/index.js'
import type { OrderReplyRow } from './mapper.js'
import {
  businesses,
  mailOutbox,
  orderEvents,
  orders,
  products,
  productVariants,
  type StockTaken,
  users,
  type BusinessRow,
  type NewOrderRow,
  type OrderEventRow,
  type OrderRow,
  type ProductRow,
  type VariantRow,
} from '../../db/schema/index.js'

/** `%`, `_` and `\` are LIKE wildcards; the owner's text matches them literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * What the owner's search looks in: the code ('p-7k3q', which holds '7k3q'), the customer's name
 * without accents, and the phone's digits — also in the local form ('099…' for '+598 99…').
 */
export function orderSearchText(code: string, name: string, phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const local = digits.startsWith('598') ? `0${digits.slice(3)}` : ''
  return normalizeSearchText(`${code} ${name} ${digits} ${local}`)
}

/** What creating an order reads of its business. */
export type OrderContextBusiness = Pick<
  BusinessRow,
  | 'id'
  | 'name'
  | 'identifier'
  | 'phone'
  | 'whatsapp'
  | 'suspendedAt'
  | 'deliveryOptions'
  | 'paymentMethods'
>
/** What an order line reads of its product. */
export type OrderContextProduct = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'code'
  | 'price'
  | 'discount'
  | 'currency'
  | 'image'
  | 'status'
  | 'options'
  | 'trackStock'
  | 'stock'
  | 'weightGrams'
>
/** What an order line reads of its variant. */
export type OrderContextVariant = Pick<
  VariantRow,
  'id' | 'productId' | 'options' | 'price' | 'code' | 'stock'
>

/**
 * Everything a new order reads, in one statement and one round trip: the business with its
 * owner's address, the lines' products (of that business, hidden ones included so the refusal
 * can name them) and the variants they name (of that business too). Plans by primary keys only:
 * a named statement.
 */
const orderContextStatement = preparedStatement<{
  id: string
  name: string
  identifier: string
  phone: string
  whatsapp: string | null
  suspended_at: string | null
  delivery_options: BusinessRow['deliveryOptions'] | string
  payment_methods: BusinessRow['paymentMethods'] | string
  owner_email: string
  owner_name: string
  products: OrderContextProduct[] | string
  variants: OrderContextVariant[] | string
}>(
  'orders_create_context',
  () => sql`
    SELECT b.id, b.name, b.identifier, b.phone, b.whatsapp, b.suspended_at, b.delivery_options,
      b.payment_methods, u.email AS owner_email, u.name AS owner_name,
      (
        SELECT coalesce(
          json_agg(
            json_build_object(
              'id', p.id, 'name', p.name, 'code', p.code, 'price', p.price,
              'discount', p.discount, 'currency', p.currency, 'image', p.image,
              'status', p.status, 'options', p.options, 'trackStock', p.track_stock,
              'stock', p.stock, 'weightGrams', p.weight_grams
            )
          ),
          '[]'::json
        )
        FROM ${products} p
        WHERE p.business_id = b.id AND p.id = ANY(${sql.placeholder('productIds')}::uuid[])
      ) AS products,
      (
        SELECT coalesce(
          json_agg(
            json_build_object(
              'id', v.id, 'productId', v.product_id, 'options', v.options, 'price', v.price,
              'code', v.code, 'stock', v.stock
            )
          ),
          '[]'::json
        )
        FROM ${productVariants} v
        WHERE v.business_id = b.id AND v.id = ANY(${sql.placeholder('variantIds')}::uuid[])
      ) AS variants
    FROM ${businesses} b JOIN ${users} u ON u.id = b.user_id
    WHERE b.id = ${sql.placeholder('businessId')}`,
)

export async function findOrderContext(
  db: Executor,
  businessId: string,
  productIds: string[],
  variantIds: string[],
): Promise<
  | {
      business: OrderContextBusiness
      ownerEmail: string
      ownerName: string
      products: OrderContextProduct[]
      variants: OrderContextVariant[]
    }
  | undefined
> {
  const [row] = await orderContextStatement(db, { businessId, productIds, variantIds })
  if (!row) return undefined
  return {
    business: {
      id: row.id,
      name: row.name,
      identifier: row.identifier,
      phone: row.phone,
      whatsapp: row.whatsapp,
      suspendedAt: row.suspended_at === null ? null : new Date(row.suspended_at),
      deliveryOptions: jsonOf(row.delivery_options)!,
      paymentMethods: jsonOf(row.payment_methods)!,
    },
    ownerEmail: row.owner_email,
    ownerName: row.owner_name,
    products: jsonOf(row.products) ?? [],
    variants: jsonOf(row.variants) ?? [],
  }
}

const insertOrderStatement = preparedStatement<{ id: string; created_at: string }>(
  'orders_create_insert',
  () => sql`
    WITH o AS (
      INSERT INTO ${orders} (
        business_id, code, token_hash, token_id, status, cancel_reason, customer_name,
        customer_phone, customer_email, delivery_method, delivery_address, payment_method, payment_instructions, notes, items,
        subtotals, delivery_fee, totals, search_text, delivery_detail, coupon_id, coupon_code,
        discounts
      )
      VALUES (
        ${sql.placeholder('businessId')}, ${sql.placeholder('code')},
        ${sql.placeholder('tokenHash')}, ${sql.placeholder('tokenId')}::uuid, 'nuevo', NULL,
        ${sql.placeholder('customerName')}, ${sql.placeholder('customerPhone')},
        ${sql.placeholder('customerEmail')}, ${sql.placeholder('deliveryMethod')},
        ${sql.placeholder('deliveryAddress')}, ${sql.placeholder('paymentMethod')},
        ${sql.placeholder('paymentInstructions')}, ${sql.placeholder('notes')},
        ${sql.placeholder('items')}::jsonb, ${sql.placeholder('subtotals')}::jsonb,
        ${sql.placeholder('deliveryFee')}::jsonb, ${sql.placeholder('totals')}::jsonb,
        ${sql.placeholder('searchText')}, ${sql.placeholder('deliveryDetail')}::jsonb,
        ${sql.placeholder('couponId')}::uuid, ${sql.placeholder('couponCode')},
        ${sql.placeholder('discounts')}::jsonb
      )
      ON CONFLICT (business_id, code) DO NOTHING
      RETURNING id, created_at
    ),
    e AS (
      INSERT INTO ${orderEvents} (order_id, status) SELECT o.id, 'nuevo' FROM o
    ),
    m AS (
      INSERT INTO ${mailOutbox} ("to", subject, text, html, kind)
      SELECT ${sql.placeholder('mailTo')}, ${sql.placeholder('mailSubject')},
        ${sql.placeholder('mailText')}, ${sql.placeholder('mailHtml')}, ${sql.placeholder('mailKind')}
      FROM o
    )
    SELECT o.id, to_json(o.created_at) #>> '{}' AS created_at FROM o`,
)

/**
 * Inserts the order (status 'nuevo') unless its code is taken in the business (then undefined:
 * try another), and with it — in the same statement, so atomically and in one round trip — its
 * first history entry ('nuevo') and the owner's mail (transactional outbox: both exist exactly
 * when the order does). A named statement: its text is built and parsed once.
 */
export async function insertNewOrder(
  db: Executor,
  row: Omit<NewOrderRow, 'status' | 'cancelReason'> & { status: 'nuevo'; cancelReason: null },
  mail: OutgoingMail,
): Promise<{ id: string; createdAt: Date } | undefined> {
  const [inserted] = await insertOrderStatement(db, {
    businessId: row.businessId,
    code: row.code,
    tokenHash: row.tokenHash,
    tokenId: row.tokenId ?? null,
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    customerEmail: row.customerEmail ?? null,
    deliveryMethod: row.deliveryMethod,
    deliveryAddress: row.deliveryAddress ?? null,
    paymentMethod: row.paymentMethod,
    paymentInstructions: row.paymentInstructions ?? null,
    notes: row.notes ?? null,
    items: JSON.stringify(row.items),
    subtotals: JSON.stringify(row.subtotals),
    deliveryFee: JSON.stringify(row.deliveryFee ?? {}),
    totals: JSON.stringify(row.totals),
    searchText: row.searchText,
    deliveryDetail: row.deliveryDetail ? JSON.stringify(row.deliveryDetail) : null,
    couponId: row.couponId ?? null,
    couponCode: row.couponCode ?? null,
    discounts: JSON.stringify(row.discounts ?? []),
    mailTo: mail.to,
    mailSubject: mail.subject,
    mailText: mail.text,
    mailHtml: mail.html ?? null,
    mailKind: mail.kind,
  })
  return inserted && { id: inserted.id, createdAt: new Date(inserted.created_at) }
}

/** Inserts the order unless its code is taken in the business (the demo data's orders). */
export async function insertOrderUnlessCodeTaken(
  db: Executor,
  row: NewOrderRow,
): Promise<OrderRow | undefined> {
  const [inserted] = await db
    .insert(orders)
    .values(row)
    .onConflictDoNothing({ target: [orders.businessId, orders.code] })
    .returning()
  return inserted
}

/** The order behind a page token, with the business it belongs to. */
export async function findOrderByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      order: orders,
      business: {
        id: businesses.id,
        name: businesses.name,
        identifier: businesses.identifier,
        suspendedAt: businesses.suspendedAt,
      },
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.tokenHash, tokenHash))
    .limit(1)
  return row
}

/** Issue 43 §3: the order `id` with its business's row (a shopper's mail reads both). */
export async function findOrderWithBusiness(db: Executor, id: string) {
  const [row] = await db
    .select({ order: orders, business: businesses })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, id))
    .limit(1)
  return row
}

export async function findOrderById(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  return row
}

/**
 * Moves an order from `from` to `to` only if it is still in `from`: of two concurrent changes
 * the second finds no row (its WHERE is re-checked after the first commits) and is refused.
 */
export async function transitionOrder(
  db: Executor,
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  cancelReason: string | null,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, cancelReason, updatedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning()
  return row
}

export async function countOrdersByStatus(db: Executor, businessId: string): Promise<OrderCounts> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(eq(orders.businessId, businessId))
    .groupBy(orders.status)
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as OrderCounts
  for (const row of rows) counts[row.status] = Number(row.n)
  return counts
}

/** An order's history as the list reads it (in the same query as the orders). */
export type HistoryRow = Pick<OrderEventRow, 'status' | 'reason' | 'note' | 'createdAt'>

/**
 * The history of the row's order, oldest first, as JSON: the list needs no second query. The
 * outer column is written out ("orders"."id"): drizzle would render it unqualified, which inside
 * the subquery would name order_events.id.
 */
const historyOf = sql<
  { at: string; status: OrderStatus | null; reason: string | null; note: string | null }[]
>`(
  SELECT coalesce(
    json_agg(
      json_build_object('at', e.created_at, 'status', e.status, 'reason', e.reason, 'note', e.note)
      ORDER BY e.created_at
    ),
    '[]'::json
  )
  FROM ${orderEvents} e WHERE e.order_id = "orders"."id"
)`

interface HistoryJson {
  at: string
  status: OrderStatus | null
  reason: string | null
  note: string | null
}

function toHistoryRow(entry: HistoryJson): HistoryRow {
  return {
    createdAt: new Date(entry.at),
    status: entry.status,
    reason: entry.reason,
    note: entry.note,
  }
}

/**
 * The owner's business and the order `orderId` (of any business: the caller answers 403 for
 * another's), with the order's history, in one query. undefined: the owner has no business;
 * `order` null: no such order.
 */
export async function findOwnerOrder(
  db: Executor,
  userId: string,
  orderId: string,
): Promise<{ business: BusinessRow; order: OrderRow | null; history: HistoryRow[] } | undefined> {
  const [row] = await ownerOrderQuery(db).execute({ orderId, userId })
  if (!row) return undefined
  const history = row.order ? (jsonOf(row.history) ?? []).map(toHistoryRow) : []
  return { business: row.business, order: row.order, history }
}

/** findOwnerOrder's query, built once per database handle (a named statement). */
const ownerOrderQuery = preparedQuery((db: Executor) =>
  db
    .select({ business: businesses, order: orders, history: historyOf })
    .from(businesses)
    .leftJoin(orders, eq(orders.id, sql.placeholder('orderId')))
    .where(eq(businesses.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('orders_owner_order'),
)

/** node-postgres parses json; PGlite may hand back the text. */
function jsonOf<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

const ORDER_COLUMNS = Object.entries(getTableColumns(orders))

/** A row of `orders` read by raw SQL (database column names) as drizzle would map it. */
function orderFromRaw(raw: Record<string, unknown>): OrderRow {
  return Object.fromEntries(
    ORDER_COLUMNS.map(([key, column]) => {
      const value = raw[column.name]
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)]
    }),
  ) as OrderRow
}

/**
 * The write of an owner's change, in one statement: the order row (a new status only if it is
 * still `from` — of two concurrent changes the second finds no row, its WHERE re-checked after
 * the first commits —, what the stock took, updated_at), its history entry, and the history
 * to answer with (read before the statement, plus the new entry). undefined: no row changed.
 */
export async function changeOrder(
  db: Executor,
  change: {
    id: string
    transition?: { from: OrderStatus; to: OrderStatus; cancelReason: string | null }
    /** undefined: left as it is. */
    stockTaken?: StockTaken[] | null
    /** Issue 44 §2: the shipment's carrier and code (with the move to 'enviado'). */
    tracking?: OrderRow['tracking']
    event: { status?: OrderStatus; reason?: string; note?: string }
  },
): Promise<{ order: OrderRow; history: HistoryRow[] } | undefined> {
  const { transition, stockTaken, tracking, event } = change
  const update = db
    .update(orders)
    .set({
      updatedAt: sql`now()`,
      ...(transition ? { status: transition.to, cancelReason: transition.cancelReason } : {}),
      ...(stockTaken !== undefined ? { stockTaken } : {}),
      ...(tracking !== undefined ? { tracking } : {}),
    })
    .where(
      and(eq(orders.id, change.id), transition ? eq(orders.status, transition.from) : undefined),
    )
    .returning({ ...getTableColumns(orders), history: sql`${historyOf}`.as('history') })
  const result = await db.execute(sql`
    WITH o AS ${update},
    e AS (
      INSERT INTO ${orderEvents} (order_id, status, reason, note)
      SELECT o.id, ${event.status ?? null}, ${event.reason ?? null}, ${event.note ?? null} FROM o
      RETURNING to_json(created_at) #>> '{}' AS at
    )
    SELECT o.*, e.at AS event_at FROM o, e`)
  const [raw] = (result as unknown as { rows: Record<string, unknown>[] }).rows
  return raw && changedOrder(raw, event)
}

/**
 * An owner's change as its statement returns it (the order's columns, `history` before the
 * change, `event_at` of the new entry) → the order and its history with the new entry.
 */
export function changedOrder(
  raw: Record<string, unknown>,
  event: { status?: OrderStatus; reason?: string; note?: string },
): { order: OrderRow; history: HistoryRow[] } {
  const before = (jsonOf(raw.history as HistoryJson[] | string | null) ?? []).map(toHistoryRow)
  const entry: HistoryRow = {
    createdAt: new Date(raw.event_at as string),
    status: event.status ?? null,
    reason: event.reason ?? null,
    note: event.note ?? null,
  }
  return { order: orderFromRaw(raw), history: [...before, entry] }
}

/** A listed order as the list's statement gives it (json_agg of the page's rows). */
interface ListedOrderJson {
  id: string
  code: string
  status: OrderStatus
  cancel_reason: string | null
  customer_name: string
  customer_phone: string
  customer_email: string | null
  delivery_method: OrderRow['deliveryMethod']
  delivery_address: string | null
  delivery_detail: OrderRow['deliveryDetail']
  tracking: OrderRow['tracking']
  coupon_code: string | null
  discounts: OrderRow['discounts'] | null
  payment_method: OrderRow['paymentMethod']
  payment_instructions: string | null
  notes: string | null
  items: OrderRow['items']
  subtotals: OrderRow['subtotals']
  delivery_fee: OrderRow['deliveryFee']
  totals: OrderRow['totals']
  created_at: string
  updated_at: string
  payment_status: OrderRow['paymentStatus']
  payment_id: string | null
  payment_refunded: number | null
  payment_flag: string | null
  history: HistoryJson[]
}

function listedOrder(json: ListedOrderJson): { order: OrderReplyRow; history: HistoryRow[] } {
  return {
    order: {
      id: json.id,
      code: json.code,
      status: json.status,
      cancelReason: json.cancel_reason,
      customerName: json.customer_name,
      customerPhone: json.customer_phone,
      customerEmail: json.customer_email ?? null,
      deliveryMethod: json.delivery_method,
      deliveryAddress: json.delivery_address,
      deliveryDetail: json.delivery_detail ?? null,
      tracking: json.tracking ?? null,
      couponCode: json.coupon_code ?? null,
      discounts: json.discounts ?? [],
      paymentMethod: json.payment_method,
      paymentInstructions: json.payment_instructions,
      notes: json.notes,
      items: json.items,
      subtotals: json.subtotals,
      deliveryFee: json.delivery_fee,
      totals: json.totals,
      createdAt: new Date(json.created_at),
      updatedAt: new Date(json.updated_at),
      paymentStatus: json.payment_status ?? null,
      paymentId: json.payment_id ?? null,
      paymentRefunded: json.payment_refunded ?? 0,
      paymentFlag: json.payment_flag ?? null,
    },
    history: json.history.map(toHistoryRow),
  }
}

interface ListRow {
  id: string
  name: string
  identifier: string
  items: ListedOrderJson[] | string
  counts: Partial<Record<OrderStatus, number | string>> | string
  total?: number | string
}

/**
 * The list's statement for a status filter (or none) and a number of search words. The owner's
 * business, the page with each order's history, the counts per status and (with a search) how
 * many match, in one statement and one row: one round trip after the session check instead of
 * three. Only the columns the reply shows (not the token's hash, the search text or the stock).
 */
function listStatement(withStatus: boolean, withPayment: boolean, words: number) {
  const filter = sql.join(
    [
      // A value the index scan can start from (an InitPlan), not a join to b.
      sql`o.business_id = (SELECT id FROM b)`,
      ...(withStatus ? [sql`o.status = ${sql.placeholder('status')}`] : []),
      // Issue 43 §4: the filter by the online payment's state.
      ...(withPayment ? [sql`o.payment_status = ${sql.placeholder('payment')}`] : []),
      ...Array.from(
        { length: words },
        (_, i) => sql`o.search_text LIKE ${sql.placeholder(`w${i}`)}`,
      ),
    ],
    sql` AND `,
  )
  // Without a search the plan does not depend on the values: a named statement, parsed once per
  // connection. A search's trigram plan does (a common name vs a code): planned on every run.
  const name =
    words === 0
      ? `orders_list${withStatus ? '_status' : ''}${withPayment ? '_payment' : ''}`
      : undefined
  // The counts per status answer how many match, unless a search or the payment filter narrows.
  const counted = words > 0 || withPayment
  return preparedStatement<ListRow>(
    name,
    () => sql`
      WITH b AS (
        SELECT id, name, identifier FROM ${businesses}
        WHERE user_id = ${sql.placeholder('userId')} LIMIT 1
      ),
      page AS (
        SELECT o.id, o.code, o.status, o.cancel_reason, o.customer_name, o.customer_phone,
          o.customer_email, o.delivery_method, o.delivery_address, o.delivery_detail, o.tracking,
          o.coupon_code, o.discounts,
          o.payment_method, o.payment_instructions, o.notes, o.items, o.subtotals, o.delivery_fee, o.totals, o.created_at, o.updated_at,
          o.payment_status, o.payment_id, o.payment_refunded, o.payment_flag
        FROM ${orders} o
        WHERE ${filter}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${sql.placeholder('limit')} OFFSET ${sql.placeholder('offset')}
      )
      SELECT b.id, b.name, b.identifier,
        (
          SELECT coalesce(
            json_agg(
              json_build_object(
                'id', page.id, 'code', page.code, 'status', page.status,
                'cancel_reason', page.cancel_reason, 'customer_name', page.customer_name,
                'customer_phone', page.customer_phone,
                'customer_email', page.customer_email, 'delivery_method', page.delivery_method,
                'delivery_address', page.delivery_address,
                'delivery_detail', page.delivery_detail, 'tracking', page.tracking,
                'coupon_code', page.coupon_code, 'discounts', page.discounts,
                'payment_method', page.payment_method,
                'payment_instructions', page.payment_instructions, 'notes', page.notes,
                'items', page.items, 'subtotals', page.subtotals,
                'delivery_fee', page.delivery_fee, 'totals', page.totals,
                'created_at', page.created_at, 'updated_at', page.updated_at,
                'payment_status', page.payment_status, 'payment_id', page.payment_id,
                'payment_refunded', page.payment_refunded, 'payment_flag', page.payment_flag,
                'history', (
                  SELECT coalesce(
                    json_agg(
                      json_build_object(
                        'at', e.created_at, 'status', e.status, 'reason', e.reason,
                        'note', e.note
                      )
                      ORDER BY e.created_at
                    ),
                    '[]'::json
                  )
                  FROM ${orderEvents} e WHERE e.order_id = page.id
                )
              )
              ORDER BY page.created_at DESC, page.id DESC
            ),
            '[]'::json
          )
          FROM page
        ) AS items,
        (
          SELECT coalesce(json_object_agg(c.status, c.n), '{}'::json)
          FROM (
            SELECT status, count(*) AS n FROM ${orders} WHERE business_id = b.id GROUP BY status
          ) c
        ) AS counts
        ${counted ? sql`, (SELECT count(*) FROM ${orders} o WHERE ${filter}) AS total` : sql``}
      FROM b`,
  )
}

const listStatements = new Map<string, ReturnType<typeof listStatement>>()

/**
 * The owner's business (undefined: none) and one page of its orders, newest first, with the
 * counts per status and how many match. Without a search the number comes from `counts` (the
 * reply needs them anyway): no second pass over the business.
 */
export async function listOrders(
  db: Executor,
  userId: string,
  query: OrderListQuery,
): Promise<
  | {
      business: { id: string; name: string; identifier: string }
      rows: { order: OrderReplyRow; history: HistoryRow[] }[]
      total: number
      counts: OrderCounts
    }
  | undefined
> {
  const words = query.search ? normalizeSearchText(query.search).split(' ').filter(Boolean) : []
  const key = `${query.status ? 1 : 0}:${query.payment ? 1 : 0}:${words.length}`
  let statement = listStatements.get(key)
  if (!statement) {
    statement = listStatement(Boolean(query.status), Boolean(query.payment), words.length)
    listStatements.set(key, statement)
  }
  const values: Record<string, unknown> = {
    userId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  }
  if (query.status) values.status = query.status
  if (query.payment) values.payment = query.payment
  words.forEach((word, i) => (values[`w${i}`] = `%${escapeLike(word)}%`))
  const [row] = await statement(db, values)
  if (!row) return undefined
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as OrderCounts
  for (const [status, n] of Object.entries(jsonOf(row.counts) ?? {})) {
    counts[status as OrderStatus] = Number(n)
  }
  const total =
    row.total !== undefined
      ? Number(row.total)
      : query.status
        ? counts[query.status]
        : Object.values(counts).reduce((sum, n) => sum + n, 0)
  return {
    business: { id: row.id, name: row.name, identifier: row.identifier },
    rows: (jsonOf(row.items) ?? []).map(listedOrder),
    total,
    counts,
  }
}

/**
 * Orders created between two dates of the business's calendar, both included: from `from` at
 * 00:00 to the end of `to`, in `timeZone`.
 */
export function ordersBetween(
  db: Executor,
  businessId: string,
  from: string,
  to: string,
  timeZone: string,
) {
  return db
    .select({
      code: orders.code,
      createdAt: orders.createdAt,
      status: orders.status,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
      deliveryMethod: orders.deliveryMethod,
      deliveryAddress: orders.deliveryAddress,
      paymentMethod: orders.paymentMethod,
      items: orders.items,
      deliveryFee: orders.deliveryFee,
      totals: orders.totals,
      notes: orders.notes,
      cancelReason: orders.cancelReason,
      couponCode: orders.couponCode,
      discounts: orders.discounts,
      paymentStatus: orders.paymentStatus,
      paymentId: orders.paymentId,
      paymentRefunded: orders.paymentRefunded,
    })
    .from(orders)
    .where(
      and(
        eq(orders.businessId, businessId),
        sql`${orders.createdAt} >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}`,
        sql`${orders.createdAt} < ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`,
      ),
    )
    .orderBy(orders.createdAt, orders.id)
}
