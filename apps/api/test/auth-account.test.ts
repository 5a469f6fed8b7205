/**
 * Issue 23 §1, /perfil's API: PATCH /api/auth/me, POST /me/password, POST /me/email and
 * /email/confirm, GET and DELETE /sessions, DELETE /me — through the real routes on a fresh
 * database, with local image storage.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_MAILS,
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  AUTH_MESSAGES,
  type AccountSession,
} from '@vitrina/contracts'
import { emailChangeTokens, users } from '../src/db/schema/index.js'
import { hashToken } from '../src/modules/auth/tokens.js'
import { useTestApp } from './helpers/app.js'
import {
  bearer,
  mailsOf,
  randomClientIp,
  registerAndLogin,
  sessionIdOf,
  TEST_PASSWORD,
  uniqueEmail,
  type TestAccount,
} from './helpers/auth.js'
import { createTestBusiness, pngFile } from './helpers/catalogue.js'
import { createTestProduct, storedFiles } from './helpers/products.js'

const t = useTestApp()

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  accessToken: string | null,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: randomClientIp(),
    headers: accessToken ? bearer(accessToken) : {},
    ...(payload ? { payload } : {}),
  })

const me = (account: { accessToken: string }) => call('GET', '/api/auth/me', account.accessToken)

const login = (email: string, password: string, userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: randomClientIp(),
    headers: userAgent ? { 'user-agent': userAgent } : {},
    payload: { email, password },
  })

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(refreshToken) })

/** A second login of the same account (another device). */
async function secondLogin(account: TestAccount, userAgent?: string) {
  const res = await login(account.user.email, account.password, userAgent)
  expect(res.statusCode).toBe(200)
  return {
    accessToken: res.json().access_token as string,
    refreshToken: res.json().refresh_token as string,
  }
}

describe('PATCH /api/auth/me', () => {
  it('changes the name, trimmed', async () => {
    const account = await registerAndLogin(t.app)
    const res = await call('PATCH', '/api/auth/me', account.accessToken, { name: '  Ana María ' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...account.user, name: 'Ana María' })
    expect((await me(account)).json().name).toBe('Ana María')
  })

  it('refuses a blank or overlong name, and answers 401 without a session', async () => {
    const account = await registerAndLogin(t.app)
    for (const [name, message] of [
      ['   ', AUTH_MESSAGES.nameRequired],
      ['a'.repeat(121), AUTH_MESSAGES.nameMax],
    ] as const) {
      const res = await call('PATCH', '/api/auth/me', account.accessToken, { name })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ message, errors: [{ path: 'name', message }] })
    }
    expect((await call('PATCH', '/api/auth/me', null, { name: 'Ana' })).statusCode).toBe(401)
  })
})

