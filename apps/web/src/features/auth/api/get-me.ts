import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@vitrina/contracts'
import { api } from '../../../api/client'

/** GET /api/auth/me — the user of the current access token. */
export function getMe(signal?: AbortSignal): Promise<User> {
  return api.get<User>('/auth/me', { signal })
}

export const meQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['auth', 'me', userId], queryFn: ({ signal }) => getMe(signal) })

export function useMe(userId: string) {
  return useQuery(meQueryOptions(userId))
}
