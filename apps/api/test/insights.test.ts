/**
 * Issue 26: first-party insights — POST /api/events (accepted, ignored, refused, limited), the
 * daily counters it leads to, orders counted by the API, and the owner's and the operator's reads.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  API_MESSAGES,
  AUTH_MESSAGES,
  INSIGHTS_LIMITS,
  INSIGHTS_MESSAGES,
  insightsSchema,
  platformInsightsSchema,
  type InsightEvent,
} from '@vitrina/contracts'
import { insightDays, insightProducts, insightVisitors } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer, randomClientIp, registerAndLogin, registerOperator } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import {
  createOrderingShop,
  insertTestProduct,
  orderBody,
  placeOrder,
  suspendBusiness,
} from './helpers/orders.js'
import { EVENTS_RATE_LIMIT } from '../src/modules/insights/routes.js'

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const OTHER_BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

const t = useTestApp({ RATE_LIMIT: 'false' })

export function postEvents(
  app: FastifyInstance,
  body: unknown,
  options: { ip?: string; userAgent?: string; contentType?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: options.ip ?? randomClientIp(),
    headers: {
      'user-agent': options.userAgent ?? BROWSER,
      'content-type': options.contentType ?? 'application/json',
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function dayRow(businessId: string) {
  const [row] = await t.db.select().from(insightDays).where(eq(insightDays.businessId, businessId))
  return row
}

async function shopWithProduct() {
  const owner = await registerAndLogin(t.app)
  const business = await createTestBusiness(t.app, owner)
  const product = await insertTestProduct(t.app, business._id, { name: 'Mate de calabaza' })
  return { owner, business, product }
}

function insightsOf(app: FastifyInstance, businessId: string, token?: string, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/businesses/${businessId}/insights${query}`,
    headers: token ? bearer(token) : {},
  })
}

describe('POST /api/events', () => {
  it('answers 202 and adds the events to the day’s counters after the flush', async () => {
    const { business, product } = await shopWithProduct()
    const ip = randomClientIp()
    const events: InsightEvent[] = [
      { type: 'visit', source: 'l.instagram.com' },
      { type: 'product_view', productId: product.id },
      { type: 'search', query: '  Café  CON Leche ', results: 0 },
      { type: 'search', query: 'mate', results: 3 },
      { type: 'whatsapp_click' },
      { type: 'cart_add', productId: product.id },
    ]
    const res = await postEvents(t.app, { businessId: business._id, events }, { ip })
    expect(res.statusCode, res.body).toBe(202)
    expect(res.headers['cache-control']).toBe('no-store')
    // The same visitor again, as text/plain (what sendBeacon sends), and another visitor.
    const again = await postEvents(
      t.app,
      { businessId: business._id, events: [{ type: 'visit' }] },
      { ip, contentType: 'text/plain;charset=UTF-8' },
    )
    expect(again.statusCode, again.body).toBe(202)
    await postEvents(
      t.app,
      { businessId: business._id, events: [{ type: 'visit', source: 'whatsapp' }] },
      { userAgent: OTHER_BROWSER },
    )
    await t.app.insights.flush()

    const row = await dayRow(business._id)
    // The first visitor's second visit of the day is not another visit (issue 40 §5).
    expect(row).toMatchObject({
      visits: 2,
      uniqueVisitors: 2,
      productViews: 1,
      searches: 2,
      zeroResultSearches: 1,
      whatsappClicks: 1,
      cartAdds: 1,
      orders: 0,
      fromInstagram: 1,
      fromWhatsapp: 1,
      fromDirect: 0,
    })
    const [productRow] = await t.db
      .select()
      .from(insightProducts)
      .where(eq(insightProducts.productId, product.id))
    expect(productRow).toMatchObject({ views: 1, cartAdds: 1, orders: 0 })
    // No address nor browser stored: only 16-byte hashes — the two visitors' visits and the
    // first one's two search phrases.
    const hashes = await t.db
      .select()
      .from(insightVisitors)
      .where(eq(insightVisitors.businessId, business._id))
    expect(hashes).toHaveLength(4)
    for (const { hash } of hashes) {
      expect(hash).toHaveLength(16)
      expect(hash.toString('latin1')).not.toContain(ip)
    }
  })

  it('ignores unknown and suspended businesses, another business’s products and bots (still 202)', async () => {
    const { business, product } = await shopWithProduct()
    const other = await shopWithProduct()
    const suspended = await shopWithProduct()
    await suspendBusiness(t.app, suspended.business._id)
    const unknownId = '00000000-0000-4000-8000-000000000000'
    const answers = await Promise.all([
      postEvents(t.app, { businessId: unknownId, events: [{ type: 'visit' }] }),
      postEvents(t.app, { businessId: 'no-es-un-id', events: [{ type: 'visit' }] }),
      postEvents(t.app, { businessId: suspended.business._id, events: [{ type: 'visit' }] }),
      postEvents(t.app, {
        businessId: business._id,
        events: [
          { type: 'product_view', productId: other.product.id },
          { type: 'product_view', productId: unknownId },
          { type: 'product_view', productId: 'nada' },
          { type: 'product_view', productId: product.id },
        ],
      }),
      postEvents(
        t.app,
        { businessId: business._id, events: [{ type: 'visit' }] },
        { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      ),
      postEvents(
        t.app,
        { businessId: business._id, events: [{ type: 'visit' }] },
        { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0 Safari/537.36' },
      ),
      postEvents(
        t.app,
        { businessId: business._id, events: [{ type: 'visit' }] },
        { userAgent: 'facebookexternalhit/1.1' },
      ),
      postEvents(
        t.app,
        { businessId: business._id, events: [{ type: 'visit' }] },
        { userAgent: '' },
      ),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 202))
    await t.app.insights.flush()

    expect(await dayRow(suspended.business._id)).toBeUndefined()
    expect(await dayRow(other.business._id)).toBeUndefined()
    // Only the own product's view counts; no bot's visit.
    expect(await dayRow(business._id)).toMatchObject({ visits: 0, productViews: 1 })
    const productRows = await t.db
      .select()
      .from(insightProducts)
      .where(eq(insightProducts.businessId, business._id))
    expect(productRows.map((r) => r.productId)).toEqual([product.id])
  })

  it.each([
    ['no events', { businessId: 'x', events: [] }, INSIGHTS_MESSAGES.bodyInvalid],
    ['no business', { events: [{ type: 'visit' }] }, INSIGHTS_MESSAGES.bodyInvalid],
    [
      'an unknown type',
      { businessId: 'x', events: [{ type: 'compra' }] },
      INSIGHTS_MESSAGES.eventTypeInvalid,
    ],
    [
      'more than 20 events',
      {
        businessId: 'x',
        events: Array.from({ length: INSIGHTS_LIMITS.eventsPerRequest + 1 }, () => ({
          type: 'visit',
        })),
      },
      INSIGHTS_MESSAGES.eventsMax(INSIGHTS_LIMITS.eventsPerRequest),
    ],
    ['not JSON', 'visita', API_MESSAGES.malformedJson],
  ])('answers 400 for %s, with the Spanish message', async (_name, body, message) => {
    const res = await postEvents(t.app, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
    const plain = await postEvents(t.app, body, { contentType: 'text/plain' })
    expect(plain.statusCode).toBe(400)
    expect(plain.json().message).toBe(message)
  })

  it('counts an order when it is saved, and the products in it', async () => {
    const shop = await createOrderingShop(t.app)
    const { cheap, dollars } = shop.products
    await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [
          { productId: cheap.id, quantity: 2 },
          { productId: dollars.id, quantity: 1 },
        ],
      }),
    )
    await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: cheap.id, quantity: 1 }] }),
    )
    await t.app.insights.flush()
    expect(await dayRow(shop.business._id)).toMatchObject({ orders: 2, visits: 0 })
    const res = await insightsOf(t.app, shop.business._id, shop.owner.accessToken)
    const insights = insightsSchema.parse(res.json())
    expect(insights.totals.orders).toBe(2)
    expect(insights.topOrderedProducts.map((p) => [p.name, p.orders])).toEqual([
      ['Alfajor de maicena', 2],
      ['Auriculares', 1],
    ])
  })
})

describe('GET /api/businesses/:id/insights', () => {
  it('answers the days of the period, sources, top products and searches', async () => {
    const { owner, business, product } = await shopWithProduct()
    const second = await insertTestProduct(t.app, business._id, { name: 'Bombilla' })
    await postEvents(t.app, {
      businessId: business._id,
      events: [
        { type: 'visit', source: 'google' },
        { type: 'product_view', productId: product.id },
        { type: 'product_view', productId: product.id },
        { type: 'product_view', productId: second.id },
        { type: 'search', query: 'Yerba', results: 0 },
        { type: 'search', query: 'yerba', results: 0 },
        { type: 'search', query: 'mate', results: 2 },
      ],
    })
    // Another visitor searches 'yerba' too: two visitors, so the owner sees it; 'mate' was
    // searched by one visitor only (issue 40 §5).
    await postEvents(t.app, {
      businessId: business._id,
      events: [{ type: 'search', query: 'YERBA', results: 0 }],
    })
    await t.app.insights.flush()
    const res = await insightsOf(t.app, business._id, owner.accessToken)
    expect(res.statusCode, res.body).toBe(200)
    const insights = insightsSchema.parse(res.json())
    // 30 days by default, today (the business's) last.
    expect(insights.days).toHaveLength(30)
    const today = insights.days.at(-1)!
    expect(today).toMatchObject({ visits: 1, uniqueVisitors: 1, productViews: 3, orders: 0 })
    expect(insights.to).toBe(today.date)
    expect(insights.previous.to < insights.from).toBe(true)
    expect(insights.sources).toEqual({
      whatsapp: 0,
      instagram: 0,
      facebook: 0,
      google: 1,
      other: 0,
      direct: 0,
    })
    expect(insights.topProducts).toEqual([
      { productId: product.id, name: 'Mate de calabaza', views: 2, orders: 0 },
      { productId: second.id, name: 'Bombilla', views: 1, orders: 0 },
    ])
    expect(insights.topSearches).toEqual([{ query: 'yerba', count: 2, zeroResults: 2 }])
    expect(insights.zeroResultSearches).toEqual([{ query: 'yerba', count: 2, zeroResults: 2 }])

    const range = await insightsOf(
      t.app,
      business._id,
      owner.accessToken,
      `?from=2026-01-01&to=2026-01-07`,
    )
    const week = insightsSchema.parse(range.json())
    expect(week.days.map((d) => d.date)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ])
    expect(week.previous).toMatchObject({ from: '2025-12-25', to: '2025-12-31' })
  })

  it.each([
    ['?from=2026-02-30&to=2026-03-01', INSIGHTS_MESSAGES.dateInvalid],
    ['?from=ayer&to=2026-03-01', INSIGHTS_MESSAGES.dateInvalid],
    ['?from=2026-03-02&to=2026-03-01', INSIGHTS_MESSAGES.rangeInvalid],
    ['?from=2024-01-01&to=2026-03-01', INSIGHTS_MESSAGES.rangeTooLong(366)],
    ['?from=2026-03-01', INSIGHTS_MESSAGES.rangeIncomplete],
  ])('answers 400 for %s with the Spanish message', async (query, message) => {
    const { owner, business } = await shopWithProduct()
    const res = await insightsOf(t.app, business._id, owner.accessToken, query)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(message)
  })

  it('answers 403 to another owner and 401 without a session', async () => {
    const { business } = await shopWithProduct()
    const stranger = await registerAndLogin(t.app)
    const forbidden = await insightsOf(t.app, business._id, stranger.accessToken)
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().message).toBe(AUTH_MESSAGES.forbidden)
    const anonymous = await insightsOf(t.app, business._id)
    expect(anonymous.statusCode).toBe(401)
    const unknown = await insightsOf(
      t.app,
      '00000000-0000-4000-8000-000000000000',
      stranger.accessToken,
    )
    expect(unknown.statusCode).toBe(404)
  })
})

describe('GET /api/operator/insights', () => {
  it('answers the platform’s days to operators only', async () => {
    const { owner, business } = await shopWithProduct()
    await postEvents(t.app, { businessId: business._id, events: [{ type: 'visit' }] })
    await t.app.insights.flush()
    const operator = await registerOperator(t.app)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/operator/insights?days=7',
      headers: bearer(operator.accessToken),
    })
    expect(res.statusCode, res.body).toBe(200)
    const { days } = platformInsightsSchema.parse(res.json())
    expect(days).toHaveLength(7)
    const total = days.reduce((n, d) => n + d.visits, 0)
    expect(total).toBeGreaterThanOrEqual(1)
    expect(Math.max(...days.map((d) => d.activeBusinesses))).toBeGreaterThanOrEqual(1)
    const owners = await t.app.inject({
      method: 'GET',
      url: '/api/operator/insights',
      headers: bearer(owner.accessToken),
    })
    expect(owners.statusCode).toBe(403)
  })
})

describe('rate limit', () => {
  const limited = useTestApp()
  it(`answers 429 after ${EVENTS_RATE_LIMIT.max} requests a minute from one address`, async () => {
    const ip = randomClientIp()
    const body = { businessId: '00000000-0000-4000-8000-000000000000', events: [{ type: 'visit' }] }
    for (let i = 0; i < EVENTS_RATE_LIMIT.max; i++) {
      const res = await postEvents(limited.app, body, { ip })
      expect(res.statusCode).toBe(202)
    }
    const over = await postEvents(limited.app, body, { ip })
    expect(over.statusCode).toBe(429)
    expect(over.json().message).toBe(API_MESSAGES.rateLimited)
    expect((await postEvents(limited.app, body)).statusCode).toBe(202)
  })
})
