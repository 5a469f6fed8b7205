/**
 * /perfil (issue 23 §1): the signed-in user changes their name, password and e-mail, sees and
 * ends their sessions, and deletes the account with everything it owns.
 */
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import type { ImageAsset } from '@vitrina/contracts'
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  type AccountSession,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type User,
} from '@vitrina/contracts'
import {
  businesses,
  emailChangeTokens,
  mailOutbox,
  products,
  sessions,
  users,
  type UserRow,
} from '../../db/schema/index.js'
import { AppError, isUniqueViolation, validationError } from '../../lib/errors.js'
import { holdIdentifiers } from '../businesses/index.js'
import { enqueueMail } from '../mail/index.js'
import type { MediaService } from '../media/index.js'
import {
  emailChangedMail,
  emailChangeMail,
  emailChangeNoticeMail,
  passwordChangedMail,
} from './account-mails.js'
import { assertAcceptablePassword } from './password-reset.js'
import { hashPassword, verifyPassword } from './passwords.js'
import {
  discardEmailChangeTokens,
  discardPasswordResetTokens,
  findUserByEmail,
  findUserById,
  insertEmailChangeToken,
  revokeUserSessions,
  updatePasswordHash,
  USERS_EMAIL_UNIQUE,
} from './repository.js'
import { afterLinkMail, enqueueLinkMail, newMailLink, toUser, type AuthDeps } from './service.js'
import { hashToken, type AuthUser } from './tokens.js'

/** An e-mail-change link works for 24 hours. */
export const EMAIL_CHANGE_TTL_S = 24 * 60 * 60

export interface AccountDeps extends AuthDeps {
  media: Pick<MediaService, 'deleteAssets'>
  /** Drops cached public reads (the deleted business's storefront). */
  invalidateReads: (businessId: string | undefined) => void
}

async function currentUser(deps: Pick<AuthDeps, 'db'>, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId)
  if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
  return user
}

/**
 * The password typed to confirm a change. A wrong one is a 400 on `field`, not a 401: the web
 * client answers a 401 by refreshing the session, and the session is fine.
 */
async function confirmPassword(user: UserRow, password: string, field: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw validationError(ACCOUNT_MESSAGES.currentPasswordWrong, [
      { path: field, message: ACCOUNT_MESSAGES.currentPasswordWrong },
    ])
  }
}

export async function updateName(deps: AuthDeps, userId: string, name: string): Promise<User> {
  const [row] = await deps.db.update(users).set({ name }).where(eq(users.id, userId)).returning()
  if (!row) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized)
  return toUser(row)
}

/**
 * The current password confirms; every other session ends; a pending e-mail change is withdrawn
 * (issue 40 §3); a confirmation mail goes out.
 */
export async function changePassword(
  deps: AuthDeps,
  auth: AuthUser,
  input: ChangePasswordInput,
): Promise<void> {
  const user = await currentUser(deps, auth.id)
  await confirmPassword(user, input.currentPassword, 'currentPassword')
  if (input.password === input.currentPassword) {
    throw validationError(ACCOUNT_MESSAGES.passwordUnchanged, [
      { path: 'password', message: ACCOUNT_MESSAGES.passwordUnchanged },
    ])
  }
  assertAcceptablePassword(input.password, user)
  const passwordHash = await hashPassword(input.password)
  await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash)
    await discardPasswordResetTokens(tx, user.id)
    await discardEmailChangeTokens(tx, user.id)
    await revokeUserSessions(tx, user.id, new Date(), auth.sessionId)
    await enqueueMail(tx, {
      ...passwordChangedMail({
        to: user.email,
        name: user.name,
        supportEmail: deps.config.supportEmail,
      }),
      userId: user.id,
    })
  })
  if (deps.mail.isSmtp) deps.mail.wake()
}

/**
 * Mails a link to the new address (the change happens when it is opened) and tells the old one.
 * An address another account has is a 409, as at registration.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  userId: string,
  input: ChangeEmailInput,
): Promise<void> {
  const user = await currentUser(deps, userId)
  await confirmPassword(user, input.password, 'password')
  if (input.email === user.email) {
    throw validationError(ACCOUNT_MESSAGES.emailUnchanged, [
      { path: 'email', message: ACCOUNT_MESSAGES.emailUnchanged },
    ])
  }
  if (await findUserByEmail(deps.db, input.email)) {
    throw new AppError('CONFLICT', AUTH_MESSAGES.emailInUse)
  }
  const link = newMailLink(deps, '/auth/confirmar-correo/')
  await deps.db.transaction(async (tx) => {
    // Only the newest request stands.
    await discardEmailChangeTokens(tx, user.id)
    await insertEmailChangeToken(tx, {
      id: link.tokenId,
      userId: user.id,
      newEmail: input.email,
      tokenHash: link.tokenHash,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_S * 1000),
    })
    const mail = {
      userId: user.id,
      to: input.email,
      name: user.name,
      ttlSeconds: EMAIL_CHANGE_TTL_S,
    }
    await enqueueLinkMail(tx, deps, emailChangeMail, mail, link)
    await enqueueMail(tx, {
      ...emailChangeNoticeMail({
        to: user.email,
        name: user.name,
        newEmail: input.email,
        supportEmail: deps.config.supportEmail,
      }),
      userId: user.id,
    })
  })
  afterLinkMail(deps, {
    to: input.email,
    field: 'emailChangeLink',
    link: link.live,
    what: 'e-mail change link',
  })
}

/**
 * Opens an e-mail-change link: the account's address becomes the new one, once. Issue 40 §3: the
 * reset links mailed to the old address stop working, every session ends but `opener`'s (the
 * signed-in browser that opened the link, when it is this account's), and the old address is
 * told, with the way back (support) since its reset links no longer reach it.
 */
