/**
 * Issue 40 §5: events reach the buffer only for businesses known to exist (and not suspended).
 * Before, an event for any well-formed id went into the buffer and cost a statement at the next
 * flush, and a flood of made-up ids could fill the buffer's 20,000 businesses.
 *
 * No request reads the database. An id seen recently to exist is let through at once (kept while
 * it has events, forgotten after ten idle minutes). An id not seen yet waits, with its requests
 * (bounded), until the next flush, which checks every waiting id in **one** statement:
 * those that exist are let through with what they waited with; the others are remembered as
 * unknown for a minute, so they do not wait again. However many made-up ids arrive, a flush costs
 * one statement for them, and at most `heldBusinesses` of them are kept in memory.
 */
import { LRUCache } from 'lru-cache'

export const KNOWN_BUSINESS_LIMITS = {
  known: 100_000,
  knownIdleMs: 10 * 60_000,
  unknown: 100_000,
  unknownMs: 60_000,
  /** Ids waiting for the next flush's check. */
  heldBusinesses: 1_000,
  /** Requests kept for one of them, and for all of them (about 2 KB each at most). */
  heldPerBusiness: 500,
  heldRequests: 5_000,
} as const

const L = KNOWN_BUSINESS_LIMITS

export class KnownBusinesses<T> {
  private known = new LRUCache<string, true>({
    max: L.known,
    ttl: L.knownIdleMs,
    updateAgeOnGet: true,
  })
  private unknown = new LRUCache<string, true>({ max: L.unknown, ttl: L.unknownMs })
  private held = new Map<string, T[]>()
  private heldRequests = 0

  /** Ids waiting for the next check. */
  get waiting(): number {
    return this.held.size
  }

  /**
   * True when `id` (lower-case) is known to exist: add its events now. Otherwise `item` waits for
   * the next check (or is dropped: an id known not to exist, or too many waiting).
   */
  admit(id: string, item: T): boolean {
    if (this.known.get(id)) return true
    if (this.unknown.has(id)) return false
    let items = this.held.get(id)
    if (!items) {
      if (this.held.size >= L.heldBusinesses) return false
      items = []
      this.held.set(id, items)
    }
    if (items.length < L.heldPerBusiness && this.heldRequests < L.heldRequests) {
      items.push(item)
      this.heldRequests++
    }
    return false
  }

  /** An id the API has just seen exist (an order was saved for it). */
  markKnown(id: string): void {
    this.known.set(id, true)
    this.unknown.delete(id)
  }

  /**
   * Checks every waiting id with one call of `lookup` (the ids that exist among those given) and
   * returns the waiting items of those that exist. When the lookup fails the items are dropped.
   */
  async check(lookup: (ids: string[]) => Promise<Set<string>>): Promise<[string, T[]][]> {
    if (this.held.size === 0) return []
    const held = this.held
    this.held = new Map()
    this.heldRequests = 0
    const found = await lookup([...held.keys()])
    const admitted: [string, T[]][] = []
    for (const [id, items] of held) {
      if (found.has(id)) {
        this.known.set(id, true)
        admitted.push([id, items])
      } else this.unknown.set(id, true)
    }
    return admitted
  }
}
