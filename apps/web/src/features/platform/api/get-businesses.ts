import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { LIMITS } from '@vitrina/contracts'
import type { Business, BusinessListResponse } from '@vitrina/contracts'
import { api } from '../../../api/client'

export interface BusinessListParams {
  page?: number
  pageSize?: number
  /** Name search; blank means every business. */
  search?: string
}

/** GET /api/businesses — the public directory, newest first (paginated). */
export function getBusinesses(
  { page = 1, pageSize = LIMITS.businessPageSizeDefault, search }: BusinessListParams,
  signal?: AbortSignal,
): Promise<BusinessListResponse> {
  return api.get<BusinessListResponse>('/businesses', {
    query: { page, pageSize, search: search?.trim() || undefined },
    signal,
  })
}

export function businessesQueryOptions(params: BusinessListParams) {
  return queryOptions({
    queryKey: ['businesses', 'list', params],
    queryFn: ({ signal }) => getBusinesses(params, signal),
  })
}

/**
 * SPEC §2.2 'Negocios destacados' (issue 23 §3): the businesses an operator chose, in order, or
 * with no choice the newest that have a logo and at least one product — never an empty shop.
 */
export function getFeaturedBusinesses(signal?: AbortSignal): Promise<Business[]> {
  return api.get<Business[]>('/businesses/featured', { signal })
}

export function featuredBusinessesQueryOptions() {
  return queryOptions({
    queryKey: ['businesses', 'featured'],
    queryFn: ({ signal }) => getFeaturedBusinesses(signal),
  })
}

export function useBusinesses(params: BusinessListParams) {
  // Keep the current page on screen while the next one loads.
  return useQuery({ ...businessesQueryOptions(params), placeholderData: keepPreviousData })
}
