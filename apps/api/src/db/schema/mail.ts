import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.js'

/**
 * Every outgoing mail is written here in the same transaction as the change that caused it
 * (transactional outbox), so an accepted registration never loses its activation mail. With SMTP
 * configured a sender delivers pending rows; without it the row is the delivery.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    /** What the mail is about ('activation', 'contact', ...), for finding it in tests and ops. */
    kind: text('kind').notNull(),
    /**
     * A mail carrying a token link (activation) stores the link with `{{token}}` in its place and
     * the id the token derives from; the sender renders it (modules/mail/render.ts). The row alone
     * never holds a usable link.
     */
    tokenId: uuid('token_id'),
    /**
     * The account a mail is about (activation, reset, changes of address, plan and order notices):
     * the mail goes when the account does, whichever of its addresses it was sent to. Null for
     * mail about no account (contact messages).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the row may next be claimed (issue 22 §3): now for a new mail; a claim moves it a lease
     * ahead, so no other worker takes it while it is being sent and a crashed worker's claim comes
     * due again; a failure moves it to the next retry (modules/mail/outbox.ts).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * When an operator last asked for another try (issue 23 §3): the attempts start again and the
     * mail's age for giving up counts from here rather than from created_at.
     */
    retriedAt: timestamp('retried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 44 §3: a shopper's mail to an address that bounced before is recorded here and never
     * sent (the sender claims only rows without it).
     */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    /** Issue 44 §3: the name it goes out under (a shop's, to its shoppers); null: MAIL_FROM's. */
    fromName: text('from_name'),
  },
  // The sender only ever looks at unsent mail, by when it is due.
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at IS NULL`),
    index('mail_outbox_user_idx').on(t.userId),
  ],
)

export type MailRow = typeof mailOutbox.$inferSelect

/**
 * Issue 44 §3: addresses a permanent SMTP failure (5xx) came back from. Shoppers' mails to them
 * are recorded, not sent. Stored lower-cased.
 */
export const mailSuppressions = pgTable('mail_suppressions', {
  address: text('address').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
