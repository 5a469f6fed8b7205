/**
 * Premium billed by subscription (issue 43 §5, ADR 040). The owner subscribes (a Mercado Pago
 * preapproval of the platform's account, monthly, in pesos or dollars) and authorizes it on
 * Mercado Pago's page; the platform's signed notifications — verified by the payments module's
 * one verifier — make the API read the preapproval or the monthly charge from Mercado Pago
 * (never the body, never the return URL) and keep `paid_until` current:
 *
 * - an approved charge extends Premium one month from max(now, paid_until), once per charge id
 *   (`plan_subscription_payments`: duplicates and late deliveries change nothing);
 * - a failed charge leaves Premium for SUBSCRIPTION_GRACE_DAYS more (a notice and a mail); a
 *   retry approved meanwhile extends from the period's real end; otherwise the expiry job ends
 *   it as any paid period;
 * - the owner cancels (no more charges; Premium stays until paid_until).
 *
 * Notifications get lost: pending subscriptions and failed charges are asked about again by a
 * job, one process per subscription (a lease on the row, as the payments' reconciliation).
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import {
  SUBSCRIPTION_GRACE_DAYS,
  SUBSCRIPTION_MESSAGES,
  subscriptionAmount,
  type OwnerBusiness,
  type SubscriptionCurrency,
} from '@vitrina/contracts'
import type { Database } from '../../db/client.js'
import {
  planSubscriptionPayments,
  planSubscriptions,
  products,
  users,
  SUBSCRIPTION_LIVE_CONSTRAINT,
} from '../../db/schema/index.js'
import { AppError, isUniqueViolation } from '../../lib/errors.js'
import { enqueueMail } from '../mail/index.js'
import { lockBusiness, updateBusinessRow } from '../businesses/index.js'
import { loadOwnedBusiness } from '../businesses/service.js'
import {
  MercadoPagoError,
  SIGNATURE_TOLERANCE_S,
  verifyWebhookSignature,
  type MercadoPagoSettings,
} from '../payments/index.js'
import { planConfirmedMail, subscriptionFailedMail } from './mails.js'
import { mailOwnerOf, toOwnerBusiness } from './service.js'
import { latestSubscription } from './subscription-state.js'
import {
  subscriptionApi,
  type MpAuthorizedPayment,
  type MpPreapproval,
} from './subscription-client.js'

export interface SubscriptionDeps {
  db: Database
  publicUrl: string
  mp: MercadoPagoSettings & {
    platformAccessToken?: string | undefined
    platformWebhookSecret?: string | undefined
    /** First re-check of a pending subscription or failed charge, seconds (then doubling). */
    recheckAfterS: number
  }
}

/** A re-check leases its row for this long: a process that dies leaves it to the others. */
const LEASE_S = 120
const MAX_CHECKS = 12
const MAX_BACKOFF_S = 6 * 60 * 60

const unavailable = () => new AppError('UNAVAILABLE', SUBSCRIPTION_MESSAGES.unavailable)

function platformToken(deps: SubscriptionDeps): string {
  const token = deps.mp.platformAccessToken
  if (!token) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.notConfigured)
  return token
}

/** Mercado Pago failed or did not answer: a Spanish 503, never a 500 (nor its body). */
function mpFailure(error: unknown): AppError {
  if (error instanceof MercadoPagoError) return unavailable()
  throw error
}

// ---------------------------------------------------------------------------------------------
// The owner subscribes and cancels

/**
 * POST /businesses/{id}/plan/subscription: a monthly preapproval in the chosen currency; the
 * owner is sent to its init_point and comes back to the dashboard. A pending one not authorized
 * is replaced (cancelled at Mercado Pago too); an authorized or paused one is a 409.
 */