describe('POST /api/auth/me/password', () => {
  const change = (account: { accessToken: string }, currentPassword: unknown, password: unknown) =>
    call('POST', '/api/auth/me/password', account.accessToken, { currentPassword, password })

  it('changes the password, ends the other sessions (not this one) and mails a confirmation', async () => {
    const account = await registerAndLogin(t.app)
    const other = await secondLogin(account)
    const res = await change(account, TEST_PASSWORD, 'Caracol4Azul')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged })

    expect((await me(account)).statusCode).toBe(200)
    expect((await refresh(account.refreshToken)).statusCode).toBe(200)
    expect((await me(other)).json().message).toBe(AUTH_MESSAGES.sessionExpired)
    expect((await refresh(other.refreshToken)).statusCode).toBe(401)

    expect((await login(account.user.email, TEST_PASSWORD)).statusCode).toBe(401)
    expect((await login(account.user.email, 'Caracol4Azul')).statusCode).toBe(200)
    const [mail] = await mailsOf(t.app, account.user.email, 'password-changed')
    expect(mail?.subject).toBe(ACCOUNT_MAILS.passwordChangedSubject)
  })

  it('answers 400 on the field for a wrong current password (never 401: the session is fine)', async () => {
    const account = await registerAndLogin(t.app)
    const res = await change(account, 'NoEsLaMia1', 'Caracol4Azul')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
      errors: [{ path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong }],
    })
    expect((await login(account.user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('holds the new password to the registration rules', async () => {
    const account = await registerAndLogin(t.app, { name: 'Rocío Núñez' })
    for (const [currentPassword, password, path, message] of [
      ['', 'Caracol4Azul', 'currentPassword', ACCOUNT_MESSAGES.currentPasswordRequired],
      [TEST_PASSWORD, 'corta1A', 'password', AUTH_MESSAGES.passwordMin],
      [TEST_PASSWORD, 'todominuscula1', 'password', AUTH_MESSAGES.passwordCase],
      [TEST_PASSWORD, TEST_PASSWORD, 'password', ACCOUNT_MESSAGES.passwordUnchanged],
      [TEST_PASSWORD, 'Password123', 'password', AUTH_MESSAGES.passwordCommon],
      [TEST_PASSWORD, 'NunezSegura9', 'password', AUTH_MESSAGES.passwordPersonal],
    ] as const) {
      const res = await change(account, currentPassword, password)
      expect(res.statusCode, password).toBe(400)
      expect(res.json().errors).toContainEqual({ path, message })
    }
  })

  it('allows 10 password checks an hour per account', async () => {
    const account = await registerAndLogin(t.app)
    for (let i = 0; i < 10; i++) {
      expect((await change(account, 'NoEsLaMia1', 'Caracol4Azul')).statusCode).toBe(400)
    }
    const res = await change(account, TEST_PASSWORD, 'Caracol4Azul')
    expect(res.statusCode).toBe(429)
    expect(res.json().message).toBe(API_MESSAGES.rateLimited)
    expect((await login(account.user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })
})

describe('POST /api/auth/me/email and /api/auth/email/confirm', () => {
  const requestChange = (account: { accessToken: string }, email: string, password: string) =>
    call('POST', '/api/auth/me/email', account.accessToken, { email, password })
  const confirm = (token: unknown, accessToken: string | null = null) =>
    call('POST', '/api/auth/email/confirm', accessToken, { token })

  async function linkFor(email: string) {
    const rows = await mailsOf(t.app, email, 'email-change')
    const mail = rows.at(-1)
    const token =
      mail && t.app.mail.render(mail).text.match(/\/auth\/confirmar-correo\/([A-Za-z0-9_-]+)/)?.[1]
    if (!token) throw new Error(`no e-mail change mail to ${email}`)
    return token
  }

  it('mails a link to the new address, tells the old one, and changes it when opened', async () => {
    const account = await registerAndLogin(t.app, { name: 'Rocío Núñez' })
    const newEmail = uniqueEmail('nuevo')
    const res = await requestChange(account, ` ${newEmail.toUpperCase()} `, TEST_PASSWORD)
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent })
    // Nothing changes before the link is opened.
    expect((await me(account)).json().email).toBe(account.user.email)

    const [notice] = await mailsOf(t.app, account.user.email, 'email-change-notice')
    expect(notice?.subject).toBe(ACCOUNT_MAILS.emailChangeNoticeSubject)
    expect(notice?.text).toContain(ACCOUNT_MAILS.emailChangeNotice(newEmail))
    const [mail] = await mailsOf(t.app, newEmail, 'email-change')
    expect(mail?.subject).toBe(ACCOUNT_MAILS.emailChangeSubject)
    expect(mail?.text).toContain('http://vitrina.test/auth/confirmar-correo/{{token}}')
    expect(mail?.text).toContain(ACCOUNT_MAILS.emailChangeIntro(newEmail))
    expect(mail?.text).toContain(ACCOUNT_MAILS.emailChangeValidity('24 horas'))
    expect(mail?.html).toContain(ACCOUNT_MAILS.emailChangeAction)

    const token = await linkFor(newEmail)
    // Opened in the signed-in browser, whose session stays (issue 40 §3 ends the others).
    const confirmed = await confirm(token, account.accessToken)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toEqual({
      message: ACCOUNT_MESSAGES.emailChanged,
      user: { ...account.user, email: newEmail },
    })
    expect((await me(account)).json().email).toBe(newEmail)
    expect((await login(newEmail, TEST_PASSWORD)).statusCode).toBe(200)
    expect((await login(account.user.email, TEST_PASSWORD)).statusCode).toBe(401)

    const again = await confirm(token)
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.emailChangeInvalid)
  })

  it('refuses a wrong password, the same address, and an address in use', async () => {
    const account = await registerAndLogin(t.app)
    const taken = await registerAndLogin(t.app)
    const wrong = await requestChange(account, uniqueEmail(), 'NoEsLaMia1')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual([
      { path: 'password', message: ACCOUNT_MESSAGES.currentPasswordWrong },
    ])
    const same = await requestChange(account, account.user.email, TEST_PASSWORD)
    expect(same.json().errors).toEqual([
      { path: 'email', message: ACCOUNT_MESSAGES.emailUnchanged },
    ])
    const inUse = await requestChange(account, taken.user.email, TEST_PASSWORD)
    expect(inUse.statusCode).toBe(409)
    expect(inUse.json().message).toBe(AUTH_MESSAGES.emailInUse)
    const invalid = await requestChange(account, 'no-es-correo', TEST_PASSWORD)
    expect(invalid.json().message).toBe(AUTH_MESSAGES.emailInvalid)
  })

  it('answers 400 for expired and unknown links, and 409 when the address was taken meanwhile', async () => {
    const account = await registerAndLogin(t.app)
    const first = uniqueEmail('a')
    await requestChange(account, first, TEST_PASSWORD)
    const token = await linkFor(first)
    await t.db
      .update(emailChangeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChangeTokens.tokenHash, hashToken(token)))
    expect((await confirm(token)).json().message).toBe(ACCOUNT_MESSAGES.emailChangeInvalid)
    for (const bad of ['x'.repeat(43), '', 'a'.repeat(201)]) {
      const res = await confirm(bad)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(ACCOUNT_MESSAGES.emailChangeInvalid)
    }

    const second = uniqueEmail('b')
    await requestChange(account, second, TEST_PASSWORD)
    const secondToken = await linkFor(second)
    await registerAndLogin(t.app, { email: second })
    const res = await confirm(secondToken)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(AUTH_MESSAGES.emailInUse)
  })
})

