/**
 * Issue 26 (docs/decisions/025-insights.md): accepted events are added up in this process's
 * memory and written at most once per second per business, each business's increments in one
 * additive upsert statement (repository.ts), so any number of processes add to the same rows.
 * Nothing here names a person: a visitor is a keyed hash (see `visitorKey`) kept until the next
 * flush. What is pending is written when the app closes; a crash loses at most a second.
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
  searchesPerBusiness: 500,
  visitorsPerBusiness: 20_000,
} as const

export interface ProductCounts {
  views: number
  cartAdds: number
  orders: number
}

export interface SearchCounts {
  count: number
  zeroResults: number
}

/** One business's increments since the last flush. */
export interface PendingCounts {
  visits: number
  searches: number
  zeroResultSearches: number
  whatsappClicks: number
  orders: number
  sources: Record<InsightSource, number>
  /** Visitor keys (hex) of this period's visits. */
  visitors: Set<string>
  products: Map<string, ProductCounts>
  searchQueries: Map<string, SearchCounts>
}

function emptyCounts(): PendingCounts {
  return {
    visits: 0,
    searches: 0,
    zeroResultSearches: 0,
    whatsappClicks: 0,
    orders: 0,
    sources: { whatsapp: 0, instagram: 0, facebook: 0, google: 0, other: 0, direct: 0 },
    visitors: new Set(),
    products: new Map(),
    searchQueries: new Map(),
  }
}

/** The normalised words of a search ('  Café  CON leche ' → 'cafe con leche'), or ''. */
export function normaliseQuery(query: string | undefined): string {
  return normalizeSearchText(query ?? '')
    .slice(0, INSIGHTS_LIMITS.queryMax)
    .trim()
}

/**
 * The visitor's key for one business: an HMAC of address, browser and business under the
 * server's secret. The database stores only a hash of it with the day (repository.ts), so the
 * same person is another, unlinkable value tomorrow, and neither value gives the address back.
 */
export function visitorKey(secret: string, ip: string, userAgent: string, businessId: string) {
  return createHmac('sha256', secret)
    .update(`${ip}\n${userAgent}\n${businessId.toLowerCase()}`)
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

  /** Adds a storefront's events; `visitor` is the key of whoever sent them. */
  addEvents(businessId: string, events: InsightEvent[], visitor: string): void {
    if (!UUID.test(businessId)) return
    const counts = this.countsFor(businessId)
    if (!counts) return
    for (const event of events) {
      switch (event.type) {
        case 'visit':
          counts.visits++
          counts.sources[classifyInsightSource(event.source)]++
          if (counts.visitors.size < BUFFER_LIMITS.visitorsPerBusiness) {
            counts.visitors.add(visitor)
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
          const zero = event.results === 0 ? 1 : 0
          counts.searches++
          counts.zeroResultSearches += zero
          let search = counts.searchQueries.get(query)
          if (!search) {
            if (counts.searchQueries.size >= BUFFER_LIMITS.searchesPerBusiness) break
            search = { count: 0, zeroResults: 0 }
            counts.searchQueries.set(query, search)
          }
          search.count++
          search.zeroResults += zero
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
