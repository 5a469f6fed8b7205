import { useMutation } from '@tanstack/react-query'
import { AUTH_MESSAGES, GENERIC_MESSAGES } from '@vitrina/contracts'
import type { RegisterInput, RegisterResponse } from '@vitrina/contracts'
import { api, isApiError } from '../../../api/client'

/** POST /api/auth/register (SPEC §7). */
export function registerAccount(input: RegisterInput): Promise<RegisterResponse> {
  return api.post<RegisterResponse>('/auth/register', input)
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount })
}

/** SPEC §8: 409 → 'El correo electrónico ya está en uso'; anything else → the generic text. */
export function registerErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 409) return AUTH_MESSAGES.emailInUse
  return GENERIC_MESSAGES.tryAgainLater
}
