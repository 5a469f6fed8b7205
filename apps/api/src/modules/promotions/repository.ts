/**
 * Queries of the promotions module (issue 45). Every one names the business: an owner reads and
 * changes only its own coupons and promotions.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import {
  currencyCode,
  discountedCents,
  parcelGrams,
  toCents,
  type CurrencyAmounts,
  type PromotionLine,
} from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import {
  businesses,
  coupons,
  orders,
  products,
  productVariants,
  promotions,
  type CouponRow,
  type NewCouponRow,
  type NewPromotionRow,
  type PromotionRow,
} from '../../db/schema/index.js'

export async function listCouponRows(db: Executor, businessId: string): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .where(eq(coupons.businessId, businessId))
    .orderBy(asc(coupons.createdAt), asc(coupons.id))
}

export async function listPromotionRows(db: Executor, businessId: string): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(eq(promotions.businessId, businessId))
    .orderBy(asc(promotions.createdAt), asc(promotions.id))
}

export interface UsageStats {
  orders: number
  revenue: CurrencyAmounts
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

const statsOf = (row: { orders: number | string; uyu: string | null; usd: string | null }) => {
  const revenue: CurrencyAmounts = {}
  if (row.uyu !== null) revenue.UYU = Number(row.uyu)
  if (row.usd !== null) revenue.USD = Number(row.usd)
  return { orders: Number(row.orders), revenue }
}

/** Orders not cancelled per coupon, and their totals per currency (cents). */
export async function couponStats(
  db: Executor,
  businessId: string,
): Promise<Map<string, UsageStats>> {
  const result = await db.execute(sql`
    SELECT coupon_id AS id, count(*) AS orders,
      sum((totals ->> 'UYU')::bigint) AS uyu, sum((totals ->> 'USD')::bigint) AS usd
    FROM ${orders}
    WHERE business_id = ${businessId} AND coupon_id IS NOT NULL AND status <> 'cancelado'
    GROUP BY coupon_id`)
  type Row = { id: string; orders: string; uyu: string | null; usd: string | null }
  return new Map(rowsOf<Row>(result).map((row) => [row.id, statsOf(row)]))
}

/** Orders not cancelled per automatic promotion (by their discount lines), and their totals. */
export async function promotionStats(
  db: Executor,
  businessId: string,
): Promise<Map<string, UsageStats>> {
  const result = await db.execute(sql`
    SELECT p.id, count(*) AS orders,
      sum((p.totals ->> 'UYU')::bigint) AS uyu, sum((p.totals ->> 'USD')::bigint) AS usd
    FROM (
      SELECT DISTINCT o.id AS order_id, d ->> 'id' AS id, o.totals
      FROM ${orders} o CROSS JOIN LATERAL jsonb_array_elements(o.discounts) d
      WHERE o.business_id = ${businessId} AND o.status <> 'cancelado'
        AND d ->> 'source' = 'promotion'
    ) p
    GROUP BY p.id`)
  type Row = { id: string; orders: string; uyu: string | null; usd: string | null }
  return new Map(rowsOf<Row>(result).map((row) => [row.id, statsOf(row)]))
}

export async function countCoupons(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(coupons)
    .where(eq(coupons.businessId, businessId))
  return row?.n ?? 0
}

export async function countPromotions(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promotions)
    .where(eq(promotions.businessId, businessId))
  return row?.n ?? 0
}

/** Which of these product ids are the business's (the others are refused). */
export async function ownProductIds(
  db: Executor,
  businessId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...ids])))
  return new Set(rows.map((r) => r.id))
}

/** The names of these products of the business (the owner's form shows the chosen ones). */
export async function productNames(
  db: Executor,
  businessId: string,
  ids: readonly string[],
): Promise<{ _id: string; name: string }[]> {
  if (ids.length === 0) return []
  return db
    .select({ _id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, [...ids])))
    .orderBy(asc(products.name))
}

export async function insertCoupon(db: Executor, row: NewCouponRow): Promise<CouponRow> {
  const [inserted] = await db.insert(coupons).values(row).returning()
  return inserted!
}

export async function updateCouponRow(
  db: Executor,
  businessId: string,
  id: string,
  values: Partial<NewCouponRow>,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(coupons.id, id), eq(coupons.businessId, businessId)))
    .returning()
  return row
}

export async function deleteCouponRow(db: Executor, businessId: string, id: string) {
  const rows = await db
    .delete(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.businessId, businessId)))
    .returning({ id: coupons.id })
  return rows.length > 0
}

export async function findCouponRow(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.businessId, businessId)))
  return row
}

/** The business's coupon with this code, without regard to case. */
export async function findCouponByCode(
  db: Executor,
  businessId: string,
  code: string,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.businessId, businessId), sql`upper(${coupons.code}) = upper(${code})`))
  return row
}

