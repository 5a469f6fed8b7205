/**
 * The operator's side of payments (issue 23 §2–3): the pending plan requests, and the decision on
 * each — confirm (the plan becomes pro until a date: a renewal extends the current period, and
 * products hidden by an expiry come back) or reject with a reason. Each decision is written to the
 * audit log in the transaction of the change, and mails the owner.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  PLAN_MESSAGES,
  type ConfirmPaymentInput,
  type OperatorPayment,
  type PaymentDecision,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import { businesses, planRequests, products, users } from '../../db/schema/index.js'
import { AppError } from '../../lib/errors.js'
import { enqueueMail } from '../mail/index.js'
import { lockBusiness, updateBusinessRow } from '../businesses/index.js'
import { recordOperatorAction } from '../operator/index.js'
import { planConfirmedMail, planRejectedMail } from './mails.js'
import { mailOwnerOf } from './service.js'

const paymentNotFound = () => new AppError('NOT_FOUND', PLAN_MESSAGES.paymentNotFound)
const alreadyDecided = () => new AppError('CONFLICT', PLAN_MESSAGES.paymentAlreadyDecided)
const isId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

/** GET /operator/payments: pending requests, oldest first (the first to pay is the first served). */
export async function listPendingPayments(db: Executor): Promise<{ items: OperatorPayment[] }> {
  const rows = await db
    .select({
      request: planRequests,
      businessName: businesses.name,
      identifier: businesses.identifier,
      paidUntil: businesses.paidUntil,
      effectivePlan: businesses.effectivePlan,
      ownerEmail: users.email,
    })
    .from(planRequests)
    .innerJoin(businesses, eq(businesses.id, planRequests.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(eq(planRequests.status, 'pending'))
    .orderBy(asc(planRequests.createdAt), asc(planRequests.id))
  return {
    items: rows.map((row) => ({
      id: row.request.id,
      business: { id: row.request.businessId, name: row.businessName, identifier: row.identifier },
      ownerEmail: row.ownerEmail,
      plan: row.request.plan,
      months: row.request.months,
      amount: { uyu: row.request.amountUyu, usd: row.request.amountUsd },
      requestedAt: row.request.createdAt.toISOString(),
      ...(row.paidUntil && row.effectivePlan === 'pro'
        ? { paidUntil: row.paidUntil.toISOString() }
        : {}),
    })),
  }
}

/** The pending request, locked; 404 unknown, 409 already decided. */
async function lockPending(tx: Executor, id: string) {
  if (!isId(id)) throw paymentNotFound()
  const [request] = await tx
    .select()
    .from(planRequests)
    .where(eq(planRequests.id, id))
    .for('update')
  if (!request) throw paymentNotFound()
  if (request.status !== 'pending') throw alreadyDecided()
  return request
}

export interface DecisionDeps {
  db: Database
  wakeMail: () => void
  /** Drops the cached public reads of the business (products may have come back). */
  invalidate: (businessId: string) => void
}

/**
 * POST /operator/payments/{id}/confirm: pro until `months` after the later of now and the current
 * end of a pro period (a renewal paid early loses no day).
 */
export async function confirmPayment(
  deps: DecisionDeps,
  operatorId: string,
  id: string,
  input: { months: number; reference: string } | ConfirmPaymentInput,
): Promise<PaymentDecision> {
  const months = Number(input.months)
  const { request, paidUntil } = await deps.db.transaction(async (tx) => {
    const request = await lockPending(tx, id)
    const business = await lockBusiness(tx, request.businessId)
    if (!business) throw paymentNotFound()
    const [end] = await tx
      .execute<{ paid_until: string | Date }>(
        sql`
      SELECT (greatest(now(), CASE WHEN ${business.effectivePlan} = 'pro'
        THEN coalesce(${business.paidUntil?.toISOString() ?? null}::timestamptz, now())
        ELSE now() END) + make_interval(months => ${months})) AS paid_until`,
      )
      .then((r) => (r as unknown as { rows: { paid_until: string | Date }[] }).rows)
    const paidUntil = new Date(end!.paid_until)
    const before = {
      effectivePlan: business.effectivePlan,
      paidUntil: business.paidUntil?.toISOString() ?? null,
    }
    const updated = await updateBusinessRow(tx, business.id, {
      effectivePlan: 'pro',
      planType: 'pro',
      paidUntil,
    })
    // Products an expiry hid come back: the plan shows them all again.
    await tx
      .update(products)
      .set({ status: 'active', updatedAt: sql`now()` })
      .where(and(eq(products.businessId, business.id), eq(products.status, 'hidden')))
    await tx
      .update(planRequests)
      .set({
        status: 'confirmed',
        months,
        reference: String(input.reference).trim(),
        paidUntil,
        decidedBy: operatorId,
        decidedAt: sql`now()`,
      })
      .where(eq(planRequests.id, request.id))
    await recordOperatorAction(tx, {
      operatorId,
      action: 'payment.confirm',
      targetType: 'business',
      targetId: business.id,
      before,
      after: {
        effectivePlan: 'pro',
        paidUntil: paidUntil.toISOString(),
        request: request.id,
        months,
        reference: String(input.reference).trim(),
      },
    })
    await enqueueMail(tx, planConfirmedMail(await mailOwnerOf(tx, updated), paidUntil))
    return { request, paidUntil }
  })
  deps.wakeMail()
  deps.invalidate(request.businessId)
  return { id: request.id, status: 'confirmed', paidUntil: paidUntil.toISOString() }
}

/** POST /operator/payments/{id}/reject: the request is closed; the owner learns why. */
export async function rejectPayment(
  deps: DecisionDeps,
  operatorId: string,
  id: string,
  reason: string,
): Promise<PaymentDecision> {
  const request = await deps.db.transaction(async (tx) => {
    const request = await lockPending(tx, id)
    const business = await lockBusiness(tx, request.businessId)
    if (!business) throw paymentNotFound()
    const updated = await updateBusinessRow(tx, business.id, { planType: business.effectivePlan })
    await tx
      .update(planRequests)
      .set({ status: 'rejected', reason, decidedBy: operatorId, decidedAt: sql`now()` })
      .where(eq(planRequests.id, request.id))
    await recordOperatorAction(tx, {
      operatorId,
      action: 'payment.reject',
      targetType: 'business',
      targetId: business.id,
      reason,
      before: { request: request.id, status: 'pending', months: request.months },
      after: { request: request.id, status: 'rejected' },
    })
    await enqueueMail(tx, planRejectedMail(await mailOwnerOf(tx, updated), reason))
    return request
  })
  deps.wakeMail()
  return { id: request.id, status: 'rejected' }
}
