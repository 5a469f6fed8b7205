/**
 * Issue 23 §1, password reset: POST /api/auth/password/forgot and /api/auth/password/reset,
 * through the real routes on a fresh database (mail read from the outbox as the sender renders it).
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MAILS, ACCOUNT_MESSAGES, API_MESSAGES, AUTH_MESSAGES } from '@vitrina/contracts'
import { passwordResetTokens, refreshTokens, users } from '../src/db/schema/index.js'
import { maskUrl } from '../src/lib/logger.js'
import { hashToken } from '../src/modules/auth/tokens.js'
import { useTestApp } from './helpers/app.js'
import {
  activationTokenFor,
  mailsOf,
  randomClientIp,
  registerAndLogin,
  resetTokenFor,
  TEST_PASSWORD,
  uniqueEmail,
  waitForMails,
} from './helpers/auth.js'

const NEW_PASSWORD = 'Caracol4Azul'

const invalidLink = {
  statusCode: 400,
  error: 'Bad Request',
  message: ACCOUNT_MESSAGES.resetInvalid,
}

describe('password reset', () => {
  const t = useTestApp()

  const forgot = (email: string, remoteAddress = randomClientIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      remoteAddress,
      payload: { email },
    })

  const reset = (
    token: unknown,
    password: unknown = NEW_PASSWORD,
    remoteAddress = randomClientIp(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      remoteAddress,
      payload: { token, password },
    })

  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientIp(),
      payload: { email, password },
    })

  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress: randomClientIp(),
      headers: { authorization: `Bearer ${refreshToken}` },
    })

  async function activeAccountWithLink() {
    const account = await registerAndLogin(t.app, { name: 'Rocío Núñez' })
    const res = await forgot(account.user.email)
    expect(res.statusCode).toBe(202)
    return { ...account, token: await resetTokenFor(t.app, account.user.email) }
  }

  describe('POST /api/auth/password/forgot', () => {
    it('answers the same 202 for an active, an inactive and an unknown account', async () => {
      const active = await registerAndLogin(t.app)
      const inactive = uniqueEmail('inactiva')
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: randomClientIp(),
        payload: { name: 'Ana', email: inactive, password: TEST_PASSWORD },
      })
      expect(registered.statusCode).toBe(201)

      const replies = await Promise.all(
        [active.user.email, inactive, uniqueEmail('nadie')].map((email) => forgot(email)),
      )
      for (const res of replies) {
        expect(res.statusCode).toBe(202)
        expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.forgotSent })
      }
      expect(new Set(replies.map((r) => r.body)).size).toBe(1)
      expect(new Set(replies.map((r) => JSON.stringify(Object.keys(r.headers).sort()))).size).toBe(
        1,
      )
    })

    it('mails an active account a 1-hour link to /auth/restablecer/{token}', async () => {
      const account = await registerAndLogin(t.app, { name: 'Rocío Núñez' })
      const before = Date.now()
      expect((await forgot(account.user.email.toUpperCase())).statusCode).toBe(202)
      const [mail] = await waitForMails(t.app, account.user.email, 'password-reset')
      expect(mail).toMatchObject({
        subject: ACCOUNT_MAILS.resetSubject,
        tokenId: expect.any(String),
      })
      // The row keeps the placeholder; the sender renders the token.
      expect(mail!.text).toContain('http://vitrina.test/auth/restablecer/{{token}}')
      const rendered = t.app.mail.render(mail!)
      expect(rendered.text).toMatch(/^Hola Rocío Núñez:/)
      expect(rendered.text).toContain(ACCOUNT_MAILS.resetValidity('1 hora'))
      for (const part of [
        ACCOUNT_MAILS.greeting('Rocío Núñez'),
        ACCOUNT_MAILS.resetIntro,
        ACCOUNT_MAILS.resetIgnore,
        ACCOUNT_MAILS.help('soporte@vitrina.uy'),
        ACCOUNT_MAILS.signature,
      ]) {
        expect(rendered.text).toContain(part)
      }
      expect(rendered.html).toContain(ACCOUNT_MAILS.resetAction)
      expect(rendered.html).toContain(ACCOUNT_MAILS.linkFallback)
      expect(rendered.html).toContain('<a href="mailto:soporte@vitrina.uy">soporte@vitrina.uy</a>')
      const token = rendered.text.match(/\/auth\/restablecer\/([A-Za-z0-9_-]+)/)![1]!
      // 256-bit HMAC output, base64url.
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const [row] = await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
      expect(row!.expiresAt.getTime() - before).toBeGreaterThan(3590_000)
      expect(row!.expiresAt.getTime() - before).toBeLessThan(3610_000)
    })

    it('sends an account not yet activated its activation mail instead', async () => {
      const email = uniqueEmail('inactiva')
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: randomClientIp(),
        payload: { name: 'Ana', email, password: TEST_PASSWORD },
      })
      const firstLink = await activationTokenFor(t.app, email)
      expect((await forgot(email)).statusCode).toBe(202)
      await waitForMails(t.app, email, 'activation', 2)
      expect(await mailsOf(t.app, email, 'password-reset')).toHaveLength(0)
      const newLink = await activationTokenFor(t.app, email)
      expect(newLink).not.toBe(firstLink)
      const activated = await t.app.inject({
        method: 'POST',
        url: `/api/auth/activar/${newLink}`,
        remoteAddress: randomClientIp(),
      })
      expect(activated.statusCode).toBe(200)
    })

    it('mails nothing for an unknown address', async () => {
      const email = uniqueEmail('nadie')
      expect((await forgot(email)).statusCode).toBe(202)
      // Give the after-reply work time to run: still nothing.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await mailsOf(t.app, email, 'password-reset')).toHaveLength(0)
      expect(await mailsOf(t.app, email, 'activation')).toHaveLength(0)
    })

    it('validates the e-mail', async () => {
      for (const [email, message] of [
        ['no-es-correo', AUTH_MESSAGES.emailInvalid],
        ['', AUTH_MESSAGES.emailRequired],
      ] as const) {
        const res = await forgot(email)
        expect(res.statusCode).toBe(400)
        expect(res.json().message).toBe(message)
      }
    })

    it('leaves no usable link in the database: a dump of every table holds no token', async () => {
      const { token } = await activeAccountWithLink()
      const tables = await t.db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
      const names = (tables as unknown as { rows: { name: string }[] }).rows.map((n) => n.name)
      expect(names).toContain('password_reset_tokens')
      for (const name of names) {
        const dump = await t.db.execute(sql.raw(`select t::text as row from "${name}" t`))
        const rows = (dump as unknown as { rows: { row: string }[] }).rows
        expect(
          rows.some((r) => r.row.includes(token)),
          name,
        ).toBe(false)
      }
    })

    it('a new request withdraws the earlier link', async () => {
      const { user, token: first } = await activeAccountWithLink()
      expect((await forgot(user.email)).statusCode).toBe(202)
      const second = await resetTokenFor(t.app, user.email, 2)
      expect(second).not.toBe(first)
      expect((await reset(first)).json()).toEqual(invalidLink)
      expect((await reset(second)).statusCode).toBe(200)
    })
  })

  describe('POST /api/auth/password/reset', () => {
    it('sets the new password, ends every session and mails a confirmation', async () => {
      const account = await activeAccountWithLink()
      const second = await login(account.user.email, TEST_PASSWORD)
      expect(second.statusCode).toBe(200)

      const res = await reset(account.token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.resetSuccess })

      expect((await login(account.user.email, TEST_PASSWORD)).json().message).toBe(
        AUTH_MESSAGES.invalidCredentials,
      )
      expect((await login(account.user.email, NEW_PASSWORD)).statusCode).toBe(200)
      // Both earlier logins are over.
      for (const token of [account.refreshToken, second.json().refresh_token as string]) {
        const renewed = await refresh(token)
        expect(renewed.statusCode).toBe(401)
        expect(renewed.json().message).toBe(AUTH_MESSAGES.sessionExpired)
      }
      const [confirmation] = await mailsOf(t.app, account.user.email, 'password-changed')
      expect(confirmation).toMatchObject({ subject: ACCOUNT_MAILS.passwordChangedSubject })
      expect(confirmation!.text).toContain(ACCOUNT_MAILS.passwordChangedIntro)
      expect(confirmation!.text).toContain(
        ACCOUNT_MAILS.passwordChangedWarning('soporte@vitrina.uy'),
      )
    })

    it('works once: the same link then answers 400', async () => {
      const { token } = await activeAccountWithLink()
      expect((await reset(token)).statusCode).toBe(200)
      const again = await reset(token, 'OtraClave9Verde')
      expect(again.statusCode).toBe(400)
      expect(again.json()).toEqual(invalidLink)
    })

    it('answers 400 for an expired link and leaves the password as it was', async () => {
      const { user, token } = await activeAccountWithLink()
      await t.db
        .update(passwordResetTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
      const res = await reset(token)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(invalidLink)
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200)
    })

    it('answers 400 for unknown, malformed and missing tokens', async () => {
      for (const token of ['x'.repeat(43), 'no-existe', 'a'.repeat(201), '', 42, undefined]) {
        const res = await reset(token)
        expect(res.statusCode, String(token)).toBe(400)
        expect(res.json().message).toBe(ACCOUNT_MESSAGES.resetInvalid)
      }
      // An activation token is not a reset token.
      const email = uniqueEmail()
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: randomClientIp(),
        payload: { name: 'Ana', email, password: TEST_PASSWORD },
      })
      expect((await reset(await activationTokenFor(t.app, email))).json()).toEqual(invalidLink)
    })

    it('refuses a password that breaks the registration rules, and the link still works', async () => {
      const { user, token } = await activeAccountWithLink()
      for (const [password, message] of [
        ['corta1A', AUTH_MESSAGES.passwordMin],
        ['todominuscula1', AUTH_MESSAGES.passwordCase],
        ['Password123', AUTH_MESSAGES.passwordCommon],
        ['RocioSegura9', AUTH_MESSAGES.passwordPersonal],
        [`${user.email.split('@')[0]}X`, AUTH_MESSAGES.passwordPersonal],
      ] as const) {
        const res = await reset(token, password)
        expect(res.statusCode, password).toBe(400)
        expect(res.json()).toMatchObject({ message, errors: [{ path: 'password', message }] })
      }
      expect((await reset(token)).statusCode).toBe(200)
    })

    it('lets only one of two concurrent uses of a link through', async () => {
      const { token } = await activeAccountWithLink()
      const results = await Promise.all([reset(token), reset(token, 'OtraClave9Verde')])
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400])
    })

    it('keeps the stored hash an argon2id hash of the new password, not the old one', async () => {
      const { user, token } = await activeAccountWithLink()
      const [before] = await t.db.select().from(users).where(eq(users.id, user._id))
      await reset(token)
      const [after] = await t.db.select().from(users).where(eq(users.id, user._id))
      expect(after!.passwordHash).toMatch(/^\$argon2id\$/)
      expect(after!.passwordHash).not.toBe(before!.passwordHash)
      const live = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user._id))
      expect(live.every((row) => row.revokedAt !== null)).toBe(true)
    })
  })

  describe('POST /api/auth/password/reset/check (issue 41)', () => {
    const check = (token: unknown, remoteAddress = randomClientIp()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset/check',
        remoteAddress,
        payload: { token },
      })

    it('says a fresh link is usable without spending it', async () => {
      const { user, token } = await activeAccountWithLink()
      for (let i = 0; i < 2; i++) {
        const res = await check(token)
        expect(res.statusCode).toBe(200)
        expect(res.json()).toEqual({ valid: true })
      }
      expect((await reset(token)).statusCode).toBe(200)
      expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
    })

    it('answers the reset 400 for used, expired, unknown and malformed links', async () => {
      const used = await activeAccountWithLink()
      expect((await reset(used.token)).statusCode).toBe(200)
      const expired = await activeAccountWithLink()
      await t.db
        .update(passwordResetTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResetTokens.tokenHash, hashToken(expired.token)))
      for (const token of [used.token, expired.token, 'x'.repeat(43), 'a'.repeat(201), '', 7]) {
        const res = await check(token)
        expect(res.statusCode, String(token)).toBe(400)
        expect(res.json().message).toBe(ACCOUNT_MESSAGES.resetInvalid)
      }
    })

    it('allows 30 checks per hour per address', async () => {
      const ip = randomClientIp()
      for (let i = 0; i < 30; i++) expect((await check('x'.repeat(43), ip)).statusCode).toBe(400)
      expect((await check('x'.repeat(43), ip)).statusCode).toBe(429)
    })
  })

  describe('rate limits', () => {
    it('allows 3 requests per hour per account, from any address', async () => {
      const { user } = await registerAndLogin(t.app)
      for (let i = 0; i < 3; i++) expect((await forgot(user.email)).statusCode).toBe(202)
      const fourth = await forgot(user.email.toUpperCase())
      expect(fourth.statusCode).toBe(429)
      expect(fourth.json().message).toBe(API_MESSAGES.rateLimited)
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500)
      expect(await waitForMails(t.app, user.email, 'password-reset', 3)).toHaveLength(3)
      // Another account keeps its own allowance.
      expect((await forgot(uniqueEmail())).statusCode).toBe(202)
    })

    it('allows 20 requests per hour per address', async () => {
      const ip = randomClientIp()
      for (let i = 0; i < 20; i++) expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(202)
      expect((await forgot(uniqueEmail(), ip)).statusCode).toBe(429)
    })

    it('allows 30 reset attempts per hour per address', async () => {
      const ip = randomClientIp()
      for (let i = 0; i < 30; i++)
        expect((await reset('x'.repeat(43), NEW_PASSWORD, ip)).statusCode).toBe(400)
      const res = await reset('x'.repeat(43), NEW_PASSWORD, ip)
      expect(res.statusCode).toBe(429)
      expect(res.json().message).toBe(API_MESSAGES.rateLimited)
    })
  })

  it('masks the token of a reset page address in logged URLs', () => {
    expect(maskUrl('/auth/restablecer/abcDEF_123-x?utm=1')).toBe('/auth/restablecer/[oculto]?utm=1')
  })

  it('documents the routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    const paths = res.json().paths as Record<string, Record<string, { responses: object }>>
    expect(Object.keys(paths['/api/auth/password/forgot']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '400', '429']),
    )
    expect(Object.keys(paths['/api/auth/password/reset']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '429']),
    )
    expect(Object.keys(paths['/api/auth/password/reset/check']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '429']),
    )
  })
})
