import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { PaymentSource, PaymentStatus } from '@vitrina/contracts'
import { businesses } from './businesses.js'
import { orders } from './orders.js'

/**
 * Issue 43 (ADR 037): a shop's Mercado Pago connection. `credentials` is the AES-256-GCM
 * ciphertext (modules/payments/crypto.ts) of the access token, the refresh token and the
 * webhook secret; the key is PAYMENTS_ENCRYPTION_KEY, never in the database. `expires_at` is the
 * OAuth token's expiry; `refresh_lease_until` lets one process at a time refresh it.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'mercadopago'>().notNull().default('mercadopago'),
    method: text('method').$type<'oauth' | 'token'>().notNull(),
    credentials: text('credentials').notNull(),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    siteId: text('site_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_accounts_provider_check', sql`${t.provider} IN ('mercadopago')`),
    check('payment_accounts_method_check', sql`${t.method} IN ('oauth', 'token')`),
  ],
)

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect

/**
 * Every change of an order's online payment, with its source; written once per (payment, state,
 * refunded cents) — a duplicated notification adds nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<PaymentStatus>().notNull(),
    paymentId: text('payment_id').notNull().default(''),
    refunded: integer('refunded').notNull().default(0),
    amount: integer('amount'),
    currency: text('currency'),
    flag: text('flag'),
    source: text('source').$type<PaymentSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId, t.createdAt)],
)

export type PaymentEventRow = typeof paymentEvents.$inferSelect
