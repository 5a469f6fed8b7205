/**
 * Real SMTP delivery of the outbox: nodemailer talks to a tiny SMTP server on loopback
 * (helpers/smtp.ts).
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../src/db/schema/index.js'
import { createMailSender, enqueueMail } from '../src/modules/mail/index.js'
import { startTestApp } from './helpers/app.js'
import { activationTokenFor, randomClientIp, TEST_PASSWORD, uniqueEmail } from './helpers/auth.js'
import { startSmtpServer } from './helpers/smtp.js'

/** The body of a quoted-printable text part, decoded. */
function decodeQuotedPrintable(data: string): string {
  const bytes = data
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`)
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'))
}

describe('SMTP delivery of the outbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: Awaited<ReturnType<typeof startTestApp>>

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Vitrina <no-reply@vitrina.test>' })
  })
  afterAll(async () => {
    await t?.stop()
    await smtp?.close()
  })

  async function register(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomClientIp(),
      payload: { name: 'Ana Pérez', email, password: TEST_PASSWORD },
    })
    expect(res.statusCode).toBe(201)
  }

  async function outboxRow(email: string) {
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    return row
  }

  it('sends the activation mail right after the registration commits', async () => {
    const email = uniqueEmail('smtp')
    await register(email)
    await t.app.mail.deliverDue() // waits for the round the registration started

    const mail = smtp.received.find((m) => m.to.includes(`<${email}>`))
    expect(mail).toBeDefined()
    expect(mail?.from).toBe('<no-reply@vitrina.test>')
    expect(mail?.data).toContain('Subject: Activa tu cuenta de Vitrina')
    expect(mail?.data).toMatch(/^From: Vitrina <no-reply@vitrina\.test>$/m)
    expect(mail?.data).toContain('multipart/alternative')
    const token = await activationTokenFor(t.app, email)
    const body = decodeQuotedPrintable(mail?.data ?? '')
    expect(body).toContain(`http://vitrina.test/auth/activar/${token}`)
    expect(body).toContain('Hola Ana Pérez')

    const row = await outboxRow(email)
    expect(row?.sentAt).toBeInstanceOf(Date)
    expect(row?.attempts).toBe(1)
    expect(row?.lastError).toBeNull()
  })

  it('keeps a refused mail pending with its error, then retries it when due', async () => {
    smtp.state.rejectRecipients = true
    const email = uniqueEmail('retry')
    try {
      await register(email)
      await t.app.mail.deliverDue()
    } finally {
      smtp.state.rejectRecipients = false
    }
    const failed = await outboxRow(email)
    expect(failed?.sentAt).toBeNull()
    expect(failed?.attempts).toBe(1)
    expect(failed?.lastError).toContain('550')

    // Not due yet: the next attempt waits 30 s after a first failure.
    expect(await t.app.mail.deliverDue()).toEqual({ sent: 0, failed: 0 })
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`${mailOutbox.nextAttemptAt} - interval '31 seconds'` })
      .where(eq(mailOutbox.to, email))
    expect(await t.app.mail.deliverDue()).toEqual({ sent: 1, failed: 0 })
    // The retry renders the same working link from the row (issue 22: the row has no token).
    const token = await activationTokenFor(t.app, email)
    const retried = smtp.received.find((m) => m.to.includes(`<${email}>`))
    expect(decodeQuotedPrintable(retried?.data ?? '')).toContain(`/auth/activar/${token}`)
    const activated = await t.app.inject({ method: 'POST', url: `/api/auth/activar/${token}` })
    expect(activated.statusCode).toBe(200)

    const sent = await outboxRow(email)
    expect(sent?.sentAt).toBeInstanceOf(Date)
    expect(sent?.attempts).toBe(2)
    expect(sent?.lastError).toBeNull()
    expect(smtp.received.filter((m) => m.to.includes(`<${email}>`))).toHaveLength(1)
  })

  it('retries on its interval and stops when closed', async () => {
    const sender = createMailSender({
      db: t.db,
      log: t.app.log,
      smtpUrl: smtp.url,
      from: 'Vitrina <no-reply@vitrina.test>',
      deriveToken: (id) => t.app.tokens.deriveMailToken(id),
      retryDelayS: 0,
      intervalMs: 50,
    })
    const email = uniqueEmail('interval')
    smtp.state.rejectRecipients = true
    try {
      await enqueueMail(t.db, { to: email, subject: 'Prueba', text: 'Hola', kind: 'test' })
      sender.start()
      await waitFor(async () => ((await outboxRow(email))?.attempts ?? 0) >= 2)
    } finally {
      smtp.state.rejectRecipients = false
    }
    await waitFor(async () => (await outboxRow(email))?.sentAt != null)
    await sender.close()

    const other = uniqueEmail('after-close')
    await enqueueMail(t.db, { to: other, subject: 'Prueba', text: 'Hola', kind: 'test' })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await outboxRow(other))?.attempts).toBe(0)
    // Leave it to the app's own sender, which sends it on its next round.
    await t.app.mail.deliverDue()
    expect((await outboxRow(other))?.sentAt).toBeInstanceOf(Date)
  })

  it('writes nothing when the transaction that enqueued the mail rolls back', async () => {
    const email = uniqueEmail('rollback')
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: email, subject: 'Prueba', text: 'Hola', kind: 'test' })
        throw new Error('rollback')
      }),
    ).rejects.toThrow('rollback')
    expect(await outboxRow(email)).toBeUndefined()
  })
})

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
