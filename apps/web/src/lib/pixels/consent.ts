/**
 * Issue 46 §3 (ADR 039): the owner's pixels' consent, a chunk requested only when the page's shop
 * has ids (the footer's «Preferencias de cookies» button carries them, `data-pixels`;
 * lib/storefront-events.ts asks for this chunk when it sees one). It keeps the shopper's answer
 * in a first-party cookie per shop, and only after an acceptance loads the scripts (./tags.ts, a
 * chunk of its own) — on a later visit, once the page has loaded and the browser is idle. Events
 * before an acceptance are dropped, but for the page the shopper accepted on, which is reported
 * then.
 *
 * The banner of the page's own shop is in the server's HTML (ssr/consent-banner-html.tsx), shown
 * before the first paint by its inline script when there is no answer, which also keeps a tap
 * that comes before this chunk. Here that banner is only shown, hidden and listened to: no React,
 * no texts — the markup has them. A shop reached by a navigation inside the app (the document is
 * not its own) gets a banner made by React (./consent-banner-root.tsx, loaded only then).
 */
import { PIXEL_CONSENT_MAX_AGE_S, pixelConsentCookie, type PixelConsent } from '@vitrina/contracts'
import type { PixelEvent, PixelShop } from './pixel-event'
import type { MadeBanner } from './consent-banner-root'
import { whenIdle } from '../when-idle'

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

/** The banner's inline script (contracts' CONSENT_BANNER_SCRIPT) writes the same cookie. */
function writeConsent(businessId: string, choice: PixelConsent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${pixelConsentCookie(businessId)}=${choice}; Max-Age=${PIXEL_CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
}

/** A banner made here (a shop reached inside the app). */
let made: MadeBanner | null = null
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

/** The banner the server wrote for the shop (hidden, or shown by its script), if any. */
function servedBanner(businessId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-consent-banner="${businessId}"][data-cookie]`)
}

function hideBanner(): void {
  made?.unmount()
  made?.host.remove()
  made = null
  for (const served of document.querySelectorAll<HTMLElement>('[data-consent-banner][data-cookie]'))
    served.hidden = true
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

/** Shows the shop's banner: the server's, or one made here; focused when the shopper asked. */
function showBanner(shop: PixelShop, takeFocus: boolean): void {
  const served = servedBanner(shop.businessId)
  if (served) {
    hideBanner()
    served.hidden = false
    if (takeFocus) served.querySelector<HTMLElement>('[tabindex="-1"]')?.focus()
    return
  }
  if (made?.host.dataset.consentBanner !== shop.businessId) hideBanner()
  void import('./consent-banner-root').then(({ mountConsentBanner }) => {
    // The shopper may have gone on to another page meanwhile.
    if (pageShop()?.businessId !== shop.businessId) return
    made ??= mountConsentBanner(shop.businessId)
    made.render(shop, takeFocus, (choice) => choose(shop, choice))
  })
}

/**
 * «Aceptar» or «Rechazar» tapped before this chunk arrived: the banner's inline script kept it
 * (and wrote the cookie, so this is for a browser that keeps no cookie: the answer holds for the
 * page at least).
 */
function earlyChoice(businessId: string): PixelConsent | null {
  const chosen = servedBanner(businessId)?.dataset.chosen
  return chosen === 'granted' || chosen === 'denied' ? chosen : null
}

/**
 * Clicks anywhere, before or after the app has hydrated: the footer's button shows the banner
 * again, focused; a choice on the server's banner is applied.
 */
function onClick(event: MouseEvent): void {
  const target = event.target as Element | null
  const shop = pageShop()
  if (!shop || !target?.closest) return
  if (target.closest('[data-pixels]')) return showBanner(shop, true)
  // The banner made here answers through React; the server's through this listener.
  const choice = target.closest<HTMLElement>('[data-consent-choice]')?.dataset.consentChoice
  const served = servedBanner(shop.businessId)
  if ((choice === 'granted' || choice === 'denied') && served?.contains(target)) {
    choose(shop, choice)
  }
}

/** Starts listening; returns what storefront-events calls with each event of a storefront. */
export function startConsent(): (businessId: string, event: PixelEvent) => void {
  document.addEventListener('click', onClick)
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
      const early = earlyChoice(businessId)
      if (early) choose(shop, early)
      else showBanner(shop, false)
    }
  }
}
