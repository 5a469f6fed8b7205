import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './auth.js'
import type { SubscriptionCurrency, SubscriptionStatus } from '@vitrina/contracts'
import { businesses } from './businesses.js'

export type PlanRequestStatus = 'pending' | 'confirmed' | 'rejected' | 'cancelled'

/**
 * An owner's request to pay for the Pro plan (issue 23 §2), and the operator's decision on it.
 * At most one pending request per business (a partial unique index).
 */
export const planRequests = pgTable(
  'plan_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    plan: text('plan').$type<'pro'>().notNull(),
    months: integer('months').notNull(),
    amountUyu: integer('amount_uyu').notNull(),
    amountUsd: integer('amount_usd').notNull(),
    status: text('status').$type<PlanRequestStatus>().notNull().default('pending'),
    /** The payment's reference, given by the operator who confirmed it. */
    reference: text('reference'),
    /** Why the operator rejected it. */
    reason: text('reason'),
    /** The end of the paid period the confirmation set. */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plan_requests_plan_check', sql`${t.plan} IN ('pro')`),
    check('plan_requests_months_check', sql`${t.months} BETWEEN 1 AND 12`),
    check(
      'plan_requests_status_check',
      sql`${t.status} IN ('pending', 'confirmed', 'rejected', 'cancelled')`,
    ),
    uniqueIndex('plan_requests_one_pending_idx')
      .on(t.businessId)
      .where(sql`${t.status} = 'pending'`),
    index('plan_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('plan_requests_business_idx').on(t.businessId, t.createdAt),
  ],
)

export type PlanRequestRow = typeof planRequests.$inferSelect

export const PLAN_REQUEST_PENDING_CONSTRAINT = 'plan_requests_one_pending_idx'

/**
 * Issue 43 §5 (ADR 040): a business's monthly Mercado Pago subscription (preapproval) of the
 * Premium plan. At most one that is not cancelled per business. `check_at` is when the
 * reconciliation job asks Mercado Pago again (pending, or a failed charge), leased as the
 * payments' reconciliation leases its orders.
 */
export const planSubscriptions = pgTable('plan_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  preapprovalId: text('preapproval_id').notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull().default('pending'),
  currency: text('currency').$type<SubscriptionCurrency>().notNull(),
  amount: integer('amount').notNull(),
  initPoint: text('init_point').notNull(),
  nextPaymentDate: timestamp('next_payment_date', { withTimezone: true }),
  lastPaymentId: text('last_payment_id'),
  lastPaymentStatus: text('last_payment_status').$type<'approved' | 'rejected'>(),
  lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
  /** The paid period's end when a charge failed (a later approval extends from it). */
  graceFrom: timestamp('grace_from', { withTimezone: true }),
  graceUntil: timestamp('grace_until', { withTimezone: true }),
  checkAt: timestamp('check_at', { withTimezone: true }),
  checks: integer('checks').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type PlanSubscriptionRow = typeof planSubscriptions.$inferSelect

export const SUBSCRIPTION_LIVE_CONSTRAINT = 'plan_subscriptions_one_live_idx'

/** Each monthly charge applied, by Mercado Pago's authorized payment id. */
export const planSubscriptionPayments = pgTable('plan_subscription_payments', {
  authorizedPaymentId: text('authorized_payment_id').primaryKey(),
  subscriptionId: uuid('subscription_id')
    .notNull()
    .references(() => planSubscriptions.id, { onDelete: 'cascade' }),
  status: text('status').$type<'approved' | 'rejected' | 'flagged'>().notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  paidUntil: timestamp('paid_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
