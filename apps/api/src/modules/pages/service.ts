/**
 * Share pages (ARCHITECTURE.md "Routing on one origin"): for /{identifier},
 * /{identifier}/productos and /{identifier}/productos/{slug} the server fills the page's <head> so
 * shared links preview well and search engines index the storefront. Unknown storefronts and
 * products still get the app (it shows its own 'not found'), with status 404 and noindex.
 * Reserved top-level paths are the platform's own pages, never storefronts.
 */
import {
  BUSINESS_MESSAGES,
  IDENTIFIER_PATTERN,
  LIMITS,
  PRODUCT_MESSAGES,
  canonicalIdentifierFor,
  isReservedIdentifier,
} from '@vitrina/contracts'
import type { Business, Product } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import type { PageHead } from '../../plugins/web.js'
import { renderNotFoundHead, renderProductHead, renderStorefrontHead } from './head.js'
import { listSitemapBusinesses, listSitemapProducts } from './repository.js'
import { PLATFORM_PAGES, SITEMAP_MAX_URLS, renderSitemap } from './sitemap.js'

export type SharePath =
  | { kind: 'storefront'; identifier: string; page: 'home' | 'products' }
  | { kind: 'product'; identifier: string; productId: string }
  /** Issue 41: under a would-be storefront, an address no page has (SPEC §2.1: goes to /). */
  | { kind: 'unknown' }
  /** An order's page (issue 24): the app's, behind its token; no share head. */
  | { kind: 'order' }

/** What a path names, or null when it is not a storefront path at all. */
export function parseSharePath(pathname: string): SharePath | null {
  const segments = pathname.split('/').filter(Boolean)
  const [identifier, section, productId, ...rest] = segments
  if (!identifier || isReservedIdentifier(identifier)) return null
  if (section === undefined) return { kind: 'storefront', identifier, page: 'home' }
  if (section === 'pedido' && productId !== undefined && rest.length === 0) return { kind: 'order' }
  if (section !== 'productos' || rest.length > 0) return { kind: 'unknown' }
  if (productId === undefined) return { kind: 'storefront', identifier, page: 'products' }
  return { kind: 'product', identifier, productId }
}

/**
 * Issue 41: the canonical identifier an address segment names when it is typed with accents,
 * capitals or spaces (`/Caf%C3%A9-del-puerto` → `cafe-del-puerto`), or undefined.
 */
function canonicalIdentifierOf(segment: string): string | undefined {
  try {
    return canonicalIdentifierFor(decodeURIComponent(segment))
  } catch {
    return undefined
  }
}

/**
 * The product segment of an address as the API is asked about it (lower case: an address typed
 * in capitals still finds its product, then redirects), or undefined when it cannot name one.
 */
function productSegment(raw: string): string | undefined {
  try {
    const segment = decodeURIComponent(raw).toLowerCase()
    return segment.length > 0 && segment.length <= 200 ? segment : undefined
  } catch {
    return undefined
  }
}

const notFound = (title: string): PageHead => ({ head: renderNotFoundHead(title), status: 404 })

/** An anonymous GET of the API answered in-process (`app.readPublic`, plugins/web.ts). */
export type PublicRead = (url: string) => Promise<{ status: number; body: string }>

/** The public reply at `url`, or undefined when there is none (404) or it failed. */
/** The public reply at `url`, or the message of its 404 (any other status is an error). */
async function readJson<T>(read: PublicRead, url: string): Promise<T | { missing: string }> {
  const reply = await read(url)
  if (reply.status !== 200) {
    if (reply.status === 404)
      return { missing: (JSON.parse(reply.body) as { message: string }).message }
    throw new Error(`GET ${url} answered ${reply.status}`)
  }
  return JSON.parse(reply.body) as T
}

/**
 * The head of a storefront or product page (the page itself is rendered by the web build's
 * server entry, plugins/web.ts), or a 404 for an unknown business or product. The business and
 * the product are the API's public replies, read as the page's own loaders read them: a render
 * takes them from the read cache, dropped on every write like the page itself, instead of
 * asking the database for the head (issue 21 §3).
 */
export async function resolveSharePage(
  read: PublicRead,
  publicUrl: string,
  pathname: string,
  search = '',
): Promise<PageHead | null> {
  const path = parseSharePath(pathname)
  if (!path || path.kind === 'order') return null
  // SPEC §2.1 (unknown paths go to /) as a 301 search engines understand (issue 41).
  if (path.kind === 'unknown') return { redirect: '/' }
  const canonical = canonicalIdentifierOf(path.identifier)
  if (canonical !== undefined) {
    const rest = pathname.slice(pathname.indexOf(path.identifier) + path.identifier.length)
    return { redirect: `/${canonical}${rest}${search}` }
  }
  const isWellFormed =
    path.identifier.length <= LIMITS.identifierMax && IDENTIFIER_PATTERN.test(path.identifier)
  const business = isWellFormed
    ? await readJson<Business>(
        read,
        `/api/businesses/${encodeURIComponent(path.identifier)}/identifier`,
      )
    : { missing: BUSINESS_MESSAGES.notFound }
  // Unknown, or suspended ('Negocio no disponible', issue 23 §3): not shared nor indexed.
  if ('missing' in business) return notFound(business.missing)
  if (path.kind === 'storefront') {
    return {
      head: renderStorefrontHead(business, publicUrl, { page: path.page }),
      businessId: business._id,
    }
  }
  // Issue 27 §3: the segment is the product's slug, an old slug of it or its id (old addresses);
  // the API answers with the product, whose slug is where the page lives.
  const segment = productSegment(path.productId)
  const product = segment
    ? await readJson<Product>(
        read,
        // The address the page's own loader reads (one cached reply for both).
        `/api/products/${business.identifier}/slug/${encodeURIComponent(segment)}`,
      )
    : undefined
  // A hidden product (issue 23 §2) is missing from the public API as well.
  if (!product || 'missing' in product || product.businessId !== business._id) {
    return notFound(PRODUCT_MESSAGES.notFound)
  }
  if (product.slug !== path.productId) {
    return {
      redirect: `/${business.identifier}/productos/${product.slug}${search}`,
      businessId: business._id,
    }
  }
  return {
    head: renderProductHead(business, { ...product, id: product._id }, publicUrl),
    businessId: business._id,
  }
}

/** Newest storefronts and products first, within the protocol's 50,000 URLs. */
export async function buildSitemap(db: Executor, publicUrl: string): Promise<string> {
  const room = SITEMAP_MAX_URLS - PLATFORM_PAGES.length
  const businesses = await listSitemapBusinesses(db, Math.floor(room / 2))
  const products = await listSitemapProducts(db, room - businesses.length * 2)
  return renderSitemap(publicUrl, businesses, products)
}
