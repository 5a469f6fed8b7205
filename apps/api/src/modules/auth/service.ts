/**
 * Accounts (SPEC §2.9–2.12, §4, §8): registration, activation by e-mail link, login and the
 * current user. Routes parse and reply; these functions hold the rules.
 */
import type { FastifyBaseLogger } from 'fastify'
import {
  AUTH_MESSAGES,
  type LoginInput,
  type LoginResponse,
  type RegisterInput,
  type User,
} from '@vitrina/contracts'
import { isCommonPassword } from '@vitrina/contracts/password-dictionary'
import type { Config } from '../../config.js'
import type { Executor } from '../../db/client.js'
import type { UserRow } from '../../db/schema/index.js'
import { AppError, isUniqueViolation, validationError } from '../../lib/errors.js'
import {
  enqueueMail,
  TOKEN_PLACEHOLDER,
  type MailSender,
  type OutgoingMail,
} from '../mail/index.js'
import { activationMail, type LinkMailInput } from './activation-mail.js'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js'
import {
  activateUser,
  consumeActivationToken,
  discardActivationTokens,
  findUserByEmail,
  findUserById,
  insertActivationToken,
  isUsedActivationOfActiveUser,
  insertUser,
  USERS_EMAIL_UNIQUE,
} from './repository.js'
import { startSession, type SessionDeps } from './sessions.js'
import { hashToken, newTokenId } from './tokens.js'

export interface AuthDeps extends SessionDeps {
  config: Pick<Config, 'publicUrl' | 'supportEmail' | 'activationTokenTtl' | 'smtpUrl' | 'env'>
  mail: MailSender
  log: FastifyBaseLogger
}

export function toUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>): User {
  return { _id: row.id, name: row.name, email: row.email, role: row.role }
}

/** Creates the user (inactive), its activation token and the mail in one transaction. */
export async function registerUser(deps: AuthDeps, input: RegisterInput): Promise<User> {
  // The schema already refused personal data in the password; the dictionary is checked here.
  if (isCommonPassword(input.password)) {
    throw validationError(AUTH_MESSAGES.passwordCommon, [
      { path: 'password', message: AUTH_MESSAGES.passwordCommon },
    ])
  }
  // Hash before the transaction: argon2 takes tens of milliseconds and must not hold a connection.
  const passwordHash = await hashPassword(input.password)
  let sent: { user: UserRow; link: string }
  try {
    sent = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, { name: input.name, email: input.email, passwordHash })
      const link = await issueActivation(tx, deps, user)
      return { user, link }
    })
  } catch (error) {
    // The unique index decides, so of two concurrent registrations exactly one succeeds.
    if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) {
      throw new AppError('CONFLICT', AUTH_MESSAGES.emailInUse)
    }
    throw error
  }
  afterLinkMail(deps, activationLinkMail(sent.user.email, sent.link))
  return toUser(sent.user)
}

/**
 * SPEC §2.12: a valid link activates the account once; the same link opened again, while its
 * account is active, answers that the account is already active (issue 41); anything else is a 400.
 */
export async function activateAccount(
  deps: AuthDeps,
  token: string,
): Promise<{ alreadyActive: boolean }> {
  const now = new Date()
  const tokenHash = hashToken(token)
  const activated = await deps.db.transaction(async (tx) => {
    const userId = await consumeActivationToken(tx, tokenHash, now)
    if (!userId) return false
    await activateUser(tx, userId, now)
    await discardActivationTokens(tx, userId)
    return true
  })
  if (activated) return { alreadyActive: false }
  if (await isUsedActivationOfActiveUser(deps.db, tokenHash)) return { alreadyActive: true }
  throw new AppError('BAD_REQUEST', AUTH_MESSAGES.activationInvalid)
}

/**
 * Sends a fresh link to an existing inactive account, replacing the old ones. The caller answers
 * the same whatever happens here, so the reply never tells whether an account exists.
 */
export async function resendActivation(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email)
  if (!user || user.isActive) return
  const link = await deps.db.transaction(async (tx) => {
    await discardActivationTokens(tx, user.id)
    return issueActivation(tx, deps, user)
  })
  afterLinkMail(deps, activationLinkMail(user.email, link))
}

/**
 * SPEC §8: 'Usuario no activado' only for the right password on an inactive account; otherwise one
 * body for unknown e-mail and wrong password, after the same argon2 work.
 */
export async function login(
  deps: AuthDeps,
  input: LoginInput,
  userAgent?: string,
): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, input.email)
  const isValid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password)
  if (!user || !isValid) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials)
  if (!user.isActive) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.userNotActivated)
  const pair = await startSession(deps, user, userAgent)
  return { user: toUser(user), ...pair }
}

