/**
 * Issue 26: the insights tables (db/schema/insights.ts). Writes are additive upserts, one
 * statement per business per flush; the day is the business's own (its time zone), taken by the
 * database, which also ignores unknown or suspended businesses and products of another business.
 */
import { and, between, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm'
import { INSIGHTS_LIMITS, type InsightSource } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import {
  businesses,
  insightDays,
  insightProducts,
  insightSearches,
  insightVisitors,
  orders,
  products,
} from '../../db/schema/index.js'
import type { PendingCounts } from './buffer.js'

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** The ids among `ids` (lower-case UUIDs) of businesses that exist and are not suspended. */
export async function knownBusinessIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(inArray(businesses.id, ids), isNull(businesses.suspendedAt)))
  return new Set(rows.map((row) => row.id.toLowerCase()))
}

/**
 * Writes one business's pending counts in one statement. Returns false when the business is
 * unknown or suspended (nothing written).
 *
 * `insight_visitors` holds the day's marks of what a visitor was already counted for, each a
 * 16-byte `sha256(visitor key ‖ day)` (the visit) or `sha256(visitor key ‖ day ‖ LF ‖ phrase)`
 * (a search phrase). A visit, its source and the unique visitor count only when the visit's mark
 * is new today; a search phrase (and the day's searches) only when its mark is — whichever
 * process inserted it first (issue 40 §5).
 */
