/**
 * Sessions (RFC 9700): POST /api/auth/refresh rotation, reuse detection, the two-tab grace
 * window, the absolute family expiry, POST /api/auth/logout and GET /api/auth/me.
 */
import { eq, sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, refreshResponseSchema } from '@vitrina/contracts'
import { activationTokens, refreshTokens, sessions } from '../src/db/schema/index.js'
import { pruneExpiredTokens, USED_ACTIVATION_KEEP_MS } from '../src/modules/auth/housekeeping.js'
import { hashToken } from '../src/modules/auth/tokens.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, sessionIdOf } from './helpers/auth.js'

const expired = {
  statusCode: 401,
  error: 'Unauthorized',
  message: AUTH_MESSAGES.sessionExpired,
}

describe('refresh tokens', () => {
  const t = useTestApp()

  const refresh = (
    token: string,
    extra: { headers?: Record<string, string>; payload?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...bearer(token), ...extra.headers },
      ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
    })

  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) })

  async function tokenRow(token: string) {
    const [row] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
    return row
  }

  /** Moves a token's rotation `seconds` into the past (instead of waiting). */
  async function ageRotation(token: string, seconds: number) {
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - make_interval(secs => ${seconds})` })
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
  }

  it('rotates: a new pair, the new refresh token works, the old one is spent', async () => {
    const account = await registerAndLogin(t.app)
    const res = await refresh(account.refreshToken)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const pair = refreshResponseSchema.parse(res.json())
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'refresh_token'])
    expect(pair.refresh_token).not.toBe(account.refreshToken)
    expect(pair.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(decodeJwt(pair.access_token).sub).toBe(account.user._id)
    expect((await me(pair.access_token)).json()).toEqual(account.user)

    // Only hashes are stored, and the spent token is marked rotated.
    const old = await tokenRow(account.refreshToken)
    expect(old?.rotatedAt).toBeInstanceOf(Date)
    const next = await tokenRow(pair.refresh_token)
    expect(next?.familyId).toBe(old?.familyId)
    expect(next?.rotatedAt).toBeNull()

    const again = await refresh(pair.refresh_token)
    expect(again.statusCode).toBe(200)
    expect(again.json().refresh_token).not.toBe(pair.refresh_token)

    // Once the grace window has passed, the first token is worthless.
    await ageRotation(account.refreshToken, 11)
    expect((await refresh(account.refreshToken)).json()).toEqual(expired)
  })

  it('takes the refresh token as bearer with an empty body, also with a JSON content type', async () => {
    const account = await registerAndLogin(t.app)
    const res = await refresh(account.refreshToken, {
      headers: { 'content-type': 'application/json' },
      payload: '',
    })
    expect(res.statusCode).toBe(200)
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })
    expect(missing.statusCode).toBe(401)
    expect(missing.json().message).toBe(AUTH_MESSAGES.unauthorized)
    const unknown = await refresh('x'.repeat(43))
    expect(unknown.json()).toEqual(expired)
  })

  it('revokes the whole family when a rotated token is reused after the grace window', async () => {
    const account = await registerAndLogin(t.app)
    const second = (await refresh(account.refreshToken)).json().refresh_token as string
    const third = (await refresh(second)).json().refresh_token as string
    await ageRotation(account.refreshToken, 11)

    const reuse = await refresh(account.refreshToken)
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json()).toEqual(expired)
    // The thief may hold the newest token: it stops working too.
    expect((await refresh(third)).json()).toEqual(expired)
    const family = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await tokenRow(third))?.familyId ?? ''))
    expect(family).toHaveLength(3)
    expect(family.every((row) => row.revokedAt !== null)).toBe(true)

    // Other sessions of the same user are untouched.
    const otherLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: account.password },
    })
    expect((await refresh(otherLogin.json().refresh_token)).statusCode).toBe(200)
  })

  it('gives a second presentation within the grace window the same refresh token (two tabs)', async () => {
    const account = await registerAndLogin(t.app)
    const first = await refresh(account.refreshToken)
    const second = await refresh(account.refreshToken)
    expect(second.statusCode).toBe(200)
    expect(second.json().refresh_token).toBe(first.json().refresh_token)
    // A fresh access token each time.
    expect(decodeJwt(second.json().access_token).jti).not.toBe(
      decodeJwt(first.json().access_token).jti,
    )
    expect((await me(second.json().access_token)).statusCode).toBe(200)
    // The shared successor rotates normally afterwards.
    expect((await refresh(first.json().refresh_token)).statusCode).toBe(200)
  })

  it('follows the chain to the newest token when the successor was already rotated too', async () => {
    const account = await registerAndLogin(t.app)
    const second = (await refresh(account.refreshToken)).json().refresh_token as string
    const third = (await refresh(second)).json().refresh_token as string
    const late = await refresh(account.refreshToken)
    expect(late.statusCode).toBe(200)
    expect(late.json().refresh_token).toBe(third)
  })

  it('answers concurrent refreshes with one token the same successor', async () => {
    const account = await registerAndLogin(t.app)
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => refresh(account.refreshToken)))
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(results.map((r) => r.json().refresh_token)).size).toBe(1)
    const family = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await tokenRow(account.refreshToken))?.familyId ?? ''))
    expect(family).toHaveLength(2)
  })

  it('revokes after the window: a reuse 11 s after rotation is theft', async () => {
    const account = await registerAndLogin(t.app)
    const next = (await refresh(account.refreshToken)).json().refresh_token as string
    await ageRotation(account.refreshToken, 9)
    expect((await refresh(account.refreshToken)).json().refresh_token).toBe(next)
    await ageRotation(account.refreshToken, 2)
    expect((await refresh(account.refreshToken)).json()).toEqual(expired)
    expect((await refresh(next)).json()).toEqual(expired)
  })

  it('ends a login at its absolute expiry, which rotation never extends', async () => {
    const account = await registerAndLogin(t.app)
    const loginRow = await tokenRow(account.refreshToken)
    const expiresInMs = (loginRow?.familyExpiresAt.getTime() ?? 0) - Date.now()
    expect(expiresInMs).toBeGreaterThan(30 * 24 * 3600 * 1000 - 60_000)
    expect(expiresInMs).toBeLessThanOrEqual(30 * 24 * 3600 * 1000)

    const next = (await refresh(account.refreshToken)).json().refresh_token as string
    expect((await tokenRow(next))?.familyExpiresAt).toEqual(loginRow?.familyExpiresAt)

    await t.db
      .update(refreshTokens)
      .set({ familyExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.familyId, loginRow?.familyId ?? ''))
    expect((await refresh(next)).json()).toEqual(expired)
  })
})

describe('POST /api/auth/logout and GET /api/auth/me', () => {
  const t = useTestApp()

  const logout = (options: { token?: string; payload?: unknown; contentType?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        ...(options.token ? bearer(options.token) : {}),
        ...(options.contentType ? { 'content-type': options.contentType } : {}),
      },
      ...(options.payload !== undefined ? { payload: options.payload as string } : {}),
    })
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) })

  it('revokes the family of a bearer refresh token (204), its successors included', async () => {
    const account = await registerAndLogin(t.app)
    const next = (await refresh(account.refreshToken)).json().refresh_token as string
    const res = await logout({ token: account.refreshToken })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect((await refresh(next)).json()).toEqual(expired)
    expect((await refresh(account.refreshToken)).json()).toEqual(expired)
  })

  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) })

  it('ends the access token of that session at once (issue 23 §1), not the other sessions', async () => {
    const account = await registerAndLogin(t.app)
    const otherLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: account.password },
    })
    const otherAccess = otherLogin.json().access_token as string
    const renewed = (await refresh(account.refreshToken)).json().access_token as string
    expect((await me(account.accessToken)).statusCode).toBe(200)

    expect((await logout({ token: account.refreshToken })).statusCode).toBe(204)
    // Both access tokens of the ended session — the first and the one a refresh issued — stop.
    for (const token of [account.accessToken, renewed]) {
      const res = await me(token)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(expired)
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    }
    // …and the same holds for a route of another module.
    const business = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(account.accessToken),
    })
    expect(business.statusCode).toBe(401)
    // The other login of the same account goes on.
    expect((await me(otherAccess)).statusCode).toBe(200)
  })

  it('a reused refresh token (theft) ends the access tokens of its session too', async () => {
    const account = await registerAndLogin(t.app)
    await refresh(account.refreshToken)
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - interval '1 minute'` })
      .where(eq(refreshTokens.tokenHash, hashToken(account.refreshToken)))
    expect((await refresh(account.refreshToken)).statusCode).toBe(401)
    expect((await me(account.accessToken)).json()).toEqual(expired)
  })

  it('keeps the login: the session row names the user agent, the access token its id', async () => {
    const account = await registerAndLogin(t.app)
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1'
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': ua },
      payload: { email: account.user.email, password: account.password },
    })
    const sid = sessionIdOf(login.json().access_token as string)
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid))
    expect(row).toMatchObject({ userId: account.user._id, userAgent: ua, revokedAt: null })
    const [token] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(login.json().refresh_token as string)))
    expect(token?.familyId).toBe(sid)
  })

  it('takes the refresh token in a JSON body too, and an empty JSON body with a bearer', async () => {
    const account = await registerAndLogin(t.app)
    const res = await logout({ payload: { refresh_token: account.refreshToken } })
    expect(res.statusCode).toBe(204)
    expect((await refresh(account.refreshToken)).statusCode).toBe(401)

    const other = await registerAndLogin(t.app)
    const empty = await logout({
      token: other.refreshToken,
      contentType: 'application/json',
      payload: '',
    })
    expect(empty.statusCode).toBe(204)
    expect((await refresh(other.refreshToken)).statusCode).toBe(401)
  })

  it('takes a bearer refresh token with a `{}` body (issue 22)', async () => {
    const account = await registerAndLogin(t.app)
    const res = await logout({ token: account.refreshToken, payload: {} })
    expect(res.statusCode).toBe(204)
    expect((await refresh(account.refreshToken)).statusCode).toBe(401)
    // `{}` without a bearer carries no token at all: not logged in.
    expect((await logout({ payload: {} })).statusCode).toBe(401)
  })

  it('is idempotent for unknown tokens and answers 401 without any token', async () => {
    expect((await logout({ token: 'y'.repeat(43) })).statusCode).toBe(204)
    const none = await logout({})
    expect(none.statusCode).toBe(401)
    expect(none.json().message).toBe(AUTH_MESSAGES.unauthorized)
    const malformed = await logout({
      contentType: 'application/json',
      payload: '{"refresh_token":',
    })
    expect(malformed.statusCode).toBe(400)
  })

  it('GET /me returns the user of the access token and 401 without one', async () => {
    const account = await registerAndLogin(t.app, { name: 'Lucía' })
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(account.accessToken),
    })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual({
      _id: account.user._id,
      name: 'Lucía',
      email: account.user.email,
      role: 'owner',
    })
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthorized)
  })

  it('prunes expired login families and spent activation tokens, keeping live sessions', async () => {
    const live = await registerAndLogin(t.app)
    const ended = await registerAndLogin(t.app)
    const endedFamily = (
      await t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(ended.refreshToken)))
    )[0]?.familyId
    await t.db
      .update(refreshTokens)
      .set({ familyExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.familyId, endedFamily ?? ''))
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, endedFamily ?? ''))

    await pruneExpiredTokens(t.db, new Date())
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, endedFamily ?? '')),
    ).toEqual([])
    expect((await me(live.accessToken)).statusCode).toBe(200)

    expect(
      await t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, endedFamily ?? '')),
    ).toEqual([])
    expect((await refresh(live.refreshToken)).statusCode).toBe(200)
    // registerAndLogin used its activation link: it is kept a while, so that opening it again says
    // the account is already active (issue 41), then goes.
    const liveActivations = () =>
      t.db.select().from(activationTokens).where(eq(activationTokens.userId, live.user._id))
    expect(await liveActivations()).toHaveLength(1)
    await pruneExpiredTokens(t.db, new Date(Date.now() + USED_ACTIVATION_KEEP_MS + 60_000))
    expect(await liveActivations()).toEqual([])
  })

  it('documents every account route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = res.json().paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >
    expect(Object.keys(paths['/api/auth/register']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '409', '429']),
    )
    expect(Object.keys(paths['/api/auth/login']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '429']),
    )
    for (const path of [
      '/api/auth/activar/{token}',
      '/api/auth/activation/resend',
      '/api/auth/refresh',
      '/api/auth/logout',
    ]) {
      expect(paths[path]?.post).toBeDefined()
    }
    expect(paths['/api/auth/me']?.get).toBeDefined()
  })
})
