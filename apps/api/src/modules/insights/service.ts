/**
 * Issue 26: what the owner reads at /admin/estadisticas and the operator console's totals.
 */
import {
  INSIGHTS_LIMITS,
  type InsightDay,
  type Insights,
  type InsightsQuery,
  type InsightTotals,
  type PlatformInsights,
} from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { loadOwnedBusiness } from '../businesses/service.js'
import {
  businessToday,
  couponSales,
  findDays,
  platformDays,
  sumSources,
  topProducts,
  topSearches,
} from './repository.js'

const DAY_MS = 86_400_000
const DEFAULT_DAYS = 30

/** 'YYYY-MM-DD' moved by `days`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d)
  return dates
}

const emptyTotals = (): InsightTotals => ({
  visits: 0,
  uniqueVisitors: 0,
  productViews: 0,
  searches: 0,
  whatsappClicks: 0,
  cartAdds: 0,
  orders: 0,
})

function totalsOf(days: Omit<InsightDay, 'date'>[]): InsightTotals {
  const totals = emptyTotals()
  for (const day of days) {
    for (const key of Object.keys(totals) as (keyof InsightTotals)[]) totals[key] += day[key]
  }
  return totals
}

/**
 * GET /api/businesses/{id}/insights: 404 unknown business, 403 another owner's. Days are the
 * business's (its time zone); without dates, the last 30 days up to today.
 */
export async function getInsights(
  db: Executor,
  userId: string,
  businessId: string,
  query: InsightsQuery,
): Promise<Insights> {
  const business = await loadOwnedBusiness(db, businessId, userId)
  let { from, to } = query
  if (!from || !to) {
    to = await businessToday(db, business.timeZone)
    from = addDays(to, -(DEFAULT_DAYS - 1))
  }
  const length = datesBetween(from, to).length
  const previousTo = addDays(from, -1)
  const previousFrom = addDays(from, -length)
  const limit = INSIGHTS_LIMITS.topMax
  const [rows, previousRows, sources, byViews, byOrders, searches, zero, coupons] =
    await Promise.all([
      findDays(db, business.id, from, to),
      findDays(db, business.id, previousFrom, previousTo),
      sumSources(db, business.id, from, to),
      topProducts(db, business.id, from, to, 'views', limit),
      topProducts(db, business.id, from, to, 'orders', limit),
      topSearches(db, business.id, from, to, false, limit),
      topSearches(db, business.id, from, to, true, limit),
      couponSales(db, business.id, business.timeZone, from, to, limit),
    ])
  const byDate = new Map(rows.map((row) => [row.date, row]))
  const days = datesBetween(from, to).map((date): InsightDay => ({
    ...emptyTotals(),
    ...byDate.get(date),
    date,
  }))
  return {
    from,
    to,
    days,
    totals: totalsOf(days),
    previous: { from: previousFrom, to: previousTo, totals: totalsOf(previousRows) },
    sources,
    topProducts: byViews,
    topOrderedProducts: byOrders,
    topSearches: searches,
    zeroResultSearches: zero,
    coupons,
  }
}

/** GET /api/operator/insights: the platform's last `days` days (today by UTC included). */
export async function getPlatformInsights(db: Executor, days: number): Promise<PlatformInsights> {
  const to = new Date().toISOString().slice(0, 10)
  const from = addDays(to, -(days - 1))
  const rows = await platformDays(db, from, to)
  const byDate = new Map(rows.map((row) => [row.date, row]))
  return {
    days: datesBetween(from, to).map((date) => ({
      date,
      visits: byDate.get(date)?.visits ?? 0,
      orders: byDate.get(date)?.orders ?? 0,
      activeBusinesses: byDate.get(date)?.activeBusinesses ?? 0,
    })),
  }
}
