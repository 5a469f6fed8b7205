/**
 * Issue 26: the owner's insights, GET /api/businesses/{id}/insights?from=&to= (bearer; another
 * owner's business answers 403).
 */
import { useQuery } from '@tanstack/react-query'
import { insightsSchema, type Insights } from '@vitrina/contracts'
import { api } from '../../../api/client'

export const insightKeys = {
  all: ['insights'] as const,
  period: (businessId: string, from: string, to: string) =>
    ['insights', businessId, from, to] as const,
}

export function getInsights(businessId: string, from: string, to: string, signal?: AbortSignal) {
  return api.get<Insights>(`/businesses/${encodeURIComponent(businessId)}/insights`, {
    query: { from, to },
    signal,
    schema: insightsSchema,
  })
}

export function useInsights(businessId: string, from: string, to: string) {
  return useQuery({
    queryKey: insightKeys.period(businessId, from, to),
    queryFn: ({ signal }) => getInsights(businessId, from, to, signal),
    // Counters are written within a second or two; a minute is fresh enough for a report.
    staleTime: 60_000,
  })
}
