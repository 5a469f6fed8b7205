/**
 * Issue 43 (ADR 037): the payment accounts, the online payment columns of orders and their
 * events. Every change of an order's payment is a conditional UPDATE on the state it was read in
 * (`payment_status`, `payment_id`, `payment_refunded`): of concurrent notifications only one
 * moves it; the others find the row changed, read it again and see nothing left to do.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { PaymentSource, PaymentStatus } from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import {
  businesses,
  orders,
  paymentAccounts,
  paymentEvents,
  users,
  type PaymentAccountRow,
} from '../../db/schema/index.js'

export async function findAccount(
  db: Executor,
  businessId: string,
): Promise<PaymentAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.businessId, businessId))
    .limit(1)
  return row
}

export async function hasAccount(db: Executor, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentAccounts.businessId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.businessId, businessId))
    .limit(1)
  return Boolean(row)
}

export async function saveAccount(
  db: Executor,
  row: Omit<PaymentAccountRow, 'connectedAt' | 'updatedAt' | 'refreshLeaseUntil' | 'provider'>,
): Promise<void> {
  await db
    .insert(paymentAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: paymentAccounts.businessId,
      set: {
        method: row.method,
        credentials: row.credentials,
        accountId: row.accountId,
        accountName: row.accountName,
        siteId: row.siteId,
        expiresAt: row.expiresAt,
        refreshLeaseUntil: null,
        connectedAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
}

export async function deleteAccount(db: Executor, businessId: string): Promise<boolean> {
  const rows = await db
    .delete(paymentAccounts)
    .where(eq(paymentAccounts.businessId, businessId))
    .returning({ id: paymentAccounts.businessId })
  return rows.length > 0
}

/**
 * Leases the account's OAuth refresh to this process for `leaseS` (one process refreshes at a
 * time); false when another holds it.
 */
export async function leaseRefresh(
  db: Executor,
  businessId: string,
  leaseS: number,
): Promise<boolean> {
  const rows = await db
    .update(paymentAccounts)
    .set({ refreshLeaseUntil: sql`now() + make_interval(secs => ${leaseS})` })
    .where(
      and(
        eq(paymentAccounts.businessId, businessId),
        sql`(${paymentAccounts.refreshLeaseUntil} IS NULL OR ${paymentAccounts.refreshLeaseUntil} < now())`,
      ),
    )
    .returning({ id: paymentAccounts.businessId })
  return rows.length > 0
}

export async function saveRefreshed(
  db: Executor,
  businessId: string,
  credentials: string,
  expiresAt: Date | null,
): Promise<void> {
  await db
    .update(paymentAccounts)
    .set({ credentials, expiresAt, refreshLeaseUntil: null, updatedAt: sql`now()` })
    .where(eq(paymentAccounts.businessId, businessId))
}

/** The OAuth accounts whose token expires within `withinS` (the refresh job's round). */
export async function accountsExpiringWithin(db: Executor, withinS: number) {
  return db
    .select({ businessId: paymentAccounts.businessId })
    .from(paymentAccounts)
    .where(
      and(
        eq(paymentAccounts.method, 'oauth'),
        isNotNull(paymentAccounts.expiresAt),
        lte(paymentAccounts.expiresAt, sql`now() + make_interval(secs => ${withinS})`),
      ),
    )
    .limit(50)
}

export const paymentOrderColumns = {
  id: orders.id,
  businessId: orders.businessId,
  code: orders.code,
  status: orders.status,
  items: orders.items,
  totals: orders.totals,
  stockTaken: orders.stockTaken,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  paymentId: orders.paymentId,
  paymentRefunded: orders.paymentRefunded,
  paymentFlag: orders.paymentFlag,
  paymentChecks: orders.paymentChecks,
}

export type PaymentOrder = Awaited<ReturnType<typeof findPaymentOrder>> & {}