export async function subscribe(
  deps: SubscriptionDeps,
  userId: string,
  businessId: string,
  currency: SubscriptionCurrency,
): Promise<{ url: string }> {
  const token = platformToken(deps)
  const business = await loadOwnedBusiness(deps.db, businessId, userId)
  const current = await latestSubscription(deps.db, businessId)
  if (current && (current.status === 'authorized' || current.status === 'paused')) {
    throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.alreadySubscribed)
  }
  if (current?.status === 'pending') {
    await subscriptionApi.cancel(deps.mp, token, current.preapprovalId).catch(() => undefined)
    await deps.db
      .update(planSubscriptions)
      .set({ status: 'cancelled', checkAt: null, updatedAt: sql`now()` })
      .where(and(eq(planSubscriptions.id, current.id), eq(planSubscriptions.status, 'pending')))
  }
  const [owner] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
  const amount = subscriptionAmount(currency)
  let preapproval: MpPreapproval
  try {
    preapproval = await subscriptionApi.create(deps.mp, token, {
      reason: `Plan Premium de Vitrina: ${business.name}`.slice(0, 250),
      external_reference: business.id,
      payer_email: owner!.email,
      back_url: `${deps.publicUrl}/admin/mi-negocio`,
      auto_recurring: {
        frequency: 1,
        frequency_type: 'months',
        transaction_amount: amount / 100,
        currency_id: currency,
      },
      status: 'pending',
    })
  } catch (error) {
    throw mpFailure(error)
  }
  try {
    await deps.db.insert(planSubscriptions).values({
      businessId: business.id,
      preapprovalId: String(preapproval.id),
      status: preapproval.status === 'authorized' ? 'authorized' : 'pending',
      currency,
      amount,
      initPoint: preapproval.init_point,
      nextPaymentDate: preapproval.next_payment_date
        ? new Date(preapproval.next_payment_date)
        : null,
      checkAt: sql`now() + make_interval(secs => ${deps.mp.recheckAfterS})`,
    })
  } catch (error) {
    if (isUniqueViolation(error, SUBSCRIPTION_LIVE_CONSTRAINT)) {
      throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.alreadySubscribed)
    }
    throw error
  }
  return { url: preapproval.init_point }
}

/** DELETE /businesses/{id}/plan/subscription: no more charges; Premium stays until paid_until. */
export async function cancelSubscription(
  deps: SubscriptionDeps,
  userId: string,
  businessId: string,
): Promise<OwnerBusiness> {
  const token = platformToken(deps)
  const business = await loadOwnedBusiness(deps.db, businessId, userId)
  const current = await latestSubscription(deps.db, businessId)
  if (!current || current.status === 'cancelled') {
    throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.noSubscription)
  }
  try {
    await subscriptionApi.cancel(deps.mp, token, current.preapprovalId)
  } catch (error) {
    throw mpFailure(error)
  }
  await deps.db
    .update(planSubscriptions)
    .set({ status: 'cancelled', checkAt: null, updatedAt: sql`now()` })
    .where(eq(planSubscriptions.id, current.id))
  return toOwnerBusiness(deps.db, business)
}

// ---------------------------------------------------------------------------------------------
// Notifications and what Mercado Pago says

export interface SubscriptionNotification {
  signature: string | undefined
  requestId: string | undefined
  dataId: string | undefined
  type: string | undefined
}

export type SubscriptionOutcome = {
  result: 'changed' | 'unchanged' | 'flagged' | 'unknown' | 'ignored'
  /** The business whose plan changed (its cached reads are dropped). */
  businessId?: string
}

/**
 * POST /api/plans/subscriptions/notifications: verified as the shops' payment notifications
 * are (one verifier), then read from Mercado Pago with the platform's token and applied.
 */
export async function handleSubscriptionNotification(
  deps: SubscriptionDeps,
  n: SubscriptionNotification,
): Promise<SubscriptionOutcome> {
  const secret = deps.mp.platformWebhookSecret
  if (!secret || !verifyWebhookSignature([secret], n, SIGNATURE_TOLERANCE_S)) {
    throw new AppError('UNAUTHORIZED', SUBSCRIPTION_MESSAGES.signatureInvalid)
  }
  const token = platformToken(deps)
  if (!n.dataId || !/^[\w-]{1,64}$/.test(n.dataId)) return { result: 'ignored' }
  try {
    if (n.type === 'subscription_preapproval') {
      return await applyPreapproval(deps, await subscriptionApi.get(deps.mp, token, n.dataId))
    }
    if (n.type === 'subscription_authorized_payment') {
      const charge = await subscriptionApi.authorizedPayment(deps.mp, token, n.dataId)
      return await applyCharge(deps, charge)
    }
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status === 404) return { result: 'unknown' }
    throw mpFailure(error)
  }
  return { result: 'ignored' }
}

