/** SPEC §2.12, §8 (activation 400): POST /api/auth/activar/{token} and activation/resend. */
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { API_MESSAGES, AUTH_MESSAGES } from '@vitrina/contracts'
import { activationTokens, mailOutbox, users } from '../src/db/schema/index.js'
import { hashToken } from '../src/modules/auth/tokens.js'
import { useTestApp } from './helpers/app.js'
import {
  activationTokenFor,
  randomClientIp,
  registerAndLogin,
  TEST_PASSWORD,
  uniqueEmail,
} from './helpers/auth.js'

const invalidLink = {
  statusCode: 400,
  error: 'Bad Request',
  message: AUTH_MESSAGES.activationInvalid,
}

describe('account activation', () => {
  const t = useTestApp()

  async function registerInactive(email = uniqueEmail()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomClientIp(),
      payload: { name: 'Ana', email, password: TEST_PASSWORD },
    })
    expect(res.statusCode).toBe(201)
    return {
      email,
      userId: res.json().user._id as string,
      token: await activationTokenFor(t.app, email),
    }
  }

  it('leaves no usable link in the database: a dump of every table holds no token (issue 22)', async () => {
    const { token } = await registerInactive()
    const tables = await t.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
    const names = (tables as unknown as { rows: { name: string }[] }).rows
    expect(names.map((n) => n.name)).toEqual(
      expect.arrayContaining(['mail_outbox', 'activation_tokens', 'users']),
    )
    for (const { name } of names) {
      const dump = await t.db.execute(sql.raw(`select t::text as row from "${name}" t`))
      const rows = (dump as unknown as { rows: { row: string }[] }).rows
      expect(
        rows.some((r) => r.row.includes(token)),
        name,
      ).toBe(false)
    }
    // …and the token works: it is rendered from the row id with the server's secret.
    expect((await activate(token)).statusCode).toBe(200)
  })

  const activate = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/activar/${token}`,
      remoteAddress: randomClientIp(),
    })

  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientIp(),
      payload: { email, password: TEST_PASSWORD },
    })

  async function userRow(id: string) {
    const [row] = await t.db.select().from(users).where(eq(users.id, id))
    return row
  }

  it('activates the account once; the same link then says the account is already active', async () => {
    const { email, userId, token } = await registerInactive()
    const res = await activate(token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.activationSuccess, alreadyActive: false })
    const user = await userRow(userId)
    expect(user?.isActive).toBe(true)
    expect(user?.activatedAt).toBeInstanceOf(Date)
    expect((await login(email)).statusCode).toBe(200)

    // Issue 41: a second opening (a second tab, the e-mail clicked again) is no error.
    const again = await activate(token)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({
      message: AUTH_MESSAGES.activationAlreadyActive,
      alreadyActive: true,
    })
    expect((await login(email)).statusCode).toBe(200)
  })

  it('still refuses a used link whose account is no longer active', async () => {
    const { userId, token } = await registerInactive()
    expect((await activate(token)).statusCode).toBe(200)
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, userId))
    const again = await activate(token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual(invalidLink)
  })

  it('answers 400 for an expired link and leaves the account inactive', async () => {
    const { userId, token } = await registerInactive()
    await t.db
      .update(activationTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(activationTokens.tokenHash, hashToken(token)))
    const res = await activate(token)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(invalidLink)
    expect((await userRow(userId))?.isActive).toBe(false)
  })

  it('answers 400 for unknown and malformed tokens', async () => {
    for (const token of [
      'x'.repeat(43),
      'no-existe',
      'a'.repeat(200),
      encodeURIComponent('../../etc'),
    ]) {
      const res = await activate(token)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(AUTH_MESSAGES.activationInvalid)
    }
  })

  it('lets only one of two concurrent uses of a link activate', async () => {
    const { token } = await registerInactive()
    const results = await Promise.all([activate(token), activate(token)])
    // One activates; the other finds the link used and the account active (issue 41).
    expect(results.map((r) => r.json().alreadyActive).sort()).toEqual([false, true])
    expect(results.map((r) => r.statusCode)).toEqual([200, 200])
  })

  it('a log-in before activation says "Usuario no activado"', async () => {
    const { email } = await registerInactive()
    const res = await login(email)
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe(AUTH_MESSAGES.userNotActivated)
  })

  describe('POST /api/auth/activation/resend', () => {
    const resend = (email: string, remoteAddress = randomClientIp()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/activation/resend',
        remoteAddress,
        payload: { email },
      })

    async function mailsTo(email: string) {
      const [row] = await t.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
      return row?.n ?? 0
    }

    it('replaces the old link of an inactive account with a new one', async () => {
      const { email, userId, token: oldToken } = await registerInactive()
      const res = await resend(`  ${email.toUpperCase()} `)
      expect(res.statusCode).toBe(202)
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.activationResent })
      expect(await mailsTo(email)).toBe(2)

      const newToken = await activationTokenFor(t.app, email)
      expect(newToken).not.toBe(oldToken)
      const live = await t.db
        .select()
        .from(activationTokens)
        .where(and(eq(activationTokens.userId, userId), isNull(activationTokens.usedAt)))
      expect(live.map((r) => r.tokenHash)).toEqual([hashToken(newToken)])

      expect((await activate(oldToken)).json()).toEqual(invalidLink)
      expect((await activate(newToken)).statusCode).toBe(200)
    })

    it('gives the same reply for unknown and already active accounts, and sends nothing', async () => {
      const unknown = uniqueEmail('nadie')
      const active = await registerAndLogin(t.app)
      const mailsBefore = await mailsTo(active.user.email)

      const forUnknown = await resend(unknown)
      const forActive = await resend(active.user.email)
      const { email: inactive } = await registerInactive()
      const forInactive = await resend(inactive)

      for (const res of [forUnknown, forActive, forInactive]) {
        expect(res.statusCode).toBe(202)
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.activationResent })
      }
      expect(await mailsTo(unknown)).toBe(0)
      expect(await mailsTo(active.user.email)).toBe(mailsBefore)
      expect(await mailsTo(inactive)).toBe(2)
    })

    it('validates the e-mail', async () => {
      const res = await resend('no-es-correo')
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(AUTH_MESSAGES.emailInvalid)
    })

    it('allows 3 resends per hour per account, from any address', async () => {
      const { email } = await registerInactive()
      for (let i = 0; i < 3; i++) expect((await resend(email)).statusCode).toBe(202)
      const fourth = await resend(email.toUpperCase())
      expect(fourth.statusCode).toBe(429)
      expect(fourth.json().message).toBe(API_MESSAGES.rateLimited)
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500)
      expect(await mailsTo(email)).toBe(4)
      // Other accounts keep their own allowance.
      expect((await resend(uniqueEmail())).statusCode).toBe(202)
    })
  })
})
