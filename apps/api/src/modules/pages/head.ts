/**
 * The <head> block of a shared storefront or product page (SPEC §2.5 page metadata, ARCHITECTURE
 * "Routing on one origin"): title, description, keywords, author, Open Graph, Twitter card,
 * canonical link, robots, the 32×32 favicon and JSON-LD. Every owner-supplied text is escaped for
 * where it lands; image URLs are made absolute so link previews can fetch them.
 */
import {
  documentTitle,
  nameWithVariant,
  storefrontAppColor,
  storefrontAppPaths,
  storefrontIconVersion,
  variantLabel,
  type ImageAsset,
  type ProductOption,
} from '@vitrina/contracts'
import { escapeHtml } from '../mail/index.js'
import { jsonForScript } from '../../lib/json-for-script.js'

export interface ShareBusiness {
  name: string
  identifier: string
  description: string
  categories: readonly { name: string }[]
  logo: ImageAsset | null
  slides: readonly { image: ImageAsset }[]
  phone: string | null
  email: string | null
  address: string | null
  bgColor: string
}

export interface ShareProduct {
  id: string
  /** Issue 27 §3: the address, /{identifier}/productos/{slug}. */
  slug: string
  name: string
  description: string
  finalPrice: number
  currency: string
  code: string | null
  category: string
  subCategory: string | null
  tags: readonly string[]
  image: ImageAsset
  images: readonly ImageAsset[]
  /** Issue 25: whether it can be ordered, and its variants (public fields only). */
  available?: boolean
  options?: readonly ProductOption[]
  variants?: readonly ShareVariant[]
}

export interface ShareVariant {
  options: Record<string, string>
  finalPrice: number
  code: string | null
  available: boolean
  imageIndex: number | null
}

const IN_STOCK = 'https://schema.org/InStock'
const OUT_OF_STOCK = 'https://schema.org/OutOfStock'

const SITE_NAME = 'Vitrina'
const DESCRIPTION_MAX = 160

/** SPEC §3: '$' is the default symbol and means Uruguayan pesos; 'US$' is dollars. */
export function currencyCode(symbol: string): string | undefined {
  const normalized = symbol.trim().toUpperCase()
  if (normalized === '$' || normalized === '$U' || normalized === 'UYU') return 'UYU'
  if (normalized === 'US$' || normalized === 'U$S' || normalized === 'USD') return 'USD'
  return undefined
}

/** An http(s) URL made absolute against the public address; anything else is dropped. */
export function absoluteUrl(url: string | undefined, publicUrl: string): string | undefined {
  if (!url) return undefined
  try {
    const resolved = new URL(url, `${publicUrl}/`)
    return resolved.protocol === 'https:' || resolved.protocol === 'http:'
      ? resolved.toString()
      : undefined
  } catch {
    return undefined
  }
}

/** One line, at most 160 characters, cut at a word boundary. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

interface HeadParts {
  title: string
  description: string
  keywords: string[]
  author: string
  canonical: string
  ogType: 'website' | 'product'
  image: ImageAsset | undefined
  favicon: string | undefined
  jsonLd: Record<string, unknown>
  publicUrl: string
  business: ShareBusiness
}

/**
 * The storefront as an installable app (issue 27 §4, ADR 026): its manifest, the colour of the
 * browser's bar and the icon iOS puts on the home screen.
 */
export function renderAppLinks(
  business: Pick<ShareBusiness, 'identifier' | 'name' | 'logo' | 'bgColor'>,
): string {
  const paths = storefrontAppPaths(business.identifier)
  const touchIcon = paths.icon(storefrontIconVersion(business), 'apple-180')
  return [
    `<link rel="manifest" href="${escapeHtml(paths.manifest)}" />`,
    `<meta name="theme-color" content="${escapeHtml(storefrontAppColor(business.bgColor))}" />`,
    `<link rel="apple-touch-icon" href="${escapeHtml(touchIcon)}" />`,
  ].join('\n    ')
}

function meta(attribute: 'name' | 'property', key: string, content: string | undefined): string {
  return content ? `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />` : ''
}

