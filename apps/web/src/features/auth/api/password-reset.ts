import { ACCOUNT_MESSAGES, GENERIC_MESSAGES } from '@vitrina/contracts'
import type {
  ForgotPasswordInput,
  MessageResponse,
  ResetPasswordInput,
  ResetTokenCheckResponse,
} from '@vitrina/contracts'
import { api, isApiError } from '../../../api/client'

/** POST /api/auth/password/forgot — the same 202 whether or not the account exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/password/forgot', input, { skipAuthRefresh: true })
}

/** POST /api/auth/password/reset — 400 for an unknown, used or expired link. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/password/reset', input, { skipAuthRefresh: true })
}

/** POST /api/auth/password/reset/check — 400 for an unknown, used or expired link; spends nothing. */
export function checkResetToken(token: string): Promise<ResetTokenCheckResponse> {
  return api.post<ResetTokenCheckResponse>(
    '/auth/password/reset/check',
    { token },
    { skipAuthRefresh: true },
  )
}

/**
 * The API's own Spanish text where it is meant for the user (an invalid link, a refused
 * password, too many requests); the generic text for anything else.
 */
export function passwordResetErrorMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 429)) {
    return error.message || ACCOUNT_MESSAGES.resetInvalid
  }
  return GENERIC_MESSAGES.tryAgainLater
}
