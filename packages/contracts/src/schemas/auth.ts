/** SPEC §3 (user and session), §5 (registration and login), §7 (auth calls). */
import { z } from 'zod'
import { AUTH_MESSAGES } from '../messages.public.js'
import { ACCOUNT_MESSAGES, API_MESSAGES } from '../owner-messages.js'
import { LIMITS } from '../limits.public.js'
import { emailSchema, idSchema } from './common.js'

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordMin)
  .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordMax)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p), AUTH_MESSAGES.passwordCase)

export const personNameSchema = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.nameRequired)
  .max(LIMITS.nameMax, AUTH_MESSAGES.nameMax)

/** A body that is not an object at all (an array, a string) gets the generic Spanish text. */
const bodyError = { error: API_MESSAGES.validation }

/** Lower case, no accents: "Pérez" and "perez" are the same word to a guesser. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * Whether the password contains the person's name or the local part of their e-mail (issue 22):
 * the whole of either, or any word of them ("perez" of "Ana Pérez", "lucia" of "lucia.diaz@…"),
 * of 4+ characters. Shorter ones would refuse too much ("ana" in "banana").
 */
export function passwordHasPersonalData(password: string, name: string, email: string): boolean {
  const secret = fold(password)
  const local = fold(email.trim().split('@')[0] ?? '')
  const person = fold(name.trim())
  const wholes = [local, person.replace(/\s+/g, '')].filter((w) => w.length >= 4)
  const words = `${local} ${person}`.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4)
  return [...wholes, ...words].some((w) => secret.includes(w))
}

const registerFields = {
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
}

function refusePersonalData(
  value: { name: string; email: string; password: string },
  ctx: z.RefinementCtx,
) {
  if (passwordHasPersonalData(value.password, value.name, value.email)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.passwordPersonal })
  }
}

/**
 * POST /auth/register body. Common passwords are refused too, outside this schema: their
 * dictionary (`@vitrina/contracts/password-dictionary`) is too big for every page of the web app,
 * which loads it only when the password field is used.
 */
export const registerSchema = z.object(registerFields, bodyError).superRefine(refusePersonalData)
export type RegisterInput = z.infer<typeof registerSchema>

/** The registration form: the API body plus the confirmation (SPEC §2.10, §5). */
export const registerFormSchema = z
  .object({ ...registerFields, confirmPassword: z.string() })
  .superRefine(refusePersonalData)
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsMismatch,
  })
export type RegisterFormInput = z.input<typeof registerFormSchema>

/** POST /auth/login body. Only presence is checked (SPEC §5: browser-level). */
export const loginSchema = z.object(
  {
    email: emailSchema,
    password: z
      .string({ error: AUTH_MESSAGES.passwordRequired })
      .min(1, AUTH_MESSAGES.passwordRequired)
      .max(LIMITS.passwordMax * 8, API_MESSAGES.validation),
  },
  bodyError,
)
export type LoginInput = z.infer<typeof loginSchema>

/** POST /auth/activation/resend body. */
export const resendActivationSchema = z.object({ email: emailSchema }, bodyError)
export type ResendActivationInput = z.infer<typeof resendActivationSchema>

/** POST /auth/activar/{token} params. An overlong token is simply not a valid link. */
export const activationParamsSchema = z.object({
  token: z
    .string()
    .min(1, AUTH_MESSAGES.activationMissingToken)
    .max(200, AUTH_MESSAGES.activationInvalid),
})
export type ActivationParams = z.infer<typeof activationParamsSchema>

/**
 * POST /auth/activar/{token} reply. `alreadyActive`: the link had already activated the account
 * (issue 41: a second opening says so instead of an error).
 */
export const activationResponseSchema = z.object({
  message: z.string(),
  alreadyActive: z.boolean(),
})
export type ActivationResponse = z.infer<typeof activationResponseSchema>

/**
 * Issue 23 §3: an account is a business owner's, or an operator's (the platform's staff, made
 * from the command line). The role travels in the access token.
 */
export const USER_ROLES = ['owner', 'operator'] as const
export type UserRole = (typeof USER_ROLES)[number]

/** SPEC §3: the user as the client sees it (plus its role, issue 23 §3). */
export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
})
export type User = z.infer<typeof userSchema>

/** SPEC §3 / §7: the session pair. */
export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
})
export type TokenPair = z.infer<typeof tokenPairSchema>

