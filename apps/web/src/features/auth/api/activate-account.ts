import { AUTH_MESSAGES } from '@vitrina/contracts'
import type { ActivationResponse } from '@vitrina/contracts'
import { api, isApiError } from '../../../api/client'

/** POST /api/auth/activar/{token} (SPEC §7). */
export function activateAccount(token: string): Promise<ActivationResponse> {
  return api.post<ActivationResponse>(`/auth/activar/${encodeURIComponent(token)}`, undefined, {
    skipAuthRefresh: true,
  })
}

/** SPEC §8: 400 → invalid or expired link; anything else → the generic activation failure. */
export function activationErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400) return AUTH_MESSAGES.activationInvalid
  return AUTH_MESSAGES.activationFailed
}
