/**
 * Issue 26: several processes (two apps on one database) add to the same daily counters — each
 * buffers its own events and writes additive upserts — and a visitor seen by both is one unique
 * visitor, with one visit and one count of each phrase a day. Closing an app writes what it still holds.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insightDays, insightProducts, insightSearches } from '../src/db/schema/index.js'
import { startTestApps } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { insertTestProduct } from './helpers/orders.js'

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'

let ctx: Awaited<ReturnType<typeof startTestApps>>
beforeAll(async () => {
  // One secret for both, as processes of one deployment share JWT_SECRET.
  ctx = await startTestApps(2, { RATE_LIMIT: 'false', JWT_SECRET: 'x'.repeat(40) })
})
afterAll(async () => ctx?.stop())

function post(index: number, body: unknown, ip: string) {
  return ctx.apps[index]!.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: ip,
    headers: { 'user-agent': BROWSER, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })
}

describe('insights across processes', () => {
  it('adds both processes’ counts and counts a shared visitor once', async () => {
    const [a, b] = ctx.apps as [(typeof ctx.apps)[0], (typeof ctx.apps)[0]]
    const owner = await registerAndLogin(a)
    const business = await createTestBusiness(a, owner)
    const product = await insertTestProduct(a, business._id)
    const batch = {
      businessId: business._id,
      events: [
        { type: 'visit' },
        { type: 'product_view', productId: product.id },
        { type: 'search', query: 'Yerba', results: 0 },
      ],
    }
    // 20 rounds on each process, concurrently; the same two visitors on both.
    const sends: Promise<unknown>[] = []
    for (let i = 0; i < 20; i++) {
      sends.push(post(0, batch, '10.0.0.1'), post(1, batch, i % 2 ? '10.0.0.1' : '10.0.0.2'))
      if (i % 5 === 0) sends.push(a.insights.flush(), b.insights.flush())
    }
    await Promise.all(sends)
    await Promise.all([a.insights.flush(), b.insights.flush()])

    const [day] = await ctx.db
      .select()
      .from(insightDays)
      .where(eq(insightDays.businessId, business._id))
    // Visits and a search phrase count once per visitor and day (issue 40 §5), whichever
    // process saw them first.
    expect(day).toMatchObject({
      visits: 2,
      uniqueVisitors: 2,
      productViews: 40,
      searches: 2,
      zeroResultSearches: 2,
    })
    const [productRow] = await ctx.db
      .select()
      .from(insightProducts)
      .where(eq(insightProducts.productId, product.id))
    expect(productRow?.views).toBe(40)
    const [search] = await ctx.db
      .select()
      .from(insightSearches)
      .where(eq(insightSearches.businessId, business._id))
    expect(search).toMatchObject({ query: 'yerba', searches: 2, zeroResults: 2 })
  })

  it('writes a business once per flush, however many requests it had', async () => {
    const [a] = ctx.apps as [(typeof ctx.apps)[0]]
    const owner = await registerAndLogin(a)
    const business = await createTestBusiness(a, owner)
    await a.insights.flush()
    const before = a.insights.stats()
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(0, { businessId: business._id, events: [{ type: 'visit' }] }, `10.1.0.${i}`),
      ),
    )
    await a.insights.flush()
    const after = a.insights.stats()
    const flushes = after.flushes - before.flushes
    // One business pending: each flush (the timer's or ours) wrote one statement for it.
    expect(flushes).toBeGreaterThanOrEqual(1)
    expect(flushes).toBeLessThanOrEqual(2)
    expect(after.statements - before.statements).toBe(flushes)
    expect(after.failed).toBe(before.failed)
    const [day] = await ctx.db
      .select()
      .from(insightDays)
      .where(eq(insightDays.businessId, business._id))
    expect(day).toMatchObject({ visits: 30, uniqueVisitors: 30 })
  })

  it('writes what a process holds when it closes', async () => {
    const [a, b] = ctx.apps as [(typeof ctx.apps)[0], (typeof ctx.apps)[0]]
    const owner = await registerAndLogin(a)
    const business = await createTestBusiness(a, owner)
    await post(1, { businessId: business._id, events: [{ type: 'whatsapp_click' }] }, '10.0.0.9')
    await b.close()
    const [day] = await ctx.db
      .select()
      .from(insightDays)
      .where(eq(insightDays.businessId, business._id))
    expect(day?.whatsappClicks).toBe(1)
  })
})
