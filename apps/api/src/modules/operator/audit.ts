/**
 * The operator audit log (issue 23 §3): every operator action is written here in the same
 * transaction as the change it describes, so an action and its entry commit or fail together.
 *
 *   await db.transaction(async (tx) => {
 *     const before = …; const after = …
 *     await recordOperatorAction(tx, {
 *       operatorId: request.user.id, action: 'business.suspend',
 *       targetType: 'business', targetId: id, reason, before, after,
 *     })
 *   })
 */
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { operatorAuditLog, users } from '../../db/schema/index.js'

export interface OperatorAction {
  /** The operator's user id: from the token (`request.user.id`), never from the request body. */
  operatorId: string
  /** Dotted verb, e.g. 'business.suspend', 'payment.confirm', 'featured.update'. */
  action: string
  targetType: string
  targetId: string
  reason?: string | null
  before?: unknown
  after?: unknown
}

export async function recordOperatorAction(db: Executor, entry: OperatorAction): Promise<void> {
  const [operator] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, entry.operatorId))
    .limit(1)
  await db.insert(operatorAuditLog).values({
    operatorId: entry.operatorId,
    // Kept beside the id: the entry must still say who acted once the account is gone.
    operatorEmail: operator?.email ?? '',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}
