/**
 * Issue 46 §1: requests by Host (ADR 038 "Requests by Host").
 *
 * - The platform's host (PUBLIC_URL's, its subdomains, the CNAME target), `localhost` and IP
 *   literals are the platform. There a shop's pages (`/{identifier}`, `/{identifier}/productos…`,
 *   `/{identifier}/pedido/…`) answer 301 to the same page on the shop's verified domain (query
 *   kept); everything else is unchanged.
 * - Any other Host must be a verified domain of a shop that is not suspended; otherwise a plain
 *   404 (text, no page of any shop).
 * - On a verified domain the request carries the shop (`request.storefrontSite`) and the shop's
 *   storefront answers at the root: its pages (`/`, `/productos…`, `/pedido/…`), its manifest and
 *   icons, `robots.txt`, `sitemap.xml`, the service worker, the API (`/api/…`), stored images
 *   (`/media/…`) and the build's files. Its feeds answer 301 to their platform address (where the
 *   owner registered them); every other path (owner, auth, operator and legal screens) 301 to the
 *   same path on the platform, where those screens stay.
 */
import { isIP } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { LRUCache } from 'lru-cache'
import {
  DOMAIN_MESSAGES,
  IDENTIFIER_PATTERN,
  STOREFRONT_SEGMENTS,
  isPlatformDomain,
  isReservedIdentifier,
  type StorefrontShop,
} from '@vitrina/contracts'
import type { Config } from '../../config.js'
import { findDomainByHostname, findVerifiedHostnameOfIdentifier } from './repository.js'

/** The shop a request's Host is the verified domain of. */
export interface StorefrontSite {
  identifier: string
  hostname: string
  /** `https://{hostname}` (with the proxy's port when it is not 443). */
  origin: string
}

/** Where a shop's storefront is: its origin, and its pages' base (`/{identifier}` or the root). */
export interface StorefrontAddress {
  origin: string
  shop: StorefrontShop
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop whose verified domain the request's Host is; null on the platform. */
    storefrontSite: StorefrontSite | null
  }
  interface FastifyInstance {
    /**
     * Where the shop's storefront lives: its verified domain's root, else `/{identifier}` on
     * the platform. Order links, mails, WhatsApp messages, the sitemap and the platform
     * address's 301 use it.
     */
    storefrontAddress(identifier: string): Promise<StorefrontAddress>
  }
}

/** On a shop's domain: its pages, files and the API, answered at the root. */
const PASS_THROUGH = ['/api/', '/media/', '/assets/', '/app-icons/']
const SHOP_FIRST_SEGMENTS = new Set<string>([
  '',
  STOREFRONT_SEGMENTS.products,
  STOREFRONT_SEGMENTS.order,
])
/** A shop's pages under `/{identifier}` on the platform (second segment). */
const SHOP_PAGE_SECTIONS = new Set<string | undefined>([
  undefined,
  '',
  STOREFRONT_SEGMENTS.products,
  STOREFRONT_SEGMENTS.order,
])

export function isPlatformHost(hostname: string, platformHost: string, cnameTarget: string) {
  const host = hostname.replace(/^\[|\]$/g, '')
  return (
    host === 'localhost' ||
    isIP(host) !== 0 ||
    isPlatformDomain(host, platformHost) ||
    isPlatformDomain(host, cnameTarget)
  )
}

/** A shop domain's origin: HTTPS through the proxy, on its port. */
export function domainOrigin(domains: Config['domains'], hostname: string): string {
  return `https://${hostname}${domains.httpsPort === 443 ? '' : `:${domains.httpsPort}`}`
}

/**
 * What a Host is, and where a shop lives, kept a few seconds per process (a shop domain's every
 * asset and API request, and every storefront page on the platform, would otherwise cost a
 * query): a Host's shop identifier when it may be served, else null; a shop's verified domain,
 * else null. Dropped whenever cached reads are (`app.onReadsInvalidated`: a domain verified or
 * removed, a shop suspended, here or on another process through the invalidation bus), and
 * after HOST_TTL_MS at most (the read cache off, or a change that invalidates nothing).
 */
const HOST_TTL_MS = 5_000
type HostAnswer = { identifier: string | null }
type ShopAnswer = { hostname: string | null }