describe('GET and DELETE /api/auth/sessions', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1'

  it('lists the live sessions with their browser and last use, marking the current one', async () => {
    const account = await registerAndLogin(t.app)
    const phone = await secondLogin(account, IPHONE)
    const ended = await secondLogin(account)
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(ended.refreshToken),
    })

    const res = await call('GET', '/api/auth/sessions', phone.accessToken)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const list = res.json().sessions as AccountSession[]
    expect(list).toHaveLength(2)
    expect(list[0]).toEqual({
      id: sessionIdOf(phone.accessToken),
      userAgent: IPHONE,
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      current: true,
    })
    expect(list[1]).toMatchObject({ id: sessionIdOf(account.accessToken), current: false })
    expect((await call('GET', '/api/auth/sessions', null)).statusCode).toBe(401)
  })

  it("'Cerrar sesión en todos los dispositivos' ends every session at once, this one included", async () => {
    const account = await registerAndLogin(t.app)
    const other = await secondLogin(account)
    const stranger = await registerAndLogin(t.app)
    const res = await call('DELETE', '/api/auth/sessions', account.accessToken)
    expect(res.statusCode).toBe(204)
    for (const session of [account, other]) {
      expect((await me(session)).json().message).toBe(AUTH_MESSAGES.sessionExpired)
      expect((await refresh(session.refreshToken)).statusCode).toBe(401)
    }
    // Another account is untouched.
    expect((await me(stranger)).statusCode).toBe(200)
  })
})

