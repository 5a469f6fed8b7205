import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Messages sent through the platform contact form (SPEC §2.17, §3). Kept even when mail delivery
 * fails, so none is lost; the mail to the inbox is written to the outbox in the same transaction.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an operator marked it read (issue 23 §3); null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
)

export type ContactMessageRow = typeof contactMessages.$inferSelect
