/**
 * The mail outbox (transactional outbox pattern): a mail is a row written in the same transaction
 * as the change that caused it, so an accepted registration never loses its activation mail and a
 * rolled-back one never sends it.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
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
  /**
   * The account the mail is about: deleting the account deletes the mail with it, whatever address
   * it went to (an earlier one, after a change of address).
   */
  userId?: string | undefined
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
      userId: mail.userId ?? null,
    })
    .returning({ id: mailOutbox.id })
  if (!row) throw new Error('mail_outbox insert returned no row')
  return row
}

/**
 * Claims up to `limit` due mails for this worker (issue 22 §3): in one statement, the rows are
 * locked with SKIP LOCKED (a row another worker is claiming at this instant is passed over, not
 * waited for), their attempt is counted, and they are leased — not due again for `leaseS` — so no
 * other worker takes them while this one sends. A worker that dies mid-send leaves its rows to be
 * claimed again once the lease has run out. Times are the database's, shared by every process.
 */
export async function claimDueMail(
  db: Database,
  options: { limit: number; leaseS: number; maxAttempts: number; maxAgeS: number },
): Promise<MailRow[]> {
  const { limit, leaseS, maxAttempts, maxAgeS } = options
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        lt(mailOutbox.attempts, maxAttempts),
        // An operator's retry (modules/operator) restarts the window.
        gt(
          sql`coalesce(${mailOutbox.retriedAt}, ${mailOutbox.createdAt})`,
          sql`now() - make_interval(secs => ${maxAgeS})`,
        ),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseS})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning()
}

export async function markMailSent(db: Database, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id))
}

/** Keeps the error and makes the row due again after `retryInS`. */
export async function markMailFailed(
  db: Database,
  id: string,
  error: string,
  retryInS: number,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInS})`,
    })
    .where(eq(mailOutbox.id, id))
}
