/**
 * Token primitives (ARCHITECTURE.md "tokens", RFC 8725 / RFC 9068 / RFC 9700):
 * - access tokens are short-lived HS256 JWTs typed `at+jwt`, verified with the algorithm pinned;
 *   their `sid` names the login, which `app.authenticate` checks is still live (issue 23 §1);
 * - refresh tokens are opaque random strings of which only a SHA-256 is stored;
 * - an activation token is an HMAC of its row id, rendered into the mail only when it is sent
 *   (or logged), so neither the token table nor the mail outbox holds it;
 * - a refresh token's successor is an HMAC of it, so the server can re-derive it during the reuse
 *   grace window without ever storing a token in plain text.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { AUTH_MESSAGES, USER_ROLES, type UserRole } from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'

const ACCESS_TOKEN_TYPE = 'at+jwt'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const ACCESS_TOKEN_AUDIENCE = 'vitrina-api'
/** Seconds of clock skew tolerated between the signer and the verifier (other API processes). */
const CLOCK_TOLERANCE_S = 5

export interface AuthUser {
  id: string
  /** The login (sessions row, refresh-token family) the access token was issued for. */
  sessionId: string
  /** Issue 23 §3: the `role` claim; a token without one (issued before roles) is an owner's. */
  role: UserRole
}

function isUserRole(value: unknown): value is UserRole {
  return (USER_ROLES as readonly unknown[]).includes(value)
}

export interface TokenServiceOptions {
  secret: string
  /** The `iss` claim: the public address of this deployment. */
  issuer: string
  accessTokenTtl: number
}

export interface TokenService {
  readonly accessTokenTtl: number
  signAccessToken(userId: string, sessionId: string, role: UserRole): Promise<string>
  /** Resolves to the user, or throws a 401 AppError (sessionExpired when merely expired). */
  verifyAccessToken(token: string): Promise<AuthUser>
  /** The refresh token that replaces `token` on rotation (deterministic, unguessable). */
  deriveRefreshSuccessor(token: string): string
  /**
   * The token of a mailed link (activation), derived from its row id: the database keeps the id
   * and the token's hash, never the token, so a dump holds no usable link (issue 22).
   */
  deriveMailToken(tokenId: string): string
  /**
   * Issue 44 §3: the token of an order's page, derived from the order's token id, so a status
   * mail written later can link to the page (rendered at send time) while the database keeps
   * only the id and the token's hash. Its HMAC input has its own prefix: no order token is ever
   * an account mail's token for the same id, nor the other way round.
   */
  deriveOrderToken(tokenId: string): string
}

/** 32 random bytes, base64url: the form of every opaque token we hand out. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * A row id for a mailed link's token: 128 random bits written as a UUID (PostgreSQL's uuid type
 * takes any 128 bits), where `randomUUID()` has 122. The token is HMAC(secret, id), so it is as
 * unpredictable as the id to anyone holding the secret, and useless to anyone without it.
 */
export function newTokenId(): string {
  const hex = randomBytes(16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** What the database keeps instead of a token. Tokens are high-entropy, so no salt is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export function createTokenService(options: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(options.secret)
  const unauthorized = () => new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)

  return {
    accessTokenTtl: options.accessTokenTtl,

    async signAccessToken(userId, sessionId, role) {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ sid: sessionId, role })
        .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
        .setSubject(userId)
        .setIssuer(options.issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + options.accessTokenTtl)
        .sign(key)
    },

    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          // Pinned: never `none`, never an asymmetric algorithm keyed with our secret.
          algorithms: ['HS256'],
          typ: ACCESS_TOKEN_TYPE,
          issuer: options.issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'sid', 'jti', 'iat', 'exp'],
          clockTolerance: CLOCK_TOLERANCE_S,
          // Also bounds the lifetime by `iat` and refuses tokens issued in the future.
          maxTokenAge: options.accessTokenTtl,
        })
        const { sub, sid, role = 'owner' } = payload
        if (typeof sub !== 'string' || sub === '') throw unauthorized()
        if (typeof sid !== 'string' || !UUID.test(sid)) throw unauthorized()
        if (!isUserRole(role)) throw unauthorized()
        return { id: sub, sessionId: sid, role }
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired)
        }
        if (error instanceof AppError) throw error
        throw unauthorized()
      }
    },

    deriveRefreshSuccessor(token) {
      return createHmac('sha256', options.secret).update(`refresh:${token}`).digest('base64url')
    },

    deriveMailToken(tokenId) {
      return createHmac('sha256', options.secret)
        .update(`mail-token:${tokenId}`)
        .digest('base64url')
    },

    deriveOrderToken(tokenId) {
      return createHmac('sha256', options.secret)
        .update(`order-page:${tokenId}`)
        .digest('base64url')
    },
  }
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i

/** The token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1), or null. */
export function readBearerToken(header: string | undefined): string | null {
  if (!header) return null
  return BEARER.exec(header)?.[1] ?? null
}
