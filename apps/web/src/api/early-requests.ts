/**
 * Requests started by a route's loader, before its lazy module has even downloaded, and handed
 * to the first screen that asks for the same thing. The storefront uses it for the business and
 * the product of the address, so the data arrives in parallel with the page's code instead of
 * after it (LCP, SPEC §9). A request not taken within a few seconds is dropped, so nothing stale
 * is ever served from here.
 */
const MAX_AGE_MS = 5_000

const early = new Map<string, { reply: Promise<unknown>; startedAt: number }>()

export function startEarly(key: string, request: () => Promise<unknown>): void {
  if (typeof window === 'undefined') return // the server renders from the replies it carries
  const existing = early.get(key)
  if (existing && Date.now() - existing.startedAt < MAX_AGE_MS) return
  const reply = request()
  // Whoever takes it handles a failure; an untaken one must not be an unhandled rejection.
  reply.catch(() => {})
  early.set(key, { reply, startedAt: Date.now() })
}

/** The early reply for `key` if one is under way, without taking it. */
export function peekEarly<T>(key: string): Promise<T> | undefined {
  const entry = early.get(key)
  if (!entry || Date.now() - entry.startedAt >= MAX_AGE_MS) return undefined
  return entry.reply as Promise<T>
}

/** The early reply for `key`, once (the next call makes its own request), or undefined. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const entry = early.get(key)
  early.delete(key)
  if (!entry || Date.now() - entry.startedAt >= MAX_AGE_MS) return undefined
  return entry.reply as Promise<T>
}
