/**
 * Issue 46 §3 (docs/decisions/039): what the storefront's consent chunk and the scripts' chunk
 * need — the banner's texts and the scripts' addresses. Apart from texts/shop-pixels.ts (the
 * owner's form and the API) so that a shopper's first visit to a shop with ids downloads these
 * few lines only.
 */

/** The storefront's consent banner (a shop with ids). */
export const CONSENT_BANNER_TEXTS = {
  title: 'Cookies de medición',
  /** `services`: the services the shop has ids for (SERVICES below). */
  body: (shop: string, services: string) =>
    `${shop} usa ${services} para medir visitas y anuncios, solo si aceptás. Podés cambiar tu elección en «Preferencias de cookies», al pie de la página.`,
  services: {
    ga4: 'Google Analytics',
    meta: 'el píxel de Meta',
    both: 'Google Analytics y el píxel de Meta',
  },
  accept: 'Aceptar',
  reject: 'Rechazar',
} as const

/** The scripts' addresses. */
export const PIXEL_SCRIPT_URLS = {
  ga4: (id: string) => `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`,
  meta: 'https://connect.facebook.net/en_US/fbevents.js',
} as const
