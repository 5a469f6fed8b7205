/**
 * Issue 23 §2–3, the operator's side of payments: pending requests, confirm (pro until a date,
 * renewals extend, the 21st product is accepted), reject with a reason, the role matrix, the
 * audit log written with each decision, and a mail to the owner at each step.
 */
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import {
  AUTH_MESSAGES,
  PLAN_MAILS,
  PLAN_MESSAGES,
  PRODUCT_MESSAGES,
  formatPlanDate,
  type OperatorPayment,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { businesses, operatorAuditLog, planRequests, products } from '../src/db/schema/index.js'
import { runPlanExpiry } from '../src/modules/plans/expiry.js'
import { useTestApp } from './helpers/app.js'
import {
  bearer,
  mailsOf,
  randomClientIp,
  registerAndLogin,
  registerOperator,
  type TestAccount,
} from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import {
  catalogueItems,
  insertCatalogue,
  mainImage,
  postProduct,
  productFields,
} from './helpers/products.js'

const DAY_MS = 24 * 60 * 60 * 1000

describe('operator payments', () => {
  const t = useTestApp()
  let operator: TestAccount

  async function ownerWithRequest(n = 20, months = 1) {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { planType: 'free' })
    if (n > 0) await insertCatalogue(t.db, business._id, catalogueItems(n))
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/businesses/${business._id}/plan`,
      headers: bearer(owner.accessToken),
      remoteAddress: randomClientIp(),
      payload: { plan: 'pro', months },
    })
    expect(asked.statusCode).toBe(201)
    const requestId = (asked.json() as OwnerBusiness).plan.pendingRequest!.id
    return { owner, business, requestId }
  }

  const as = (account: TestAccount | null) => (account ? bearer(account.accessToken) : {})

  function list(account: TestAccount | null = operator) {
    return t.app.inject({ method: 'GET', url: '/api/operator/payments', headers: as(account) })
  }
  function confirm(id: string, body: unknown, account: TestAccount | null = operator) {
    return t.app.inject({
      method: 'POST',
      url: `/api/operator/payments/${id}/confirm`,
      headers: as(account),
      payload: body as object,
    })
  }
  function reject(id: string, body: unknown, account: TestAccount | null = operator) {
    return t.app.inject({
      method: 'POST',
      url: `/api/operator/payments/${id}/reject`,
      headers: as(account),
      payload: body as object,
    })
  }

  it('answers 401 to the anonymous and 403 to an owner on every payments route', async () => {
    operator = await registerOperator(t.app)
    const { owner, requestId } = await ownerWithRequest(0)
    const calls = [
      (who: TestAccount | null) => list(who),
      (who: TestAccount | null) => confirm(requestId, { months: 1, reference: 'x' }, who),
      (who: TestAccount | null) => reject(requestId, { reason: 'x' }, who),
    ]
    for (const call of calls) {
      const anonymous = await call(null)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthorized)
      const asOwner = await call(owner)
      expect(asOwner.statusCode).toBe(403)
      expect(asOwner.json().message).toBe(AUTH_MESSAGES.operatorOnly)
    }
    const [row] = await t.db.select().from(planRequests).where(eq(planRequests.id, requestId))
    expect(row!.status).toBe('pending')
  })

  it('lists pending requests with business, owner e-mail, plan, months, amount and date', async () => {
    operator ??= await registerOperator(t.app)
    const { owner, business, requestId } = await ownerWithRequest(0, 6)
    const response = await list()
    expect(response.statusCode).toBe(200)
    const item = (response.json().items as OperatorPayment[]).find((p) => p.id === requestId)
    expect(item).toMatchObject({
      business: { id: business._id, name: business.name, identifier: business.identifier },
      ownerEmail: owner.user.email,
      plan: 'pro',
      months: 6,
      amount: { uyu: 1200, usd: 30 },
    })
    expect(Date.parse(item!.requestedAt)).not.toBeNaN()
  })

  it('confirms: pro until a date, the 21st product accepted, audited, mailed, gone from the list', async () => {
    operator ??= await registerOperator(t.app)
    const { owner, business, requestId } = await ownerWithRequest(20)
    const refused = await postProduct(
      t.app,
      owner,
      productFields(business._id),
      await mainImage(),
      randomClientIp(),
    )
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(PRODUCT_MESSAGES.planLimitReached)

    const before = Date.now()
    const response = await confirm(requestId, { months: 3, reference: ' BROU 998877 ' })
    expect(response.statusCode).toBe(200)
    const paidUntil = new Date(response.json().paidUntil as string)
    expect(paidUntil.getTime()).toBeGreaterThan(before + 88 * DAY_MS)
    expect(paidUntil.getTime()).toBeLessThan(before + 93 * DAY_MS)

    const accepted = await postProduct(
      t.app,
      owner,
      productFields(business._id),
      await mainImage(),
      randomClientIp(),
    )
    expect(accepted.statusCode).toBe(201)

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    expect((mine.json() as OwnerBusiness).plan).toMatchObject({
      requested: 'pro',
      effective: 'pro',
      status: 'active',
      paidUntil: paidUntil.toISOString(),
      usage: { products: 21, limit: null },
    })
    const [request] = await t.db.select().from(planRequests).where(eq(planRequests.id, requestId))
    expect(request).toMatchObject({
      status: 'confirmed',
      months: 3,
      reference: 'BROU 998877',
      decidedBy: operator.user._id,
    })
    const audit = await t.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.targetId, business._id),
          eq(operatorAuditLog.action, 'payment.confirm'),
        ),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]!.operatorEmail).toBe(operator.user.email)
    const mails = await mailsOf(t.app, owner.user.email, 'plan-confirmed')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(PLAN_MAILS.confirmedSubject)
    expect(mails[0]!.text).toContain(formatPlanDate(paidUntil))
    expect((await list()).json().items.map((p: OperatorPayment) => p.id)).not.toContain(requestId)

    const twice = await confirm(requestId, { months: 1, reference: 'otra' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe(PLAN_MESSAGES.paymentAlreadyDecided)
  })

  it('extends from the current end when renewing, and brings hidden products back', async () => {
    operator ??= await registerOperator(t.app)
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { planType: 'free' })
    await insertCatalogue(t.db, business._id, catalogueItems(22))
    const currentEnd = new Date(Date.now() + 10 * DAY_MS)
    await t.db
      .update(businesses)
      .set({ effectivePlan: 'pro', planType: 'pro', paidUntil: currentEnd })
      .where(eq(businesses.id, business._id))
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/businesses/${business._id}/plan`,
      headers: bearer(owner.accessToken),
      remoteAddress: randomClientIp(),
      payload: { plan: 'pro', months: 1 },
    })
    const requestId = (asked.json() as OwnerBusiness).plan.pendingRequest!.id
    const renewed = await confirm(requestId, { months: 1, reference: 'MP-1' })
    const end = new Date(renewed.json().paidUntil as string)
    expect(end.getTime()).toBeGreaterThan(currentEnd.getTime() + 27 * DAY_MS)
    expect(end.getTime()).toBeLessThan(currentEnd.getTime() + 32 * DAY_MS)

    // It ends, products beyond 20 are hidden; a new confirmed payment shows them all again.
    await runPlanExpiry(t.db, new Date(end.getTime() + 1000))
    const hidden = () =>
      t.db
        .select()
        .from(products)
        .where(and(eq(products.businessId, business._id), eq(products.status, 'hidden')))
    expect(await hidden()).toHaveLength(2)
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/businesses/${business._id}/plan`,
      headers: bearer(owner.accessToken),
      remoteAddress: randomClientIp(),
      payload: { plan: 'pro', months: 1 },
    })
    await confirm((again.json() as OwnerBusiness).plan.pendingRequest!.id, {
      months: 1,
      reference: 'MP-2',
    })
    expect(await hidden()).toHaveLength(0)
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/products/${business._id}/business?pageSize=48`,
    })
    expect(listed.json().total).toBe(22)
  })

  it('rejects with a reason: still free, audited, mailed with the reason', async () => {
    operator ??= await registerOperator(t.app)
    const { owner, business, requestId } = await ownerWithRequest(0)
    const response = await reject(requestId, { reason: 'No recibimos la transferencia' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ id: requestId, status: 'rejected' })
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    expect((mine.json() as OwnerBusiness).plan).toMatchObject({
      requested: 'free',
      effective: 'free',
      status: 'active',
    })
    const mails = await mailsOf(t.app, owner.user.email, 'plan-rejected')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('No recibimos la transferencia')
    const audit = await t.db
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.targetId, business._id),
          eq(operatorAuditLog.action, 'payment.reject'),
        ),
      )
    expect(audit[0]!.reason).toBe('No recibimos la transferencia')
  })

  it('refuses bad decisions with Spanish messages and changes nothing', async () => {
    operator ??= await registerOperator(t.app)
    const { requestId } = await ownerWithRequest(0)
    const cases: [() => ReturnType<typeof confirm>, number, string][] = [
      [() => confirm(requestId, { months: 0, reference: 'x' }), 400, PLAN_MESSAGES.monthsInvalid],
      [() => confirm(requestId, { months: 13, reference: 'x' }), 400, PLAN_MESSAGES.monthsInvalid],
      [() => confirm(requestId, { months: 1 }), 400, PLAN_MESSAGES.referenceRequired],
      [
        () => confirm(requestId, { months: 1, reference: '   ' }),
        400,
        PLAN_MESSAGES.referenceRequired,
      ],
      [
        () => confirm(requestId, { months: 1, reference: 'x'.repeat(121) }),
        400,
        PLAN_MESSAGES.referenceMax,
      ],
      [() => reject(requestId, {}), 400, PLAN_MESSAGES.reasonRequired],
      [() => reject(requestId, { reason: 'x'.repeat(501) }), 400, PLAN_MESSAGES.reasonMax],
      [
        () => confirm('00000000-0000-4000-8000-000000000000', { months: 1, reference: 'x' }),
        404,
        PLAN_MESSAGES.paymentNotFound,
      ],
      [() => reject('no-es-un-id', { reason: 'x' }), 404, PLAN_MESSAGES.paymentNotFound],
    ]
    for (const [call, status, message] of cases) {
      const response = await call()
      expect(response.statusCode).toBe(status)
      expect(response.json().message).toBe(message)
    }
    const [row] = await t.db.select().from(planRequests).where(eq(planRequests.id, requestId))
    expect(row!.status).toBe('pending')
  })
})
