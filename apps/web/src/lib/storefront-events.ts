/**
 * First-party, cookie-less insights (issue 26, docs/decisions/025-insights.md). The storefront
 * queues small events and sends them in one request per business after the page is idle (and
 * when it is left), with `navigator.sendBeacon` — or `fetch(…, { keepalive })` where there is
 * none — to POST /api/events, which keeps only daily counters. Nothing here runs before the
 * page's first paint, nothing waits for an answer, nothing is stored on the device.
 *
 * Browsers that ask not to be tracked (Do Not Track or Global Privacy Control) send nothing.
 */
import { isIdShaped, type InsightEvent } from '@vitrina/contracts'
import type { PixelEvent } from './pixels/pixel-event'
import { storefrontPageOf } from './site'

const ENDPOINT = '/api/events'
/** The API takes at most 20 events a request. */
const BATCH_MAX = 20
/** A search is counted once the shopper stops changing it for this long. */
export const SEARCH_SETTLE_MS = 1500

const queues = new Map<string, InsightEvent[]>()
const visited = new Set<string>()
let scheduled = false
let listening = false
/** The storefront being shown: a WhatsApp link clicked on the page counts for it. */
let current: string | undefined
let pendingSearch: { businessId: string; event: InsightEvent; timer: number } | undefined
let lastSearch = ''

function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true
}

function send(businessId: string, events: InsightEvent[]): void {
  const body = JSON.stringify({ businessId, events })
  try {
    // A string goes as text/plain: no preflight, and the API reads it as JSON.
    if (navigator.sendBeacon?.(ENDPOINT, body)) return
  } catch {
    // Some browsers throw instead of answering false; fetch below then.
  }
  void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => {})
}

/** Sends everything queued now (also the search still settling). */
export function flushInsights(): void {
  scheduled = false
  if (pendingSearch) {
    clearTimeout(pendingSearch.timer)
    enqueue(pendingSearch.businessId, pendingSearch.event)
    pendingSearch = undefined
  }
  for (const [businessId, events] of queues) {
    for (let i = 0; i < events.length; i += BATCH_MAX) {
      send(businessId, events.slice(i, i + BATCH_MAX))
    }
  }
  queues.clear()
}

function schedule(): void {
  if (scheduled) return
  scheduled = true
  const idle = window.requestIdleCallback
  if (idle) idle(flushInsights, { timeout: 5000 })
  else setTimeout(flushInsights, 1000)
}

function onHidden(): void {
  if (document.visibilityState === 'hidden') flushInsights()
}

/** A click on a WhatsApp link of the storefront (any: 'Contactar', the floating button…). */
function onClick(event: MouseEvent): void {
  const target = event.target as Element | null
  if (current && target?.closest?.('a[href^="https://wa.me/"]')) {
    trackInsight(current, { type: 'whatsapp_click' })
  }
}

function listen(): void {
  if (listening) return
  listening = true
  document.addEventListener('visibilitychange', onHidden)
  window.addEventListener('pagehide', flushInsights)
  document.addEventListener('click', onClick, { capture: true, passive: true })
}

function enqueue(businessId: string, event: InsightEvent): void {
  const queue = queues.get(businessId) ?? []
  queue.push(event)
  queues.set(businessId, queue)
  if (queue.length >= BATCH_MAX) flushInsights()
  else schedule()
}

/** Queues one event of the business's storefront. */
export function trackInsight(businessId: string, event: InsightEvent): void {
  if (typeof window === 'undefined' || optedOut()) return
  listen()
  enqueue(businessId, event)
}

/** Where the visit comes from: `utm_source`, else another site's host, else nothing (direct). */
function visitSource(search: string): string | undefined {
  const utm = new URLSearchParams(search).get('utm_source')
  if (utm) return utm.slice(0, 100)
  try {
    const host = new URL(document.referrer).hostname
    return host && host !== location.hostname ? host : undefined
  } catch {
    return undefined
  }
}

/**
 * A storefront page was shown: the visit (once per page load and business) and, on a product's
 * page, its view.
 */
export function trackStorefrontPage(
  businessId: string,
  pathname: string,
  search: string,
  productId?: string,
): void {
  current = businessId
  if (!visited.has(businessId)) {
    visited.add(businessId)
    trackInsight(businessId, { type: 'visit', source: visitSource(search) })
  }
  // Issue 27 §3: a product's page is at its slug; the caller knows its id (the page's read).
  const page = storefrontPageOf(pathname)
  const segment = page?.kind === 'product' ? page.slug : undefined
  const product = productId ?? (segment && isIdShaped(segment) ? segment : undefined)
  if (segment && product) trackInsight(businessId, { type: 'product_view', productId: product })
  pixelPage(businessId, segment ? product : undefined)
}

// ── Issue 46 §3: the owner's GA4 / Meta pixels, only with the shopper's consent (ADR 039) ──

let pixelSink: ((businessId: string, event: PixelEvent) => void) | undefined
let pixelsAsked = false

/** Hands an event to the consent chunk, when the shop has ids (else nothing is loaded). */
export function trackPixel(businessId: string, event: PixelEvent): void {
  pixelSink?.(businessId, event)
}

/**
 * The footer's «Preferencias de cookies» (rendered only for a shop with ids, `data-pixels`) says
 * this shop has pixels: only then is the consent chunk requested. It asks, keeps the answer and
 * loads the scripts after an acceptance (lib/pixels/consent.ts).
 */
function pixelPage(businessId: string, productId: string | undefined): void {
  const event: PixelEvent = { type: 'page', productId }
  if (pixelSink) return pixelSink(businessId, event)
  if (pixelsAsked || !document.querySelector('[data-pixels]')) return
  pixelsAsked = true
  import('./pixels/consent').then(
    ({ startConsent }) => {
      pixelSink = startConsent()
      pixelSink(businessId, event)
    },
    () => (pixelsAsked = false),
  )
}

/** Left the storefronts (a platform or owner page): WhatsApp clicks no longer count. */
export function leaveStorefront(): void {
  current = undefined
}

/**
 * A search of the storefront and how many products it found; counted when it settles, so the
 * words typed on the way ('y', 'ye', 'yer…') are not searches.
 */
export function trackSearch(businessId: string, query: string, results: number): void {
  if (typeof window === 'undefined') return
  const key = `${businessId}\n${query.trim().toLowerCase()}`
  if (!query.trim() || key === lastSearch) return
  if (pendingSearch) clearTimeout(pendingSearch.timer)
  const event: InsightEvent = { type: 'search', query, results }
  const timer = window.setTimeout(() => {
    pendingSearch = undefined
    lastSearch = key
    trackInsight(businessId, event)
  }, SEARCH_SETTLE_MS)
  pendingSearch = { businessId, event, timer }
}

/** Tests: forget what this page load has sent. */
export function resetInsights(): void {
  queues.clear()
  visited.clear()
  scheduled = false
  current = undefined
  lastSearch = ''
  if (pendingSearch) clearTimeout(pendingSearch.timer)
  pendingSearch = undefined
  pixelSink = undefined
  pixelsAsked = false
}