export async function insertPromotion(db: Executor, row: NewPromotionRow): Promise<PromotionRow> {
  const [inserted] = await db.insert(promotions).values(row).returning()
  return inserted!
}

export async function updatePromotionRow(
  db: Executor,
  businessId: string,
  id: string,
  values: Partial<NewPromotionRow>,
): Promise<PromotionRow | undefined> {
  const [row] = await db
    .update(promotions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(promotions.id, id), eq(promotions.businessId, businessId)))
    .returning()
  return row
}

export async function deletePromotionRow(db: Executor, businessId: string, id: string) {
  const rows = await db
    .delete(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.businessId, businessId)))
    .returning({ id: promotions.id })
  return rows.length > 0
}

export async function findPromotionRow(db: Executor, businessId: string, id: string) {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.businessId, businessId)))
  return row
}

/** The business's promotions that are not paused (their dates are checked by the rule). */
export async function unpausedPromotions(
  db: Executor,
  businessId: string,
): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.businessId, businessId), eq(promotions.paused, false)))
    .orderBy(asc(promotions.createdAt), asc(promotions.id))
}

/**
 * What the coupon's rule needs of the shopper (by the phone's digits), in one statement: whether
 * they have an order in the business that is not cancelled, and one with this coupon.
 */
export async function shopperHistory(
  db: Executor,
  businessId: string,
  couponId: string,
  phoneDigits: string,
  /** The order being saved (in the same transaction): not part of its own history. */
  exceptOrderId?: string,
): Promise<{ usedCoupon: boolean; hasOrders: boolean }> {
  const digits = sql`regexp_replace(${orders.customerPhone}, '[^0-9]', '', 'g')`
  const [row] = await db
    .select({
      hasOrders: sql<boolean>`count(*) > 0`,
      usedCoupon: sql<boolean>`count(*) FILTER (WHERE ${orders.couponId} = ${couponId}) > 0`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.businessId, businessId),
        ne(orders.status, 'cancelado'),
        sql`${digits} = ${phoneDigits}`,
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    )
  return { usedCoupon: !!row?.usedCoupon, hasOrders: !!row?.hasOrders }
}

/**
 * Locks the coupon's row until the transaction ends (orders by one shopper with a one-use or
 * first-purchase coupon wait for each other here); undefined if it is gone. FOR NO KEY UPDATE,
 * not FOR UPDATE: the order's insert already holds a KEY SHARE on the row (orders.coupon_id's
 * foreign key), which FOR UPDATE would wait on — two orders would deadlock.
 */
export async function lockCoupon(
  tx: Executor,
  couponId: string,
): Promise<{ oncePerShopper: boolean; firstPurchaseOnly: boolean } | undefined> {
  const [row] = await tx
    .select({
      oncePerShopper: coupons.oncePerShopper,
      firstPurchaseOnly: coupons.firstPurchaseOnly,
    })
    .from(coupons)
    .where(eq(coupons.id, couponId))
    .for('no key update')
  return row
}

/**
 * Takes one use of the coupon if it has one left: a conditional UPDATE, so under concurrent
 * orders PostgreSQL re-checks the row each waiting one finds after the first commits — exactly
 * as many get it as there were uses left. Run inside the order's transaction.
 */
