/**
 * Issue 26: first-party, cookie-less insights. The storefront posts small batches of events to
 * POST /api/events (the API keeps only daily counters); the owner reads them with
 * GET /api/businesses/{id}/insights?from=&to= (days in the business's time zone).
 */
import { z } from 'zod'
import { INSIGHTS_MESSAGES } from '../texts/insights.js'

export const INSIGHT_EVENT_TYPES = [
  'visit',
  'product_view',
  'search',
  'whatsapp_click',
  'cart_add',
] as const
export type InsightEventType = (typeof INSIGHT_EVENT_TYPES)[number]

export const INSIGHT_SOURCES = [
  'whatsapp',
  'instagram',
  'facebook',
  'google',
  'other',
  'direct',
] as const
export type InsightSource = (typeof INSIGHT_SOURCES)[number]

export const INSIGHTS_LIMITS = {
  /** Events in one POST /api/events. */
  eventsPerRequest: 20,
  /** Characters of a search kept (after normalising). */
  queryMax: 60,
  /** Days of one insights read. */
  rangeDaysMax: 366,
  /** Rows of each top list. */
  topMax: 10,
  /**
   * Issue 40 §5: events of one type counted from one request at most (the rest are ignored). A
   * page sends one visit and a few views, searches or clicks per request.
   */
  perRequest: { visit: 1, product_view: 5, search: 3, whatsapp_click: 3, cart_add: 5 },
  /** A search phrase is listed to the owner once this many visitors searched it (issue 40 §5). */
  searchVisitorsMin: 2,
} as const

/**
 * One event. Malformed values make the whole body a 400; ids that name nothing (or another
 * business's product) are accepted and ignored when the counters are written.
 */
export const insightEventSchema = z.object(
  {
    type: z.enum(INSIGHT_EVENT_TYPES, { error: INSIGHTS_MESSAGES.eventTypeInvalid }),
    productId: z.string().max(100).optional(),
    query: z.string().max(500).optional(),
    results: z.number().int().min(0).max(1_000_000).optional(),
    /** The visit's `utm_source`, or the referrer's host; the API classifies it. */
    source: z.string().max(500).optional(),
  },
  { error: INSIGHTS_MESSAGES.bodyInvalid },
)
export type InsightEvent = z.infer<typeof insightEventSchema>

export const insightEventsBodySchema = z.object(
  {
    businessId: z.string({ error: INSIGHTS_MESSAGES.bodyInvalid }).max(100),
    events: z
      .array(insightEventSchema, { error: INSIGHTS_MESSAGES.bodyInvalid })
      .min(1, INSIGHTS_MESSAGES.bodyInvalid)
      .max(
        INSIGHTS_LIMITS.eventsPerRequest,
        INSIGHTS_MESSAGES.eventsMax(INSIGHTS_LIMITS.eventsPerRequest),
      ),
  },
  { error: INSIGHTS_MESSAGES.bodyInvalid },
)
export type InsightEventsBody = z.infer<typeof insightEventsBodySchema>

const insightDateSchema = z
  .string({ error: INSIGHTS_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, INSIGHTS_MESSAGES.dateInvalid)
  .refine((v) => {
    const time = Date.parse(`${v}T00:00:00Z`)
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v
  }, INSIGHTS_MESSAGES.dateInvalid)

/** Both dates or neither (then the last 30 days, today included, in the business's zone). */
export const insightsQuerySchema = z
  .object({ from: insightDateSchema.optional(), to: insightDateSchema.optional() })
  .refine((v) => (v.from === undefined) === (v.to === undefined), {
    message: INSIGHTS_MESSAGES.rangeIncomplete,
    path: ['to'],
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: INSIGHTS_MESSAGES.rangeInvalid,
    path: ['to'],
  })
  .refine(
    (v) =>
      !v.from ||
      !v.to ||
      Date.parse(v.to) - Date.parse(v.from) <= (INSIGHTS_LIMITS.rangeDaysMax - 1) * 86_400_000,
    { message: INSIGHTS_MESSAGES.rangeTooLong(INSIGHTS_LIMITS.rangeDaysMax), path: ['to'] },
  )
export type InsightsQuery = z.infer<typeof insightsQuerySchema>

export const insightDaySchema = z.object({
  date: z.string(),
  visits: z.number().int(),
  uniqueVisitors: z.number().int(),
  productViews: z.number().int(),
  searches: z.number().int(),
  whatsappClicks: z.number().int(),
  cartAdds: z.number().int(),
  orders: z.number().int(),
})
export type InsightDay = z.infer<typeof insightDaySchema>

export const insightTotalsSchema = insightDaySchema.omit({ date: true })
export type InsightTotals = z.infer<typeof insightTotalsSchema>

export const insightSourcesSchema = z.object(
  Object.fromEntries(INSIGHT_SOURCES.map((s) => [s, z.number().int()])) as Record<
    InsightSource,
    z.ZodNumber
  >,
)
export type InsightSources = Record<InsightSource, number>

export const insightProductSchema = z.object({
  productId: z.string(),
  name: z.string(),
  views: z.number().int(),
  orders: z.number().int(),
})
export type InsightProduct = z.infer<typeof insightProductSchema>

export const insightSearchSchema = z.object({
  query: z.string(),
  count: z.number().int(),
  zeroResults: z.number().int(),
})
export type InsightSearch = z.infer<typeof insightSearchSchema>

export const insightCouponSchema = z.object({
  code: z.string(),
  orders: z.number().int(),
  revenue: z.object({ UYU: z.number().optional(), USD: z.number().optional() }),
})
export type InsightCoupon = z.infer<typeof insightCouponSchema>

export const insightsSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(insightDaySchema),
  totals: insightTotalsSchema,
  /** The same number of days just before `from`. */
  previous: z.object({ from: z.string(), to: z.string(), totals: insightTotalsSchema }),
  sources: insightSourcesSchema,
  /** By views (each with its orders). */
  topProducts: z.array(insightProductSchema),
  /** By orders. */
  topOrderedProducts: z.array(insightProductSchema),
  topSearches: z.array(insightSearchSchema),
  zeroResultSearches: z.array(insightSearchSchema),
  /**
   * Issue 45: orders not cancelled with each coupon in the period (by the code the order
   * stored, so a deleted coupon still counts), their totals per currency; most orders first.
   */
  coupons: z.array(insightCouponSchema).default([]),
})
export type Insights = z.infer<typeof insightsSchema>

/** The operator console: platform-wide totals per day (UTC days). */
export const platformInsightsSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      visits: z.number().int(),
      orders: z.number().int(),
      activeBusinesses: z.number().int(),
    }),
  ),
})
export type PlatformInsights = z.infer<typeof platformInsightsSchema>

const SOURCE_PATTERNS: [RegExp, InsightSource][] = [
  [/whatsapp|(^|\.)wa\.me$/, 'whatsapp'],
  [/instagram|^ig$/, 'instagram'],
  [/facebook|(^|\.)fb(\.com|\.me)?$|^fb$/, 'facebook'],
  [/google/, 'google'],
]

/**
 * The source of a visit from what the storefront sent: the `utm_source` or the referrer's host
 * (case and a leading `www.`/`m.`/`l.` ignored); nothing is a direct visit.
 */
export function classifyInsightSource(value: string | undefined): InsightSource {
  const v = (value ?? '').trim().toLowerCase()
  if (!v) return 'direct'
  return SOURCE_PATTERNS.find(([pattern]) => pattern.test(v))?.[1] ?? 'other'
}
