/**
 * Issue 46 §3 (docs/decisions/039): what a storefront's first load needs of the owner's pixels —
 * the footer's link, and where the shopper's choice is kept. Zod-free and tiny: a shop without
 * ids pays for nothing else (the banner and the scripts are chunks loaded only when the shop's
 * data has ids; their texts are texts/shop-pixels.ts).
 */

/** The storefront footer's link that reopens the choice (shown only when the shop has ids). */
export const COOKIE_PREFERENCES_LABEL = 'Preferencias de cookies'

/** The shopper's answer to the banner, kept per shop. */
export type PixelConsent = 'granted' | 'denied'

/**
 * The first-party cookie that keeps the shopper's answer for one shop (its id): a cookie rather
 * than localStorage, whose mere presence makes a page hydrate at load (lib/storage.ts).
 */
export function pixelConsentCookie(businessId: string): string {
  return `vitrina_consent_${businessId.replaceAll('-', '')}`
}

/** How long an answer is kept: 180 days, then the banner asks again. */
export const PIXEL_CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60

/**
 * The `useId` prefix of the consent banner's own React renders (the server's, apps/web
 * ssr/consent-banner-html.tsx, and the browser's, lib/pixels/consent-banner-root.tsx): apart from
 * the page's root, whose ids come from the same counter, so the banner's title id never repeats
 * one of the page's.
 */
export const CONSENT_BANNER_ID_PREFIX = 'consent-'

/**
 * The one inline script of a shop with ids, right after the banner the server writes at the end of
 * the page (hidden; `data-cookie`: the shop's consent cookie; ADR 039). Before the first paint it
 * shows the banner when this browser has not answered for the shop — so the banner paints with
 * the page and is never a late Largest Contentful Paint. Until the consent chunk has arrived, a
 * tap on «Aceptar» or «Rechazar» keeps the answer (the same cookie the chunk writes, so a shopper
 * who taps and leaves at once is not asked again), hides the banner and leaves the choice in
 * `data-chosen` for the chunk. Without JavaScript the banner stays hidden: no script can load,
 * there is nothing to ask. The API allows it in that page's CSP by its hash (modules/pixels).
 */
export const CONSENT_BANNER_SCRIPT = `(function(){var b=document.currentScript.previousElementSibling,n=b.getAttribute("data-cookie");if(("; "+document.cookie).indexOf("; "+n+"=")<0)b.hidden=false;b.addEventListener("click",function(e){var c=e.target.closest&&e.target.closest("[data-consent-choice]"),v=c&&c.getAttribute("data-consent-choice");if(v){document.cookie=n+"="+v+"; Max-Age=${PIXEL_CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax"+(location.protocol=="https:"?"; Secure":"");b.setAttribute("data-chosen",v);b.hidden=true}})})()`
