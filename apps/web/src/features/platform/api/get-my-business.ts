import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Business } from '@vitrina/contracts'
import { api, isApiError } from '../../../api/client'

/**
 * GET /api/businesses/user/me — the signed-in owner's business, or null when there is none yet
 * (the API answers 404, SPEC §7).
 */
export async function getMyBusiness(signal?: AbortSignal): Promise<Business | null> {
  try {
    return await api.get<Business>('/businesses/user/me', { signal })
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null
    throw error
  }
}

export const myBusinessQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['businesses', 'mine', userId],
    queryFn: ({ signal }) => getMyBusiness(signal),
  })

export function useMyBusiness(userId: string) {
  return useQuery(myBusinessQueryOptions(userId))
}
