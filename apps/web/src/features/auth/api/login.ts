import { useMutation } from '@tanstack/react-query'
import { AUTH_MESSAGES, GENERIC_MESSAGES } from '@vitrina/contracts'
import type { LoginInput, LoginResponse } from '@vitrina/contracts'
import { api, isApiError } from '../../../api/client'

/** POST /api/auth/login (SPEC §7). */
export function login(credentials: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', credentials)
}

export function useLogin() {
  return useMutation({ mutationFn: login })
}

/**
 * SPEC §8: a 401 saying 'Usuario no activado' → the not-activated text; any other 401 →
 * 'Credenciales incorrectas'; anything else → the generic text.
 */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 401) {
    return error.message === AUTH_MESSAGES.userNotActivated
      ? AUTH_MESSAGES.loginNotActivated
      : AUTH_MESSAGES.invalidCredentials
  }
  return GENERIC_MESSAGES.tryAgainLater
}

export function isNotActivatedError(error: unknown): boolean {
  return (
    isApiError(error) && error.status === 401 && error.message === AUTH_MESSAGES.userNotActivated
  )
}
