/**
 * Delivers the outbox. With SMTP_URL, due rows are sent through nodemailer right after the commit
 * that wrote them (`wake`) and retried on an interval with exponential back-off; every attempt is
 * counted and the last error kept. Without SMTP_URL the outbox row itself is the delivery
 * (ARCHITECTURE.md "e-mail"): nothing is sent and rows stay pending for inspection.
 */
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.js'
import type { MailRow } from '../../db/schema/index.js'
import { claimMail, findDueMail, markMailFailed, markMailSent } from './outbox.js'
import { renderMail, type DeriveToken, type RenderedMail } from './render.js'

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
  render(row: Pick<MailRow, 'text' | 'html' | 'tokenId'>): RenderedMail
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
  /** Back-off unit: attempt n is due retryDelayS * (2^n - 1) s after the mail was written. */
  retryDelayS?: number
  maxAttempts?: number
  /** Older unsent mail is given up (an activation link would have expired anyway). */
  maxAgeS?: number
  intervalMs?: number
  batchSize?: number
}

const NO_DELIVERY: DeliveryReport = { sent: 0, failed: 0 }

export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, log, smtpUrl, from, deriveToken } = options
  const render = (row: Pick<MailRow, 'text' | 'html' | 'tokenId'>) => renderMail(row, deriveToken)
  const retryDelayS = options.retryDelayS ?? 30
  const maxAttempts = options.maxAttempts ?? 8
  const maxAgeS = options.maxAgeS ?? 2 * 24 * 60 * 60
  const intervalMs = options.intervalMs ?? 30_000
  const batchSize = options.batchSize ?? 20

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

  async function send(row: MailRow): Promise<boolean> {
    if (!(await claimMail(db, row))) return false
    try {
      const { text, html } = render(row)
      await transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        text,
        ...(html ? { html } : {}),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      })
      await markMailSent(db, row.id, new Date())
      return true
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      await markMailFailed(db, row.id, message)
      const attempt = row.attempts + 1
      const level = attempt >= maxAttempts ? 'error' : 'warn'
      log[level]({ mailId: row.id, kind: row.kind, attempt, err: message }, 'mail delivery failed')
      throw error
    }
  }

  async function runRound(): Promise<DeliveryReport> {
    const report = { sent: 0, failed: 0 }
    do {
      again = false
      const due = await findDueMail(db, {
        now: new Date(),
        retryDelayS,
        maxAttempts,
        maxAgeS,
        limit: batchSize,
      })
      for (const row of due) {
        if (closed) break
        try {
          if (await send(row)) report.sent++
        } catch {
          report.failed++
        }
      }
    } while (again && !closed)
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
