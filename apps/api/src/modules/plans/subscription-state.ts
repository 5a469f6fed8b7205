/**
 * The subscription a business's plan state shows (issue 43 §5, ADR 040): its latest one.
 */
import { desc, eq } from 'drizzle-orm'
import type { OperatorSubscriptionList, PlanSubscription } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import {
  businesses,
  planSubscriptions,
  users,
  type PlanSubscriptionRow,
} from '../../db/schema/index.js'

export async function latestSubscription(
  db: Executor,
  businessId: string,
): Promise<PlanSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(planSubscriptions)
    .where(eq(planSubscriptions.businessId, businessId))
    .orderBy(desc(planSubscriptions.createdAt), desc(planSubscriptions.id))
    .limit(1)
  return row
}

/** The owner's view of a subscription (part of the plan state). */
export function toPlanSubscription(row: PlanSubscriptionRow): PlanSubscription {
  return {
    status: row.status,
    currency: row.currency,
    amount: row.amount,
    ...(row.nextPaymentDate && row.status === 'authorized'
      ? { nextPaymentDate: row.nextPaymentDate.toISOString() }
      : {}),
    ...(row.lastPaymentStatus && row.lastPaymentAt
      ? { lastPayment: { status: row.lastPaymentStatus, at: row.lastPaymentAt.toISOString() } }
      : {}),
    ...(row.graceUntil && row.graceUntil > new Date()
      ? { graceUntil: row.graceUntil.toISOString() }
      : {}),
    ...(row.status === 'pending' ? { authorizeUrl: row.initPoint } : {}),
  }
}

/** GET /operator/subscriptions: every subscription, newest first (the latest 200). */
export async function listSubscriptions(db: Executor): Promise<OperatorSubscriptionList> {
  const rows = await db
    .select({
      sub: planSubscriptions,
      name: businesses.name,
      identifier: businesses.identifier,
      paidUntil: businesses.paidUntil,
      ownerEmail: users.email,
    })
    .from(planSubscriptions)
    .innerJoin(businesses, eq(businesses.id, planSubscriptions.businessId))
    .innerJoin(users, eq(users.id, businesses.userId))
    .orderBy(desc(planSubscriptions.createdAt), desc(planSubscriptions.id))
    .limit(200)
  return {
    items: rows.map(({ sub, name, identifier, paidUntil, ownerEmail }) => {
      const { authorizeUrl: _url, ...view } = toPlanSubscription(sub)
      return {
        ...view,
        id: sub.id,
        business: { id: sub.businessId, name, identifier },
        ownerEmail,
        ...(paidUntil ? { paidUntil: paidUntil.toISOString() } : {}),
        createdAt: sub.createdAt.toISOString(),
      }
    }),
  }
}
