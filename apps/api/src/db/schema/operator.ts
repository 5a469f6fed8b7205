import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.js'

/**
 * Issue 23 §3: every operator action (suspension, payment confirmation, featured order, …) with
 * who, what, when and the state before and after. The operator's e-mail is copied so the entry
 * still says who acted after their account is gone.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorEmail: text('operator_email').notNull(),
    /** What was done, e.g. 'business.suspend', 'payment.confirm'. */
    action: text('action').notNull(),
    /** What it was done to, e.g. 'business', 'plan_request', and that row's id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_audit_log_created_idx').on(t.createdAt),
    index('operator_audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
)

export type OperatorAuditRow = typeof operatorAuditLog.$inferSelect
