/** SPEC §2.10, §5 (registration), §8 (409): POST /api/auth/register. */
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API_MESSAGES, AUTH_MESSAGES } from '@vitrina/contracts'
import { activationTokens, mailOutbox, users } from '../src/db/schema/index.js'
import { hashToken } from '../src/modules/auth/tokens.js'
import { useTestApp } from './helpers/app.js'
import {
  activationTokenFor,
  randomClientIp,
  randomIpv6Net,
  TEST_PASSWORD,
  uniqueEmail,
} from './helpers/auth.js'

describe('POST /api/auth/register', () => {
  const t = useTestApp()

  function register(payload: unknown, remoteAddress = randomClientIp()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress,
      payload: payload as object,
    })
  }

  async function rowCounts() {
    const [u] = await t.db.select({ n: count() }).from(users)
    const [a] = await t.db.select({ n: count() }).from(activationTokens)
    const [m] = await t.db.select({ n: count() }).from(mailOutbox)
    return { users: u?.n, tokens: a?.n, mails: m?.n }
  }

  it('creates an inactive user, an activation token and the activation mail', async () => {
    const email = uniqueEmail('ana')
    const before = Date.now()
    const res = await register({
      name: '  Ana Pérez ',
      email: `  ${email.toUpperCase()} `,
      password: TEST_PASSWORD,
    })

    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toEqual({
      message: AUTH_MESSAGES.registrationSuccess,
      user: { _id: expect.any(String), name: 'Ana Pérez', email, role: 'owner' },
    })

    const [user] = await t.db.select().from(users).where(eq(users.email, email))
    expect(user).toBeDefined()
    expect(user?.id).toBe(body.user._id)
    expect(user?.isActive).toBe(false)
    expect(user?.activatedAt).toBeNull()
    // argon2id with the OWASP baseline parameters, never the password itself.
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(user?.passwordHash).not.toContain(TEST_PASSWORD)

    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(mail?.kind).toBe('activation')
    expect(mail?.subject).toBe('Activa tu cuenta de Vitrina')
    expect(mail?.sentAt).toBeNull()
    const token = await activationTokenFor(t.app, email)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const link = `http://vitrina.test/auth/activar/${token}`
    // The row holds the link without its token (issue 22); the sender renders it.
    expect(mail?.text).toContain('http://vitrina.test/auth/activar/{{token}}')
    expect(mail?.html).toContain('href="http://vitrina.test/auth/activar/{{token}}"')
    expect(JSON.stringify(mail)).not.toContain(token)
    const rendered = t.app.mail.render(mail!)
    expect(rendered.text).toContain(link)
    expect(rendered.text).toContain('Hola Ana Pérez')
    expect(rendered.text).toContain('48 horas')
    expect(rendered.text).toContain(t.config.supportEmail)
    expect(rendered.html).toContain(`href="${link}"`)

    // Only the SHA-256 of the token is stored, and it expires after ACTIVATION_TOKEN_TTL (48 h).
    const [stored] = await t.db
      .select()
      .from(activationTokens)
      .where(eq(activationTokens.userId, body.user._id))
    expect(stored?.tokenHash).toBe(hashToken(token))
    expect(stored?.tokenHash).not.toContain(token)
    const ttlMs = (stored?.expiresAt.getTime() ?? 0) - before
    expect(ttlMs).toBeGreaterThan(48 * 3600 * 1000 - 5000)
    expect(ttlMs).toBeLessThan(48 * 3600 * 1000 + 5000)
  })

  it('escapes the user name in the HTML mail', async () => {
    const email = uniqueEmail('html')
    const res = await register({ name: '<b>Ana & "Co"</b>', email, password: TEST_PASSWORD })
    expect(res.statusCode).toBe(201)
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(mail?.html).toContain('Hola &lt;b&gt;Ana &amp; &quot;Co&quot;&lt;/b&gt;:')
    expect(mail?.html).not.toContain('<b>Ana')
    expect(mail?.text).toContain('Hola <b>Ana & "Co"</b>:')
  })

  it.each([
    ['a short password', { password: 'Abc1' }, 'password', AUTH_MESSAGES.passwordMin],
    [
      'a password without upper case',
      { password: 'minusculas1' },
      'password',
      AUTH_MESSAGES.passwordCase,
    ],
    [
      'a password without lower case',
      { password: 'MAYUSCULAS1' },
      'password',
      AUTH_MESSAGES.passwordCase,
    ],
    ['a missing password', { password: undefined }, 'password', AUTH_MESSAGES.passwordRequired],
    ['a missing name', { name: undefined }, 'name', AUTH_MESSAGES.nameRequired],
    ['a blank name', { name: '   ' }, 'name', AUTH_MESSAGES.nameRequired],
    ['a missing e-mail', { email: undefined }, 'email', AUTH_MESSAGES.emailRequired],
    ['an invalid e-mail', { email: 'ana@sin-dominio' }, 'email', AUTH_MESSAGES.emailInvalid],
    // Issue 22: common and breached passwords, and passwords made of the account's own data.
    ['Password123', { password: 'Password123' }, 'password', AUTH_MESSAGES.passwordCommon],
    ['Qwerty123', { password: 'Qwerty123' }, 'password', AUTH_MESSAGES.passwordCommon],
    ['Iloveyou1', { password: 'Iloveyou1' }, 'password', AUTH_MESSAGES.passwordCommon],
    ['Dragon2024', { password: 'Dragon2024' }, 'password', AUTH_MESSAGES.passwordCommon],
    [
      "the name's word",
      { name: 'Ana Pérez', password: 'MiPerez-2026' },
      'password',
      AUTH_MESSAGES.passwordPersonal,
    ],
    [
      "the e-mail's local part",
      { email: 'tigre.blanco@vitrina.test', password: 'Tigre.Blanco9' },
      'password',
      AUTH_MESSAGES.passwordPersonal,
    ],
  ])(
    'refuses %s with the SPEC §5 message and stores nothing',
    async (_case, override, path, message) => {
      const before = await rowCounts()
      const res = await register({
        name: 'Ana',
        email: uniqueEmail(),
        password: TEST_PASSWORD,
        ...override,
      })
      expect(res.statusCode).toBe(400)
      const body = res.json()
      expect(body.message).toBe(message)
      expect(body.errors).toContainEqual({ path, message })
      expect(await rowCounts()).toEqual(before)
    },
  )

  it('answers 409 for an e-mail already in use, whatever its case and spaces', async () => {
    const email = uniqueEmail('dup')
    expect((await register({ name: 'Ana', email, password: TEST_PASSWORD })).statusCode).toBe(201)
    const before = await rowCounts()

    for (const variant of [email, `  ${email.toUpperCase()}  `]) {
      const res = await register({ name: 'Otra', email: variant, password: TEST_PASSWORD })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: AUTH_MESSAGES.emailInUse,
      })
    }
    expect(await rowCounts()).toEqual(before)
  })

  it('lets exactly one of several concurrent registrations of one e-mail succeed', async () => {
    const email = uniqueEmail('race')
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        register({ name: `Persona ${i}`, email, password: TEST_PASSWORD }),
      ),
    )
    const statuses = results.map((r) => r.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409, 409])
    const [row] = await t.db.select({ n: count() }).from(users).where(eq(users.email, email))
    expect(row?.n).toBe(1)
    const [mails] = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
    expect(mails?.n).toBe(1)
  })

  it('refuses malformed JSON, oversize bodies and other content types, storing nothing', async () => {
    const before = await rowCounts()
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomClientIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Ana","email":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toBe(API_MESSAGES.malformedJson)

    const oversize = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomClientIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'A'.repeat(2 * 1024 * 1024),
        email: uniqueEmail(),
        password: TEST_PASSWORD,
      }),
    })
    expect(oversize.statusCode).toBe(413)
    expect(oversize.json().message).toBe(API_MESSAGES.payloadTooLarge)

    const tooLongName = await register({
      name: 'A'.repeat(500),
      email: uniqueEmail(),
      password: TEST_PASSWORD,
    })
    expect(tooLongName.statusCode).toBe(400)

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomClientIp(),
      headers: { 'content-type': 'text/plain' },
      payload: 'name=Ana',
    })
    expect(text.statusCode).toBe(415)
    expect(text.json().message).toBe(API_MESSAGES.unsupportedMediaType)

    const notAnObject = await register(['Ana', uniqueEmail(), TEST_PASSWORD])
    expect(notAnObject.statusCode).toBe(400)
    expect(notAnObject.json().message).toBe(API_MESSAGES.validation)
    expect(await rowCounts()).toEqual(before)
  })

  it('counts an IPv6 client by its /64 for registrations (a new address each time gains nothing)', async () => {
    const inNet = randomIpv6Net()
    for (let i = 1; i <= 5; i++) {
      const res = await register(
        { name: 'Ana', email: uniqueEmail('net'), password: TEST_PASSWORD },
        inNet(i),
      )
      expect(res.statusCode).toBe(201)
    }
    const sixth = await register(
      { name: 'Ana', email: uniqueEmail('net'), password: TEST_PASSWORD },
      inNet(6),
    )
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toBe(API_MESSAGES.rateLimited)
  })

  it('allows 5 registrations per hour from one IP; the 6th gets 429 with Retry-After', async () => {
    const ip = randomClientIp()
    for (let i = 0; i < 5; i++) {
      const res = await register(
        { name: 'Ana', email: uniqueEmail('limit'), password: TEST_PASSWORD },
        ip,
      )
      expect(res.statusCode).toBe(201)
    }
    const before = await rowCounts()
    const sixth = await register(
      { name: 'Ana', email: uniqueEmail('limit'), password: TEST_PASSWORD },
      ip,
    )
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: API_MESSAGES.rateLimited,
    })
    const retryAfter = Number(sixth.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(await rowCounts()).toEqual(before)

    // Another client is not affected.
    const other = await register({
      name: 'Ana',
      email: uniqueEmail('limit'),
      password: TEST_PASSWORD,
    })
    expect(other.statusCode).toBe(201)
  })
})
