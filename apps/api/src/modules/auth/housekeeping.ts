/**
 * Keeps the token tables small. Rotated refresh tokens must outlive their rotation (presenting
 * one again is how theft is detected), so a family is deleted only once its absolute expiry has
 * passed; password-reset tokens go once used or expired; an unused activation token goes once
 * expired, a used one after USED_ACTIVATION_KEEP_MS, so that opening the link again meanwhile can
 * say the account is already active (issue 41) instead of calling the link invalid.
 */
import { and, isNotNull, isNull, lt, or } from 'drizzle-orm'
import fp from 'fastify-plugin'
import type { Executor } from '../../db/client.js'
import {
  activationTokens,
  emailChangeTokens,
  passwordResetTokens,
  refreshTokens,
  sessions,
} from '../../db/schema/index.js'
import { warmUpPasswordHashing } from './passwords.js'

const HOUR_MS = 60 * 60 * 1000
export const USED_ACTIVATION_KEEP_MS = 30 * 24 * HOUR_MS

export async function pruneExpiredTokens(db: Executor, now: Date): Promise<void> {
  // A session past its expiry takes its refresh tokens along (ON DELETE CASCADE).
  await db.delete(sessions).where(lt(sessions.expiresAt, now))
  await db.delete(refreshTokens).where(lt(refreshTokens.familyExpiresAt, now))
  await db
    .delete(activationTokens)
    .where(
      or(
        and(isNull(activationTokens.usedAt), lt(activationTokens.expiresAt, now)),
        lt(activationTokens.usedAt, new Date(now.getTime() - USED_ACTIVATION_KEEP_MS)),
      ),
    )
  await db
    .delete(passwordResetTokens)
    .where(or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now)))
  await db
    .delete(emailChangeTokens)
    .where(or(isNotNull(emailChangeTokens.usedAt), lt(emailChangeTokens.expiresAt, now)))
}

export default fp(
  async (app) => {
    let timer: NodeJS.Timeout | undefined
    const prune = () =>
      pruneExpiredTokens(app.db, new Date()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'pruning expired tokens failed'),
      )
    app.addHook('onReady', async () => {
      // The first unknown-e-mail login should not pay for building the dummy hash.
      await warmUpPasswordHashing()
      timer = setInterval(() => void prune(), HOUR_MS)
      timer.unref()
      void prune()
    })
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer)
    })
  },
  { name: 'auth-housekeeping', dependencies: ['database'] },
)
