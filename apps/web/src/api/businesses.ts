/**
 * Public business reads shared by the storefront and the owner area (SPEC §7): fetchers, query
 * keys and hooks. Replies are typed, not parsed: the storefront's first load stays free of zod
 * (the API validates what it sends with the same contracts schemas).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Business } from '@vitrina/contracts'
import { api } from './client'
import { peekEarly, startEarly, takeEarly } from './early-requests'

export const businessKeys = {
  all: ['businesses'] as const,
  byIdentifier: (identifier: string) => ['businesses', 'identifier', identifier] as const,
}

const earlyKey = (identifier: string) => `business:${identifier}`

/** GET /api/businesses/{identifier}/identifier — 404 (ApiError) when there is none. */
function requestBusiness(identifier: string, signal?: AbortSignal): Promise<Business> {
  return api.get<Business>(`/businesses/${encodeURIComponent(identifier)}/identifier`, { signal })
}

export function getBusinessByIdentifier(
  identifier: string,
  signal?: AbortSignal,
): Promise<Business> {
  return takeEarly<Business>(earlyKey(identifier)) ?? requestBusiness(identifier, signal)
}

/** The business a route loader started loading, while nobody has taken it yet. */
export function businessLoadingEarly(identifier: string): Promise<Business> | undefined {
  return peekEarly<Business>(earlyKey(identifier))
}

/** Starts loading the business from a route loader; the storefront layout's query takes it. */
export function loadBusinessEarly(identifier: string): void {
  startEarly(earlyKey(identifier), () => requestBusiness(identifier))
}

export function businessByIdentifierQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: businessKeys.byIdentifier(identifier),
    queryFn: ({ signal }) => getBusinessByIdentifier(identifier, signal),
    // A storefront changes rarely; a minute keeps navigation between its pages instant.
    staleTime: 60_000,
  })
}

export function useBusinessByIdentifier(identifier: string) {
  return useQuery(businessByIdentifierQueryOptions(identifier))
}