function renderHead(parts: HeadParts): string {
  const image = absoluteUrl(parts.image?.url, parts.publicUrl)
  // The icon is fetched by this page, from whatever origin it was opened at: a path, not an
  // absolute URL on PUBLIC_URL (which the CSP's img-src 'self' refuses when the two differ).
  const favicon = parts.favicon
  const lines = [
    `<title>${escapeHtml(parts.title)}</title>`,
    meta('name', 'description', parts.description),
    meta('name', 'keywords', parts.keywords.join(', ')),
    meta('name', 'author', parts.author),
    meta('name', 'robots', 'index,follow'),
    `<link rel="canonical" href="${escapeHtml(parts.canonical)}" />`,
    favicon
      ? `<link rel="icon" type="image/png" sizes="32x32" href="${escapeHtml(favicon)}" />`
      : '',
    renderAppLinks(parts.business),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'es_UY'),
    meta('property', 'og:type', parts.ogType),
    meta('property', 'og:title', parts.title),
    meta('property', 'og:description', parts.description),
    meta('property', 'og:url', parts.canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', image ? parts.image?.width?.toString() : undefined),
    meta('property', 'og:image:height', image ? parts.image?.height?.toString() : undefined),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', parts.title),
    meta('name', 'twitter:description', parts.description),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${jsonForScript(parts.jsonLd)}</script>`,
  ]
  return lines.filter(Boolean).join('\n    ')
}

export function storefrontUrl(publicUrl: string, identifier: string): string {
  return `${publicUrl}/${identifier}`
}

/** Issue 27 §3: a product's address is its slug (its id only redirects there). */
export function productUrl(publicUrl: string, identifier: string, slug: string): string {
  return `${publicUrl}/${identifier}/productos/${slug}`
}

export interface StorefrontPage {
  /** 'home' is /{identifier}; 'products' is its product list, /{identifier}/productos. */
  page: 'home' | 'products'
}

/** SPEC §2.5: the storefront's metadata; the share image is the first cover slide, else the logo. */
export function renderStorefrontHead(
  business: ShareBusiness,
  publicUrl: string,
  { page }: StorefrontPage = { page: 'home' },
): string {
  const home = storefrontUrl(publicUrl, business.identifier)
  const canonical = page === 'home' ? home : `${home}/productos`
  const image = business.slides[0]?.image ?? business.logo ?? undefined
  const logo = absoluteUrl(business.logo?.url, publicUrl)
  return renderHead({
    title: page === 'home' ? `${business.name} | ${SITE_NAME}` : `Productos | ${business.name}`,
    description: summarize(business.description),
    keywords: business.categories.map((c) => c.name),
    author: business.name,
    canonical,
    ogType: 'website',
    image,
    favicon: business.logo ? (business.logo.favicon ?? business.logo.url) : undefined,
    publicUrl,
    business,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: business.name,
      description: business.description,
      url: home,
      ...(logo ? { logo } : {}),
      ...(image ? { image: absoluteUrl(image.url, publicUrl) } : {}),
      ...(business.phone ? { telephone: business.phone } : {}),
      ...(business.email ? { email: business.email } : {}),
      ...(business.address ? { address: business.address } : {}),
    },
  })
}

/** The product detail page (SPEC §2.8): product image, price offer with its ISO 4217 currency. */
export function renderProductHead(
  business: ShareBusiness,
  product: ShareProduct,
  publicUrl: string,
): string {
  const canonical = productUrl(publicUrl, business.identifier, product.slug)
  const images = [product.image, ...product.images]
    .map((i) => absoluteUrl(i.url, publicUrl))
    .filter((u): u is string => u !== undefined)
  const priceCurrency = currencyCode(product.currency)
  const keywords = [product.category, product.subCategory ?? '', ...product.tags].filter(Boolean)
  return renderHead({
    title: `${product.name} | ${business.name}`,
    description: summarize(product.description),
    keywords,
    author: business.name,
    canonical,
    ogType: 'product',
    image: product.image,
    favicon: business.logo ? (business.logo.favicon ?? business.logo.url) : undefined,
    publicUrl,
    business,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      url: canonical,
      image: images,
      category: product.subCategory
        ? `${product.category} > ${product.subCategory}`
        : product.category,
      ...(product.code ? { sku: product.code } : {}),
      brand: { '@type': 'Brand', name: business.name },
      offers: productOffers(product, business, canonical, priceCurrency),
    },
  })
}

/**
 * Issue 25: one Offer per variant (its final price, availability, SKU and name), else one for the
 * product; prices in the product's ISO currency.
 */
function productOffers(
  product: ShareProduct,
  business: ShareBusiness,
  canonical: string,
  priceCurrency: string | undefined,
): Record<string, unknown> | Record<string, unknown>[] {
  const offer = (price: number, available: boolean) => ({
    '@type': 'Offer',
    url: canonical,
    price: price.toFixed(2),
    ...(priceCurrency ? { priceCurrency } : {}),
    availability: available ? IN_STOCK : OUT_OF_STOCK,
    seller: { '@type': 'Organization', name: business.name },
  })
  const variants = product.variants ?? []
  if (variants.length === 0) return offer(product.finalPrice, product.available ?? true)
  return variants.map((variant) => ({
    ...offer(variant.finalPrice, variant.available),
    name: nameWithVariant(product.name, variantLabel(product.options ?? [], variant.options)),
    ...(variant.code ? { sku: variant.code } : {}),
  }))
}

/** An unknown storefront or product: the app still loads (it shows its own 'not found'). */
/**
 * Issue 41: the head of one of the platform's own pages — its title (the one the page sets in the
 * browser, `PLATFORM_PAGE_TITLES`) with the default theme colour and description of index.html.
 */
export function renderPlatformHead(title: string): string {
  return [
    meta('name', 'theme-color', PLATFORM_THEME_COLOR),
    `<title>${escapeHtml(documentTitle(title))}</title>`,
    meta('name', 'description', PLATFORM_DESCRIPTION),
  ].join('\n    ')
}

const PLATFORM_THEME_COLOR = '#0D1B2A'
const PLATFORM_DESCRIPTION =
  'Crea el catálogo online de tu negocio en minutos, sin conocimientos técnicos.'

export function renderNotFoundHead(title: string): string {
  return [
    `<title>${escapeHtml(title)} | ${SITE_NAME}</title>`,
    meta('name', 'robots', 'noindex'),
  ].join('\n    ')
}
