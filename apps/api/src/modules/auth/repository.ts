/** Data access for accounts and sessions. Every function takes the database or a transaction. */
import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { UserRole } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { preparedQuery } from '../../db/prepared.js'
import {
  activationTokens,
  emailChangeTokens,
  passwordResetTokens,
  refreshTokens,
  sessions,
  users,
  type RefreshTokenRow,
  type UserRow,
} from '../../db/schema/index.js'

/** The unique constraint that decides a duplicate registration (not a racy pre-check). */
export const USERS_EMAIL_UNIQUE = 'users_email_unique'

export async function insertUser(
  db: Executor,
  values: { name: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning()
  if (!row) throw new Error('users insert returned no row')
  return row
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return row
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

export async function findUserRole(db: Executor, id: string): Promise<UserRole | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1)
  return row?.role
}

export async function activateUser(db: Executor, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ isActive: true, activatedAt: at })
    .where(and(eq(users.id, userId), eq(users.isActive, false)))
}

export async function insertActivationToken(
  db: Executor,
  values: { id: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(activationTokens).values(values)
}

/**
 * Uses an activation token at most once: only the caller whose UPDATE finds it unused and
 * unexpired gets the user id back, however many requests race for it.
 */
export async function consumeActivationToken(
  db: Executor,
  tokenHash: string,
  at: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(activationTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(activationTokens.tokenHash, tokenHash),
        isNull(activationTokens.usedAt),
        gt(activationTokens.expiresAt, at),
      ),
    )
    .returning({ userId: activationTokens.userId })
  return row?.userId
}

/**
 * Whether this link was already used and its account is active (issue 41: a second opening of an
 * activation link says the account is active). Used links are kept for a while (housekeeping).
 */
export async function isUsedActivationOfActiveUser(
  db: Executor,
  tokenHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: activationTokens.userId })
    .from(activationTokens)
    .innerJoin(users, eq(users.id, activationTokens.userId))
    .where(
      and(
        eq(activationTokens.tokenHash, tokenHash),
        isNotNull(activationTokens.usedAt),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Makes every still-unused link of the user worthless (after activation, or before a resend). */
export async function discardActivationTokens(db: Executor, userId: string): Promise<void> {
  await db
    .delete(activationTokens)
    .where(and(eq(activationTokens.userId, userId), isNull(activationTokens.usedAt)))
}

export async function insertRefreshToken(
  db: Executor,
  values: { userId: string; familyId: string; tokenHash: string; familyExpiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values)
}

export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
  return row
}

/**
 * Marks a refresh token rotated. Conditional, so of two concurrent rotations exactly one wins;
 * on PostgreSQL the loser's UPDATE waits for the winner's commit and then matches nothing.
 */
export async function markRefreshTokenRotated(
  db: Executor,
  id: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: at })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id })
  return rows.length === 1
}

/**
 * Ends a login: every refresh token of the family, past and present, and every access token
 * naming the session (its `sid`) stop working.
 */
export async function revokeRefreshFamily(db: Executor, familyId: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, familyId), isNull(sessions.revokedAt)))
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
}

export async function insertSession(
  db: Executor,
  values: { id: string; userId: string; userAgent: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values)
}

/** A refresh: the session was used now (what /perfil shows as its last use). */
export async function touchSession(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id))
}

/**
 * Whether an access token's session still stands: one primary-key lookup, asked of the database
 * on every authenticated request so a logout on any API process is seen by all at once.
 */
export async function isSessionLive(
  db: Executor,
  id: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const rows = await liveSession(db).execute({ id, userId, at: at.toISOString() })
  return rows.length > 0
}

/** isSessionLive's query, built once per database handle (a named statement). */
const liveSession = preparedQuery((db: Executor) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('at')),
      ),
    )
    .limit(1)
    .prepare('auth_session_live'),
)

export async function updatePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

/**
 * Ends every login of the user (but `exceptSessionId`'s, when given): refresh and access tokens
 * of each stop at once.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  at: Date,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptSessionId ? ne(refreshTokens.familyId, exceptSessionId) : undefined,
      ),
    )
}

export async function insertPasswordResetToken(
  db: Executor,
  values: { id: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values)
}

/** The user of an unused, unexpired reset token (the token is not spent). */
export async function findUsablePasswordResetToken(
  db: Executor,
  tokenHash: string,
  at: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, at),
      ),
    )
    .limit(1)
  return row?.userId
}

/** Spends a reset token: of concurrent requests, only one gets the user id back. */
export async function consumePasswordResetToken(
  db: Executor,
  tokenHash: string,
  at: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, at),
      ),
    )
    .returning({ userId: passwordResetTokens.userId })
  return row?.userId
}

/** Every still-unused reset link of the user stops working (a newer one, or a reset, replaces it). */
export async function discardPasswordResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
}

export async function insertEmailChangeToken(
  db: Executor,
  values: { id: string; userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChangeTokens).values(values)
}

/** Withdraws the user's unused e-mail-change links: only the newest request stands. */
export async function discardEmailChangeTokens(db: Executor, userId: string): Promise<void> {
  await db
    .delete(emailChangeTokens)
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)))
}
