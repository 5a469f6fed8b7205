/**
 * Issue 44 §2: the dates of the shopper's timeline — when the order first reached each status
 * (its history's status changes, never the owner's notes or reasons) and when Mercado Pago first
 * approved its payment («pagado»). Dates only: no ids, nothing of the history's text.
 */
import { and, eq, isNotNull, min } from 'drizzle-orm'
import type { TimelineDate } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { orderEvents, paymentEvents } from '../../db/schema/index.js'

export async function orderStepDates(db: Executor, orderId: string): Promise<TimelineDate[]> {
  const [statuses, paid] = await Promise.all([
    db
      .select({ status: orderEvents.status, at: min(orderEvents.createdAt) })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), isNotNull(orderEvents.status)))
      .groupBy(orderEvents.status),
    db
      .select({ at: min(paymentEvents.createdAt) })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.status, 'aprobado'))),
  ])
  const iso = (at: Date | string) => new Date(at).toISOString()
  const dates: TimelineDate[] = statuses.flatMap(({ status, at }) =>
    status && at ? [{ step: status, at: iso(at) }] : [],
  )
  const paidAt = paid[0]?.at
  if (paidAt) dates.push({ step: 'pagado', at: iso(paidAt) })
  return dates.sort((a, b) => a.at.localeCompare(b.at))
}