export async function writeCounts(
  db: Executor,
  businessId: string,
  counts: PendingCounts,
): Promise<boolean> {
  const visitors = JSON.stringify([...counts.visitors].map(([k, s]) => ({ k, s })))
  const productRows = JSON.stringify(
    [...counts.products].map(([id, p]) => ({ id, views: p.views, c: p.cartAdds, o: p.orders })),
  )
  const searchRows = JSON.stringify(
    [...counts.searches.values()].map((m) => ({
      k: m.visitor,
      q: m.query,
      z: m.zeroResults ? 1 : 0,
    })),
  )
  const result = await db.execute(sql`
    WITH b AS (
      SELECT id, (now() AT TIME ZONE time_zone)::date AS day
      FROM businesses WHERE id = ${businessId} AND suspended_at IS NULL
    ),
    vin AS (
      SELECT substring(sha256(decode(x.k, 'hex') || convert_to(b.day::text, 'UTF8')) FROM 1 FOR 16)
        AS hash, x.s
      FROM b CROSS JOIN jsonb_to_recordset(${visitors}::jsonb) AS x(k text, s text)
    ),
    v AS (
      INSERT INTO ${insightVisitors} (business_id, day, hash)
      SELECT b.id, b.day, vin.hash FROM b CROSS JOIN vin
      ON CONFLICT DO NOTHING
      RETURNING hash
    ),
    nv AS (SELECT vin.s FROM v JOIN vin ON vin.hash = v.hash),
    sin AS (
      SELECT substring(sha256(decode(x.k, 'hex') ||
          convert_to(b.day::text || chr(10) || x.q, 'UTF8')) FROM 1 FOR 16) AS hash, x.q, x.z
      FROM b CROSS JOIN jsonb_to_recordset(${searchRows}::jsonb) AS x(k text, q text, z int)
    ),
    sv AS (
      INSERT INTO ${insightVisitors} (business_id, day, hash)
      SELECT b.id, b.day, sin.hash FROM b CROSS JOIN sin
      ON CONFLICT DO NOTHING
      RETURNING hash
    ),
    ns AS (
      SELECT sin.q, count(*)::int AS n, sum(sin.z)::int AS z
      FROM sv JOIN sin ON sin.hash = sv.hash
      GROUP BY sin.q
    ),
    px AS (
      SELECT pr.id, x.views, x.c, x.o
      FROM b
      CROSS JOIN jsonb_to_recordset(${productRows}::jsonb) AS x(id uuid, views int, c int, o int)
      JOIN ${products} pr ON pr.id = x.id AND pr.business_id = b.id
    ),
    d AS (
      INSERT INTO ${insightDays} (business_id, day, visits, unique_visitors, product_views,
        searches, zero_result_searches, whatsapp_clicks, cart_adds, orders, from_whatsapp,
        from_instagram, from_facebook, from_google, from_other, from_direct)
      SELECT b.id, b.day, (SELECT count(*) FROM nv)::int, (SELECT count(*) FROM nv)::int,
        (SELECT coalesce(sum(views), 0) FROM px)::int,
        (SELECT coalesce(sum(n), 0) FROM ns)::int, (SELECT coalesce(sum(z), 0) FROM ns)::int,
        ${counts.whatsappClicks}::int,
        (SELECT coalesce(sum(c), 0) FROM px)::int, ${counts.orders}::int,
        (SELECT count(*) FROM nv WHERE s = 'whatsapp')::int,
        (SELECT count(*) FROM nv WHERE s = 'instagram')::int,
        (SELECT count(*) FROM nv WHERE s = 'facebook')::int,
        (SELECT count(*) FROM nv WHERE s = 'google')::int,
        (SELECT count(*) FROM nv WHERE s = 'other')::int,
        (SELECT count(*) FROM nv WHERE s = 'direct')::int
      FROM b
      ON CONFLICT (business_id, day) DO UPDATE SET
        visits = insight_days.visits + EXCLUDED.visits,
        unique_visitors = insight_days.unique_visitors + EXCLUDED.unique_visitors,
        product_views = insight_days.product_views + EXCLUDED.product_views,
        searches = insight_days.searches + EXCLUDED.searches,
        zero_result_searches = insight_days.zero_result_searches + EXCLUDED.zero_result_searches,
        whatsapp_clicks = insight_days.whatsapp_clicks + EXCLUDED.whatsapp_clicks,
        cart_adds = insight_days.cart_adds + EXCLUDED.cart_adds,
        orders = insight_days.orders + EXCLUDED.orders,
        from_whatsapp = insight_days.from_whatsapp + EXCLUDED.from_whatsapp,
        from_instagram = insight_days.from_instagram + EXCLUDED.from_instagram,
        from_facebook = insight_days.from_facebook + EXCLUDED.from_facebook,
        from_google = insight_days.from_google + EXCLUDED.from_google,
        from_other = insight_days.from_other + EXCLUDED.from_other,
        from_direct = insight_days.from_direct + EXCLUDED.from_direct
    ),
    p AS (
      INSERT INTO ${insightProducts} (business_id, day, product_id, views, cart_adds, orders)
      SELECT b.id, b.day, px.id, px.views, px.c, px.o
      FROM b CROSS JOIN px
      ON CONFLICT (business_id, day, product_id) DO UPDATE SET
        views = insight_products.views + EXCLUDED.views,
        cart_adds = insight_products.cart_adds + EXCLUDED.cart_adds,
        orders = insight_products.orders + EXCLUDED.orders
    ),
    q AS (
      INSERT INTO ${insightSearches} (business_id, day, query, searches, zero_results)
      SELECT b.id, b.day, ns.q, ns.n, ns.z
      FROM b CROSS JOIN ns
      ON CONFLICT (business_id, day, query) DO UPDATE SET
        searches = insight_searches.searches + EXCLUDED.searches,
        zero_results = insight_searches.zero_results + EXCLUDED.zero_results
    )
    SELECT count(*)::int AS found FROM b`)
  return (rowsOf<{ found: number }>(result)[0]?.found ?? 0) > 0
}

/**
 * Visitor hashes are needed only on their own day; two days back covers every time zone.
 */
