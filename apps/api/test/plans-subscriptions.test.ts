/**
 * Issue 43 §5 (ADR 040): Premium billed by a monthly Mercado Pago subscription, against the
 * simulator, on two app instances sharing one database (two processes). Subscribe, authorize,
 * approved charges extend paid_until once each (duplicates, out of order), forged and stale
 * notifications refused, a failed renewal gives a grace then the usual expiry, a retry approved
 * in grace, cancel, the operator's list, and the reconciliation job one process at a time.
 * Both engines (PGlite here, PostgreSQL in api-postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  AUTH_MESSAGES,
  SUBSCRIPTION_GRACE_DAYS,
  SUBSCRIPTION_MAILS,
  SUBSCRIPTION_MESSAGES,
  formatPlanDate,
  type OperatorSubscriptionList,
  type OwnerBusiness,
  type PlanPaymentInfo,
} from '@vitrina/contracts'
import type { Database } from '../src/db/client.js'
import { businesses, planSubscriptionPayments, planSubscriptions } from '../src/db/schema/index.js'
import type { Config } from '../src/config.js'
import { runPlanExpiry } from '../src/modules/plans/expiry.js'
import { checkDueSubscriptions } from '../src/modules/plans/subscriptions.js'
import { startTestApp, startTestApps } from './helpers/app.js'
import {
  bearer,
  mailsOf,
  registerAndLogin,
  registerOperator,
  type TestAccount,
} from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import {
  startMercadoPagoSimulator,
  type MercadoPagoSimulator,
  type SubscriptionTopic,
} from './helpers/mercadopago-simulator.js'

const SECRET = 'secreto-de-suscripciones-456'
const DAY_MS = 86_400_000

describe('Premium by subscription', () => {
  let mp: MercadoPagoSimulator
  let apps: FastifyInstance[]
  let db: Database
  let config: Config
  let stop: () => Promise<void>
  let operator: TestAccount

  beforeAll(async () => {
    mp = await startMercadoPagoSimulator({ webhookSecret: SECRET })
    const platform = mp.addAccount({ firstName: 'Vitrina' })
    const started = await startTestApps(2, {
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_PLATFORM_ACCESS_TOKEN: platform.accessToken,
      MERCADOPAGO_PLATFORM_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_TIMEOUT_MS: '500',
      // One signing key on both processes, as README's "Varias instancias" requires.
      JWT_SECRET: 'un-secreto-de-prueba-de-32-caracteres-o-mas',
      RATE_LIMIT: 'false',
    })
    apps = started.apps
    db = started.db
    config = started.config
    stop = started.stop
    operator = await registerOperator(apps[0]!)
  })
  afterAll(async () => {
    await stop?.()
    await mp?.close()
  })

  const app = (i = 0) => apps[i]!
  const deps = () => ({ db, publicUrl: config.publicUrl, mp: config.mercadoPago })

  async function ownerWithShop() {
    const owner = await registerAndLogin(app())
    const business = await createTestBusiness(app(), owner, { planType: 'free' })
    return { owner, business }
  }

  const subscribe = (owner: TestAccount, businessId: string, currency: unknown = 'UYU', i = 0) =>
    app(i).inject({
      method: 'POST',
      url: `/api/businesses/${businessId}/plan/subscription`,
      headers: bearer(owner.accessToken),
      payload: { currency },
    })

  const mine = async (owner: TestAccount) => {
    const res = await app().inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    return res.json() as OwnerBusiness
  }

  /** A signed notification injected into the platform's webhook route. */
  const notify = (
    topic: SubscriptionTopic,
    id: string | number,
    options: { secret?: string; tsOffsetS?: number } = {},
    i = 0,
  ) => {
    const signed = mp.signedNotification(String(id), { ...options, type: topic })
    return app(i).inject({
      method: 'POST',
      url: `/api/plans/subscriptions/notifications?${signed.query}`,
      headers: signed.headers,
      payload: signed.body,
    })
  }

  /** Subscribes and authorizes on Mercado Pago with the first charge approved and notified. */
  async function subscribed(currency: 'UYU' | 'USD' = 'UYU') {
    const shop = await ownerWithShop()
    const res = await subscribe(shop.owner, shop.business._id, currency)
    expect(res.statusCode).toBe(200)
    const preapprovalId = new URL(res.json().url).searchParams.get('preapproval_id')!
    mp.authorizePreapproval(preapprovalId)
    const charge = mp.chargePreapproval(preapprovalId, 'approved')
    expect((await notify('subscription_preapproval', preapprovalId)).json()).toEqual({
      result: 'changed',
    })
    expect((await notify('subscription_authorized_payment', charge.id)).json()).toEqual({
      result: 'changed',
    })
    return { ...shop, preapprovalId, charge }
  }

  const paidUntilOf = async (businessId: string) => {
    const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId))
    return row!
  }

  it('offers the subscription and sends the owner to authorize a monthly preapproval', async () => {
    const info = (await app().inject({ method: 'GET', url: '/api/plans/payment' })).json()
    expect((info as PlanPaymentInfo).subscription).toBe(true)

    const { owner, business } = await ownerWithShop()
    const res = await subscribe(owner, business._id, 'USD', 1)
    expect(res.statusCode).toBe(200)
    const url = new URL(res.json().url)
    expect(url.origin).toBe(mp.url)
    const pre = mp.preapprovals.get(url.searchParams.get('preapproval_id')!)!
    expect(pre.auto_recurring).toMatchObject({
      frequency: 1,
      frequency_type: 'months',
      transaction_amount: 5,
      currency_id: 'USD',
    })
    expect(pre.payer_email).toBe(owner.user.email)
    expect(pre.external_reference).toBe(business._id)
    expect(pre.back_url).toBe('http://vitrina.test/admin/mi-negocio')

    const plan = (await mine(owner)).plan
    expect(plan.effective).toBe('free')
    expect(plan.subscription).toMatchObject({ status: 'pending', currency: 'USD', amount: 500 })
    expect(plan.subscription?.authorizeUrl).toBe(pre.init_point)

    // Subscribing again while pending replaces it (the old one cancelled at Mercado Pago).
    const again = await subscribe(owner, business._id, 'UYU')
    expect(again.statusCode).toBe(200)
    expect(pre.status).toBe('cancelled')
    expect((await mine(owner)).plan.subscription).toMatchObject({ currency: 'UYU', amount: 20000 })
    // The replaced one authorized late at Mercado Pago stays cancelled here (no second live one).
    mp.authorizePreapproval(pre.id)
    const late = await notify('subscription_preapproval', pre.id)
    expect(late.json()).toEqual({ result: 'unchanged' })
    expect((await mine(owner)).plan.subscription?.status).toBe('pending')
  })

  it('refuses a bad currency, another owner and a Mercado Pago that does not answer', async () => {
    const { owner, business } = await ownerWithShop()
    const bad = await subscribe(owner, business._id, 'EUR')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain(SUBSCRIPTION_MESSAGES.currencyInvalid)

    const stranger = await registerAndLogin(app())
    const forbidden = await subscribe(stranger, business._id)
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json().message).toBe(AUTH_MESSAGES.forbidden)

    mp.failNext(1, { kind: 'status', status: 500 }, /^\/preapproval$/)
    const down = await subscribe(owner, business._id)
    expect(down.statusCode).toBe(503)
    expect(down.json().message).toBe(SUBSCRIPTION_MESSAGES.unavailable)
    expect(
      await db
        .select()
        .from(planSubscriptions)
        .where(eq(planSubscriptions.businessId, business._id)),
    ).toHaveLength(0)
  })

  it('an approved charge makes the shop Premium for a month, and mails the owner', async () => {
    const before = Date.now()
    const { owner, business } = await subscribed()
    const row = await paidUntilOf(business._id)
    expect(row.effectivePlan).toBe('pro')
    const months = (row.paidUntil!.getTime() - before) / DAY_MS
    expect(months).toBeGreaterThanOrEqual(27)
    expect(months).toBeLessThanOrEqual(32)
    const plan = (await mine(owner)).plan
    expect(plan.subscription).toMatchObject({
      status: 'authorized',
      lastPayment: { status: 'approved' },
    })
    expect(plan.subscription?.nextPaymentDate).toBeDefined()
    expect(plan.subscription?.authorizeUrl).toBeUndefined()
    expect(await mailsOf(app(), owner.user.email, 'plan-confirmed')).toHaveLength(1)
    // A second subscription while this one is authorized is refused.
    const twice = await subscribe(owner, business._id)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(SUBSCRIPTION_MESSAGES.alreadySubscribed)
  })

  it('applies a charge once: duplicates at once on two processes, and out of order', async () => {
    const { business, preapprovalId, charge } = await subscribed()
    const first = (await paidUntilOf(business._id)).paidUntil!.getTime()

    const copies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        notify('subscription_authorized_payment', charge.id, {}, i % 2),
      ),
    )
    expect(copies.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    expect(copies.every((r) => r.json().result === 'unchanged')).toBe(true)
    expect((await paidUntilOf(business._id)).paidUntil!.getTime()).toBe(first)

    // Months two and three, notified three first: each extends one month, whatever the order.
    const second = mp.chargePreapproval(preapprovalId, 'approved')
    const third = mp.chargePreapproval(preapprovalId, 'approved')
    expect((await notify('subscription_authorized_payment', third.id)).json().result).toBe(
      'changed',
    )
    expect((await notify('subscription_authorized_payment', second.id, {}, 1)).json().result).toBe(
      'changed',
    )
    expect((await notify('subscription_authorized_payment', second.id)).json().result).toBe(
      'unchanged',
    )
    const end = (await paidUntilOf(business._id)).paidUntil!
    const expected = new Date(first)
    expected.setUTCMonth(expected.getUTCMonth() + 2)
    expect(Math.abs(end.getTime() - expected.getTime())).toBeLessThan(2 * DAY_MS)
    const recorded = await db
      .select()
      .from(planSubscriptionPayments)
      .where(eq(planSubscriptionPayments.authorizedPaymentId, String(second.id)))
    expect(recorded).toHaveLength(1)
  })

  it('refuses forged and stale notifications, and changes nothing', async () => {
    const shop = await ownerWithShop()
    const res = await subscribe(shop.owner, shop.business._id)
    const preapprovalId = new URL(res.json().url).searchParams.get('preapproval_id')!
    mp.authorizePreapproval(preapprovalId)
    const charge = mp.chargePreapproval(preapprovalId, 'approved')
    for (const options of [{ secret: 'otro-secreto' }, { tsOffsetS: -3600 }]) {
      const refused = await notify('subscription_authorized_payment', charge.id, options)
      expect(refused.statusCode).toBe(401)
      expect(refused.json().message).toBe(SUBSCRIPTION_MESSAGES.signatureInvalid)
    }
    expect((await paidUntilOf(shop.business._id)).effectivePlan).toBe('free')
    // An amount that is not the subscription's is recorded, never Premium.
    const wrong = mp.chargePreapproval(preapprovalId, 'approved', { amount: 1 })
    expect((await notify('subscription_authorized_payment', wrong.id)).json().result).toBe(
      'flagged',
    )
    expect((await paidUntilOf(shop.business._id)).effectivePlan).toBe('free')
  })

  it('a failed renewal gives a grace with a notice and a mail, then the usual expiry', async () => {
    const { owner, business, preapprovalId } = await subscribed()
    // The paid month is about to end when its renewal fails.
    const end = new Date(Date.now() + 60_000)
    await db.update(businesses).set({ paidUntil: end }).where(eq(businesses.id, business._id))
    const failed = mp.chargePreapproval(preapprovalId, 'rejected')
    expect((await notify('subscription_authorized_payment', failed.id)).json().result).toBe(
      'changed',
    )
    const row = await paidUntilOf(business._id)
    const graceUntil = new Date(end.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS)
    expect(Math.abs(row.paidUntil!.getTime() - graceUntil.getTime())).toBeLessThan(1000)
    expect(row.effectivePlan).toBe('pro')
    const plan = (await mine(owner)).plan
    expect(plan.subscription?.graceUntil).toBe(row.paidUntil!.toISOString())
    expect(plan.subscription?.lastPayment?.status).toBe('rejected')
    const [mail] = await mailsOf(app(), owner.user.email, 'plan-subscription-failed')
    expect(mail?.subject).toBe(SUBSCRIPTION_MAILS.failedSubject)
    expect(mail?.text).toContain(
      SUBSCRIPTION_MAILS.failedIntro(business.name, formatPlanDate(row.paidUntil!)),
    )
    expect(mail?.text).toContain(SUBSCRIPTION_MAILS.failedNext)
    // The same failure again: no second mail. No 7-day warning on top of it.
    await notify('subscription_authorized_payment', failed.id, {}, 1)
    expect(await mailsOf(app(), owner.user.email, 'plan-subscription-failed')).toHaveLength(1)
    expect((await runPlanExpiry(db, new Date(graceUntil.getTime() - DAY_MS))).warned).not.toContain(
      business._id,
    )

    // The grace ends: the existing expiry rules apply.
    const report = await runPlanExpiry(db, new Date(row.paidUntil!.getTime() + 1000))
    expect(report.expired).toContain(business._id)
    expect((await paidUntilOf(business._id)).effectivePlan).toBe('free')
  })

  it('a retry approved during the grace, found by the job, extends from the real end', async () => {
    const { owner, business, preapprovalId } = await subscribed()
    const end = new Date(Date.now() + 60_000)
    await db.update(businesses).set({ paidUntil: end }).where(eq(businesses.id, business._id))
    const failed = mp.chargePreapproval(preapprovalId, 'rejected')
    await notify('subscription_authorized_payment', failed.id)
    // The retry is approved at Mercado Pago, and its notification is lost.
    mp.chargePreapproval(preapprovalId, 'approved', { retryOf: failed.id })
    await db
      .update(planSubscriptions)
      .set({ checkAt: new Date(Date.now() - 1000) })
      .where(eq(planSubscriptions.preapprovalId, preapprovalId))
    expect(await checkDueSubscriptions(deps())).toContain(business._id)
    const row = await paidUntilOf(business._id)
    const expected = new Date(end)
    expected.setUTCMonth(expected.getUTCMonth() + 1)
    expect(Math.abs(row.paidUntil!.getTime() - expected.getTime())).toBeLessThan(1000)
    const plan = (await mine(owner)).plan
    expect(plan.subscription?.graceUntil).toBeUndefined()
    expect(plan.subscription?.lastPayment?.status).toBe('approved')
  })

  it('reconciles due subscriptions one process at a time', async () => {
    const shops = await Promise.all([1, 2, 3].map(() => ownerWithShop()))
    const ids: string[] = []
    for (const shop of shops) {
      const res = await subscribe(shop.owner, shop.business._id)
      ids.push(new URL(res.json().url).searchParams.get('preapproval_id')!)
    }
    for (const id of ids) {
      mp.authorizePreapproval(id)
      await db
        .update(planSubscriptions)
        .set({ checkAt: new Date(Date.now() - 1000) })
        .where(eq(planSubscriptions.preapprovalId, id))
    }
    const seen = mp.requests.length
    // Two processes' rounds at once: each subscription is read by one of them.
    await Promise.all([checkDueSubscriptions(deps()), checkDueSubscriptions(deps())])
    const reads = mp.requests
      .slice(seen)
      .filter((r) => r.method === 'GET' && ids.some((id) => r.path === `/preapproval/${id}`))
    expect(reads).toHaveLength(3)
    for (const id of ids) {
      const [row] = await db
        .select()
        .from(planSubscriptions)
        .where(eq(planSubscriptions.preapprovalId, id))
      expect(row?.status).toBe('authorized')
      expect(row?.checkAt).toBeNull()
    }
  })

  it('the owner cancels: no more charges, Premium until paid_until', async () => {
    const { owner, business, preapprovalId } = await subscribed()
    const paidUntil = (await paidUntilOf(business._id)).paidUntil!
    const cancel = () =>
      app(1).inject({
        method: 'DELETE',
        url: `/api/businesses/${business._id}/plan/subscription`,
        headers: bearer(owner.accessToken),
      })
    const res = await cancel()
    expect(res.statusCode).toBe(200)
    const plan = (res.json() as OwnerBusiness).plan
    expect(plan.subscription?.status).toBe('cancelled')
    expect(plan.effective).toBe('pro')
    expect(plan.paidUntil).toBe(paidUntil.toISOString())
    expect(mp.preapprovals.get(preapprovalId)?.status).toBe('cancelled')
    const again = await cancel()
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(SUBSCRIPTION_MESSAGES.noSubscription)
  })

  it('the operator lists the subscriptions with their state; owners may not', async () => {
    const { business } = await subscribed('USD')
    const res = await app().inject({
      method: 'GET',
      url: '/api/operator/subscriptions',
      headers: bearer(operator.accessToken),
    })
    expect(res.statusCode).toBe(200)
    const item = (res.json() as OperatorSubscriptionList).items.find(
      (i) => i.business.id === business._id,
    )
    expect(item).toMatchObject({
      status: 'authorized',
      currency: 'USD',
      amount: 500,
      lastPayment: { status: 'approved' },
    })
    expect(item?.nextPaymentDate).toBeDefined()
    expect(item?.paidUntil).toBeDefined()
    const owner = await registerAndLogin(app())
    const refused = await app().inject({
      method: 'GET',
      url: '/api/operator/subscriptions',
      headers: bearer(owner.accessToken),
    })
    expect(refused.statusCode).toBe(403)
  })
})

describe('Premium by subscription without a platform account', () => {
  it('is not offered, and subscribing is refused in Spanish', async () => {
    const started = await startTestApp({ RATE_LIMIT: 'false' })
    try {
      const info = await started.app.inject({ method: 'GET', url: '/api/plans/payment' })
      expect((info.json() as PlanPaymentInfo).subscription).toBe(false)
      const owner = await registerAndLogin(started.app)
      const business = await createTestBusiness(started.app, owner, { planType: 'free' })
      const res = await started.app.inject({
        method: 'POST',
        url: `/api/businesses/${business._id}/plan/subscription`,
        headers: bearer(owner.accessToken),
        payload: { currency: 'UYU' },
      })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe(SUBSCRIPTION_MESSAGES.notConfigured)
    } finally {
      await started.stop()
    }
  })
})
