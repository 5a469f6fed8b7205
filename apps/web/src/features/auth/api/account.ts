import { queryOptions, useQuery } from '@tanstack/react-query'
import { GENERIC_MESSAGES } from '@vitrina/contracts'
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  EmailChangedResponse,
  MessageResponse,
  SessionsResponse,
  User,
} from '@vitrina/contracts'
import { api, isApiError, request } from '../../../api/client'

/** PATCH /api/auth/me — the name. */
export function updateName(name: string): Promise<User> {
  return api.patch<User>('/auth/me', { name })
}

/** POST /api/auth/me/password — the other sessions end. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/me/password', input)
}

/** POST /api/auth/me/email — a link goes to the new address. */
export function changeEmail(input: ChangeEmailInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/me/email', input)
}

/** POST /api/auth/email/confirm — the link of the new address (no login needed). */
export function confirmEmail(token: string): Promise<EmailChangedResponse> {
  return api.post<EmailChangedResponse>('/auth/email/confirm', { token }, { skipAuthRefresh: true })
}

export const sessionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['auth', 'sessions', userId],
    queryFn: ({ signal }) => api.get<SessionsResponse>('/auth/sessions', { signal }),
  })

export function useSessions(userId: string) {
  return useQuery(sessionsQueryOptions(userId))
}

/** DELETE /api/auth/sessions — every session, this one included. */
export function endAllSessions(): Promise<void> {
  return api.delete<void>('/auth/sessions')
}

/** DELETE /api/auth/me {password}. */
export function deleteAccount(password: string): Promise<void> {
  return request<void>('/auth/me', { method: 'DELETE', body: { password } })
}

/** The API's Spanish text for a 400, 409 or 429; the generic text for anything else. */
export function accountErrorMessage(error: unknown): string {
  if (isApiError(error) && [400, 409, 429].includes(error.status)) return error.message
  return GENERIC_MESSAGES.tryAgainLater
}
