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
