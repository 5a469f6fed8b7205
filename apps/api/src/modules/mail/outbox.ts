/**
 * The mail outbox (transactional outbox pattern): a mail is a row written in the same transaction
 * as the change that caused it, so an accepted registration never loses its activation mail and a
 * rolled-back one never sends it.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.js'
import { mailOutbox, mailSuppressions, type MailRow } from '../../db/schema/index.js'
import { SHOPPER_MAIL_PREFIX } from './render.js'

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
  /** Issue 44 §3: the name it goes out under (a shop's to its shoppers); else MAIL_FROM's. */
  fromName?: string | undefined
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
      fromName: mail.fromName ?? null,
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
        isNull(mailOutbox.skippedAt),
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

/** The suppression list's key for an address: trimmed and lower-cased. */
export function suppressionKey(address: string): string {
  return address.trim().toLowerCase()
}

/** True for an SMTP error the server gave as permanent (a 5xx reply: no such mailbox, …). */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

export { SHOPPER_MAIL_PREFIX }

/**
 * Issue 44 §3: a permanent failure (5xx) puts the address on the suppression list (once; a later
 * bounce keeps the first reason). A shopper's mail is then tried no more; other mails (an
 * account's activation) keep their retries, as before.
 */
export async function markMailBounced(
  db: Database,
  row: Pick<MailRow, 'id' | 'to' | 'kind'>,
  error: string,
): Promise<{ stopped: boolean }> {
  const stopped = row.kind.startsWith(SHOPPER_MAIL_PREFIX)
  await db.transaction(async (tx) => {
    await tx
      .insert(mailSuppressions)
      .values({ address: suppressionKey(row.to), reason: error.slice(0, 1000) })
      .onConflictDoNothing()
    if (stopped) {
      await tx
        .update(mailOutbox)
        .set({ lastError: error.slice(0, 1000), skippedAt: sql`now()` })
        .where(eq(mailOutbox.id, row.id))
    }
  })
  return { stopped }
}

/** True when the address bounced before (the suppression list). */
export async function isSuppressed(tx: Executor, address: string): Promise<boolean> {
  const [row] = await tx
    .select({ address: mailSuppressions.address })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.address, suppressionKey(address)))
  return row !== undefined
}

/**
 * A shopper's mail (issue 44 §3), in the caller's transaction: to an address that bounced it is
 * recorded as skipped and never sent; otherwise it is queued as any mail.
 */
export async function enqueueShopperMail(
  tx: Executor,
  mail: OutgoingMail,
): Promise<{ id: string; skipped: boolean }> {
  if (!mail.kind.startsWith(SHOPPER_MAIL_PREFIX))
    throw new Error(`not a shopper mail: ${mail.kind}`)
  const skipped = await isSuppressed(tx, mail.to)
  const { id } = await enqueueMail(tx, mail)
  if (skipped) {
    await tx
      .update(mailOutbox)
      .set({ skippedAt: sql`now()`, lastError: 'suppressed: the address bounced before' })
      .where(eq(mailOutbox.id, id))
  }
  return { id, skipped }
}
