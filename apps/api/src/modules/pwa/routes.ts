/**
 * Installable storefronts (issue 27 §4, ADR 026):
 *
 * - `GET /{identifier}/manifest.webmanifest` — the storefront's web manifest; 404 for an unknown
 *   or suspended business (the public read's own reply).
 * - `GET /{identifier}/app-icons/{version}/{name}.png` — its icons, drawn from its logo (or
 *   initials) on its colour; immutable at the current version's address, a redirect to it from
 *   an older one.
 * - `GET /sw.js` — the service worker each storefront registers with its own scope.
 * - Issue 46 §1: on a shop's verified domain (`request.storefrontSite`) the same at the root,
 *   `GET /manifest.webmanifest` (scope `/`) and `GET /app-icons/{version}/{name}.png`; 404 on
 *   the platform.
 *
 * The business is read as a page's loaders read it (`app.readPublic`): from the read cache,
 * dropped on every write of the business and across processes.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  API_MESSAGES,
  IDENTIFIER_PATTERN,
  isReservedIdentifier,
  isStorefrontIconName,
  LIMITS,
  SERVICE_WORKER_PATH,
  storefrontAppColor,
  storefrontAppPaths,
  storefrontIconVersion,
  storefrontInitials,
} from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import { createIconCache, drawIcon, iconCacheKey, type DrawnIcon } from './icons.js'
import { buildManifest } from './manifest.js'
import { loadServiceWorker } from './service-worker.js'

/** Public, revalidated: a manifest changes with the business (name, colours, logo). */
const MANIFEST_CACHE = 'public, max-age=300, stale-while-revalidate=86400'
const ICON_CACHE = 'public, max-age=31536000, immutable'
/** The browser checks its worker at every navigation; `no-cache` makes that a 304. */
const WORKER_CACHE = 'no-cache'

type BusinessRead = { business: Business } | { status: number; body: string; contentType: string }

const storefrontAppRoutes: FastifyPluginAsync = async (app) => {
  const icons = createIconCache()
  const worker = loadServiceWorker(app.config.webDist)

  /** The public business, or the API's own reply when there is none (404, 503). */
  async function readBusiness(identifier: string): Promise<BusinessRead> {
    const isWellFormed =
      identifier.length <= LIMITS.identifierMax &&
      IDENTIFIER_PATTERN.test(identifier) &&
      !isReservedIdentifier(identifier)
    if (!isWellFormed) throw new AppError('NOT_FOUND', API_MESSAGES.notFound)
    const reply = await app.readPublic(
      `/api/businesses/${encodeURIComponent(identifier)}/identifier`,
    )
    if (reply.status !== 200) return reply
    return { business: JSON.parse(reply.body) as Business }
  }

  function sendApiReply(reply: FastifyReply, read: Exclude<BusinessRead, { business: Business }>) {
    return reply.code(read.status).type(read.contentType).send(read.body)
  }

  /** The logo's largest stored WebP variant, or null (no logo, an external one, unreadable). */
  async function readLogo(business: Business): Promise<Buffer | null> {
    if (!business.logo) return null
    const key = app.media
      .keysOf(business.logo)
      .filter((k) => /-\d+\.webp$/.test(k))
      .sort(
        (a, b) => Number(/-(\d+)\.webp$/.exec(b)?.[1]) - Number(/-(\d+)\.webp$/.exec(a)?.[1]),
      )[0]
    if (!key) return null
    const object = await app.media.storage.get(key)
    if (!object) return null
    const chunks: Buffer[] = []
    for await (const chunk of object.body) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  async function sendManifest(reply: FastifyReply, identifier: string, root: boolean) {
    const read = await readBusiness(identifier)
    if (!('business' in read)) return sendApiReply(reply, read)
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', MANIFEST_CACHE)
      .send(JSON.stringify(buildManifest(read.business, root)))
  }

  app.get<{ Params: { identifier: string } }>(
    '/:identifier/manifest.webmanifest',
    { schema: { hide: true } },
    async (request, reply) => sendManifest(reply, request.params.identifier, false),
  )

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const site = request.storefrontSite
    if (!site) throw new AppError('NOT_FOUND', API_MESSAGES.notFound)
    return sendManifest(reply, site.identifier, true)
  })

  type IconParams = { version: string; file: string }
  async function sendIcon(
    request: FastifyRequest,
    reply: FastifyReply,
    identifier: string,
    { version, file }: IconParams,
    root: boolean,
  ) {
    const name = file.endsWith('.png') ? file.slice(0, -4) : ''
    if (!isStorefrontIconName(name)) throw new AppError('NOT_FOUND', API_MESSAGES.notFound)
    const read = await readBusiness(identifier)
    if (!('business' in read)) return sendApiReply(reply, read)
    const { business } = read
    const current = storefrontIconVersion(business)
    // An address from before the logo or the colour changed: the icon as it is now.
    if (version !== current) {
      return reply
        .header('cache-control', 'no-cache')
        .redirect(
          storefrontAppPaths({ identifier: business.identifier, root }).icon(current, name),
          302,
        )
    }
    const drawing = {
      initials: storefrontInitials(business.name),
      bgColor: storefrontAppColor(business.bgColor),
    }
    // Issue 40 §5: by shop and by what is drawn, never by the (32-bit, colliding) version.
    const key = iconCacheKey({ businessId: business._id, name, logo: business.logo, ...drawing })
    const icon = await icons.get(key, async (): Promise<DrawnIcon> => {
      let logo: Buffer | null = null
      let isFallback = false
      try {
        logo = await readLogo(business)
        isFallback = business.logo !== null && logo === null
      } catch (error) {
        request.log.error({ err: error }, 'storefront icon: could not read the logo')
        isFallback = true
      }
      try {
        return { png: await drawIcon(name, { ...drawing, logo }), isFallback }
      } catch (error) {
        // A stored logo sharp cannot read (it can: we wrote it) still gives an icon.
        request.log.error({ err: error }, 'storefront icon: could not draw the logo')
        return { png: await drawIcon(name, { ...drawing, logo: null }), isFallback: true }
      }
    })
    return reply
      .type('image/png')
      .header('cache-control', icon.isFallback ? 'no-cache' : ICON_CACHE)
      .header('content-length', icon.png.length)
      .send(icon.png)
  }

  app.get<{ Params: IconParams & { identifier: string } }>(
    '/:identifier/app-icons/:version/:file',
    { schema: { hide: true } },
    async (request, reply) =>
      sendIcon(request, reply, request.params.identifier, request.params, false),
  )

  app.get<{ Params: IconParams }>(
    '/app-icons/:version/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const site = request.storefrontSite
      if (!site) throw new AppError('NOT_FOUND', API_MESSAGES.notFound)
      return sendIcon(request, reply, site.identifier, request.params, true)
    },
  )

  app.get(SERVICE_WORKER_PATH, { schema: { hide: true } }, async (_request, reply) => {
    if (!worker) throw new AppError('NOT_FOUND', API_MESSAGES.notFound)
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', WORKER_CACHE)
      .send(worker.body)
  })
}

export default storefrontAppRoutes
