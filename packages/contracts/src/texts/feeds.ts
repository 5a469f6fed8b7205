/**
 * Issue 46 §2: each shop's product feeds — a Google Merchant Center feed (RSS 2.0 with the `g:`
 * namespace) and a Meta catalogue feed (CSV) — their addresses, the values and limits of each
 * service's product data specification, and the texts of the owner's 'Canales de venta' page.
 * Apart from messages.public.ts: only the API and that page need them (docs/decisions/033).
 *
 * Sources: Google's "Product data specification" (Merchant Center help, answer 7052112, and the
 * attributes' own pages) and Meta's "Catalog fields" / "Supported feed formats" (developers).
 */

/** Where a shop's feeds live, beside its storefront (as its web manifest does). */
export function feedPaths(identifier: string) {
  return {
    google: `/${identifier}/feeds/google.xml`,
    meta: `/${identifier}/feeds/meta.csv`,
  } as const
}

export type FeedService = keyof ReturnType<typeof feedPaths>

/** Google: 'id' 1–50, 'title' 1–150, 'description' 1–5000, 'item_group_id' 1–50 characters. */
export const GOOGLE_FEED_LIMITS = {
  id: 50,
  title: 150,
  description: 5000,
  /** 'link', 'image_link' and each 'additional_image_link'. */
  url: 2000,
  additionalImages: 10,
  brand: 70,
  itemGroupId: 50,
  /** 'color', 'size', 'pattern' (100) and 'material' (200): the shorter, for all four. */
  variantAttribute: 100,
  productType: 750,
} as const

/** Meta: 'id' 100, 'title' 200, 'description' 9999, 'additional_image_link' up to 20. */
export const META_FEED_LIMITS = {
  id: 100,
  title: 200,
  description: 9999,
  url: 2000,
  additionalImages: 20,
  brand: 100,
  itemGroupId: 100,
  variantAttribute: 200,
  productType: 750,
} as const

/** Google writes the values with underscores, Meta with spaces (both in English). */
export const FEED_AVAILABILITY = {
  google: { inStock: 'in_stock', outOfStock: 'out_of_stock' },
  meta: { inStock: 'in stock', outOfStock: 'out of stock' },
} as const

/** Every product a Vitrina shop sells is new: it has no field for used or refurbished goods. */
export const FEED_CONDITION = 'new'

/** The Meta feed's columns, in order (Meta's names; its header row). */
export const META_FEED_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'item_group_id',
  'color',
  'size',
  'material',
  'pattern',
  'product_type',
] as const

export type MetaFeedColumn = (typeof META_FEED_COLUMNS)[number]

/** The variant attributes both services know, and the option names a shop gives them. */
export const FEED_VARIANT_ATTRIBUTES = ['color', 'size', 'material', 'pattern'] as const
export type FeedVariantAttribute = (typeof FEED_VARIANT_ATTRIBUTES)[number]

/** Option names (lower case, without accents) → the attribute they are. */
const OPTION_ATTRIBUTES: Record<string, FeedVariantAttribute> = {
  color: 'color',
  colores: 'color',
  talle: 'size',
  talla: 'size',
  tamano: 'size',
  medida: 'size',
  size: 'size',
  material: 'material',
  tela: 'material',
  estampado: 'pattern',
  diseno: 'pattern',
  motivo: 'pattern',
}

/** The attribute an option is ('Talle' → size), or undefined for one neither service names. */
export function feedAttributeOf(optionName: string): FeedVariantAttribute | undefined {
  const key = optionName.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase()
  return OPTION_ATTRIBUTES[key]
}

/**
 * An item's id in both feeds (and the content id a pixel reports): the variant's id for a
 * variant, the product's for a product without variants — 36 characters, stable across edits.
 * Its variants share the product's id as their 'item_group_id'.
 */
export function feedItemId(productId: string, variantId?: string | null): string {
  return variantId ?? productId
}

/** Integer cents and an ISO 4217 code as both services read a price: '1500.00 UYU'. */
export function feedPrice(cents: number, currency: string): string {
  const whole = Math.floor(cents / 100)
  return `${whole}.${String(cents % 100).padStart(2, '0')} ${currency}`
}

/** The owner's 'Canales de venta' page (/admin/canales-de-venta). */
export const SALES_CHANNELS_TEXTS = {
  title: 'Canales de venta',
  description:
    'Muestra tus productos en Google y en Facebook, Instagram y WhatsApp. Cada servicio lee tu catálogo desde una dirección que se actualiza sola cuando cambias tus productos.',
  whatGoes:
    'Van todos tus productos visibles, cada variante por separado, con su precio, su foto y si hay stock. Los productos ocultos no se incluyen; los agotados van como «sin stock».',
  suspended:
    'Tu negocio está suspendido: mientras tanto los catálogos no están disponibles y los servicios no pueden leerlos.',
  google: {
    title: 'Google Merchant Center',
    service: 'Google',
    summary: 'Para aparecer en Google Shopping, en la pestaña Shopping y en las fichas gratuitas.',
    urlLabel: 'Dirección del catálogo para Google',
    steps: [
      'Entra a Google Merchant Center (merchants.google.com) con tu cuenta de Google y verifica tu tienda si te lo pide.',
      'Ve a Productos → Fuentes de datos y elige «Agregar fuente de datos de productos».',
      'Elige «Agregar productos desde un archivo» y luego «Ingresar un vínculo a tu archivo».',
      'Pega la dirección de arriba y elige que Google la lea todos los días.',
      'Guarda: en unas horas vas a ver tus productos y, si hay, los avisos de Google sobre ellos.',
    ],
  },
  meta: {
    title: 'Meta (Facebook, Instagram y WhatsApp)',
    service: 'Meta',
    summary:
      'Para tu tienda de Facebook e Instagram, el catálogo de WhatsApp Business y los anuncios de catálogo.',
    urlLabel: 'Dirección del catálogo para Meta',
    steps: [
      'Entra a Meta Commerce Manager (business.facebook.com/commerce) y crea un catálogo de «Comercio electrónico» si no tienes uno.',
      'En el catálogo, ve a Catálogo → Orígenes de datos y elige «Agregar artículos».',
      'Elige «Feed de datos» y luego «Feed programado».',
      'Pega la dirección de arriba y elige que Meta la lea cada día (o cada hora).',
      'Elige la moneda predeterminada de tu tienda y guarda. Para WhatsApp, conecta ese catálogo desde WhatsApp Business.',
    ],
  },
  stepsTitle: 'Cómo agregarlo',
  copy: 'Copiar',
  copyLabel: (service: string) => `Copiar la dirección para ${service}`,
  copied: 'Dirección copiada',
  copyFailed: 'No se pudo copiar. Selecciona la dirección y cópiala a mano.',
  open: 'Ver archivo',
  openLabel: (service: string) => `Ver archivo para ${service} (se abre en otra pestaña)`,
} as const

/**
 * The most products one feed lists (newest first): far above any shop today, it bounds the
 * work and the memory of one feed (each product has up to 100 variants).
 */
export const FEED_MAX_PRODUCTS = 10_000
