import type { QueryClient, FetchQueryOptions, QueryKey } from '@tanstack/react-query'
import { isApiError } from './client'

/**
 * A refusal (4xx) met this recently is not asked again by another loader of the same navigation
 * (issue 41: a lazy child route's loader, known only after its module loads, asked for an unknown
 * shop again after the parent's loader had its 404). A 4xx does not change on a retry.
 */
const RECENT_REFUSAL_MS = 5_000

/**
 * For route loaders: the query's data, from the cache when it is there, otherwise fetched into
 * it; undefined when the read fails — the screen that shows it reads the same query and shows
 * the failure (its own message, its retry), so a loader never turns it into a route error.
 */
export async function ensureData<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData | undefined> {
  const state = queryClient.getQueryState<TData, Error>(options.queryKey)
  if (
    state?.status === 'error' &&
    state.fetchStatus === 'idle' &&
    isApiError(state.error) &&
    state.error.status >= 400 &&
    state.error.status < 500 &&
    Date.now() - state.errorUpdatedAt < RECENT_REFUSAL_MS
  ) {
    return undefined
  }
  try {
    return await queryClient.ensureQueryData(options)
  } catch {
    return undefined
  }
}
