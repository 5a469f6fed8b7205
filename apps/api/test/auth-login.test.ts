/** SPEC §2.9, §8 (login 401s) and the login rate limits: POST /api/auth/login. */
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API_MESSAGES, AUTH_MESSAGES, loginResponseSchema } from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { randomClientIp, registerAndLogin, TEST_PASSWORD, uniqueEmail } from './helpers/auth.js'

const invalidCredentials = {
  statusCode: 401,
  error: 'Unauthorized',
  message: AUTH_MESSAGES.invalidCredentials,
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

describe('POST /api/auth/login', () => {
  const t = useTestApp()

  const login = (
    payload: { email: string; password: string },
    options: { remoteAddress?: string; forwardedFor?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: options.remoteAddress ?? randomClientIp(),
      headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
      payload,
    })

  it('answers the user, a 15-minute access token and a refresh token', async () => {
    const account = await registerAndLogin(t.app, { name: 'Marta' })
    const res = await login({
      email: `  ${account.user.email.toUpperCase()}`,
      password: TEST_PASSWORD,
    })
    expect(res.statusCode).toBe(200)
    const body = loginResponseSchema.parse(res.json())
    expect(body.user).toEqual(account.user)
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'refresh_token', 'user'])
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body.refresh_token).not.toBe(account.refreshToken)

    expect(decodeProtectedHeader(body.access_token)).toEqual({ alg: 'HS256', typ: 'at+jwt' })
    const claims = decodeJwt(body.access_token)
    expect(claims).toMatchObject({
      sub: account.user._id,
      iss: 'http://vitrina.test',
      aud: 'vitrina-api',
    })
    expect(claims.jti).toEqual(expect.any(String))
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60)
    expect(Math.abs((claims.iat ?? 0) - Date.now() / 1000)).toBeLessThan(10)
  })

  it('gives identical 401 bodies for a wrong password and an unknown e-mail', async () => {
    const account = await registerAndLogin(t.app)
    const wrong = await login({ email: account.user.email, password: 'Incorrecta1' })
    const unknown = await login({ email: uniqueEmail('nadie'), password: 'Incorrecta1' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(invalidCredentials)
    expect(unknown.body).toBe(wrong.body)
  })

  it('spends comparable time on an unknown e-mail as on a wrong password', async () => {
    const account = await registerAndLogin(t.app)
    const time = async (email: string) => {
      const start = performance.now()
      const res = await login({ email, password: 'Incorrecta1' })
      expect(res.statusCode).toBe(401)
      return performance.now() - start
    }
    const wrong: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 5; i++) {
      wrong.push(await time(account.user.email))
      unknown.push(await time(uniqueEmail('nadie')))
    }
    // Without the dummy argon2 check an unknown e-mail answers in ~1 ms against ~50 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4)
  })

  it('says "Usuario no activado" only when the password of an inactive account is right', async () => {
    const email = uniqueEmail()
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomClientIp(),
      payload: { name: 'Ana', email, password: TEST_PASSWORD },
    })
    const right = await login({ email, password: TEST_PASSWORD })
    expect(right.statusCode).toBe(401)
    expect(right.json()).toEqual({ ...invalidCredentials, message: AUTH_MESSAGES.userNotActivated })
    const wrong = await login({ email, password: 'Incorrecta1' })
    expect(wrong.json()).toEqual(invalidCredentials)
  })

  it('requires e-mail and password', async () => {
    const noPassword = await login({ email: uniqueEmail(), password: '' })
    expect(noPassword.statusCode).toBe(400)
    expect(noPassword.json().message).toBe(AUTH_MESSAGES.passwordRequired)
    const noEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientIp(),
      payload: { password: TEST_PASSWORD },
    })
    expect(noEmail.statusCode).toBe(400)
    expect(noEmail.json().message).toBe(AUTH_MESSAGES.emailRequired)
  })

  it('allows 10 attempts a minute per IP; the 11th gets 429 with Retry-After', async () => {
    const ip = randomClientIp()
    for (let i = 0; i < 10; i++) {
      const res = await login(
        { email: uniqueEmail(), password: 'Incorrecta1' },
        { remoteAddress: ip },
      )
      expect(res.statusCode).toBe(401)
    }
    const eleventh = await login(
      { email: uniqueEmail(), password: 'Incorrecta1' },
      { remoteAddress: ip },
    )
    expect(eleventh.statusCode).toBe(429)
    expect(eleventh.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: API_MESSAGES.rateLimited,
    })
    const retryAfter = Number(eleventh.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // Even the right password waits: the limit is checked before the password.
    const account = await registerAndLogin(t.app)
    const right = await login(
      { email: account.user.email, password: TEST_PASSWORD },
      { remoteAddress: ip },
    )
    expect(right.statusCode).toBe(429)
  })

  it('ignores X-Forwarded-For without TRUST_PROXY: a spoofed header does not dodge the limit', async () => {
    const ip = randomClientIp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await login(
        { email: uniqueEmail(), password: 'Incorrecta1' },
        { remoteAddress: ip, forwardedFor: randomClientIp() },
      )
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses[10]).toBe(429)
  })
})

