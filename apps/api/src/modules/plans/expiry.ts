/**
 * The end of paid periods (issue 23 §2). Checked at start-up and every hour (so a period ends
 * within the hour of its date); every step is a conditional UPDATE that claims its rows, so
 * several API processes running it at once act once: a row another process has just changed no
 * longer matches when this one's UPDATE re-reads it after the lock.
 *
 * - 7 days before `paid_until`: the warning mail, once per paid period (`expiry_warning_for`).
 * - At `paid_until`: the business falls back to free, its products beyond the free limit are
 *   hidden (the newest 20 stay visible; none is deleted; the owner chooses later), and the
 *   expiry mail is written — all in one transaction.
 */
import { sql } from 'drizzle-orm'
import fp from 'fastify-plugin'
import { LIMITS, PLAN_EXPIRY_WARNING_DAYS } from '@vitrina/contracts'
import type { Database } from '../../db/client.js'
import { enqueueMail } from '../mail/index.js'
import { planExpiredMail, planExpiringMail, type PlanMailOwner } from './mails.js'

const HOUR_MS = 60 * 60 * 1000

interface ClaimedRow extends Record<string, unknown> {
  id: string
  name: string
  identifier: string
  paid_until: string | Date
  user_id: string
  email: string
  owner_name: string
}

function ownerOf(row: ClaimedRow): PlanMailOwner {
  return {
    userId: row.user_id,
    to: row.email,
    name: row.owner_name,
    business: row.name,
    identifier: row.identifier,
  }
}

const rowsOf = (result: unknown) => (result as { rows: ClaimedRow[] }).rows

export interface ExpiryReport {
  /** Businesses warned that their period ends within 7 days. */
  warned: string[]
  /** Businesses whose period ended: now free. */
  expired: string[]
}

export async function runPlanExpiry(db: Database, now: Date = new Date()): Promise<ExpiryReport> {
  const at = now.toISOString()
  return db.transaction(async (tx) => {
    const warned = rowsOf(
      await tx.execute(sql`
        UPDATE businesses AS b SET expiry_warning_for = b.paid_until
        FROM users AS u
        WHERE u.id = b.user_id AND b.effective_plan = 'pro' AND b.paid_until IS NOT NULL
          AND b.paid_until > ${at}::timestamptz
          AND b.paid_until <= ${at}::timestamptz + make_interval(days => ${PLAN_EXPIRY_WARNING_DAYS})
          AND b.expiry_warning_for IS DISTINCT FROM b.paid_until
        RETURNING b.id, b.name, b.identifier, b.paid_until, b.user_id, u.email, u.name AS owner_name`),
    )
    for (const row of warned) {
      await enqueueMail(tx, planExpiringMail(ownerOf(row), new Date(row.paid_until)))
    }

    const expired = rowsOf(
      await tx.execute(sql`
        UPDATE businesses AS b SET effective_plan = 'free', updated_at = now(),
          plan_type = CASE WHEN EXISTS (
            SELECT 1 FROM plan_requests AS r WHERE r.business_id = b.id AND r.status = 'pending'
          ) THEN 'pro' ELSE 'free' END
        FROM users AS u
        WHERE u.id = b.user_id AND b.effective_plan = 'pro' AND b.paid_until IS NOT NULL
          AND b.paid_until <= ${at}::timestamptz
        RETURNING b.id, b.name, b.identifier, b.paid_until, b.user_id, u.email, u.name AS owner_name`),
    )
    for (const row of expired) {
      await tx.execute(sql`
        UPDATE products SET status = 'hidden', updated_at = now()
        WHERE business_id = ${row.id} AND status = 'active' AND id NOT IN (
          SELECT id FROM products WHERE business_id = ${row.id} AND status = 'active'
          ORDER BY created_at DESC, id DESC LIMIT ${LIMITS.freePlanProductLimit}
        )`)
      await enqueueMail(tx, planExpiredMail(ownerOf(row)))
    }
    return { warned: warned.map((r) => r.id), expired: expired.map((r) => r.id) }
  })
}

export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined
    const run = async () => {
      try {
        const report = await runPlanExpiry(app.db)
        if (report.warned.length || report.expired.length) {
          app.mail.wake()
          // Hidden products leave the storefront on every process.
          for (const id of report.expired) app.invalidateReads(id)
          app.log.info(
            { warned: report.warned.length, expired: report.expired.length },
            'plan expiry',
          )
        }
      } catch (error) {
        app.log.warn({ err: error }, 'plan expiry failed')
      }
    }
    app.addHook('onReady', async () => {
      timer = setInterval(() => void run(), HOUR_MS)
      timer.unref()
      void run()
    })
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer)
    })
  },
  { name: 'plan-expiry', dependencies: ['database', 'mail', 'read-cache'] },
)