export async function getCurrentUser(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<User> {
  const user = await findUserById(deps.db, userId)
  // A valid token for a deleted account is as good as no token.
  if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
  return toUser(user)
}

/**
 * A mailed link (issue 22): its token is derived from a fresh row id with the server's secret
 * (tokens.deriveMailToken). The token table keeps the id and the token's hash, the outbox row the
 * link with `{{token}}` in its place, so no table holds a usable link; the real link exists only
 * for the development log (afterLinkMail).
 */
export interface MailLink {
  /** The token row's id, also the outbox row's `tokenId`. */
  tokenId: string
  tokenHash: string
  /** The link as the outbox keeps it, with `{{token}}`. */
  stored: string
  /** The usable link, for afterLinkMail only. */
  live: string
}

/** `route` is the web app's page that opens the link, e.g. '/auth/restablecer/'. */
export function newMailLink(deps: Pick<AuthDeps, 'tokens' | 'config'>, route: string): MailLink {
  const tokenId = newTokenId()
  const token = deps.tokens.deriveMailToken(tokenId)
  const link = (value: string) => `${deps.config.publicUrl}${route}${value}`
  return {
    tokenId,
    tokenHash: hashToken(token),
    stored: link(TOKEN_PLACEHOLDER),
    live: link(token),
  }
}

/** Queues a link mail (activation, reset, e-mail change) in the transaction that made its token. */
export async function enqueueLinkMail(
  tx: Executor,
  deps: Pick<AuthDeps, 'config'>,
  compose: (input: LinkMailInput) => OutgoingMail,
  input: { userId: string; to: string; name: string; ttlSeconds: number },
  link: MailLink,
): Promise<void> {
  const { userId, ...mail } = input
  await enqueueMail(tx, {
    ...compose({ ...mail, link: link.stored, supportEmail: deps.config.supportEmail }),
    tokenId: link.tokenId,
    userId,
  })
}

/** Returns the real link, for the development log only. */
async function issueActivation(tx: Executor, deps: AuthDeps, user: UserRow): Promise<string> {
  // SPEC §2.1: the web app's activation screen is /auth/activar/{token}.
  const link = newMailLink(deps, '/auth/activar/')
  const ttlSeconds = deps.config.activationTokenTtl
  await insertActivationToken(tx, {
    id: link.tokenId,
    userId: user.id,
    tokenHash: link.tokenHash,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  })
  await enqueueLinkMail(
    tx,
    deps,
    activationMail,
    { userId: user.id, to: user.email, name: user.name, ttlSeconds },
    link,
  )
  return link.live
}

/**
 * After the commit that wrote a mail with a token link: deliver now, or — without SMTP — show the
 * link where a developer looks. The one place a token may reach the log: the documented
 * development delivery (README); `field` names it for the e2e journeys that read the log.
 */
const activationLinkMail = (to: string, link: string) => ({
  to,
  field: 'activationLink',
  link,
  what: 'activation link',
})

/** How the readable line of a mailed link names it (issue 41), by its `field`. */
export const LINK_LINE_LABELS: Record<string, string> = {
  activationLink: 'Enlace de activación',
  resetLink: 'Enlace para restablecer la contraseña',
  emailChangeLink: 'Enlace para confirmar el correo nuevo',
}

/** `Enlace de activación para ana@example.com: http://…` — one line a person reads (issue 41). */
export function linkLine(mail: { to: string; field: string; link: string }): string {
  return `${LINK_LINE_LABELS[mail.field] ?? mail.field} para ${mail.to}: ${mail.link}`
}

export function afterLinkMail(
  deps: Pick<AuthDeps, 'mail' | 'log' | 'config'>,
  mail: { to: string; field: string; link: string; what: string },
): void {
  if (deps.mail.isSmtp) {
    deps.mail.wake()
    return
  }
  // Issue 41: under `npm start` (production) the log is JSON for machines; the link is printed as
  // a line a person reads, and the JSON entry drops to debug.
  if (deps.config.env === 'production') {
    process.stdout.write(
      `\n  ${linkLine(mail)}\n  (SMTP no configurado: el correo queda en mail_outbox)\n\n`,
    )
    deps.log.debug({ to: mail.to, [mail.field]: mail.link }, `SMTP not configured: ${mail.what}`)
    return
  }
  deps.log.info({ to: mail.to, [mail.field]: mail.link }, `SMTP not configured: ${mail.what}`)
}
