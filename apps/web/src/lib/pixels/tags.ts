/**
 * Issue 46 §3 (ADR 039): the owner's Google Analytics 4 (gtag.js) and Meta Pixel (fbevents.js),
 * loaded only after the shopper accepted (./consent.ts), and the storefront's events in each
 * service's standard names: page_view / PageView, view_item / ViewContent, add_to_cart /
 * AddToCart, purchase / Purchase, with value, currency and the items (GA4 `items`, Meta
 * `content_ids` and `contents`), whose ids are the feeds' item ids (contracts' feedItemId: the
 * variant's id, else the product's), so the catalogue and the ads match. Every call names its
 * id (`send_to`, `trackSingle`): two shops visited in one tab never mix.
 *
 * The services' own loader snippets are inline scripts, which the storefront's CSP refuses; the
 * same stubs are set up here instead (a command queue each), and the script tags added.
 */
import { PIXEL_SCRIPT_URLS } from '@vitrina/contracts'
import type { PixelEvent, PixelItem, PixelShop } from './pixel-event'

type Command = (...args: unknown[]) => void
interface MetaQueue extends Command {
  callMethod?: Command
  queue: unknown[]
  push: MetaQueue
  loaded: boolean
  version: string
}

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Command
    fbq?: MetaQueue
    _fbq?: MetaQueue
  }
}

const configured = new Set<string>()
let revoked = false

function addScript(src: string): void {
  const script = document.createElement('script')
  script.async = true
  script.src = src
  document.head.append(script)
}

function gtag(...args: unknown[]): void {
  window.gtag?.(...args)
}

function fbq(...args: unknown[]): void {
  window.fbq?.(...args)
}

/** Sets up each service once per page and each id once (gtag.js reads its queue on arrival). */
export function loadTags({ ga4, meta }: Pick<PixelShop, 'ga4' | 'meta'>): void {
  if (revoked) {
    revoked = false
    gtag('consent', 'update', { analytics_storage: 'granted', ad_storage: 'granted' })
    fbq('consent', 'grant')
  }
  if (ga4 && !configured.has(ga4)) {
    configured.add(ga4)
    if (!window.gtag) {
      const layer = (window.dataLayer ??= [])
      // gtag.js reads `arguments` objects from its queue, not arrays.
      window.gtag = function () {
        // eslint-disable-next-line prefer-rest-params
        layer.push(arguments)
      }
      gtag('js', new Date())
      addScript(PIXEL_SCRIPT_URLS.ga4(ga4))
    }
    // Page views are sent by the storefront (it navigates without loading pages).
    gtag('config', ga4, { send_page_view: false })
  }
  if (meta && !configured.has(meta)) {
    configured.add(meta)
    if (!window.fbq) {
      const queue = function (...args: unknown[]) {
        if (queue.callMethod) queue.callMethod(...args)
        else queue.queue.push(args)
      } as MetaQueue
      queue.queue = []
      queue.push = queue
      queue.loaded = true
      queue.version = '2.0'
      window.fbq = queue
      window._fbq ??= queue
      addScript(PIXEL_SCRIPT_URLS.meta)
    }
    fbq('init', meta)
  }
}

/** The shopper took back their acceptance: both services stop storing and sending from now on. */
export function revokeTags(): void {
  revoked = true
  gtag('consent', 'update', {
    analytics_storage: 'denied',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  })
  fbq('consent', 'revoke')
}

const value = (items: PixelItem[]) =>
  Math.round(items.reduce((sum, item) => sum + item.price * item.quantity, 0) * 100) / 100

function googleItems(items: PixelItem[]) {
  return items.map((item) => ({
    item_id: item.id,
    item_name: item.name,
    price: item.price,
    quantity: item.quantity,
  }))
}

function metaContents(items: PixelItem[]) {
  return {
    content_ids: items.map((item) => item.id),
    contents: items.map((item) => ({ id: item.id, quantity: item.quantity })),
    content_type: 'product',
  }
}

/** One storefront event to the shop's services, in their standard names. */
export function sendPixelEvent(shop: PixelShop, event: PixelEvent): void {
  if (revoked) return
  const google = (name: string, params: Record<string, unknown>) => {
    if (shop.ga4) gtag('event', name, { ...params, send_to: shop.ga4 })
  }
  const meta = (name: string, params?: Record<string, unknown>) => {
    if (shop.meta) fbq('trackSingle', shop.meta, name, ...(params ? [params] : []))
  }
  switch (event.type) {
    case 'page':
      google('page_view', { page_location: location.href, page_title: document.title })
      meta('PageView')
      if (event.productId) {
        google('view_item', { items: [{ item_id: event.productId }] })
        meta('ViewContent', { content_ids: [event.productId], content_type: 'product' })
      }
      return
    case 'cart':
      google('add_to_cart', {
        currency: event.currency,
        value: value(event.items),
        items: googleItems(event.items),
      })
      meta('AddToCart', {
        currency: event.currency,
        value: value(event.items),
        ...metaContents(event.items),
      })
      return
    case 'purchase':
      google('purchase', {
        transaction_id: event.code,
        currency: event.currency,
        value: event.value,
        items: googleItems(event.items),
      })
      meta('Purchase', {
        currency: event.currency,
        value: event.value,
        num_items: event.items.reduce((sum, item) => sum + item.quantity, 0),
        ...metaContents(event.items),
      })
      return
  }
}