/** The preapproval's state and next charge, as Mercado Pago reports them now. */
export async function applyPreapproval(
  deps: Pick<SubscriptionDeps, 'db'>,
  preapproval: MpPreapproval,
): Promise<SubscriptionOutcome> {
  const next = preapproval.next_payment_date ? new Date(preapproval.next_payment_date) : null
  const updated = await deps.db
    .update(planSubscriptions)
    .set({ status: preapproval.status, nextPaymentDate: next, updatedAt: sql`now()` })
    .where(
      and(
        eq(planSubscriptions.preapprovalId, String(preapproval.id)),
        // One cancelled here stays so (a replaced pending one authorized late must not become a
        // second live subscription); its charges, if any, are still applied.
        ne(planSubscriptions.status, 'cancelled'),
        sql`(${planSubscriptions.status} IS DISTINCT FROM ${preapproval.status}
          OR ${planSubscriptions.nextPaymentDate} IS DISTINCT FROM ${next?.toISOString() ?? null}::timestamptz)`,
      ),
    )
    .returning({ businessId: planSubscriptions.businessId })
  if (updated.length > 0) return { result: 'changed', businessId: updated[0]!.businessId }
  const [known] = await deps.db
    .select({ id: planSubscriptions.id })
    .from(planSubscriptions)
    .where(eq(planSubscriptions.preapprovalId, String(preapproval.id)))
  return { result: known ? 'unchanged' : 'unknown' }
}

/**
 * One monthly charge. Under the subscription's row lock: a charge already applied as approved
 * changes nothing; approved → Premium one month more (from the period's real end when in
 * grace); rejected → grace, unless a later charge was approved already. An amount or currency
 * that is not the subscription's is recorded and never extends anything.
 */
export async function applyCharge(
  deps: Pick<SubscriptionDeps, 'db'>,
  charge: MpAuthorizedPayment,
): Promise<SubscriptionOutcome> {
  const chargeId = String(charge.id)
  const paymentStatus = charge.payment?.status
  const outcome =
    paymentStatus === 'approved' ? 'approved' : paymentStatus === 'rejected' ? 'rejected' : null
  if (!outcome) return { result: 'unchanged' }
  const chargedAt = new Date(charge.debit_date ?? charge.date_created)
  return deps.db.transaction(async (tx): Promise<SubscriptionOutcome> => {
    const [sub] = await tx
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.preapprovalId, String(charge.preapproval_id)))
      .for('update')
    if (!sub) return { result: 'unknown' }
    const [seen] = await tx
      .select()
      .from(planSubscriptionPayments)
      .where(eq(planSubscriptionPayments.authorizedPaymentId, chargeId))
    if (
      seen &&
      (seen.status === 'approved' || seen.status === outcome || seen.status === 'flagged')
    ) {
      return { result: 'unchanged' }
    }
    const amount = Math.round(charge.transaction_amount * 100)
    const record = { subscriptionId: sub.id, amount, currency: charge.currency_id }

    if (outcome === 'approved' && (amount !== sub.amount || charge.currency_id !== sub.currency)) {
      await tx
        .insert(planSubscriptionPayments)
        .values({ authorizedPaymentId: chargeId, ...record, status: 'flagged' })
        .onConflictDoUpdate({
          target: planSubscriptionPayments.authorizedPaymentId,
          set: { status: 'flagged', updatedAt: sql`now()` },
        })
      return { result: 'flagged', businessId: sub.businessId }
    }

    const business = await lockBusiness(tx, sub.businessId)
    if (!business) return { result: 'unknown' }

    if (outcome === 'rejected') {
      await tx
        .insert(planSubscriptionPayments)
        .values({ authorizedPaymentId: chargeId, ...record, status: 'rejected' })
        .onConflictDoNothing()
      // A failure older than an approved charge is history: nothing to warn about.
      if (
        sub.lastPaymentStatus === 'approved' &&
        sub.lastPaymentAt &&
        sub.lastPaymentAt >= chargedAt
      ) {
        return { result: 'unchanged' }
      }
      const inPro = business.effectivePlan === 'pro' && business.paidUntil !== null
      let graceUntil: Date | null = sub.graceUntil
      if (inPro && !sub.graceFrom) {
        const from = business.paidUntil!
        const start = from > new Date() ? from : new Date()
        graceUntil = new Date(start.getTime() + SUBSCRIPTION_GRACE_DAYS * 86_400_000)
        // The expiry job ends Premium at the grace's end; its 7-day warning is this mail.
        await updateBusinessRow(tx, business.id, {
          paidUntil: graceUntil,
          expiryWarningFor: graceUntil,
        })
      }
      await tx
        .update(planSubscriptions)
        .set({
          lastPaymentId: chargeId,
          lastPaymentStatus: 'rejected',
          lastPaymentAt: chargedAt,
          ...(inPro && !sub.graceFrom ? { graceFrom: business.paidUntil, graceUntil } : {}),
          checkAt: sql`now() + make_interval(secs => ${LEASE_S})`,
          checks: 0,
          updatedAt: sql`now()`,
        })
        .where(eq(planSubscriptions.id, sub.id))
      if (inPro && graceUntil) {
        await enqueueMail(tx, subscriptionFailedMail(await mailOwnerOf(tx, business), graceUntil))
      }
      return { result: 'changed', businessId: business.id }
    }

    // Approved: one month from the later of now and the paid period's real end.
    const base =
      business.effectivePlan === 'pro' ? (sub.graceFrom ?? business.paidUntil) : business.paidUntil
    const [end] = (
      (await tx.execute(sql`
        SELECT greatest(now(), coalesce(${base?.toISOString() ?? null}::timestamptz, now()))
          + make_interval(months => 1) AS paid_until`)) as unknown as {
        rows: { paid_until: string | Date }[]
      }
    ).rows
    const paidUntil = new Date(end!.paid_until)
    await tx
      .insert(planSubscriptionPayments)
      .values({ authorizedPaymentId: chargeId, ...record, status: 'approved', paidUntil })
      .onConflictDoUpdate({
        target: planSubscriptionPayments.authorizedPaymentId,
        set: { status: 'approved', paidUntil, updatedAt: sql`now()` },
      })
    const updated = await updateBusinessRow(tx, business.id, {
      effectivePlan: 'pro',
      planType: 'pro',
      paidUntil,
    })
    // Products an expiry hid come back, as with a confirmed transfer.
    await tx
      .update(products)
      .set({ status: 'active', updatedAt: sql`now()` })
      .where(and(eq(products.businessId, business.id), eq(products.status, 'hidden')))
    const newer = !sub.lastPaymentAt || chargedAt >= sub.lastPaymentAt
    await tx
      .update(planSubscriptions)
      .set({
        ...(newer
          ? { lastPaymentId: chargeId, lastPaymentStatus: 'approved', lastPaymentAt: chargedAt }
          : {}),
        graceFrom: null,
        graceUntil: null,
        checkAt: sub.status === 'pending' ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(planSubscriptions.id, sub.id))
    await enqueueMail(tx, planConfirmedMail(await mailOwnerOf(tx, updated), paidUntil))
    return { result: 'changed', businessId: business.id }
  })
}

