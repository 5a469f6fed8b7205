/**
 * Password reset (issue 23 §1): "¿Olvidaste tu contraseña?" → a mailed link
 * `/auth/restablecer/{token}` → a new password. The token follows the activation link's rule
 * (ADR 002, issue 22): HMAC(secret, row id), only its SHA-256 stored, rendered into the mail when
 * it is sent, so no table holds a usable link. Single use, 1 hour; a reset ends every session.
 */
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  passwordHasPersonalData,
  type ResetPasswordInput,
} from '@vitrina/contracts'
import { isCommonPassword } from '@vitrina/contracts/password-dictionary'
import type { UserRow } from '../../db/schema/index.js'
import { AppError, validationError } from '../../lib/errors.js'
import { enqueueMail } from '../mail/index.js'
import { passwordChangedMail, passwordResetMail } from './account-mails.js'
import { hashPassword } from './passwords.js'
import {
  consumePasswordResetToken,
  discardEmailChangeTokens,
  discardPasswordResetTokens,
  findUsablePasswordResetToken,
  findUserByEmail,
  findUserById,
  insertPasswordResetToken,
  revokeUserSessions,
  updatePasswordHash,
} from './repository.js'
import {
  afterLinkMail,
  enqueueLinkMail,
  newMailLink,
  resendActivation,
  type AuthDeps,
} from './service.js'
import { hashToken } from './tokens.js'

/** Issue 23 §1: a reset link works for one hour. */
export const PASSWORD_RESET_TTL_S = 60 * 60

/**
 * The rules a new password meets beyond the schema's (ADR 020): not the person's name or e-mail,
 * not a common or breached password. A 400 on the `password` field otherwise.
 */
export function assertAcceptablePassword(
  password: string,
  user: Pick<UserRow, 'name' | 'email'>,
): void {
  const message = passwordHasPersonalData(password, user.name, user.email)
    ? AUTH_MESSAGES.passwordPersonal
    : isCommonPassword(password)
      ? AUTH_MESSAGES.passwordCommon
      : null
  if (message) throw validationError(message, [{ path: 'password', message }])
}

/**
 * Mails a reset link to an active account, or the activation mail to one not yet activated;
 * nothing for an unknown address. The route has already answered (the same 202 in every case),
 * so nothing here is visible to the caller, not even its duration.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email)
  if (!user) return
  if (!user.isActive) {
    await resendActivation(deps, email)
    return
  }
  const link = newMailLink(deps, '/auth/restablecer/')
  await deps.db.transaction(async (tx) => {
    // Only the newest link works: asking again withdraws the earlier ones.
    await discardPasswordResetTokens(tx, user.id)
    await insertPasswordResetToken(tx, {
      id: link.tokenId,
      userId: user.id,
      tokenHash: link.tokenHash,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_S * 1000),
    })
    const input = {
      userId: user.id,
      to: user.email,
      name: user.name,
      ttlSeconds: PASSWORD_RESET_TTL_S,
    }
    await enqueueLinkMail(tx, deps, passwordResetMail, input, link)
  })
  afterLinkMail(deps, {
    to: user.email,
    field: 'resetLink',
    link: link.live,
    what: 'password reset link',
  })
}

/**
 * Issue 41: whether a reset link is usable, without spending it — the same single indexed lookup
 * `resetPassword` starts with, so a valid and an invalid link cost the same and this tells nothing
 * that submitting the form would not. Unknown, used and expired links are one 400.
 */
export async function checkPasswordResetToken(deps: Pick<AuthDeps, 'db'>, token: string) {
  const userId = await findUsablePasswordResetToken(deps.db, hashToken(token), new Date())
  if (!userId) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.resetInvalid)
}

/**
 * Sets the new password of a valid link: the link is spent, every session of the user ends, any
 * pending e-mail change is withdrawn (issue 40 §3), and a confirmation mail goes out. Unknown,
 * used and expired links are one 400.
 */
export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<void> {
  const invalid = () => new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.resetInvalid)
  const tokenHash = hashToken(input.token)
  // Checked before spending the link, so a refused password leaves it usable for the next try.
  const userId = await findUsablePasswordResetToken(deps.db, tokenHash, new Date())
  const user = userId ? await findUserById(deps.db, userId) : undefined
  if (!user) throw invalid()
  assertAcceptablePassword(input.password, user)
  // Hashed outside the transaction: argon2 must not hold a connection.
  const passwordHash = await hashPassword(input.password)
  const now = new Date()
  const done = await deps.db.transaction(async (tx) => {
    if ((await consumePasswordResetToken(tx, tokenHash, now)) !== user.id) return false
    await updatePasswordHash(tx, user.id, passwordHash)
    await discardPasswordResetTokens(tx, user.id)
    // Issue 40 §3: a change of address asked by whoever this reset locks out goes with them.
    await discardEmailChangeTokens(tx, user.id)
    await revokeUserSessions(tx, user.id, now)
    await enqueueMail(tx, {
      ...passwordChangedMail({
        to: user.email,
        name: user.name,
        supportEmail: deps.config.supportEmail,
      }),
      userId: user.id,
    })
    return true
  })
  if (!done) throw invalid()
  if (deps.mail.isSmtp) deps.mail.wake()
}