export async function confirmEmailChange(
  deps: AuthDeps,
  token: string,
  opener?: Pick<AuthUser, 'id' | 'sessionId'>,
): Promise<User> {
  const now = new Date()
  try {
    const user = await deps.db.transaction(async (tx) => {
      const [used] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeTokens.tokenHash, hashToken(token)),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
          ),
        )
        .returning()
      if (!used) return null
      const before = await findUserById(tx, used.userId)
      const [row] = await tx
        .update(users)
        .set({ email: used.newEmail })
        .where(eq(users.id, used.userId))
        .returning()
      if (!before || !row) return null
      await discardPasswordResetTokens(tx, row.id)
      const keep = opener?.id === row.id ? opener.sessionId : undefined
      await revokeUserSessions(tx, row.id, now, keep)
      await enqueueMail(tx, {
        ...emailChangedMail({
          to: before.email,
          name: row.name,
          newEmail: row.email,
          supportEmail: deps.config.supportEmail,
        }),
        userId: row.id,
      })
      return row
    })
    if (!user) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.emailChangeInvalid)
    if (deps.mail.isSmtp) deps.mail.wake()
    return toUser(user)
  } catch (error) {
    // Another account took the address since the link was sent.
    if (isUniqueViolation(error, USERS_EMAIL_UNIQUE)) {
      throw new AppError('CONFLICT', AUTH_MESSAGES.emailInUse)
    }
    throw error
  }
}

/** The live sessions of the user, most recently used first. */
export async function listSessions(deps: AuthDeps, auth: AuthUser): Promise<AccountSession[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, auth.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt))
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === auth.sessionId,
  }))
}

/**
 * "Cerrar sesión en todos los dispositivos": every session, this one included, and (issue 40 §3)
 * a pending e-mail change, which whoever held one of those sessions may have asked for.
 */
export async function endAllSessions(deps: AuthDeps, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await revokeUserSessions(tx, userId, new Date())
    await discardEmailChangeTokens(tx, userId)
  })
}

/**
 * Deletes the account and everything it owns: the user row takes its business, products,
 * sessions and tokens along (ON DELETE CASCADE); the business's identifier is held for the
 * quarantine (issue 40 §5, businesses/released-identifiers.ts); its mail (sent or not, to its
 * address, and unsent mail to an address it was moving to) is deleted in the same transaction;
 * the image files go after the commit, and the storefront's cached reads are dropped.
 */
export async function deleteAccount(
  deps: AccountDeps,
  userId: string,
  password: string,
): Promise<void> {
  const user = await currentUser(deps, userId)
  await confirmPassword(user, password, 'password')
  const images: (ImageAsset | null | undefined)[] = []
  let businessId: string | undefined
  await deps.db.transaction(async (tx) => {
    const owned = await tx
      .select({
        id: businesses.id,
        identifier: businesses.identifier,
        logo: businesses.logo,
        slides: businesses.slides,
      })
      .from(businesses)
      .where(eq(businesses.userId, user.id))
    const businessIds = owned.map((b) => b.id)
    const businessIdentifiers = owned.map((b) => b.identifier)
    businessId = businessIds[0]
    for (const business of owned) {
      images.push(business.logo, ...business.slides.map((slide) => slide.image))
    }
    if (businessIds.length > 0) {
      const items = await tx
        .select({ image: products.image, images: products.images })
        .from(products)
        .where(inArray(products.businessId, businessIds))
      for (const item of items) images.push(item.image, ...item.images)
    }
    const moving = await tx
      .select({ email: emailChangeTokens.newEmail })
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.userId, user.id))
    const movingTo = moving.map((m) => m.email)
    await tx
      .delete(mailOutbox)
      .where(
        or(
          eq(mailOutbox.to, user.email),
          movingTo.length > 0
            ? and(inArray(mailOutbox.to, movingTo), isNull(mailOutbox.sentAt))
            : undefined,
        ),
      )
    // Issue 40 §5: its identifier is held for nobody, so old links do not reach a new shop.
    await holdIdentifiers(tx, businessIdentifiers, null)
    await tx.delete(users).where(eq(users.id, user.id))
  })
  deps.invalidateReads(businessId)
  // Every cached page of the storefront goes too (its entries are tagged by business or not).
  deps.invalidateReads(undefined)
  await deps.media.deleteAssets(images)
}