export async function claimCouponUse(db: Executor, couponId: string): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxUses} IS NULL OR ${coupons.uses} < ${coupons.maxUses})`,
      ),
    )
    .returning({ id: coupons.id })
  return rows.length > 0
}

/** Gives one use back (a cancelled order). */
export async function releaseCouponUse(db: Executor, couponId: string): Promise<void> {
  await db
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, couponId))
}

/** jsonb/json columns come back parsed from node-postgres and PGlite alike; text if cast. */
const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value

/**
 * What pricing an order's promotions needs, in one statement: the business's time zone, its
 * promotions that are not paused, the categories of the lines' products, and the coupon with
 * this code (any case) if one was typed.
 */
export async function pricingContext(
  db: Executor,
  businessId: string,
  productIds: readonly string[],
  code: string | undefined,
): Promise<{
  timeZone: string
  promotions: PromotionRow[]
  categories: Map<string, string>
  coupon: CouponRow | undefined
}> {
  const result = await db.execute(sql`
    SELECT b.time_zone,
      (SELECT coalesce(json_agg(p.* ORDER BY p.created_at, p.id), '[]'::json)
        FROM ${promotions} p WHERE p.business_id = b.id AND NOT p.paused) AS promotions,
      (SELECT coalesce(json_object_agg(pr.id, pr.category), '{}'::json)
        FROM ${products} pr
        WHERE pr.business_id = b.id AND pr.id = ANY(${`{${productIds.join(',')}}`}::uuid[])) AS categories,
      (SELECT row_to_json(c.*) FROM ${coupons} c
        WHERE c.business_id = b.id AND upper(c.code) = upper(${code ?? ''}) LIMIT 1) AS coupon
    FROM ${businesses} b WHERE b.id = ${businessId}`)
  type Raw = {
    time_zone: string
    promotions: Record<string, unknown>[] | string
    categories: Record<string, string> | string
    coupon: Record<string, unknown> | string | null
  }
  const [row] = rowsOf<Raw>(result)
  if (!row) return { timeZone: 'UTC', promotions: [], categories: new Map(), coupon: undefined }
  const coupon = code ? parsed(row.coupon) : null
  return {
    timeZone: row.time_zone,
    promotions: (parsed(row.promotions) ?? []).map(promotionFromJson),
    categories: new Map(Object.entries(parsed(row.categories) ?? {})),
    coupon: coupon ? couponFromJson(coupon) : undefined,
  }
}

function promotionFromJson(j: Record<string, unknown>): PromotionRow {
  return {
    id: j.id as string,
    businessId: j.business_id as string,
    name: j.name as string,
    kind: j.kind as PromotionRow['kind'],
    take: j.take as number | null,
    pay: j.pay as number | null,
    percent: j.percent as number | null,
    productIds: j.product_ids as string[],
    categories: j.categories as string[],
    startsOn: j.starts_on as string | null,
    endsOn: j.ends_on as string | null,
    paused: j.paused as boolean,
    createdAt: new Date(j.created_at as string),
    updatedAt: new Date(j.updated_at as string),
  }
}

function couponFromJson(j: Record<string, unknown>): CouponRow {
  return {
    id: j.id as string,
    businessId: j.business_id as string,
    code: j.code as string,
    kind: j.kind as CouponRow['kind'],
    percent: j.percent as number | null,
    amounts: j.amounts as CouponRow['amounts'],
    minSubtotal: j.min_subtotal as CouponRow['minSubtotal'],
    startsOn: j.starts_on as string | null,
    endsOn: j.ends_on as string | null,
    maxUses: j.max_uses as number | null,
    uses: j.uses as number,
    oncePerShopper: j.once_per_shopper as boolean,
    firstPurchaseOnly: j.first_purchase_only as boolean,
    productIds: j.product_ids as string[],
    categories: j.categories as string[],
    paused: j.paused as boolean,
    createdAt: new Date(j.created_at as string),
    updatedAt: new Date(j.updated_at as string),
  }
}

/**
 * The cart's lines priced as an order prices them (the variant's price over the product's, the
 * product's own discount), for the preview; lines of unknown or hidden products are left out.
 * Undefined when the business does not exist or is suspended.
 */
export async function quoteProducts(
  db: Executor,
  businessId: string,
  items: readonly { productId: string; variantId?: string; quantity: number }[],
): Promise<{ lines: Omit<PromotionLine, 'category'>[]; grams?: number } | undefined> {
  const [business] = await db
    .select({ id: businesses.id, suspendedAt: businesses.suspendedAt })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (!business || business.suspendedAt) return undefined
  const productIds = [...new Set(items.map((i) => i.productId))]
  const variantIds = items.flatMap((i) => (i.variantId ? [i.variantId] : []))
  const productRows = await db
    .select({
      id: products.id,
      price: products.price,
      discount: products.discount,
      currency: products.currency,
      status: products.status,
      weightGrams: products.weightGrams,
    })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, productIds)))
  const variantRows = variantIds.length
    ? await db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          price: productVariants.price,
        })
        .from(productVariants)
        .where(
          and(eq(productVariants.businessId, businessId), inArray(productVariants.id, variantIds)),
        )
    : []
  const byId = new Map(productRows.map((p) => [p.id, p]))
  const variants = new Map(variantRows.map((v) => [v.id, v]))
  const sold = items.flatMap((item) => {
    const product = byId.get(item.productId)
    return product && product.status === 'active' ? [{ item, product }] : []
  })
  // Issue 44 §1: the parcel's weight as the order will price it (contracts' parcelGrams).
  const grams = parcelGrams(
    sold.map(({ item, product }) => ({
      weightGrams: product.weightGrams,
      quantity: item.quantity,
    })),
  )
  const lines = sold.map(({ item, product }) => {
    const variant = item.variantId ? variants.get(item.variantId) : undefined
    const price =
      variant && variant.productId === product.id ? (variant.price ?? product.price) : product.price
    const unit = discountedCents(price, product.discount)
    return {
      productId: product.id,
      ...(item.variantId ? { variantId: item.variantId } : {}),
      currency: currencyCode(product.currency),
      quantity: item.quantity,
      priceCents: toCents(price),
      lineCents: unit * item.quantity,
    }
  })
  return { lines, ...(grams !== undefined ? { grams } : {}) }
}
