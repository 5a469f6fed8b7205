/**
 * Issue 46 §1: requests whose Host is not the platform's (ADR 038 "Host routing").
 *
 * - The platform's host (PUBLIC_URL's, its subdomains, the CNAME target), `localhost` and IP
 *   literals are the platform: nothing changes.
 * - Any other Host must be a verified domain of a shop that is not suspended; otherwise a plain
 *   404 (text, no page of any shop).
 * - On a verified domain, the API (`/api/…`), stored images (`/media/…`) and the build's hashed
 *   files (`/assets/…`) are answered as on the platform. The shop's pages (`/`, `/productos…`,
 *   `/pedido/…`, its manifest, feeds, `robots.txt`, `sitemap.xml`) answer 302 to the shop's
 *   platform address (`/{identifier}/…`): serving them at the domain's root is not built yet
 *   (ADR 038 "Not done"). Every other path (owner, auth, operator and legal screens) answers 301
 *   to the same path on the platform, where they stay.
 */
import { isIP } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { LRUCache } from 'lru-cache'
import { DOMAIN_MESSAGES, STOREFRONT_SEGMENTS, isPlatformDomain } from '@vitrina/contracts'
import { findDomainByHostname } from './repository.js'

const PASS_THROUGH = ['/api/', '/media/', '/assets/']
const SHOP_FIRST_SEGMENTS = new Set<string>([
  '',
  STOREFRONT_SEGMENTS.products,
  STOREFRONT_SEGMENTS.order,
  'manifest.webmanifest',
  'app-icons',
  'feeds',
])
const PLATFORM_FILES = new Set(['/robots.txt', '/sitemap.xml'])

export function isPlatformHost(hostname: string, platformHost: string, cnameTarget: string) {
  const host = hostname.replace(/^\[|\]$/g, '')
  return (
    host === 'localhost' ||
    isIP(host) !== 0 ||
    isPlatformDomain(host, platformHost) ||
    isPlatformDomain(host, cnameTarget)
  )
}

/**
 * What a Host is, kept a few seconds per process (a shop domain's every asset and API request
 * would otherwise cost a query): the shop's identifier when it may be served, else null. Dropped
 * whenever cached reads are (`app.onReadsInvalidated`: a domain verified or removed, a shop
 * suspended, here or on another process through the invalidation bus), and after HOST_TTL_MS
 * at most (the read cache off, or a change that invalidates nothing).
 */
const HOST_TTL_MS = 5_000
type HostAnswer = { identifier: string | null }

export function createHostCache() {
  const cache = new LRUCache<string, HostAnswer>({ max: 10_000, ttl: HOST_TTL_MS })
  return {
    get: (hostname: string) => cache.get(hostname),
    set: (hostname: string, answer: HostAnswer) => cache.set(hostname, answer),
    forget: () => cache.clear(),
  }
}
export type HostCache = ReturnType<typeof createHostCache>

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

  app.addHook('onRequest', async (request, reply) => {
    const hostname = request.hostname.toLowerCase().replace(/\.$/, '')
    if (!hostname || isPlatformHost(hostname, platformHost, cnameTarget)) return
    const identifier = await shopOf(hostname)
    if (!identifier) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(DOMAIN_MESSAGES.unknownHost)
    }
    const url = request.raw.url ?? '/'
    const pathname = url.split('?')[0] ?? '/'
    if (PASS_THROUGH.some((prefix) => pathname.startsWith(prefix)) || pathname === '/api') return
    const first = pathname.split('/')[1] ?? ''
    if (PLATFORM_FILES.has(pathname) || !SHOP_FIRST_SEGMENTS.has(first)) {
      return reply.redirect(`${publicUrl}${url}`, 301)
    }
    const rest = url === '/' ? '' : url.startsWith('/?') ? url.slice(1) : url
    return reply
      .header('cache-control', 'no-store')
      .redirect(`${publicUrl}/${encodeURIComponent(identifier)}${rest}`, 302)
  })
}
