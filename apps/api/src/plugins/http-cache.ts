/**
 * HTTP caching of replies (docs/decisions/009-performance.md).
 *
 * - Every string/Buffer reply carries an `ETag` (@fastify/etag), and a request whose
 *   `If-None-Match` matches it gets an empty 304: a storefront revisited, or a list re-fetched by
 *   react-query on focus, costs a few hundred bytes instead of the whole JSON.
 * - The public catalogue reads may be kept by browsers and shared caches (a CDN in front of the
 *   API) for 30 s and served stale for 60 s more while one request revalidates: a popular
 *   storefront then reaches the API a few times a minute, whatever its traffic. 30 s is the
 *   longest an owner's edit may take to show, which the owner area already lives with because its
 *   own reads are never cached (they are authenticated, see below).
 * - Any other /api reply — authenticated ones above all (/businesses/user/me, /auth/me) — is
 *   `private, no-store` unless its route set its own Cache-Control, so no shared cache can ever
 *   hand one user's reply to another.
 *
 * Registered before the routes, so its onSend hooks run before @fastify/compress's route-level
 * one (which turns large payloads into streams that could no longer be hashed).
 */
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import etag from '@fastify/etag'

export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** Routes (as declared) whose GET replies are the same for everybody. */
export const PUBLIC_READ_ROUTES: ReadonlySet<string> = new Set([
  '/api/businesses',
  '/api/businesses/featured',
  '/api/businesses/:identifier/identifier',
  '/api/products/:businessId/business',
  '/api/products/:businessId/business/featured',
  '/api/products/:businessId/business/new',
  '/api/products/:businessId/business/offer',
  '/api/products/:businessId/carousels',
  '/api/products/:businessId/options',
  '/api/products/:business/slug/:slug',
  '/api/products/:id',
])

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read declared on its route (one outside /api: a shop's product feeds, issue 46):
     * cached as those of PUBLIC_READ_ROUTES are. `tag` names the business whose writes drop the
     * reply from the read cache (plugins/read-cache.ts); undefined keeps it out.
     */
    publicRead?: { tag(request: FastifyRequest, body: string): string | undefined }
  }
}

/**
 * A GET/HEAD of a public read route without `Authorization`: a reply the same for everybody. The
 * route is compared as declared, without the trailing slash the router ignores.
 */
export function isPublicRead(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.headers.authorization === undefined &&
    (PUBLIC_READ_ROUTES.has(publicRouteOf(request)) ||
      request.routeOptions.config.publicRead !== undefined)
  )
}

/** The route as declared, without the trailing slash the router ignores. */
export function publicRouteOf(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').replace(/\/$/, '')
}

export default fp(
  async (app) => {
    await app.register(etag)
    app.addHook('onSend', async (request, reply, payload) => {
      const route = request.routeOptions.url
      const isDeclaredPublic = request.routeOptions.config.publicRead !== undefined
      if (!(route?.startsWith('/api') || isDeclaredPublic) || reply.hasHeader('cache-control')) {
        return payload
      }
      const isPublic =
        isPublicRead(request) && (reply.statusCode === 200 || reply.statusCode === 304)
      reply.header('cache-control', isPublic ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL)
      return payload
    })
  },
  { name: 'http-cache' },
)