/** POST /auth/login reply. */
export const loginResponseSchema = tokenPairSchema.extend({ user: userSchema })
export type LoginResponse = z.infer<typeof loginResponseSchema>

/** POST /auth/refresh reply (SPEC §7: both tokens are stored again). */
export const refreshResponseSchema = tokenPairSchema
export type RefreshResponse = z.infer<typeof refreshResponseSchema>

/**
 * POST /auth/logout body: the refresh token, when the client does not send it as bearer (then
 * the body may be `{}`, which many clients send with a JSON content type).
 * Refresh tokens are 43-character base64url strings; the bound only stops abuse.
 */
export const logoutSchema = z.object(
  {
    refresh_token: z
      .string(bodyError)
      .min(1, API_MESSAGES.validation)
      .max(200, API_MESSAGES.validation)
      .optional(),
  },
  bodyError,
)
export type LogoutInput = z.infer<typeof logoutSchema>

/** POST /auth/register reply. */
export const registerResponseSchema = z.object({ message: z.string(), user: userSchema })
export type RegisterResponse = z.infer<typeof registerResponseSchema>

/** POST /auth/password/forgot body (issue 23 §1). */
export const forgotPasswordSchema = z.object({ email: emailSchema }, bodyError)
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>

/** A token of a mailed link: an unknown, malformed or overlong one is simply not a valid link. */
const mailTokenSchema = z
  .string({ error: ACCOUNT_MESSAGES.resetInvalid })
  .min(1, ACCOUNT_MESSAGES.resetInvalid)
  .max(200, ACCOUNT_MESSAGES.resetInvalid)

/**
 * POST /auth/password/reset body: the token of the e-mailed link and the new password, under the
 * registration rules (the API adds the personal-data and common-password checks, which need the
 * account and the dictionary).
 */
export const resetPasswordSchema = z.object(
  { token: mailTokenSchema, password: passwordSchema },
  bodyError,
)
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

/**
 * POST /auth/password/reset/check body (issue 41): is this reset link still usable? Asked when the
 * reset page opens, so a bad link says so before the form; nothing is spent. In the body, not the
 * address, so the token stays out of logged URLs.
 */
export const resetTokenCheckSchema = z.object({ token: mailTokenSchema }, bodyError)
export type ResetTokenCheckInput = z.infer<typeof resetTokenCheckSchema>
export const resetTokenCheckResponseSchema = z.object({ valid: z.literal(true) })
export type ResetTokenCheckResponse = z.infer<typeof resetTokenCheckResponseSchema>

/** The reset screen's form: the new password and its confirmation. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsMismatch,
  })
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>

/** PATCH /auth/me body (issue 23 §1): the name, as at registration. */
export const updateProfileSchema = z.object({ name: personNameSchema }, bodyError)
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>

/** The password the user types to confirm a change: only presence and a sane bound. */
const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(LIMITS.passwordMax * 8, API_MESSAGES.validation)

/** POST /auth/me/password body: the current password and the new one (registration rules). */
export const changePasswordSchema = z.object(
  { currentPassword: currentPasswordSchema, password: passwordSchema },
  bodyError,
)
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

/** The change-password form: the API body plus the confirmation. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsMismatch,
  })
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>

/** POST /auth/me/email body: the new address and the current password. */
export const changeEmailSchema = z.object(
  { email: emailSchema, password: currentPasswordSchema },
  bodyError,
)
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>

/** POST /auth/email/confirm body: the token of the link mailed to the new address. */
export const confirmEmailSchema = z.object(
  {
    token: z
      .string({ error: ACCOUNT_MESSAGES.emailChangeInvalid })
      .min(1, ACCOUNT_MESSAGES.emailChangeInvalid)
      .max(200, ACCOUNT_MESSAGES.emailChangeInvalid),
  },
  bodyError,
)
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>

/** DELETE /auth/me body: the current password confirms it. */
export const deleteAccountSchema = z.object({ password: currentPasswordSchema }, bodyError)
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>

/** One login of GET /auth/sessions. */
export const sessionSchema = z.object({
  id: idSchema,
  /** The browser's User-Agent at login, as sent (describe it with `describeUserAgent`). */
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the access token that asked. */
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof sessionSchema>

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) })
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>

/** POST /auth/email/confirm reply: the message and the user with the new address. */
export const emailChangedResponseSchema = z.object({ message: z.string(), user: userSchema })
export type EmailChangedResponse = z.infer<typeof emailChangedResponseSchema>
