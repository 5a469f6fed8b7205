/**
 * First-load replies (ARCHITECTURE.md "Routing on one origin"): a storefront page's HTML carries
 * the replies to the public API reads its first screen makes, so the page renders without a
 * round trip per read. The server writes them, the web client's API layer takes each one once.
 */

/** The `<script type="application/json">` element that holds the replies, by read address. */
export const FIRST_LOAD_REPLIES_ID = 'first-load-replies'

/**
 * A server-rendered page (ADR 017) carries, instead of the replies, the state its HTML was
 * rendered with (router and data cache) in this `<script type="application/json">` element.
 */
export const SERVER_STATE_ID = 'server-state'

/**
 * Replies older than this (counted from the page's navigation start) are ignored: they are as
 * fresh as the HTML, and only the first screen may use them.
 */
export const FIRST_LOAD_MAX_AGE_MS = 10_000

/**
 * The key of a read address on both sides: the path and its query parameters in sorted order,
 * so `?sort=newest&page=1` and `?page=1&sort=newest` are the same read.
 */
export function firstLoadKey(address: string): string {
  const queryAt = address.indexOf('?')
  if (queryAt === -1) return address
  const params = new URLSearchParams(address.slice(queryAt + 1))
  params.sort()
  const query = params.toString()
  return query ? `${address.slice(0, queryAt)}?${query}` : address.slice(0, queryAt)
}
