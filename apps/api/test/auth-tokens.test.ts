/** Access tokens (RFC 8725 / RFC 9068) and `app.authenticate`, through GET /api/auth/me. */
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '@vitrina/contracts'
import { users } from '../src/db/schema/index.js'
import { startTestApp, useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, sessionIdOf, type TestAccount } from './helpers/auth.js'

const JWT_SECRET = 'secreto-de-prueba-de-al-menos-32-caracteres'
const key = new TextEncoder().encode(JWT_SECRET)

const unauthorized = { statusCode: 401, error: 'Unauthorized', message: AUTH_MESSAGES.unauthorized }
const expired = { ...unauthorized, message: AUTH_MESSAGES.sessionExpired }

interface Forgery {
  sub?: string
  iss?: string
  aud?: string
  typ?: string
  alg?: string
  iat?: number
  exp?: number
  jti?: string | null
  sid?: string | null
  secret?: Uint8Array
}

describe('access tokens', () => {
  const t = useTestApp({ JWT_SECRET })

  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers })

  /** A token like ours, with any one detail changed. */
  function forge(account: TestAccount, f: Forgery = {}) {
    const now = Math.floor(Date.now() / 1000)
    const sid = f.sid === undefined ? sessionIdOf(account.accessToken) : f.sid
    const jwt = new SignJWT(sid === null ? {} : { sid })
      .setProtectedHeader({ alg: f.alg ?? 'HS256', typ: f.typ ?? 'at+jwt' })
      .setSubject(f.sub ?? account.user._id)
      .setIssuer(f.iss ?? 'http://vitrina.test')
      .setAudience(f.aud ?? 'vitrina-api')
      .setIssuedAt(f.iat ?? now)
      .setExpirationTime(f.exp ?? now + 900)
    if (f.jti !== null) jwt.setJti(f.jti ?? randomUUID())
    return jwt.sign(f.secret ?? key)
  }

  it('opens GET /me with a valid token; a token forged with the right key and claims works too', async () => {
    const account = await registerAndLogin(t.app)
    const res = await me(bearer(account.accessToken))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(account.user)
    // Proves the forgeries below differ from a good token only in what each one changes.
    expect((await me(bearer(await forge(account)))).statusCode).toBe(200)
  })

  it('answers 401 "session expired" for an expired token', async () => {
    const account = await registerAndLogin(t.app)
    const now = Math.floor(Date.now() / 1000)
    const res = await me(bearer(await forge(account, { iat: now - 1000, exp: now - 60 })))
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(expired)
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    // A far `exp` does not stretch a token past ACCESS_TOKEN_TTL counted from `iat`.
    const stretched = await forge(account, { iat: now - 3600, exp: now + 3600 })
    expect((await me(bearer(stretched))).json()).toEqual(expired)
  })

  it.each<[string, Forgery]>([
    [
      'a forged signature',
      { secret: new TextEncoder().encode('otro-secreto-distinto-de-32-caracteres!!') },
    ],
    ['another issuer', { iss: 'https://otro.example' }],
    ['another audience', { aud: 'otra-api' }],
    ['another token type', { typ: 'JWT' }],
    ['another algorithm (HS512)', { alg: 'HS512' }],
    ['no jti', { jti: null }],
    ['a token issued in the future', { iat: Math.floor(Date.now() / 1000) + 3600 }],
    ['no session (sid)', { sid: null }],
    ['a session id that is not a UUID', { sid: 'sesion' }],
  ])('answers 401 for %s', async (_case, forgery) => {
    const account = await registerAndLogin(t.app)
    const res = await me(bearer(await forge(account, forgery)))
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(unauthorized)
  })

  it("answers 401 'session expired' for a session that does not exist or is another user's", async () => {
    const account = await registerAndLogin(t.app)
    const other = await registerAndLogin(t.app)
    for (const sid of [randomUUID(), sessionIdOf(other.accessToken)]) {
      const res = await me(bearer(await forge(account, { sid })))
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(expired)
      expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"')
    }
  })

  it('answers 401 for an unsigned token (alg none)', async () => {
    const { user } = await registerAndLogin(t.app)
    const unsecured = new UnsecuredJWT({})
      .setSubject(user._id)
      .setIssuer('http://vitrina.test')
      .setAudience('vitrina-api')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('15m')
      .encode()
    expect((await me(bearer(unsecured))).json()).toEqual(unauthorized)
    // The same with a typ header and an empty signature.
    const [, payload] = unsecured.split('.')
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')
    expect((await me(bearer(`${header}.${payload}.`))).statusCode).toBe(401)
  })

  it('answers 401 for a refresh token used as an access token', async () => {
    const account = await registerAndLogin(t.app)
    const res = await me(bearer(account.refreshToken))
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(unauthorized)
  })

  it('refuses an access token presented as a refresh token', async () => {
    const account = await registerAndLogin(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: bearer(account.accessToken),
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(expired)
  })

  it('answers 401 without a bearer token, with a WWW-Authenticate challenge', async () => {
    const account = await registerAndLogin(t.app)
    const attempts: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: `Token ${account.accessToken}` },
      { authorization: `Bearer ${account.accessToken} extra` },
    ]
    for (const headers of attempts) {
      const res = await me(headers)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(unauthorized)
      expect(res.headers['www-authenticate']).toBe('Bearer')
    }
    // The scheme is case-insensitive (RFC 7235).
    expect((await me({ authorization: `bearer ${account.accessToken}` })).statusCode).toBe(200)
  })

  it('answers 401 for the token of an account that no longer exists', async () => {
    const account = await registerAndLogin(t.app)
    await t.db.delete(users).where(eq(users.id, account.user._id))
    const res = await me(bearer(account.accessToken))
    // Its sessions went with it, so the token's session has ended (issue 23 §1).
    expect(res.json()).toEqual(expired)
  })
})

describe('signing secret without JWT_SECRET', () => {
  it('is generated once into DATA_DIR (mode 0600) and survives a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-secret-'))
    try {
      const first = await startTestApp({ DATA_DIR: dataDir })
      const sessionId = randomUUID()
      const token = await first.app.tokens.signAccessToken(randomUUID(), sessionId, 'owner')
      await first.stop()

      const file = path.join(dataDir, 'jwt-secret')
      expect((await stat(file)).mode & 0o777).toBe(0o600)
      expect((await readFile(file, 'utf8')).trim().length).toBeGreaterThanOrEqual(32)

      const second = await startTestApp({ DATA_DIR: dataDir })
      try {
        await expect(second.app.tokens.verifyAccessToken(token)).resolves.toEqual({
          id: expect.any(String),
          sessionId,
          role: 'owner',
        })
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
