/**
 * Issue 46 §3 (docs/decisions/039): the owner's Google Analytics 4 measurement id and Meta Pixel
 * id — their formats, the settings' texts and messages, and the hosts their scripts come from
 * (the storefront's Content-Security-Policy allows them only for a shop that has ids). Not
 * `*.public.ts`: only the owner's page and the API read it; the storefront's banner texts are
 * texts/pixel-consent.ts.
 */

/** 'G-' and 4–20 capital letters or digits (Google writes 10: G-ABC123XYZ9). */
export const GA4_MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/
/** 5–20 digits (Meta's pixel ids are 15 or 16 today). */
export const META_PIXEL_ID_PATTERN = /^[0-9]{5,20}$/

export const SHOP_PIXELS_MESSAGES = {
  ga4Invalid:
    'El ID de medición de Google Analytics empieza con «G-» y sigue con letras y números, por ejemplo G-ABC123XYZ9',
  metaPixelInvalid:
    'El ID del píxel de Meta son solo números (de 5 a 20 cifras), por ejemplo 123456789012345',
  notText: 'Escribí el ID como texto, o dejalo vacío',
} as const

/** The owner's 'Medición de anuncios' section in 'Canales de venta'. */
export const SHOP_PIXELS_TEXTS = {
  title: 'Medición de visitas y anuncios',
  summary:
    'Conectá tu Google Analytics 4 y tu píxel de Meta para medir visitas, productos añadidos al carrito y pedidos en tus campañas.',
  consentNote:
    'Tu tienda muestra a cada visitante un aviso de cookies: los scripts de Google y Meta se cargan solo si acepta. Sin IDs, no hay aviso ni scripts.',
  ga4Label: 'ID de medición de Google Analytics 4',
  ga4Hint: 'En Google Analytics: Administrar › Flujos de datos › tu sitio web. Empieza con «G-».',
  metaLabel: 'ID del píxel de Meta',
  metaHint:
    'En el Administrador de eventos de Meta: Orígenes de datos › tu píxel. Son solo números.',
  placeholderGa4: 'G-ABC123XYZ9',
  placeholderMeta: '123456789012345',
  save: 'Guardar',
  saving: 'Guardando…',
  saved: 'IDs de medición guardados',
  saveFailed: 'No se pudieron guardar los IDs',
} as const

/**
 * The hosts the scripts load from and report to, allowed by the storefront's
 * Content-Security-Policy only on the pages of a shop with that id (apps/api modules/pixels).
 * gtag.js: www.googletagmanager.com, reporting to *.google-analytics.com and
 * *.analytics.google.com; fbevents.js: connect.facebook.net, reporting to www.facebook.com.
 */
export const PIXEL_CSP_SOURCES = {
  ga4: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    ],
  },
  meta: {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  },
} as const
