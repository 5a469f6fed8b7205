/**
 * Issue 46 §1 (ADR 038): which site the page is on — the platform, or a shop's own verified
 * domain, where that shop's storefront is the whole site, at the root (`/`, `/productos…`,
 * `/pedido/…`). The server decides it from the request's Host and says it once per page: on the
 * server the render's context (ssr/entry-server.tsx), in the browser the document's
 * `<meta name="vitrina-site">` that render wrote (ssr/document.ts). The route tree
 * (app/router.tsx), the storefront's links (config/paths.ts) and its head read it here.
 */
import { parseStorefrontPath } from '@vitrina/contracts'
import type { StorefrontPage, StorefrontShop } from '@vitrina/contracts'

/** The `<meta name>` a shop domain's documents carry, its content the shop's identifier. */
export const SITE_META_NAME = 'vitrina-site'

let current: () => string | null = () => null

/** Where the site's shop comes from: the render's context on the server, the document here. */
export function setSiteSource(source: () => string | null): void {
  current = source
}

/** The identifier of the shop whose domain the page is on; null on the platform. */
export function siteShop(): string | null {
  return current()
}

/** The shop the document says the site is (read once by the browser's entry). */
export function documentSite(): string | null {
  if (typeof document === 'undefined') return null
  const content = document.querySelector(`meta[name="${SITE_META_NAME}"]`)?.getAttribute('content')
  return content ? content : null
}

/**
 * Where a shop's storefront pages are from this page: at the root on its own domain, else under
 * `/{identifier}` (another shop's links on a domain — none today — stay platform paths).
 */
export function storefrontShop(identifier: string): StorefrontShop {
  return siteShop() === identifier ? { identifier, root: true } : identifier
}

/** A storefront route's shop: the address's `:identifier`, or on a shop's domain the site's. */
export function storefrontIdentifier(params: { identifier?: string }): string {
  return params.identifier ?? siteShop() ?? ''
}

/** Which storefront page a path is, on this site (contracts' `parseStorefrontPath`). */
export function storefrontPageOf(pathname: string): StorefrontPage | null {
  return parseStorefrontPath(pathname, siteShop() ?? undefined)
}
