import { describe, expect, it } from 'vitest'
import { count, eq, sql } from 'drizzle-orm'
import { API_MESSAGES, CONTACT_MESSAGES } from '@vitrina/contracts'
import { contactMessages, mailOutbox } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { randomClientIp, randomIpv6Net } from './helpers/auth.js'

const valid = {
  name: 'Lucía Fernández',
  email: 'lucia@example.com',
  message: 'Hola, quisiera saber cómo pasar mi tienda al Plan Premium.',
}

describe('POST /api/email/contact', () => {
  const t = useTestApp({ CONTACT_INBOX: 'buzon@vitrina.test' })

  function send(payload: object, remoteAddress = randomClientIp()) {
    return t.app.inject({ method: 'POST', url: '/api/email/contact', payload, remoteAddress })
  }

  async function counts() {
    const [messages] = await t.db.select({ n: count() }).from(contactMessages)
    const [mails] = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'contact'))
    return { messages: messages!.n, mails: mails!.n }
  }

  it('stores the message and queues one mail to the inbox with Reply-To the sender', async () => {
    const before = await counts()
    const res = await send({ ...valid, name: '  Lucía Fernández ', email: ' lucia@example.com' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ message: CONTACT_MESSAGES.successDescription })

    const [stored] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'lucia@example.com'))
    expect(stored).toMatchObject({ name: 'Lucía Fernández', message: valid.message })

    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.replyTo, 'lucia@example.com'))
    expect(mail).toMatchObject({
      to: 'buzon@vitrina.test',
      kind: 'contact',
      subject: 'Mensaje de contacto de Lucía Fernández',
      sentAt: null,
    })
    expect(mail!.text).toContain(valid.message)
    expect(mail!.text).toContain('Nombre: Lucía Fernández')
    expect(await counts()).toEqual({
      messages: before.messages + 1,
      mails: before.mails + 1,
    })
  })

  it('escapes the sender text in the HTML part', async () => {
    const res = await send({
      name: 'Eve <b>',
      email: 'eve@example.com',
      message: '<script>alert("x")</script> y <img src=x onerror=alert(1)>',
    })
    expect(res.statusCode).toBe(201)
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.replyTo, 'eve@example.com'))
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(mail!.html).toContain('Eve &lt;b&gt;')
    expect(mail!.html).not.toContain('<script>')
    expect(mail!.html).not.toContain('<img')
  })

  it('applies the SPEC §5 rules with their messages and stores nothing', async () => {
    const before = await counts()
    const res = await send({ name: 'A', email: 'no-es-un-correo', message: 'corto' })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: CONTACT_MESSAGES.nameMin },
        { path: 'email', message: CONTACT_MESSAGES.emailInvalid },
        { path: 'message', message: CONTACT_MESSAGES.messageMin },
      ]),
    )
    const missing = await send({})
    expect(missing.statusCode).toBe(400)
    expect(
      missing
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['email', 'message', 'name'])
    // Whitespace does not count towards the minimums.
    const blank = await send({ ...valid, message: '          a        ' })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe(CONTACT_MESSAGES.messageMin)
    expect(await counts()).toEqual(before)
  })

  it('refuses CR/LF in the name and e-mail, so no header can be injected', async () => {
    const before = await counts()
    const inName = await send({ ...valid, name: 'Mallory\r\nBcc: victima@example.com' })
    expect(inName.statusCode).toBe(400)
    expect(inName.json().errors).toEqual([
      { path: 'name', message: CONTACT_MESSAGES.nameSingleLine },
    ])
    const lfOnly = await send({ ...valid, name: 'Mallory\nSubject: hola' })
    expect(lfOnly.statusCode).toBe(400)
    for (const email of [
      'mallory@example.com\r\nBcc: victima@example.com',
      'mallory@example.com\nCc: x@example.com',
      'mallory@exa\rmple.com',
      // issue 22: a display name or a list would change the Reply-To to someone else
      '"x"<victima@example.com>',
      'a;victima@example.com',
      'mallory@example.com,victima@example.com',
    ]) {
      const res = await send({ ...valid, email })
      expect(res.statusCode).toBe(400)
      expect(res.json().errors).toEqual([{ path: 'email', message: CONTACT_MESSAGES.emailInvalid }])
    }
    expect(await counts()).toEqual(before)
  })

  it('stores nothing when the mail cannot be queued (one transaction)', async () => {
    const before = await counts()
    // A real failure inside the transaction: the outbox refuses contact mail for a moment.
    await t.db.execute(
      sql`ALTER TABLE mail_outbox ADD CONSTRAINT test_no_contact CHECK (kind <> 'contact') NOT VALID`,
    )
    try {
      const res = await send({ ...valid, email: 'rollback@example.com' })
      expect(res.statusCode).toBe(500)
      expect(res.json().message).toBe(API_MESSAGES.internal)
    } finally {
      await t.db.execute(sql`ALTER TABLE mail_outbox DROP CONSTRAINT test_no_contact`)
    }
    expect(await counts()).toEqual(before)
  })
})

describe('contact rate limit', () => {
  const t = useTestApp()

  it('allows 5 messages per hour per address, then answers 429 in Spanish', async () => {
    const ip = randomClientIp()
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/email/contact',
        payload: valid,
        remoteAddress: ip,
      })
      expect(res.statusCode).toBe(201)
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      payload: valid,
      remoteAddress: ip,
    })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ statusCode: 429, message: API_MESSAGES.rateLimited })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000)

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      payload: valid,
      remoteAddress: randomClientIp(),
    })
    expect(other.statusCode).toBe(201)
    const [stored] = await t.db.select({ n: count() }).from(contactMessages)
    expect(stored!.n).toBe(6)
  })

  it('counts an IPv6 client by its /64: a new address in it for each message gains nothing', async () => {
    const inNet = randomIpv6Net()
    const send = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/email/contact', payload: valid, remoteAddress })
    for (let i = 1; i <= 5; i++) expect((await send(inNet(i))).statusCode).toBe(201)
    const limited = await send(inNet(6))
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toBe(API_MESSAGES.rateLimited)
    expect((await send(randomIpv6Net()(1))).statusCode).toBe(201)
  })
})
