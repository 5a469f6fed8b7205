/**
 * Sessions as refresh-token families (RFC 9700 §4.14, docs/decisions/002):
 * - a login starts a family whose absolute expiry never moves;
 * - every refresh rotates the presented token into its successor, HMAC(secret, token);
 * - presenting a rotated token again within `refreshReuseGrace` seconds (two tabs refreshing at
 *   once) returns the same live successor; later, it is treated as theft and the whole family is
 *   revoked.
 */
import { randomUUID } from 'node:crypto'
import { AUTH_MESSAGES, type TokenPair, type UserRole } from '@vitrina/contracts'
import type { Database, Transaction } from '../../db/client.js'
import type { RefreshTokenRow } from '../../db/schema/index.js'
import { AppError } from '../../lib/errors.js'
import {
  findRefreshToken,
  findUserRole,
  insertRefreshToken,
  insertSession,
  markRefreshTokenRotated,
  revokeRefreshFamily,
  touchSession,
} from './repository.js'
import { hashToken, newOpaqueToken, type TokenService } from './tokens.js'

export interface SessionDeps {
  db: Database
  tokens: TokenService
  refreshTokenTtl: number
  refreshReuseGrace: number
}

/** How far the grace path follows successors (each hop is another rotation within the window). */
const MAX_CHAIN = 8

const sessionExpired = () => new AppError('UNAUTHORIZED', AUTH_MESSAGES.sessionExpired)

/** Longest User-Agent kept for the session list; the rest is noise. */
const USER_AGENT_MAX = 512

export async function startSession(
  deps: SessionDeps,
  user: { id: string; role: UserRole },
  userAgent?: string,
): Promise<TokenPair> {
  const userId = user.id
  const refreshToken = newOpaqueToken()
  const sessionId = randomUUID()
  const expiresAt = new Date(Date.now() + deps.refreshTokenTtl * 1000)
  await deps.db.transaction(async (tx) => {
    await insertSession(tx, {
      id: sessionId,
      userId,
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null,
      expiresAt,
    })
    await insertRefreshToken(tx, {
      userId,
      familyId: sessionId,
      tokenHash: hashToken(refreshToken),
      familyExpiresAt: expiresAt,
    })
  })
  return {
    access_token: await deps.tokens.signAccessToken(userId, sessionId, user.role),
    refresh_token: refreshToken,
  }
}

export async function refreshSession(deps: SessionDeps, presented: string): Promise<TokenPair> {
  const now = new Date()
  const graceMs = deps.refreshReuseGrace * 1000
  const isWithinGrace = (row: RefreshTokenRow) =>
    row.rotatedAt !== null && now.getTime() - row.rotatedAt.getTime() <= graceMs

  // The transaction commits in every outcome: a revocation must stick even though we answer 401.
  const outcome = await deps.db.transaction(async (tx) => {
    const presentedHash = hashToken(presented)
    let row = await findRefreshToken(tx, presentedHash)
    if (!row || row.revokedAt || row.familyExpiresAt <= now) return null

    if (!row.rotatedAt) {
      if (await markRefreshTokenRotated(tx, row.id, now)) {
        const successor = deps.tokens.deriveRefreshSuccessor(presented)
        await insertRefreshToken(tx, {
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: hashToken(successor),
          familyExpiresAt: row.familyExpiresAt,
        })
        await touchSession(tx, row.familyId, now)
        return { userId: row.userId, sessionId: row.familyId, refreshToken: successor }
      }
      // Another request rotated it first: read what it committed and treat this as a reuse.
      row = await findRefreshToken(tx, presentedHash)
      if (!row || row.revokedAt) return null
    }

    if (isWithinGrace(row)) {
      const live = await findLiveSuccessor(tx, deps, presented, isWithinGrace)
      if (live) return { userId: row.userId, sessionId: row.familyId, refreshToken: live }
    }
    await revokeRefreshFamily(tx, row.familyId, now)
    return null
  })

  if (!outcome) throw sessionExpired()
  // The role is read at every refresh, so a role granted or taken away reaches the next token.
  const role = await findUserRole(deps.db, outcome.userId)
  if (!role) throw sessionExpired()
  return {
    access_token: await deps.tokens.signAccessToken(outcome.userId, outcome.sessionId, role),
    refresh_token: outcome.refreshToken,
  }
}

/** Walks the successor chain of a just-rotated token to the family's live token. */
async function findLiveSuccessor(
  tx: Transaction,
  deps: SessionDeps,
  token: string,
  isWithinGrace: (row: RefreshTokenRow) => boolean,
): Promise<string | null> {
  let current = token
  for (let hop = 0; hop < MAX_CHAIN; hop++) {
    const next = deps.tokens.deriveRefreshSuccessor(current)
    const row = await findRefreshToken(tx, hashToken(next))
    if (!row || row.revokedAt) return null
    if (!row.rotatedAt) return next
    if (!isWithinGrace(row)) return null
    current = next
  }
  return null
}

/** Logout: revokes the family of the presented token. Unknown tokens are already logged out. */
export async function endSession(deps: SessionDeps, presented: string): Promise<void> {
  const row = await findRefreshToken(deps.db, hashToken(presented))
  if (row) await revokeRefreshFamily(deps.db, row.familyId, new Date())
}
