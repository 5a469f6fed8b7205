/**
 * Issue 44 §3: never mail a shopper at an address that bounced. A permanent SMTP failure (5xx)
 * puts the address on the suppression list; a shopper's mail to it is not retried, and later
 * shoppers' mails to it are recorded as skipped, never sent. Other mails keep their retries.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, mailSuppressions } from '../src/db/schema/index.js'
import { enqueueMail, enqueueShopperMail, isSuppressed } from '../src/modules/mail/index.js'
import { startTestApp } from './helpers/app.js'
import { uniqueEmail } from './helpers/auth.js'
import { startSmtpServer } from './helpers/smtp.js'

describe('the suppression list of bounced addresses', () => {
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

  const rows = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))
  const received = (to: string) => smtp.received.filter((m) => m.to.includes(`<${to}>`))
  const makeDue = (to: string) =>
    t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.to, to))
  const shopperMail = (to: string) => ({
    to,
    subject: 'Tu pedido P-7K3Q está confirmado',
    text: 'Hola',
    kind: 'shopper-confirmado',
  })

  it('a 5xx bounce suppresses the address and the shopper mail is not retried', async () => {
    const email = uniqueEmail('bounce')
    smtp.state.rejectRecipients = true
    try {
      const { skipped } = await enqueueShopperMail(t.db, shopperMail(email))
      expect(skipped).toBe(false)
      await t.app.mail.deliverDue()
    } finally {
      smtp.state.rejectRecipients = false
    }
    const [bounced] = await rows(email)
    expect(bounced?.sentAt).toBeNull()
    expect(bounced?.skippedAt).toBeInstanceOf(Date)
    expect(bounced?.lastError).toContain('550')
    const [suppressed] = await t.db
      .select()
      .from(mailSuppressions)
      .where(eq(mailSuppressions.address, email.toLowerCase()))
    expect(suppressed?.reason).toContain('550')

    // Due again, the server accepting now: the bounced mail is still never sent.
    await makeDue(email)
    await t.app.mail.deliverDue()
    expect(received(email)).toHaveLength(0)
    expect((await rows(email))[0]?.attempts).toBe(1)
  })

  it('a later shopper mail to that address (any case) is recorded as skipped, not sent', async () => {
    const email = uniqueEmail('bounced-before')
    await t.db.insert(mailSuppressions).values({ address: email.toLowerCase(), reason: '550' })
    const { id, skipped } = await enqueueShopperMail(t.db, shopperMail(` ${email.toUpperCase()}`))
    expect(skipped).toBe(true)
    expect(await isSuppressed(t.db, email)).toBe(true)
    await t.app.mail.deliverDue()
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    expect(row?.skippedAt).toBeInstanceOf(Date)
    expect(row?.sentAt).toBeNull()
    expect(row?.attempts).toBe(0)
  })

  it('a shopper mail to a good address is sent once; other mails keep retrying after a 5xx', async () => {
    const good = uniqueEmail('good')
    await enqueueShopperMail(t.db, shopperMail(good))
    await t.app.mail.deliverDue()
    await t.app.mail.deliverDue()
    expect(received(good)).toHaveLength(1)
    expect((await rows(good))[0]?.skippedAt).toBeNull()

    const owner = uniqueEmail('owner-refused')
    smtp.state.rejectRecipients = true
    try {
      await enqueueMail(t.db, { to: owner, subject: 'Prueba', text: 'Hola', kind: 'test' })
      await t.app.mail.deliverDue()
    } finally {
      smtp.state.rejectRecipients = false
    }
    expect((await rows(owner))[0]?.skippedAt).toBeNull()
    await makeDue(owner)
    await t.app.mail.deliverDue()
    expect(received(owner)).toHaveLength(1)
  })

  it('refuses to queue a mail that is not a shopper mail through the shopper path', async () => {
    await expect(
      enqueueShopperMail(t.db, { ...shopperMail(uniqueEmail('x')), kind: 'activation' }),
    ).rejects.toThrow('not a shopper mail')
  })
})