/** The order of `businessId` with this id (uuid checked by the caller), for its payment. */
export async function findPaymentOrder(db: Executor, businessId: string, orderId: string) {
  const [row] = await db
    .select({
      ...paymentOrderColumns,
      ownerEmail: users.email,
      ownerName: users.name,
      businessName: businesses.name,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .where(and(eq(orders.id, orderId), eq(orders.businessId, businessId)))
    .limit(1)
  return row
}

/**
 * Moves the order's payment from the state read (`from`) to `to`; undefined when it was no
 * longer in `from` (a concurrent change got there first).
 */
export async function movePayment(
  tx: Executor,
  orderId: string,
  from: { status: PaymentStatus | null; paymentId: string | null; refunded: number },
  to: {
    status: PaymentStatus
    paymentId: string | null
    refunded: number
    flag?: string | null
    /** Seconds until the reconciliation asks again; null: never (a settled payment). */
    recheckInS: number | null
  },
): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({
      paymentStatus: to.status,
      paymentId: to.paymentId,
      paymentRefunded: to.refunded,
      ...(to.flag !== undefined ? { paymentFlag: to.flag } : {}),
      paymentCheckAt:
        to.recheckInS === null ? null : sql`now() + make_interval(secs => ${to.recheckInS})`,
      paymentChecks: 0,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        sql`${orders.paymentStatus} IS NOT DISTINCT FROM ${from.status}`,
        sql`${orders.paymentId} IS NOT DISTINCT FROM ${from.paymentId}`,
        eq(orders.paymentRefunded, from.refunded),
      ),
    )
    .returning({ id: orders.id })
  return rows.length > 0
}

/** Flags the order (once): undefined when it already was. */
export async function flagPayment(tx: Executor, orderId: string, flag: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ paymentFlag: flag, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), sql`${orders.paymentFlag} IS DISTINCT FROM ${flag}`))
    .returning({ id: orders.id })
  return rows.length > 0
}

/** Records a payment event once (the same payment, state and refund add nothing). */
export async function recordEvent(
  tx: Executor,
  event: {
    orderId: string
    status: PaymentStatus
    paymentId: string | null
    refunded: number
    amount: number | null
    currency: string | null
    flag: string | null
    source: PaymentSource
  },
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ ...event, paymentId: event.paymentId ?? '' })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id })
  return rows.length > 0
}

export async function eventsOf(db: Executor, orderId: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id))
}

/** The payment starts (the shopper chose Mercado Pago): pending, asked about after `recheckS`. */
export async function startOnlinePayment(
  db: Executor,
  orderId: string,
  recheckS: number,
): Promise<void> {
  await db
    .update(orders)
    .set({
      paymentStatus: sql`coalesce(${orders.paymentStatus}, 'pendiente')`,
      paymentCheckAt: sql`coalesce(${orders.paymentCheckAt}, now() + make_interval(secs => ${recheckS}))`,
    })
    .where(eq(orders.id, orderId))
  await db
    .insert(paymentEvents)
    .values({ orderId, status: 'pendiente', paymentId: '', source: 'checkout' })
    .onConflictDoNothing()
}

/**
 * Claims up to `limit` orders whose pending payment is due to be asked about again, as the mail
 * outbox claims mails: the rows are locked with SKIP LOCKED, counted and leased for `leaseS`
 * (not due again meanwhile), so one process at a time asks about each, and a process that dies
 * leaves them to be claimed once the lease runs out.
 */
export async function claimDueChecks(db: Database, limit: number, leaseS: number) {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.paymentCheckAt), lte(orders.paymentCheckAt, sql`now()`)))
    .orderBy(asc(orders.paymentCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(orders)
    .set({
      paymentChecks: sql`${orders.paymentChecks} + 1`,
      paymentCheckAt: sql`now() + make_interval(secs => ${leaseS})`,
    })
    .where(inArray(orders.id, due))
    .returning({
      id: orders.id,
      businessId: orders.businessId,
      paymentId: orders.paymentId,
      paymentStatus: orders.paymentStatus,
      paymentChecks: orders.paymentChecks,
    })
}

/** The next check of a still-pending payment; null stops asking. */
export async function scheduleCheck(
  db: Executor,
  orderId: string,
  inS: number | null,
): Promise<void> {
  await db
    .update(orders)
    .set({
      paymentCheckAt: inS === null ? null : sql`now() + make_interval(secs => ${inS})`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pendiente')))
}
