/**
 * Delivers the outbox. With SMTP_URL, due rows are sent through nodemailer right after the commit
 * that wrote them (`wake`) and retried on an interval with exponential back-off; every attempt is
 * counted and the last error kept. Without SMTP_URL the outbox row itself is the delivery
 * (ARCHITECTURE.md "e-mail"): nothing is sent and rows stay pending for inspection.
 *
 * Several processes deliver the same outbox (issue 22 §3): each round claims a few rows at a time
 * with a lease (outbox.ts `claimDueMail`), sends them side by side, and claims again until nothing
 * is due, so no mail is sent by two workers and the throughput is not one batch per interval.
 */
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.js'
import type { MailRow } from '../../db/schema/index.js'
import {
  claimDueMail,
  isPermanentFailure,
  markMailBounced,
  markMailFailed,
  markMailSent,
} from './outbox.js'
import { renderMail, type DeriveToken, type RenderableMail, type RenderedMail } from './render.js'

export interface DeliveryReport {
  sent: number
  failed: number
}

export interface MailSender {
  /** True when SMTP is configured and mail really leaves the server. */
  readonly isSmtp: boolean
  /** Sends every due row now (one round at a time); never rejects. */
  deliverDue(): Promise<DeliveryReport>
  /** Asks for a delivery round soon, e.g. right after a commit that enqueued mail. */
  wake(): void
  /** The bodies as they leave the server: token links rendered (render.ts). */
  render(row: RenderableMail): RenderedMail
  /** Starts the retry interval. */
  start(): void
  /** Stops the interval, waits for a round in flight and closes the SMTP transport. */
  close(): Promise<void>
}

export interface MailSenderOptions {
  db: Database
  log: FastifyBaseLogger
  smtpUrl: string | undefined
  from: string
  /** Derives a token link's token from the row's `token_id` (the token service's HMAC). */
  deriveToken: DeriveToken
  /** Back-off unit: after failed attempt n (1-based) the next waits retryDelayS * 2^(n-1) s. */
  retryDelayS?: number
  maxAttempts?: number
  /** Older unsent mail is given up (an activation link would have expired anyway). */
  maxAgeS?: number
  intervalMs?: number
  /** Mails claimed, and sent side by side, at a time. */
  batchSize?: number
  /**
   * How long a claimed mail is this worker's alone. Well above the longest send (the transport's
   * timeouts below), or a slow send could be repeated by another worker.
   */
  leaseS?: number
}

const NO_DELIVERY: DeliveryReport = { sent: 0, failed: 0 }

/**
 * Issue 44 §3: MAIL_FROM's address under the row's display name (a shop's name, for its
 * shoppers' mails); nodemailer encodes the name, so quotes or accents in it cannot break the
 * header. Without a name, or when MAIL_FROM has no readable address, MAIL_FROM as configured.
 */
export function fromOf(
  from: string,
  name: string | null | undefined,
): string | { name: string; address: string } {
  if (!name) return from
  const address =
    /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ??
    (/^[^<>\s]+@[^<>\s]+$/.test(from.trim()) ? from.trim() : undefined)
  return address ? { name, address } : from
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, log, smtpUrl, from, deriveToken } = options
  const render = (row: RenderableMail) => renderMail(row, deriveToken)
  const retryDelayS = options.retryDelayS ?? 30
  const maxAttempts = options.maxAttempts ?? 8
  const maxAgeS = options.maxAgeS ?? 2 * 24 * 60 * 60
  const intervalMs = options.intervalMs ?? 30_000
  const batchSize = options.batchSize ?? 5
  const leaseS = options.leaseS ?? 120

  if (!smtpUrl) {
    return {
      isSmtp: false,
      deliverDue: async () => NO_DELIVERY,
      render,
      wake() {},
      start() {
        log.info('SMTP_URL not set: mail stays in the mail_outbox table')
      },
      close: async () => {},
    }
  }

  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // A stuck SMTP server must not hold a delivery round (and shutdown) for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  let timer: NodeJS.Timeout | undefined
  let round: Promise<DeliveryReport> | undefined
  let again = false
  let closed = false

  /** Sends one claimed row; true when sent. */
  async function send(row: MailRow): Promise<boolean> {
    try {
      const { text, html } = render(row)
      await transport.sendMail({
        from: fromOf(from, row.fromName),
        to: row.to,
        subject: row.subject,
        text,
        ...(html ? { html } : {}),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      // Issue 44 §3: a permanent refusal (5xx) suppresses the address; a shopper's mail to it
      // is not retried.
      if (isPermanentFailure(error)) {
        const { stopped } = await markMailBounced(db, row, message)
        if (stopped) {
          log.warn({ mailId: row.id, kind: row.kind, err: message }, 'mail bounced')
          return false
        }
      }
      // row.attempts already counts this attempt (claimDueMail).
      await markMailFailed(db, row.id, message, retryDelayS * 2 ** (row.attempts - 1))
      const level = row.attempts >= maxAttempts ? 'error' : 'warn'
      log[level](
        { mailId: row.id, kind: row.kind, attempt: row.attempts, err: message },
        'mail delivery failed',
      )
      return false
    }
    await markMailSent(db, row.id)
    return true
  }

  async function runRound(): Promise<DeliveryReport> {
    const report = { sent: 0, failed: 0 }
    for (;;) {
      again = false
      if (closed) break
      const claimed = await claimDueMail(db, { limit: batchSize, leaseS, maxAttempts, maxAgeS })
      const results = await Promise.all(claimed.map(send))
      const sent = results.filter(Boolean).length
      report.sent += sent
      report.failed += results.length - sent
      // Drain until nothing is due; but when a whole batch failed the SMTP server is refusing
      // us, and the retries wait for their back-off and the next round (a wake still looks again).
      if (claimed.length > 0 && sent > 0) continue
      if (!again) break
    }
    return report
  }

  function deliverDue(): Promise<DeliveryReport> {
    if (round) {
      // A round is running: make it look once more, so a row committed meanwhile is not missed.
      again = true
      return round
    }
    round = runRound()
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail delivery round failed')
        return { ...NO_DELIVERY }
      })
      .finally(() => {
        round = undefined
      })
    return round
  }

  return {
    isSmtp: true,
    deliverDue,
    render,
    wake() {
      if (!closed) void deliverDue()
    },
    start() {
      if (timer || closed) return
      timer = setInterval(() => void deliverDue(), intervalMs)
      timer.unref()
      void deliverDue()
    },
    async close() {
      closed = true
      if (timer) clearInterval(timer)
      await round
      transport.close()
    },
  }
}
