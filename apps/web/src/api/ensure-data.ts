import type { QueryClient, FetchQueryOptions, QueryKey } from '@tanstack/react-query'

/**
 * For route loaders: the query's data, from the cache when it is there, otherwise fetched into
 * it; undefined when the read fails — the screen that shows it reads the same query and shows
 * the failure (its own message, its retry), so a loader never turns it into a route error.
 */
export async function ensureData<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData | undefined> {
  try {
    return await queryClient.ensureQueryData(options)
  } catch {
    return undefined
  }
}