export function createHostCache() {
  const hosts = new LRUCache<string, HostAnswer>({ max: 10_000, ttl: HOST_TTL_MS })
  const shops = new LRUCache<string, ShopAnswer>({ max: 10_000, ttl: HOST_TTL_MS })
  return {
    get: (hostname: string) => hosts.get(hostname),
    set: (hostname: string, answer: HostAnswer) => hosts.set(hostname, answer),
    getShop: (identifier: string) => shops.get(identifier),
    setShop: (identifier: string, answer: ShopAnswer) => shops.set(identifier, answer),
    forget: () => {
      hosts.clear()
      shops.clear()
    },
  }
}
export type HostCache = ReturnType<typeof createHostCache>

/** The first segment of a path as an identifier, when it may name a shop. */
function identifierSegment(segment: string): string | null {
  let identifier: string
  try {
    identifier = decodeURIComponent(segment)
  } catch {
    return null
  }
  return IDENTIFIER_PATTERN.test(identifier) && !isReservedIdentifier(identifier)
    ? identifier
    : null
}

export function registerHostRouting(app: FastifyInstance, hosts: HostCache) {
  const { platformHost, cnameTarget } = app.config.domains
  const publicUrl = app.config.publicUrl

  async function shopOf(hostname: string): Promise<string | null> {
    const cached = hosts.get(hostname)
    if (cached) return cached.identifier
    const found = await findDomainByHostname(app.db, hostname)
    const identifier =
      found && found.domain.status === 'verified' && !found.suspended ? found.identifier : null
    hosts.set(hostname, { identifier })
    return identifier
  }

  /** The shop's verified domain (a suspended shop has none: its pages answer on the platform). */
  async function domainOf(identifier: string): Promise<string | null> {
    const cached = hosts.getShop(identifier)
    if (cached) return cached.hostname
    const found = await findVerifiedHostnameOfIdentifier(app.db, identifier)
    const hostname = found && (await shopOf(found)) === identifier ? found : null
    hosts.setShop(identifier, { hostname })
    return hostname
  }

  app.decorateRequest('storefrontSite', null)
  app.decorate('storefrontAddress', async (identifier: string): Promise<StorefrontAddress> => {
    const hostname = await domainOf(identifier.toLowerCase())
    return hostname
      ? { origin: domainOrigin(app.config.domains, hostname), shop: { identifier, root: true } }
      : { origin: publicUrl, shop: identifier }
  })

  app.addHook('onRequest', async (request, reply) => {
    const hostname = request.hostname.toLowerCase().replace(/\.$/, '')
    const url = request.raw.url ?? '/'
    const query = url.indexOf('?')
    const pathname = query === -1 ? url : url.slice(0, query)
    if (!hostname || isPlatformHost(hostname, platformHost, cnameTarget)) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      // A shop's page at its platform address: 301 to its domain when it has one.
      const [, first = '', section, ...rest] = pathname.split('/')
      if (!first || first.includes('.') || !SHOP_PAGE_SECTIONS.has(section)) return
      if (section === STOREFRONT_SEGMENTS.order && rest.length === 0) return
      const identifier = identifierSegment(first)
      const domain = identifier && (await domainOf(identifier))
      if (!domain) return
      const tail = url.slice(first.length + 1)
      const location = `${domainOrigin(app.config.domains, domain)}${tail.startsWith('/') ? tail : `/${tail}`}`
      return reply.header('cache-control', 'no-store').redirect(location, 301)
    }
    const identifier = await shopOf(hostname)
    if (!identifier) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(DOMAIN_MESSAGES.unknownHost)
    }
    request.storefrontSite = {
      identifier,
      hostname,
      origin: domainOrigin(app.config.domains, hostname),
    }
    if (PASS_THROUGH.some((prefix) => pathname.startsWith(prefix)) || pathname === '/api') return
    const first = pathname.split('/')[1] ?? ''
    // The build's files (`/sw.js`, `/favicon.svg`), the manifest, robots.txt and sitemap.xml.
    if (!pathname.slice(1).includes('/') && first.includes('.')) return
    if (SHOP_FIRST_SEGMENTS.has(first)) return
    if (first === 'feeds') {
      return reply.redirect(`${publicUrl}/${encodeURIComponent(identifier)}${url}`, 301)
    }
    return reply.redirect(`${publicUrl}${url}`, 301)
  })
}
