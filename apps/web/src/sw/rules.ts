/**
 * What the storefronts' service worker does with a request (ADR 026), apart from the worker so it
 * can be tested in the web project: only GETs of this origin, and of those only
 *
 * - `page`: a navigation to one of this storefront's pages (`/{identifier}`, `/{identifier}/…`),
 *   never an order's page (`/{identifier}/pedido/…`, one shopper's, behind a token);
 * - `asset`: the build's files (`/assets/…`, hashed, never change);
 * - `image`: stored images and the storefront's icons;
 * - `read`: the public catalogue reads a storefront page makes (businesses and products), never
 *   with an `Authorization` header (an owner's reads).
 *
 * Everything else — other storefronts sharing the prefix (`/{identifier}x`), the owner's area,
 * the operator's console, `/api/auth`, every write — goes to the network untouched. A response is
 * kept only when it is a plain 200 that says nothing against it (`no-store`, `private`).
 */

import { STOREFRONT_SEGMENTS } from '@vitrina/contracts'

export type Strategy = 'page' | 'asset' | 'image' | 'read'

/** The parts of a Request the rules read (a Request is one). */
export interface RequestLike {
  method: string
  url: string
  mode: string
  headers: { has(name: string): boolean }
}

/** The parts of a Response the rules read (a Response is one). */
export interface ResponseLike {
  status: number
  type: string
  redirected: boolean
  headers: { get(name: string): string | null }
}

/** The storefront a scope names: `https://host/cafe` → `/cafe` (with or without a final slash). */
export function scopePath(scope: string): string {
  return new URL(scope).pathname.replace(/\/+$/, '')
}

/** `/cafe` and `/cafe/…`, not `/cafeteria`. */
export function isInStorefront(pathname: string, scope: string): boolean {
  return pathname === scope || pathname.startsWith(`${scope}/`)
}

/** A page of the storefront a visitor may see again offline: not an order's page. */
export function isStorefrontPage(pathname: string, scope: string): boolean {
  return (
    isInStorefront(pathname, scope) &&
    !isInStorefront(pathname, `${scope}/${STOREFRONT_SEGMENTS.order}`)
  )
}

/** The public reads of a storefront's pages (apps/api http-cache.ts PUBLIC_READ_ROUTES). */
const CATALOGUE_READ =
  /^\/api\/(?:businesses\/[^/]+\/identifier|products\/[^/]+(?:\/business(?:\/(?:featured|new|offer))?|\/carousels)?)\/?$/

export function strategyFor(request: RequestLike, scope: string, origin: string): Strategy | null {
  if (request.method !== 'GET') return null
  const url = new URL(request.url)
  if (url.origin !== origin) return null
  if (request.mode === 'navigate') return isStorefrontPage(url.pathname, scope) ? 'page' : null
  if (url.pathname.startsWith('/assets/')) return 'asset'
  if (url.pathname.startsWith('/media/')) return 'image'
  if (url.pathname.startsWith(`${scope}/app-icons/`)) return 'image'
  if (CATALOGUE_READ.test(url.pathname) && !request.headers.has('authorization')) return 'read'
  return null
}

/** A reply that may be kept: a plain 200 (not a redirect's), neither `no-store` nor `private`. */
export function isKeepable(response: ResponseLike): boolean {
  if (response.status !== 200 || response.redirected) return false
  if (response.type !== 'basic' && response.type !== 'default') return false
  return !/\b(?:no-store|private)\b/i.test(response.headers.get('cache-control') ?? '')
}

/** A page's reply that may be kept: keepable, and HTML. */
export function isKeepablePage(response: ResponseLike): boolean {
  return isKeepable(response) && /^text\/html\b/i.test(response.headers.get('content-type') ?? '')
}
