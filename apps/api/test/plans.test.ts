/**
 * Issue 23 §2, owner side: the plan state in the owner's replies (never in public ones), the
 * upgrade request and its rules, hidden products (left out of every public read, chosen by the
 * owner within the limit) and the expiry job (falls back to free, hides beyond 20, mails once).
 */
import { describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import {
  AUTH_MESSAGES,
  PLAN_MESSAGES,
  PLAN_MAILS,
  formatPlanDate,
  type OwnerBusiness,
  type Product,
} from '@vitrina/contracts'
import { businesses, planRequests, products } from '../src/db/schema/index.js'
import { runPlanExpiry } from '../src/modules/plans/expiry.js'
import { useTestApp } from './helpers/app.js'
import {
  bearer,
  mailsOf,
  randomClientIp,
  registerAndLogin,
  type TestAccount,
} from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { catalogueItems, insertCatalogue } from './helpers/products.js'

const PAYMENTS = {
  PAYMENT_BANK_TRANSFER: 'BROU caja de ahorro 001234567-00001 a nombre de Vitrina SAS',
  PAYMENT_MERCADOPAGO_URL: 'https://mpago.la/vitrina-premium',
  PAYMENT_WALLET: 'Prex 1234 5678',
}

const DAY_MS = 24 * 60 * 60 * 1000

describe('paid plans (owner side)', () => {
  const t = useTestApp(PAYMENTS)

  function requestPlan(owner: TestAccount, businessId: string, body: unknown) {
    return t.app.inject({
      method: 'POST',
      url: `/api/businesses/${businessId}/plan`,
      headers: bearer(owner.accessToken),
      payload: body as object,
      remoteAddress: randomClientIp(),
    })
  }

  async function myBusiness(owner: TestAccount): Promise<OwnerBusiness> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    expect(response.statusCode).toBe(200)
    return response.json() as OwnerBusiness
  }

  async function freeBusinessWith(n: number) {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { planType: 'free' })
    const rows = n > 0 ? await insertCatalogue(t.db, business._id, catalogueItems(n)) : []
    return { owner, business, rows }
  }

  /** Makes the business pro until `paidUntil`, as a confirmed payment does. */
  async function makePaid(businessId: string, paidUntil: Date) {
    await t.db
      .update(businesses)
      .set({ effectivePlan: 'pro', planType: 'pro', paidUntil })
      .where(eq(businesses.id, businessId))
  }

  it('tells the owner the plan state and usage; the public reply has no plan', async () => {
    const { owner, business } = await freeBusinessWith(18)
    const mine = await myBusiness(owner)
    expect(mine.plan).toEqual({
      requested: 'free',
      effective: 'free',
      status: 'active',
      usage: { products: 18, hidden: 0, limit: 20 },
    })
    const open = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business.identifier}/identifier`,
    })
    expect(open.statusCode).toBe(200)
    expect(open.json()).not.toHaveProperty('plan')
    // Asked twice: the second answer comes from the read cache, still without the plan.
    const cached = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business.identifier}/identifier`,
    })
    expect(cached.json()).not.toHaveProperty('plan')
    const directory = await t.app.inject({ method: 'GET', url: '/api/businesses?pageSize=48' })
    for (const item of directory.json().items as object[]) expect(item).not.toHaveProperty('plan')
    // The storefront page (server-rendered, page cache) does not carry it either.
    const page = await t.app.inject({ method: 'GET', url: `/${business.identifier}` })
    expect(page.body).not.toContain('pending_payment')
    expect(page.body).not.toContain('"usage"')
  })

  it('publishes the price, the month choices and the configured payment instructions', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans/payment' })
    expect(response.json()).toEqual({
      price: { uyu: 200, usd: 5 },
      months: [1, 3, 6, 12],
      instructions: {
        bankTransfer: PAYMENTS.PAYMENT_BANK_TRANSFER,
        mercadoPagoUrl: PAYMENTS.PAYMENT_MERCADOPAGO_URL,
        wallet: PAYMENTS.PAYMENT_WALLET,
      },
      // Issue 43 §5: no platform Mercado Pago account here, so no subscription offered.
      subscription: false,
    })
  })

  it('records a Premium request: pending payment, one at a time, mail with the instructions', async () => {
    const { owner, business } = await freeBusinessWith(20)
    const response = await requestPlan(owner, business._id, { plan: 'pro', months: 3 })
    expect(response.statusCode).toBe(201)
    const body = response.json() as OwnerBusiness
    expect(body.plan).toMatchObject({
      requested: 'pro',
      effective: 'free',
      status: 'pending_payment',
      usage: { products: 20, limit: 20 },
      pendingRequest: { plan: 'pro', months: 3, amount: { uyu: 600, usd: 15 } },
    })
    expect((await myBusiness(owner)).plan.status).toBe('pending_payment')

    const again = await requestPlan(owner, business._id, { plan: 'pro', months: 1 })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(PLAN_MESSAGES.requestPending)

    const mails = await mailsOf(t.app, owner.user.email, 'plan-request')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(PLAN_MAILS.requestSubject)
    expect(mails[0]!.text).toContain('$ 600 / US$ 15')
    expect(mails[0]!.text).toContain(PAYMENTS.PAYMENT_BANK_TRANSFER)
    expect(mails[0]!.text).toContain(PAYMENTS.PAYMENT_MERCADOPAGO_URL)
    expect(mails[0]!.text).toContain(PAYMENTS.PAYMENT_WALLET)

    // Still free: the 21st product is refused until the payment is confirmed.
    const pending = await t.db
      .select()
      .from(planRequests)
      .where(eq(planRequests.businessId, business._id))
    expect(pending).toHaveLength(1)
  })

  it('keeps one pending request when two arrive at once', async () => {
    const { owner, business } = await freeBusinessWith(0)
    const replies = await Promise.all([
      requestPlan(owner, business._id, { plan: 'pro', months: 1 }),
      requestPlan(owner, business._id, { plan: 'pro', months: 2 }),
    ])
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const rows = await t.db
      .select()
      .from(planRequests)
      .where(and(eq(planRequests.businessId, business._id), eq(planRequests.status, 'pending')))
    expect(rows).toHaveLength(1)
  })

  it('refuses bad requests with Spanish messages and writes nothing', async () => {
    const { owner, business } = await freeBusinessWith(0)
    const cases: [unknown, string][] = [
      [{ plan: 'free', months: 1 }, PLAN_MESSAGES.planInvalid],
      [{ plan: 'gold', months: 1 }, PLAN_MESSAGES.planInvalid],
      [{ plan: 'pro', months: 0 }, PLAN_MESSAGES.monthsInvalid],
      [{ plan: 'pro', months: 13 }, PLAN_MESSAGES.monthsInvalid],
      [{ plan: 'pro', months: 1.5 }, PLAN_MESSAGES.monthsInvalid],
      [{ plan: 'pro', months: 'muchos' }, PLAN_MESSAGES.monthsInvalid],
    ]
    for (const [body, message] of cases) {
      const response = await requestPlan(owner, business._id, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().message).toBe(message)
    }
    const rows = await t.db
      .select()
      .from(planRequests)
      .where(eq(planRequests.businessId, business._id))
    expect(rows).toHaveLength(0)
  })

  it('lets no one request, cancel or list hidden products for a business not theirs', async () => {
    const { business } = await freeBusinessWith(0)
    const stranger = await registerAndLogin(t.app)
    const asked = await requestPlan(stranger, business._id, { plan: 'pro', months: 1 })
    expect(asked.statusCode).toBe(403)
    expect(asked.json().message).toBe(AUTH_MESSAGES.forbidden)
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/businesses/${business._id}/plan`,
      headers: bearer(stranger.accessToken),
    })
    expect(cancelled.statusCode).toBe(403)
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business._id}/products/hidden`,
      headers: bearer(stranger.accessToken),
    })
    expect(hidden.statusCode).toBe(403)
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/businesses/${business._id}/plan`,
      payload: { plan: 'pro', months: 1 },
    })
    expect(anonymous.statusCode).toBe(401)
    const unknown = await requestPlan(stranger, '00000000-0000-4000-8000-000000000000', {
      plan: 'pro',
      months: 1,
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('lets the owner cancel a pending request, and says so when there is none', async () => {
    const { owner, business } = await freeBusinessWith(0)
    await requestPlan(owner, business._id, { plan: 'pro', months: 1 })
    const cancel = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/businesses/${business._id}/plan`,
        headers: bearer(owner.accessToken),
      })
    const first = await cancel()
    expect(first.statusCode).toBe(200)
    expect((first.json() as OwnerBusiness).plan).toMatchObject({
      requested: 'free',
      status: 'active',
    })
    const second = await cancel()
    expect(second.statusCode).toBe(404)
    expect(second.json().message).toBe(PLAN_MESSAGES.noPendingRequest)
    expect((await requestPlan(owner, business._id, { plan: 'pro', months: 1 })).statusCode).toBe(
      201,
    )
  })

  it('records the request when Premium is chosen in the wizard', async () => {
    const owner = await registerAndLogin(t.app)
    const business = (await createTestBusiness(t.app, owner, {
      planType: 'free',
    })) as unknown as OwnerBusiness
    expect(business.plan.status).toBe('active')
    const other = await registerAndLogin(t.app)
    const { postBusiness, businessFields } = await import('./helpers/catalogue.js')
    const created = await postBusiness(t.app, other, businessFields({ planType: 'pro' }))
    expect(created.statusCode).toBe(201)
    expect((created.json() as OwnerBusiness).plan).toMatchObject({
      requested: 'pro',
      effective: 'free',
      status: 'pending_payment',
      pendingRequest: { months: 1, amount: { uyu: 200, usd: 5 } },
    })
    expect(await mailsOf(t.app, other.user.email, 'plan-request')).toHaveLength(1)
  })

  it('warns 7 days before the end once, then falls back to free, hides beyond 20 and mails once', async () => {
    const { owner, business, rows } = await freeBusinessWith(25)
    const now = new Date()
    const paidUntil = new Date(now.getTime() + 5 * DAY_MS)
    await makePaid(business._id, paidUntil)

    expect((await runPlanExpiry(t.db, now)).warned).toContain(business._id)
    expect((await runPlanExpiry(t.db, now)).warned).not.toContain(business._id)
    const warnings = await mailsOf(t.app, owner.user.email, 'plan-expiring')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.text).toContain(formatPlanDate(paidUntil))
    expect((await myBusiness(owner)).plan).toMatchObject({ effective: 'pro', status: 'active' })

    // Two processes running the job at the end of the period act once.
    const later = new Date(paidUntil.getTime() + 1000)
    const reports = await Promise.all([runPlanExpiry(t.db, later), runPlanExpiry(t.db, later)])
    expect(reports.flatMap((r) => r.expired).filter((id) => id === business._id)).toHaveLength(1)
    expect(await mailsOf(t.app, owner.user.email, 'plan-expired')).toHaveLength(1)
    await runPlanExpiry(t.db, new Date(later.getTime() + DAY_MS))
    expect(await mailsOf(t.app, owner.user.email, 'plan-expired')).toHaveLength(1)

    const mine = await myBusiness(owner)
    expect(mine.plan).toMatchObject({
      requested: 'free',
      effective: 'free',
      status: 'expired',
      paidUntil: paidUntil.toISOString(),
      usage: { products: 25, hidden: 5, limit: 20 },
    })
    // None deleted; the oldest five are hidden (the newest 20 stay on the storefront).
    const hidden = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.businessId, business._id), eq(products.status, 'hidden')))
    expect(hidden.map((r) => r.id).sort()).toEqual(
      rows
        .slice(0, 5)
        .map((r) => r.id)
        .sort(),
    )
  })

  describe('hidden products', () => {
    async function expiredBusiness() {
      const setup = await freeBusinessWith(22)
      // Flags on the oldest product, which the expiry hides: it must leave the carousels too.
      await t.db
        .update(products)
        .set({ isFeatured: true, isNew: true, discount: 10, isOffer: true })
        .where(eq(products.id, setup.rows[0]!.id))
      const paidUntil = new Date(Date.now() - 1000)
      await makePaid(setup.business._id, paidUntil)
      await runPlanExpiry(t.db, new Date())
      return { ...setup, hiddenIds: setup.rows.slice(0, 2).map((r) => r.id) }
    }

    it('are left out of every public read', async () => {
      const { business, hiddenIds, rows } = await expiredBusiness()
      const get = (url: string) => t.app.inject({ method: 'GET', url })
      const list = await get(`/api/products/${business._id}/business?pageSize=48`)
      expect(list.json().total).toBe(20)
      const ids = (list.json().items as Product[]).map((p) => p._id)
      for (const id of hiddenIds) expect(ids).not.toContain(id)
      for (const sort of ['oldest', 'cheapest', 'expensive']) {
        const sorted = await get(`/api/products/${business._id}/business?pageSize=48&sort=${sort}`)
        expect(sorted.json().total).toBe(20)
        expect((sorted.json().items as Product[]).map((p) => p._id)).not.toContain(hiddenIds[0])
      }
      const filtered = await get(
        `/api/products/${business._id}/business?category=Ropa&isOffer=true`,
      )
      expect(filtered.json().total).toBe(0)
      // Search: "Producto 0" is hidden, its words are still in the lexicon.
      const search = await get(`/api/products/${business._id}/business?search=producto`)
      expect(search.json().total).toBe(20)
      expect((search.json().items as Product[]).map((p) => p._id)).not.toContain(hiddenIds[0])
      for (const kind of ['featured', 'new', 'offer']) {
        const carousel = await get(`/api/products/${business._id}/business/${kind}`)
        expect((carousel.json() as Product[]).map((p) => p._id)).not.toContain(hiddenIds[0])
      }
      expect((await get(`/api/products/${hiddenIds[0]}`)).statusCode).toBe(404)
      expect((await get(`/api/products/${rows[5]!.id}`)).statusCode).toBe(200)
      // The read a product's page is made from (its 404 page is the web route's).
      const page = await get(`/api/products/${business.identifier}/slug/${hiddenIds[0]}`)
      expect(page.statusCode).toBe(404)
      const sitemap = await get('/sitemap.xml')
      // Issue 27 §3: the sitemap lists products by their address.
      expect(sitemap.body).not.toContain(`${business.identifier}/productos/${rows[0]!.slug}<`)
      expect(sitemap.body).toContain(`${business.identifier}/productos/${rows[5]!.slug}<`)
    })

    it('are listed for their owner, who shows them within the limit', async () => {
      const { owner, business, hiddenIds, rows } = await expiredBusiness()
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/businesses/${business._id}/products/hidden`,
        headers: bearer(owner.accessToken),
      })
      expect((listed.json().items as Product[]).map((p) => p._id).sort()).toEqual(
        [...hiddenIds].sort(),
      )
      expect((listed.json().items as Product[])[0]!.status).toBe('hidden')
      const setStatus = (id: string, status: string, who = owner) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/products/${id}/visibility`,
          headers: bearer(who.accessToken),
          payload: { status },
        })
      // 20 visible: showing one more is refused.
      const refused = await setStatus(hiddenIds[0]!, 'active')
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe(PLAN_MESSAGES.visibleLimitReached)
      // Hide one, then the hidden one can be shown.
      expect((await setStatus(rows[10]!.id, 'hidden')).statusCode).toBe(200)
      const shown = await setStatus(hiddenIds[0]!, 'active')
      expect(shown.statusCode).toBe(200)
      expect((shown.json() as Product).status).toBe('active')
      const open = await t.app.inject({ method: 'GET', url: `/api/products/${hiddenIds[0]}` })
      expect(open.statusCode).toBe(200)

      const bad = await setStatus(rows[11]!.id, 'borrado')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe(PLAN_MESSAGES.statusInvalid)
      const stranger = await registerAndLogin(t.app)
      expect((await setStatus(rows[11]!.id, 'hidden', stranger)).statusCode).toBe(403)
      const [count] = await t.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .where(eq(products.businessId, business._id))
      expect(count!.n).toBe(22)
    })
  })
})
