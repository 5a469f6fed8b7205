/**
 * Issue 26 (docs/decisions/025-insights.md): accepted events are added up in this process's
 * memory and written at most once per second per business, each business's increments in one
 * additive upsert statement (repository.ts), so any number of processes add to the same rows.
 * Nothing here names a person: a visitor is a keyed hash (see `visitorKey`) kept until the next
 * flush. Issue 40 §5: each event type counts at most a few times per request, and visits and
 * search phrases at most once per visitor and day (repository.ts). What is pending is written when the app closes; a crash loses at most a second.
 */
import { createHmac } from 'node:crypto'
import {
  classifyInsightSource,
  INSIGHTS_LIMITS,
  normalizeSearchText,
  type InsightEvent,
  type InsightSource,
} from '@vitrina/contracts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Bounds of what one process holds between flushes (a flood cannot grow it without end). */
export const BUFFER_LIMITS = {
  businesses: 20_000,
  productsPerBusiness: 1_000,
  /** Distinct (visitor, search phrase) pairs of one business. */
  searchesPerBusiness: 2_000,
  visitorsPerBusiness: 20_000,
} as const

export interface ProductCounts {
  views: number
  cartAdds: number
  orders: number
}

/** A visitor's search of one phrase: counted once per visitor and day (repository.ts). */
export interface SearchMark {
  visitor: string
  query: string
  zeroResults: boolean
}

/**
 * One business's increments since the last flush. Visits, their sources and searches are not
 * counted here: a visit counts once per visitor and day, a phrase once per visitor and day, and
 * only the database knows what was already counted today (by this process or another).
 */
export interface PendingCounts {
  whatsappClicks: number
  orders: number
  /** Visitor keys (hex) that sent a visit, with the source of their first one. */
  visitors: Map<string, InsightSource>
  products: Map<string, ProductCounts>
  /** Keyed by visitor and phrase. */
  searches: Map<string, SearchMark>
}

function emptyCounts(): PendingCounts {
  return {
    whatsappClicks: 0,
    orders: 0,
    visitors: new Map(),
    products: new Map(),
    searches: new Map(),
  }
}

/** The normalised words of a search ('  Café  CON leche ' → 'cafe con leche'), or ''. */
export function normaliseQuery(query: string | undefined): string {
  return normalizeSearchText(query ?? '')
    .slice(0, INSIGHTS_LIMITS.queryMax)
    .trim()
}

/**
 * The visitor's key for one business: an HMAC of the client (`clientKey`: the IPv4 address, or
 * an IPv6 client's /64) and the business under the server's secret. The browser (User-Agent) is
 * not part of it: changing that header does not make another visitor (issue 40 §5). The database
 * stores only a hash of it with the day (repository.ts), so the same person is another,
 * unlinkable value tomorrow, and neither value gives the address back.
 */
export function visitorKey(secret: string, client: string, businessId: string) {
  return createHmac('sha256', secret)
    .update(`${client}\n${businessId.toLowerCase()}`)
    .digest('hex')
    .slice(0, 32)
}

export class InsightsBuffer {
  private pending = new Map<string, PendingCounts>()

  get size(): number {
    return this.pending.size
  }

  private countsFor(businessId: string): PendingCounts | undefined {
    const id = businessId.toLowerCase()
    let counts = this.pending.get(id)
    if (!counts) {
      if (this.pending.size >= BUFFER_LIMITS.businesses) return undefined
      counts = emptyCounts()
      this.pending.set(id, counts)
    }
    return counts
  }

  private product(counts: PendingCounts, productId: string | undefined) {
    if (!productId || !UUID.test(productId)) return undefined
    const id = productId.toLowerCase()
    let product = counts.products.get(id)
    if (!product) {
      if (counts.products.size >= BUFFER_LIMITS.productsPerBusiness) return undefined
      product = { views: 0, cartAdds: 0, orders: 0 }
      counts.products.set(id, product)
    }
    return product
  }

  /**
   * Adds one request's events; `visitor` is the key of whoever sent them. Each type counts at
   * most `INSIGHTS_LIMITS.perRequest` times per request.
   */
  addEvents(businessId: string, events: InsightEvent[], visitor: string): void {
    if (!UUID.test(businessId)) return
    const counts = this.countsFor(businessId)
    if (!counts) return
    const seen: Record<InsightEvent['type'], number> = {
      visit: 0,
      product_view: 0,
      search: 0,
      whatsapp_click: 0,
      cart_add: 0,
    }
    for (const event of events) {
      if (seen[event.type]++ >= INSIGHTS_LIMITS.perRequest[event.type]) continue
      switch (event.type) {
        case 'visit':
          if (
            !counts.visitors.has(visitor) &&
            counts.visitors.size < BUFFER_LIMITS.visitorsPerBusiness
          ) {
            counts.visitors.set(visitor, classifyInsightSource(event.source))
          }
          break
        // The day's product views and cart adds are the sums of the products' that exist in the
        // business (repository.ts): an id of nothing counts nowhere.
        case 'product_view': {
          const product = this.product(counts, event.productId)
          if (product) product.views++
          break
        }
        case 'cart_add': {
          const product = this.product(counts, event.productId)
          if (product) product.cartAdds++
          break
        }
        case 'whatsapp_click':
          counts.whatsappClicks++
          break
        case 'search': {
          const query = normaliseQuery(event.query)
          if (!query) break
          const key = `${visitor}\n${query}`
          if (counts.searches.has(key)) break
          if (counts.searches.size >= BUFFER_LIMITS.searchesPerBusiness) break
          counts.searches.set(key, { visitor, query, zeroResults: event.results === 0 })
          break
        }
      }
    }
  }

  /** An order saved by the API (modules/orders): one order, and one for each product in it. */
  addOrder(businessId: string, productIds: string[]): void {
    if (!UUID.test(businessId)) return
    const counts = this.countsFor(businessId)
    if (!counts) return
    counts.orders++
    for (const productId of new Set(productIds.map((id) => id.toLowerCase()))) {
      const product = this.product(counts, productId)
      if (product) product.orders++
    }
  }

  /** Everything pending, handed over (the buffer starts empty again). */
  drain(): Map<string, PendingCounts> {
    const drained = this.pending
    this.pending = new Map()
    return drained
  }
}
