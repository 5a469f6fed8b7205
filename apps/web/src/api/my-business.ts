/**
 * The signed-in owner's business (SPEC §7), shared by the owner area, the platform dashboard and
 * the login (which sends an owner with a business to their dashboard).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OwnerBusiness } from '@vitrina/contracts'
import { api, isApiError } from './client'

/** The cache key of the signed-in owner's business. */
export const myBusinessQueryKey = (userId: string) => ['businesses', 'mine', userId] as const

/**
 * GET /api/businesses/user/me — the owner's business with its plan state, or null when there is
 * none (the API answers null; a 404 from an older server means the same).
 */
export async function getMyBusiness(signal?: AbortSignal): Promise<OwnerBusiness | null> {
  try {
    return await api.get<OwnerBusiness>('/businesses/user/me', { signal })
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null
    throw error
  }
}

export const myBusinessQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: myBusinessQueryKey(userId),
    queryFn: ({ signal }) => getMyBusiness(signal),
  })

/** Only runs for a signed-in user (`userId` present). */
export function useMyBusiness(userId: string | undefined) {
  return useQuery({ ...myBusinessQueryOptions(userId ?? ''), enabled: Boolean(userId) })
}