describe('login rate limits behind a trusted proxy (TRUST_PROXY=true)', () => {
  const t = useTestApp({ TRUST_PROXY: 'true' })
  const proxy = '127.0.0.1'

  const login = (email: string, password: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': client },
      payload: { email, password },
    })

  it('counts each forwarded client address separately', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      statuses.push((await login(uniqueEmail(), 'Incorrecta1', randomClientIp())).statusCode)
    }
    expect(statuses).toEqual(Array(12).fill(401))
  })

  it('limits one account to 10 attempts a minute across client addresses', async () => {
    const account = await registerAndLogin(t.app) // its log-in is the account's first attempt
    for (let i = 0; i < 9; i++) {
      expect((await login(account.user.email, 'Incorrecta1', randomClientIp())).statusCode).toBe(
        401,
      )
    }
    const eleventh = await login(account.user.email.toUpperCase(), TEST_PASSWORD, randomClientIp())
    expect(eleventh.statusCode).toBe(429)
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0)
    // Another account from the same addresses is unaffected.
    const other = await registerAndLogin(t.app)
    expect((await login(other.user.email, TEST_PASSWORD, randomClientIp())).statusCode).toBe(200)
  })
})

describe('login: hourly cap per account (issue 22, ASVS ≤ 100/hour)', () => {
  const t = useTestApp()
  afterEach(() => vi.restoreAllMocks())

  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientIp(),
      payload: { email, password },
    })

  it('stops at 100 attempts an hour though each minute stays under 10; then even the right password gets 429', async () => {
    const account = await registerAndLogin(t.app) // attempt 1
    let now = Date.now()
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const statuses: number[] = []
    for (let i = 2; i <= 100; i++) {
      // A new minute every 9 attempts: the per-minute limit never trips.
      if (i % 9 === 0) now += 61_000
      statuses.push((await login(account.user.email, 'Incorrecta1')).statusCode)
    }
    expect(statuses).toEqual(Array(99).fill(401))
    now += 61_000
    const wrong = await login(account.user.email, 'Incorrecta1')
    const right = await login(account.user.email, TEST_PASSWORD)
    expect(wrong.statusCode).toBe(429)
    expect(right.statusCode).toBe(429)
    expect(right.json()).toEqual(wrong.json())
    expect(right.json().message).toBe(API_MESSAGES.rateLimited)
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(60)
    // An hour after the first attempt the account can log in again.
    now += 60 * 60_000
    expect((await login(account.user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })
})

describe('RATE_LIMIT=false', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })

  it('turns the account limits off', async () => {
    const ip = randomClientIp()
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: 'misma@vitrina.test', password: 'Incorrecta1' },
      })
      expect(res.statusCode).toBe(401)
    }
  })
})
