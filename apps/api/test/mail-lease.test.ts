/**
 * Several workers delivering one outbox (issue 22 §3, docs/decisions/022): every mail is sent
 * exactly once, however the workers interleave; a round drains everything due instead of one
 * batch per interval; a worker that dies holding a claim delays its mails by the lease only.
 */
import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../src/db/schema/index.js'
import { createMailSender, enqueueMail, type MailSender } from '../src/modules/mail/index.js'
import { claimDueMail } from '../src/modules/mail/outbox.js'
import { startTestApp } from './helpers/app.js'
import { startSmtpServer } from './helpers/smtp.js'

describe('mail outbox with several workers', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: Awaited<ReturnType<typeof startTestApp>>
  const senders: MailSender[] = []

  beforeAll(async () => {
    // A slow server (20 ms a mail) widens every window in which two workers could collide.
    smtp = await startSmtpServer({ delayMs: 20 })
    // The app's own sender stays outbox-only (no SMTP_URL): only the workers below send.
    t = await startTestApp()
  })
  afterAll(async () => {
    for (const sender of senders) await sender.close()
    await t?.stop()
    await smtp?.close()
  })

  function worker(options: { leaseS?: number } = {}) {
    const sender = createMailSender({
      db: t.db,
      log: t.app.log,
      smtpUrl: smtp.url,
      from: 'Vitrina <no-reply@vitrina.test>',
      deriveToken: (id) => t.app.tokens.deriveMailToken(id),
      ...options,
    })
    senders.push(sender)
    return sender
  }

  /** `count` mails to fresh addresses, written `ageS` seconds ago. */
  async function enqueue(count: number, ageS = 0): Promise<string[]> {
    const batch = randomUUID().slice(0, 8)
    const addresses = Array.from({ length: count }, (_, i) => `lote-${batch}-${i}@vitrina.test`)
    for (const to of addresses) {
      await enqueueMail(t.db, { to, subject: 'Prueba', text: 'Hola', kind: 'test' })
    }
    if (ageS > 0) {
      await t.db
        .update(mailOutbox)
        .set({ createdAt: sql`now() - make_interval(secs => ${ageS})` })
        .where(inArray(mailOutbox.to, addresses))
    }
    return addresses
  }

  const deliveries = (to: string) => smtp.received.filter((m) => m.to.includes(`<${to}>`)).length

  it('delivers a backlog exactly once with two workers, each draining it in one round', async () => {
    // Mail written during an SMTP outage ten minutes ago: all of it due at once.
    const addresses = await enqueue(40, 600)
    const [a, b] = [worker(), worker()]
    const reports = await Promise.all([a.deliverDue(), b.deliverDue()])

    expect(addresses.map(deliveries)).toEqual(addresses.map(() => 1))
    expect(reports[0]!.sent + reports[1]!.sent).toBe(40)
    expect(reports[0]!.failed + reports[1]!.failed).toBe(0)
    const rows = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, addresses))
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true)
  })

  it('sends more than one batch per round: a round goes on until nothing is due', async () => {
    const addresses = await enqueue(23)
    const report = await worker().deliverDue()
    expect(report).toEqual({ sent: 23, failed: 0 })
    expect(addresses.map(deliveries)).toEqual(addresses.map(() => 1))
  })

  it('leaves a crashed worker’s claim alone until its lease runs out, then delivers it', async () => {
    const addresses = await enqueue(3)
    // A worker claims them with a 1 s lease and dies before sending.
    const claimed = await claimDueMail(t.db, {
      limit: 10,
      leaseS: 1,
      maxAttempts: 8,
      maxAgeS: 3600,
    })
    expect(claimed.map((row) => row.to).sort()).toEqual([...addresses].sort())

    const survivor = worker()
    expect(await survivor.deliverDue()).toEqual({ sent: 0, failed: 0 })
    expect(addresses.map(deliveries)).toEqual([0, 0, 0])

    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect(await survivor.deliverDue()).toEqual({ sent: 3, failed: 0 })
    expect(addresses.map(deliveries)).toEqual([1, 1, 1])
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, addresses[0]!))
    expect(row?.attempts).toBe(2) // the dead worker's attempt counts
  })
})
