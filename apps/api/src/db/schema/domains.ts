import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { DomainError } from '@vitrina/contracts'
import { businesses } from './businesses.js'

/**
 * Issue 46 §1 (ADR 038): a shop's own domain, one per shop. `hostname` is the normalised name
 * (lower case, punycode), unique across shops. `status` is the domain's own state — pending,
 * verified or failed; a suspended shop shows 'suspended' over it without changing it.
 * `next_check_at` schedules the re-check job and leases a row to the process checking it (as
 * the mail outbox's `next_attempt_at`).
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' })
      .unique('custom_domains_business_id_key'),
    hostname: text('hostname').notNull().unique('custom_domains_hostname_key'),
    /** Published by the owner in the TXT record; proves the domain is theirs. */
    verificationToken: text('verification_token').notNull(),
    status: text('status').$type<'pending' | 'verified' | 'failed'>().notNull().default('pending'),
    lastError: text('last_error').$type<DomainError>(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('custom_domains_next_check_idx').on(t.nextCheckAt),
    check('custom_domains_status_check', sql`${t.status} IN ('pending', 'verified', 'failed')`),
  ],
)

export type CustomDomainRow = typeof customDomains.$inferSelect
