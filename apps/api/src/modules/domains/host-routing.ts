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

export function registerHostRouting(app: FastifyInstance) {
  const { platformHost, cnameTarget } = app.config.domains
  const publicUrl = app.config.publicUrl

  app.addHook('onRequest', async (request, reply) => {
    const hostname = request.hostname.toLowerCase().replace(/\.$/, '')
    if (!hostname || isPlatformHost(hostname, platformHost, cnameTarget)) return
    const found = await findDomainByHostname(app.db, hostname)
    if (!found || found.domain.status !== 'verified' || found.suspended) {
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
      .redirect(`${publicUrl}/${encodeURIComponent(found.identifier)}${rest}`, 302)
  })
}
