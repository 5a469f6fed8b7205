/**
 * Public business reads shared by the storefront and the owner area (SPEC §7): fetchers, query
 * keys and hooks. Replies are typed, not parsed: the storefront's first load stays free of zod
 * (the API validates what it sends with the same contracts schemas).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Business } from '@vitrina/contracts'
import { api } from './client'

export const businessKeys = {
  all: ['businesses'] as const,
  byIdentifier: (identifier: string) => ['businesses', 'identifier', identifier] as const,
}

/** GET /api/businesses/{identifier}/identifier — 404 (ApiError) when there is none. */
export function getBusinessByIdentifier(
  identifier: string,
  signal?: AbortSignal,
): Promise<Business> {
  return api.get<Business>(`/businesses/${encodeURIComponent(identifier)}/identifier`, { signal })
}

export function businessByIdentifierQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: businessKeys.byIdentifier(identifier),
    queryFn: ({ signal }) => getBusinessByIdentifier(identifier, signal),
    // A storefront changes rarely; a minute keeps navigation between its pages instant.
    staleTime: 60_000,
    // Issue 41: the route loaders read it first; a failure they met (a 404: an unknown shop) is
    // not asked again by every part of the page that mounts — it was 3 requests. The failure
    // screen's own retry, and the next visit's loaders, ask again.
    retryOnMount: false,
  })
}

export function useBusinessByIdentifier(identifier: string) {
  return useQuery(businessByIdentifierQueryOptions(identifier))
}