// ---------------------------------------------------------------------------------------------
// Reconciliation

/**
 * One round of the job: claims the subscriptions due to be asked about again — pending ones and
 * failed charges — as the payments' reconciliation claims orders (SKIP LOCKED, counted, leased
 * for LEASE_S), reads them from Mercado Pago and applies what it reads. Returns the businesses
 * whose plan changed.
 */
export async function checkDueSubscriptions(deps: SubscriptionDeps, limit = 20): Promise<string[]> {
  if (!deps.mp.platformAccessToken) return []
  const token = deps.mp.platformAccessToken
  const claimed = (
    (await deps.db.execute(sql`
      UPDATE plan_subscriptions SET checks = checks + 1,
        check_at = now() + make_interval(secs => ${LEASE_S})
      WHERE id IN (
        SELECT id FROM plan_subscriptions
        WHERE check_at IS NOT NULL AND check_at <= now()
        ORDER BY check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, preapproval_id, last_payment_id, last_payment_status, checks`)) as unknown as {
      rows: {
        id: string
        preapproval_id: string
        last_payment_id: string | null
        last_payment_status: string | null
        checks: number
      }[]
    }
  ).rows
  const changed: string[] = []
  for (const row of claimed) {
    try {
      const pre = await subscriptionApi.get(deps.mp, token, row.preapproval_id)
      const a = await applyPreapproval(deps, pre)
      if (a.businessId) changed.push(a.businessId)
      if (row.last_payment_status === 'rejected' && row.last_payment_id) {
        const charge = await subscriptionApi.authorizedPayment(deps.mp, token, row.last_payment_id)
        const b = await applyCharge(deps, charge)
        if (b.result === 'changed' && b.businessId) changed.push(b.businessId)
      }
    } catch {
      // Mercado Pago did not answer: the lease runs out and the next round asks again.
      continue
    }
    const [sub] = await deps.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.id, row.id))
    const stillOpen =
      sub && (sub.status === 'pending' || (sub.lastPaymentStatus === 'rejected' && sub.graceFrom))
    const next =
      stillOpen && row.checks < MAX_CHECKS
        ? Math.min(deps.mp.recheckAfterS * 2 ** (row.checks - 1), MAX_BACKOFF_S)
        : null
    await deps.db
      .update(planSubscriptions)
      .set({ checkAt: next === null ? null : sql`now() + make_interval(secs => ${next})` })
      .where(eq(planSubscriptions.id, row.id))
  }
  return changed
}