export async function deleteOldVisitors(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM ${insightVisitors} WHERE day < current_date - 2`)
}

/** The business's "today" in its time zone, as YYYY-MM-DD. */
export async function businessToday(db: Executor, timeZone: string): Promise<string> {
  const result = await db.execute(
    sql`SELECT to_char((now() AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS today`,
  )
  return rowsOf<{ today: string }>(result)[0]!.today
}

const dayColumns = {
  date: sql<string>`to_char(${insightDays.day}, 'YYYY-MM-DD')`,
  visits: insightDays.visits,
  uniqueVisitors: insightDays.uniqueVisitors,
  productViews: insightDays.productViews,
  searches: insightDays.searches,
  whatsappClicks: insightDays.whatsappClicks,
  cartAdds: insightDays.cartAdds,
  orders: insightDays.orders,
}

export async function findDays(db: Executor, businessId: string, from: string, to: string) {
  return db
    .select(dayColumns)
    .from(insightDays)
    .where(and(eq(insightDays.businessId, businessId), between(insightDays.day, from, to)))
    .orderBy(insightDays.day)
}

const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::int`

export async function sumSources(
  db: Executor,
  businessId: string,
  from: string,
  to: string,
): Promise<Record<InsightSource, number>> {
  const [row] = await db
    .select({
      whatsapp: sum(insightDays.fromWhatsapp),
      instagram: sum(insightDays.fromInstagram),
      facebook: sum(insightDays.fromFacebook),
      google: sum(insightDays.fromGoogle),
      other: sum(insightDays.fromOther),
      direct: sum(insightDays.fromDirect),
    })
    .from(insightDays)
    .where(and(eq(insightDays.businessId, businessId), between(insightDays.day, from, to)))
  return row!
}

/**
 * Issue 45: per coupon code, the business's orders not cancelled whose day (in its time zone) is
 * within from…to, and their totals per currency (cents); most orders first.
 */
export async function couponSales(
  db: Executor,
  businessId: string,
  timeZone: string,
  from: string,
  to: string,
  limit: number,
): Promise<{ code: string; orders: number; revenue: { UYU?: number; USD?: number } }[]> {
  const result = await db.execute(sql`
    SELECT coupon_code AS code, count(*) AS orders,
      sum((totals ->> 'UYU')::bigint) AS uyu, sum((totals ->> 'USD')::bigint) AS usd
    FROM ${orders}
    WHERE business_id = ${businessId} AND coupon_code IS NOT NULL AND status <> 'cancelado'
      AND (created_at AT TIME ZONE ${timeZone})::date BETWEEN ${from}::date AND ${to}::date
    GROUP BY coupon_code
    ORDER BY count(*) DESC, coupon_code
    LIMIT ${limit}`)
  type Row = { code: string; orders: string; uyu: string | null; usd: string | null }
  return rowsOf<Row>(result).map((row) => ({
    code: row.code,
    orders: Number(row.orders),
    revenue: {
      ...(row.uyu !== null ? { UYU: Number(row.uyu) / 100 } : {}),
      ...(row.usd !== null ? { USD: Number(row.usd) / 100 } : {}),
    },
  }))
}

export async function topProducts(
  db: Executor,
  businessId: string,
  from: string,
  to: string,
  by: 'views' | 'orders',
  limit: number,
) {
  const views = sum(insightProducts.views)
  const orders = sum(insightProducts.orders)
  const ranked = by === 'views' ? views : orders
  return db
    .select({ productId: insightProducts.productId, name: products.name, views, orders })
    .from(insightProducts)
    .innerJoin(products, eq(products.id, insightProducts.productId))
    .where(and(eq(insightProducts.businessId, businessId), between(insightProducts.day, from, to)))
    .groupBy(insightProducts.productId, products.name)
    .having(gt(ranked, 0))
    .orderBy(desc(ranked), products.name)
    .limit(limit)
}

export async function topSearches(
  db: Executor,
  businessId: string,
  from: string,
  to: string,
  zeroOnly: boolean,
  limit: number,
) {
  const count = sum(insightSearches.searches)
  const zeroResults = sum(insightSearches.zeroResults)
  const ranked = zeroOnly ? zeroResults : count
  return (
    db
      .select({ query: insightSearches.query, count, zeroResults })
      .from(insightSearches)
      .where(
        and(eq(insightSearches.businessId, businessId), between(insightSearches.day, from, to)),
      )
      .groupBy(insightSearches.query)
      // Issue 40 §5: a phrase counts once per visitor and day; one seen from a single visitor is
      // not shown (what one person types is theirs, and one party cannot put words on the page).
      .having(and(gt(ranked, 0), gte(count, INSIGHTS_LIMITS.searchVisitorsMin)))
      .orderBy(desc(ranked), insightSearches.query)
      .limit(limit)
  )
}

/** The platform's days: visits, orders and businesses that had a visit. */
export async function platformDays(db: Executor, from: string, to: string) {
  return db
    .select({
      date: sql<string>`to_char(${insightDays.day}, 'YYYY-MM-DD')`,
      visits: sum(insightDays.visits),
      orders: sum(insightDays.orders),
      activeBusinesses: sql<number>`(count(*) FILTER (WHERE ${insightDays.visits} > 0))::int`,
    })
    .from(insightDays)
    .where(between(insightDays.day, from, to))
    .groupBy(insightDays.day)
    .orderBy(insightDays.day)
}
