/**
 * Issue 46 §3 (ADR 039): the owner's pixels' consent, a chunk requested only when the page's shop
 * has ids (the footer's «Preferencias de cookies» button carries them, `data-pixels`;
 * lib/storefront-events.ts asks for this chunk when it sees one). It shows the banner while the
 * shopper has not answered for this shop, keeps the answer in a first-party cookie per shop, and
 * only after an acceptance loads the scripts (./tags.ts, a chunk of its own) — on a later visit,
 * once the page has loaded and the browser is idle. Events before an acceptance are dropped, but
 * for the page the shopper accepted on, which is reported then.
 */
import { createRoot, type Root } from 'react-dom/client'
import { PIXEL_CONSENT_MAX_AGE_S, pixelConsentCookie, type PixelConsent } from '@vitrina/contracts'
import type { PixelEvent, PixelShop } from './pixel-event'
import { whenIdle } from '../when-idle'
import { ConsentBanner } from './consent-banner'

/** The shop the page shows when it has ids; null otherwise. */
export function pageShop(): PixelShop | null {
  const button = document.querySelector<HTMLElement>('[data-pixels]')
  const data = button?.dataset
  if (!data?.pixels) return null
  return {
    businessId: data.pixels,
    name: data.shop ?? '',
    ga4: data.ga4 || undefined,
    meta: data.metaPixel || undefined,
  }
}

/** The shopper's answer for the shop, or null before one. */
export function readConsent(businessId: string): PixelConsent | null {
  const name = pixelConsentCookie(businessId)
  for (const pair of document.cookie.split(';')) {
    const [key, value] = pair.trim().split('=')
    if (key === name && (value === 'granted' || value === 'denied')) return value
  }
  return null
}

function writeConsent(businessId: string, choice: PixelConsent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${pixelConsentCookie(businessId)}=${choice}; Max-Age=${PIXEL_CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
}

let banner: { root: Root; host: HTMLElement } | null = null
let lastPage: PixelEvent | undefined
let tagsLoaded = false

/** After the page's load, in an idle moment: a returning shopper's scripts never compete with it. */
let interactive: Promise<void> | undefined
function afterLoad(): Promise<void> {
  interactive ??= new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve()
    else window.addEventListener('load', () => resolve(), { once: true })
  }).then(() => whenIdle(3000))
  return interactive
}

function tags() {
  tagsLoaded = true
  return import('./tags')
}

function hideBanner(): void {
  banner?.root.unmount()
  banner?.host.remove()
  banner = null
}

function choose(shop: PixelShop, choice: PixelConsent): void {
  writeConsent(shop.businessId, choice)
  hideBanner()
  if (choice === 'granted') {
    // The shopper's own act: the page is interactive; the page they accepted on counts.
    void tags().then(({ loadTags, sendPixelEvent }) => {
      loadTags(shop)
      if (lastPage) sendPixelEvent(shop, lastPage)
    })
  } else if (tagsLoaded) {
    void tags().then(({ revokeTags }) => revokeTags())
  }
}

function showBanner(shop: PixelShop, takeFocus: boolean): void {
  if (!banner) {
    const host = document.createElement('div')
    host.dataset.consentBanner = ''
    document.body.append(host)
    banner = { root: createRoot(host), host }
  }
  banner.root.render(
    <ConsentBanner
      shop={shop.name}
      services={shop.ga4 && shop.meta ? 'both' : shop.ga4 ? 'ga4' : 'meta'}
      takeFocus={takeFocus}
      onChoice={(choice) => choose(shop, choice)}
    />,
  )
}

/** The footer's button, before or after the app has hydrated: the banner again, focused. */
function onPreferences(event: MouseEvent): void {
  const target = event.target as Element | null
  if (!target?.closest?.('[data-pixels]')) return
  const shop = pageShop()
  if (shop) showBanner(shop, true)
}

/** Starts listening; returns what storefront-events calls with each event of a storefront. */
export function startConsent(): (businessId: string, event: PixelEvent) => void {
  document.addEventListener('click', onPreferences)
  return (businessId, event) => {
    const shop = pageShop()
    // Another shop, without ids (a navigation in the app): no banner, nothing sent.
    if (!shop || shop.businessId !== businessId) {
      if (event.type === 'page') hideBanner()
      return
    }
    if (event.type === 'page') lastPage = event
    const consent = readConsent(businessId)
    if (consent === 'granted') {
      void afterLoad()
        .then(tags)
        .then(({ loadTags, sendPixelEvent }) => {
          loadTags(shop)
          sendPixelEvent(shop, event)
        })
    } else if (consent === null && event.type === 'page') {
      showBanner(shop, false)
    }
  }
}