describe('DELETE /api/auth/me', () => {
  /** Every row of every table, as text. */
  async function dump(): Promise<string[]> {
    const tables = await t.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
    const rows: string[] = []
    for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
      const result = await t.db.execute(sql.raw(`select t::text as row from "${name}" t`))
      for (const r of (result as unknown as { rows: { row: string }[] }).rows) {
        rows.push(`${name}: ${r.row}`)
      }
    }
    return rows
  }

  it('refuses a wrong or missing password and deletes nothing', async () => {
    const account = await registerAndLogin(t.app)
    const wrong = await call('DELETE', '/api/auth/me', account.accessToken, {
      password: 'NoEsLaMia1',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual([
      { path: 'password', message: ACCOUNT_MESSAGES.currentPasswordWrong },
    ])
    const missing = await call('DELETE', '/api/auth/me', account.accessToken, {})
    expect(missing.json().message).toBe(ACCOUNT_MESSAGES.currentPasswordRequired)
    expect((await me(account)).statusCode).toBe(200)
  })

  it('removes the user, business, products, images, sessions and mail: no row or file is left', async () => {
    const keeper = await registerAndLogin(t.app)
    const keeperBusiness = await createTestBusiness(t.app, keeper)
    await createTestProduct(t.app, keeper, keeperBusiness._id)

    const account = await registerAndLogin(t.app, { name: 'Rocío Núñez' })
    const other = await secondLogin(account)
    const filesBefore = await storedFiles(t.app)
    const business = await createTestBusiness(
      t.app,
      account,
      {},
      {
        logo: [await pngFile(300, 300, '#112233')],
        slides: [await pngFile(700, 400, '#445566')],
      },
    )
    const product = await createTestProduct(
      t.app,
      account,
      business._id,
      {},
      {
        image: [await pngFile(90, 90, '#778899')],
        images: [await pngFile(90, 90, '#99aabb')],
      },
    )
    // A pending e-mail change and a pending reset, so their tokens and mails exist too.
    const movingTo = uniqueEmail('destino')
    await call('POST', '/api/auth/me/email', account.accessToken, {
      email: movingTo,
      password: TEST_PASSWORD,
    })
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      remoteAddress: randomClientIp(),
      payload: { email: account.user.email },
    })
    // The storefront answers, and its read is cached.
    const storefront = `/api/businesses/${business.identifier}/identifier`
    expect((await t.app.inject({ method: 'GET', url: storefront })).statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).statusCode,
    ).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const ownFiles = (await storedFiles(t.app)).filter((f) => !filesBefore.includes(f))
    expect(ownFiles.length).toBeGreaterThanOrEqual(6)
    const traces = [account.user._id, account.user.email, business._id, product._id, movingTo]
    expect(
      (await dump()).filter((row) => traces.some((s) => row.includes(s))).length,
    ).toBeGreaterThan(5)

    const res = await call('DELETE', '/api/auth/me', account.accessToken, {
      password: TEST_PASSWORD,
    })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')

    expect((await dump()).filter((row) => traces.some((s) => row.includes(s)))).toEqual([])
    const filesAfter = await storedFiles(t.app)
    // Every file of the deleted store is gone; every other file is still there.
    expect(filesAfter.filter((f) => ownFiles.includes(f))).toEqual([])
    expect(filesBefore.every((f) => filesAfter.includes(f))).toBe(true)
    // The storefront stops answering (the cached read is gone too), and so do the tokens.
    expect((await t.app.inject({ method: 'GET', url: storefront })).statusCode).toBe(404)
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/products/${product._id}` })).statusCode,
    ).toBe(404)
    for (const session of [account, other]) {
      expect((await me(session)).statusCode).toBe(401)
      expect((await refresh(session.refreshToken)).statusCode).toBe(401)
    }
    expect((await login(account.user.email, TEST_PASSWORD)).statusCode).toBe(401)
    // The other owner's store is untouched.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/businesses/${keeperBusiness.identifier}/identifier`,
        })
      ).statusCode,
    ).toBe(200)
    expect(await t.db.select().from(users).where(eq(users.id, keeper.user._id))).toHaveLength(1)
  })

  it('frees the address: it can register again', async () => {
    const account = await registerAndLogin(t.app)
    await call('DELETE', '/api/auth/me', account.accessToken, { password: TEST_PASSWORD })
    const again = await registerAndLogin(t.app, { email: account.user.email })
    expect(again.user._id).not.toBe(account.user._id)
  })
})

it('documents every /perfil route in the OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
  const paths = res.json().paths as Record<string, Record<string, unknown>>
  expect(paths['/api/auth/me']).toHaveProperty('patch')
  expect(paths['/api/auth/me']).toHaveProperty('delete')
  expect(paths['/api/auth/me/password']).toHaveProperty('post')
  expect(paths['/api/auth/me/email']).toHaveProperty('post')
  expect(paths['/api/auth/email/confirm']).toHaveProperty('post')
  expect(paths['/api/auth/sessions']).toHaveProperty('get')
  expect(paths['/api/auth/sessions']).toHaveProperty('delete')
})
