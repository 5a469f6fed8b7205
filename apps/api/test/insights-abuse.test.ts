/**
 * Issue 40 §5: insights could be inflated and poisoned by anyone — ten requests from one address
 * added 151 visits and 11 "unique visitors" (by changing the User-Agent) and made an attacker's
 * phrase the shop's top search; and every event for a made-up business id cost a statement at
 * the next flush. Each case below failed before the fix.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { INSIGHTS_LIMITS, insightsSchema, type InsightEvent } from '@vitrina/contracts'
import { insightDays, insightSearches } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { bearer, randomClientIp, registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { insertTestProduct } from './helpers/orders.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

const browser = (n: number) =>
  `Mozilla/5.0 (Linux; Android 14; Pixel ${n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36`

function postEvents(app: FastifyInstance, body: unknown, ip: string, userAgent = browser(8)) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(body),
  })
}

async function shop() {
  const owner = await registerAndLogin(t.app)
  const business = await createTestBusiness(t.app, owner)
  const product = await insertTestProduct(t.app, business._id, { name: 'Mate de calabaza' })
  return { owner, business, product }
}

async function dayRow(businessId: string) {
  const [row] = await t.db.select().from(insightDays).where(eq(insightDays.businessId, businessId))
  return row
}

describe('one visitor cannot inflate the counts', () => {
  it('ten requests of 15 visits from one address, each with another browser: one visit, one visitor', async () => {
    const { business } = await shop()
    const ip = randomClientIp()
    const events: InsightEvent[] = [
      ...Array.from({ length: 15 }, () => ({ type: 'visit' as const, source: 'instagram' })),
      { type: 'search', query: 'oferta en estafa punto com', results: 3 },
    ]
    for (let i = 0; i < 10; i++) {
      const res = await postEvents(t.app, { businessId: business._id, events }, ip, browser(i))
      expect(res.statusCode).toBe(202)
    }
    await t.app.insights.flush()
    expect(await dayRow(business._id)).toMatchObject({
      visits: 1,
      uniqueVisitors: 1,
      fromInstagram: 1,
      searches: 1,
    })
  })

  it('an IPv6 client is its /64: two addresses in it are one visitor', async () => {
    const { business } = await shop()
    const body = { businessId: business._id, events: [{ type: 'visit' }] }
    await postEvents(t.app, body, '2001:db8:7:9:1::1')
    await postEvents(t.app, body, '2001:db8:7:9:ffff::2')
    await postEvents(t.app, body, '2001:db8:7:a::1')
    await t.app.insights.flush()
    expect(await dayRow(business._id)).toMatchObject({ visits: 2, uniqueVisitors: 2 })
  })

  it('counts each event type at most a few times per request', async () => {
    const { business, product } = await shop()
    const many = (event: InsightEvent) => Array.from({ length: 20 }, () => event)
    const ip = randomClientIp()
    await postEvents(
      t.app,
      { businessId: business._id, events: many({ type: 'product_view', productId: product.id }) },
      ip,
    )
    await postEvents(
      t.app,
      { businessId: business._id, events: many({ type: 'whatsapp_click' }) },
      ip,
    )
    await postEvents(
      t.app,
      { businessId: business._id, events: many({ type: 'cart_add', productId: product.id }) },
      ip,
    )
    await t.app.insights.flush()
    const { perRequest } = INSIGHTS_LIMITS
    expect(await dayRow(business._id)).toMatchObject({
      productViews: perRequest.product_view,
      whatsappClicks: perRequest.whatsapp_click,
      cartAdds: perRequest.cart_add,
    })
  })
})

describe('one visitor cannot put words on the owner’s page', () => {
  it('counts a phrase once per visitor and day, and lists only phrases of two visitors or more', async () => {
    const { owner, business } = await shop()
    const attacker = randomClientIp()
    for (let i = 0; i < 10; i++) {
      await postEvents(
        t.app,
        {
          businessId: business._id,
          events: [
            { type: 'search', query: 'Compra en estafa punto com', results: 0 },
            { type: 'search', query: 'compra en ESTAFA punto com', results: 0 },
          ],
        },
        attacker,
        browser(i),
      )
    }
    for (const ip of [randomClientIp(), randomClientIp()]) {
      await postEvents(
        t.app,
        { businessId: business._id, events: [{ type: 'search', query: 'yerba', results: 1 }] },
        ip,
      )
    }
    await t.app.insights.flush()
    const rows = await t.db
      .select()
      .from(insightSearches)
      .where(eq(insightSearches.businessId, business._id))
    expect(Object.fromEntries(rows.map((r) => [r.query, [r.searches, r.zeroResults]]))).toEqual({
      'compra en estafa punto com': [1, 1],
      yerba: [2, 0],
    })

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business._id}/insights`,
      headers: bearer(owner.accessToken),
    })
    const insights = insightsSchema.parse(res.json())
    expect(insights.topSearches).toEqual([{ query: 'yerba', count: 2, zeroResults: 0 }])
    expect(insights.zeroResultSearches).toEqual([])
    expect(insights.totals.searches).toBe(3)
  })
})

describe('events of businesses that do not exist', () => {
  it('cost no statement each: the ids not seen yet are checked in one, and remembered', async () => {
    const { business } = await shop()
    await t.app.insights.flush()
    const before = t.app.insights.stats()
    const madeUp = Array.from({ length: 50 }, () => randomUUID())
    for (const id of madeUp) {
      await postEvents(t.app, { businessId: id, events: [{ type: 'visit' }] }, randomClientIp())
    }
    // A real business, never seen by this process before, among them.
    await postEvents(
      t.app,
      { businessId: business._id, events: [{ type: 'visit' }] },
      randomClientIp(),
    )
    await t.app.insights.flush()
    const after = t.app.insights.stats()
    // One write (the real business); one check of all the ids (two if the timer's flush ran
    // between the requests) — not one statement per made-up id.
    expect(after.statements - before.statements).toBe(1)
    expect(after.lookups - before.lookups).toBeGreaterThanOrEqual(1)
    expect(after.lookups - before.lookups).toBeLessThanOrEqual(2)
    expect(await dayRow(business._id)).toMatchObject({ visits: 1 })

    // Known now as made up: they do not even wait for a check again.
    for (const id of madeUp) {
      await postEvents(t.app, { businessId: id, events: [{ type: 'visit' }] }, randomClientIp())
    }
    await t.app.insights.flush()
    const last = t.app.insights.stats()
    expect(last.statements - after.statements).toBe(0)
    expect(last.lookups - after.lookups).toBe(0)
  })
})
