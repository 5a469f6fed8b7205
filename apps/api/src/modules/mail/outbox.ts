/**
 * The mail outbox (transactional outbox pattern): a mail is a row written in the same transaction
 * as the change that caused it, so an accepted registration never loses its activation mail and a
 * rolled-back one never sends it.
 */
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { mailOutbox, type MailRow } from '../../db/schema/index.js'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string | undefined
  /** What the mail is about: 'activation', 'contact', ... */
  kind: string
  replyTo?: string | undefined
  /** For a body with `{{token}}` links: the id the token is derived from at send time. */
  tokenId?: string | undefined
}

/** Writes the mail inside the caller's transaction (or alone, given the database). */
export async function enqueueMail(tx: Executor, mail: OutgoingMail): Promise<{ id: string }> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      kind: mail.kind,
      replyTo: mail.replyTo ?? null,
      tokenId: mail.tokenId ?? null,
    })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('mail_outbox insert returned no row')
  return row
}

/**
 * Unsent mail whose next attempt is due. Attempt n (0-based) is due `retryDelayS * (2^n - 1)`
 * seconds after the row was written: immediately, then after 1, 3, 7, 15 ... delays. The schedule
 * hangs off `created_at` and `attempts` alone, so no extra column is needed and a row claimed by
 * one process is not due again for another until well after any send could have timed out.
 */
export async function findDueMail(
  db: Database,
  options: { now: Date; retryDelayS: number; maxAttempts: number; maxAgeS: number; limit: number },
): Promise<MailRow[]> {
  const { now, retryDelayS, maxAttempts, maxAgeS, limit } = options
  const oldest = new Date(now.getTime() - maxAgeS * 1000)
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, maxAttempts),
        gt(mailOutbox.createdAt, oldest),
        sql`${mailOutbox.createdAt} + make_interval(secs => ${retryDelayS} * (power(2, ${mailOutbox.attempts}) - 1)) <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
}

/**
 * Takes one attempt at a row: succeeds only for the caller that moves `attempts` from the value it
 * read, so two processes never send the same attempt.
 */
export async function claimMail(db: Database, row: MailRow): Promise<boolean> {
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1` })
    .where(
      and(
        eq(mailOutbox.id, row.id),
        eq(mailOutbox.attempts, row.attempts),
        isNull(mailOutbox.sentAt),
      ),
    )
    .returning({ id: mailOutbox.id })
  return claimed.length === 1
}

export async function markMailSent(db: Database, id: string, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: at, lastError: null }).where(eq(mailOutbox.id, id))
}

export async function markMailFailed(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 1000) })
    .where(eq(mailOutbox.id, id))
}
