/**
 * Share pages (ARCHITECTURE.md "Routing on one origin"): for /{identifier},
 * /{identifier}/productos and /{identifier}/productos/{id} the server fills the page's <head> so
 * shared links preview well and search engines index the storefront. Unknown storefronts and
 * products still get the app (it shows its own 'not found'), with status 404 and noindex.
 * Reserved top-level paths are the platform's own pages, never storefronts.
 */
import {
  BUSINESS_MESSAGES,
  IDENTIFIER_PATTERN,
  LIMITS,
  PRODUCT_MESSAGES,
  idSchema,
  isReservedIdentifier,
  OPERATOR_CONSOLE_MESSAGES,
} from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import type { PageHead } from '../../plugins/web.js'
import { findBusinessByIdentifier } from '../businesses/repository.js'
import { findProductById } from '../products/repository.js'
import { renderNotFoundHead, renderProductHead, renderStorefrontHead } from './head.js'
import { listSitemapBusinesses, listSitemapProducts } from './repository.js'
import { PLATFORM_PAGES, SITEMAP_MAX_URLS, renderSitemap } from './sitemap.js'

export type SharePath =
  | { kind: 'storefront'; identifier: string; page: 'home' | 'products' }
  | { kind: 'product'; identifier: string; productId: string }

/** What a path names, or null when it is not a storefront path at all. */
export function parseSharePath(pathname: string): SharePath | null {
  const segments = pathname.split('/').filter(Boolean)
  const [identifier, section, productId, ...rest] = segments
  if (!identifier || rest.length > 0 || isReservedIdentifier(identifier)) return null
  if (section === undefined) return { kind: 'storefront', identifier, page: 'home' }
  if (section !== 'productos') return null
  if (productId === undefined) return { kind: 'storefront', identifier, page: 'products' }
  return { kind: 'product', identifier, productId }
}

const notFound = (title: string): PageHead => ({ head: renderNotFoundHead(title), status: 404 })

/**
 * The head of a storefront or product page (the page itself is rendered by the web build's
 * server entry, plugins/web.ts), or a 404 for an unknown business or product.
 */
export async function resolveSharePage(
  db: Executor,
  publicUrl: string,
  pathname: string,
): Promise<PageHead | null> {
  const path = parseSharePath(pathname)
  if (!path) return null
  const isWellFormed =
    path.identifier.length <= LIMITS.identifierMax && IDENTIFIER_PATTERN.test(path.identifier)
  const business = isWellFormed ? await findBusinessByIdentifier(db, path.identifier) : undefined
  if (!business) return notFound(BUSINESS_MESSAGES.notFound)
  // Issue 23 §3: a suspended storefront is not shared nor indexed; the page says so.
  if (business.suspendedAt) {
    return { ...notFound(OPERATOR_CONSOLE_MESSAGES.businessUnavailable), businessId: business.id }
  }
  if (path.kind === 'storefront') {
    return {
      head: renderStorefrontHead(business, publicUrl, { page: path.page }),
      businessId: business.id,
    }
  }
  const product = idSchema.safeParse(path.productId).success
    ? await findProductById(db, path.productId)
    : undefined
  if (!product || product.businessId !== business.id || product.status !== 'active') {
    return notFound(PRODUCT_MESSAGES.notFound)
  }
  return { head: renderProductHead(business, product, publicUrl), businessId: business.id }
}

/** Newest storefronts and products first, within the protocol's 50,000 URLs. */
export async function buildSitemap(db: Executor, publicUrl: string): Promise<string> {
  const room = SITEMAP_MAX_URLS - PLATFORM_PAGES.length
  const businesses = await listSitemapBusinesses(db, Math.floor(room / 2))
  const products = await listSitemapProducts(db, room - businesses.length * 2)
  return renderSitemap(publicUrl, businesses, products)
}
