/**
 * Static files, and every other page as the web build's server entry answers it (issue 42 §1):
 * hashed files under /assets with long-lived caching, other static files as they are, and for
 * every other GET that is not /api or /media, what `renderPage` (`<webDist>-ssr/entry-server.js`,
 * apps/web/src/ssr/entry-server.tsx) answers — a redirect, or the whole document with its status
 * and headers. The routes of the web app decide the page's head, status, redirect and cache
 * class; this plugin only serves them, keeps the shared ones, and renders a page once for the
 * visitors asking at once. The entry's reads reach the API in-process (`app.readPublic`: the
 * read cache's reply, else `app.inject`).
 *
 * Pages the same for every visitor (`shared`) are kept in the read cache (`app.pageCache`,
 * plugins/read-cache.ts) and dropped with the reads they show on writes. On a shop's verified
 * domain (issue 46 §1, `request.storefrontSite`, modules/domains/host-routing.ts) the page is
 * rendered at the domain's origin with the shop's storefront at the root, and kept under the
 * shop's key, never the platform's (`pageKey`): the same path on the platform and on a domain,
 * or on two domains, never shares a page (their canonical addresses differ). Without the server
 * build (API-only runs and tests, `npm run dev`) every page is the build's index.html, which the
 * browser renders.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyRequest } from 'fastify'
import type { RenderedPage } from '@vitrina/contracts'
import { ALL, pageKey, sendRenderedPage } from './read-cache.js'

export type { RenderedPage }

/** The web build's server entry (apps/web/src/ssr/entry-server.tsx). */
export interface PageRenderer {
  /**
   * `url`: absolute, at the platform's public address or a shop domain's origin (links and the
   * head's addresses use it); the page's reads go through `fetch`; `template` is the build's
   * `.vite/document.json`; `site`: the identifier of the shop whose domain the page is on (its
   * storefront at the root), absent on the platform.
   */
  renderPage(
    url: string,
    context: { fetch: typeof fetch; template: unknown; site?: string | null },
  ): Promise<RenderedPage>
}

/** The API's answer to an anonymous GET, made in-process. */
export interface PublicReadReply {
  status: number
  body: string
  contentType: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The reads the render of this request's page made, by address (`readPublic`). */
    pageReads: ReadonlyMap<string, PublicReadReply> | null
  }
  interface FastifyInstance {
    /**
     * An anonymous GET of the API (`/api/...`), answered in-process as the API answers it to
     * anybody: from the read cache when it holds the reply (nothing goes through the routes),
     * else through them (`app.inject`), which fills the cache. The reads of a page's render and
     * of the storefronts' web manifests (modules/pwa). With `request`: a read its page's render
     * has just made is answered from that render (pixels/csp.ts after a page: one read, not two,
     * when nothing is cached).
     */
    readPublic(url: string, request?: FastifyRequest): Promise<PublicReadReply>
  }
}

/** The server entry built beside the web build, or null when there is none. */
async function loadPageRenderer(dist: string): Promise<PageRenderer | null> {
  const entry = `${dist}-ssr/entry-server.js`
  if (!existsSync(entry)) return null
  return (await import(pathToFileURL(entry).href)) as PageRenderer
}

/** Used when the web app has not been built (API-only runs and tests). */
const FALLBACK_INDEX = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Vitrina</title>
  </head>
  <body><div id="root"></div></body>
</html>
`

/** The build's document template (apps/web/src/ssr/build-template.ts), or null. */
function readTemplate(dist: string): unknown {
  const file = path.join(dist, '.vite', 'document.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : null
}

// A missing hashed asset must 404, not come back as HTML under a script's URL.
const API_PREFIXES = ['/api/', '/media/', '/assets/']

export default fp<{ renderer?: PageRenderer | null }>(
  async (app, options) => {
    const dist = app.config.webDist
    const indexFile = path.join(dist, 'index.html')
    const hasBuild = existsSync(indexFile)
    // What every page is without a server build: the browser renders it.
    const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : FALLBACK_INDEX
    if (!hasBuild) app.log.warn({ dist }, 'web app not built: serving a bare page shell')
    const template = readTemplate(dist)
    const renderer =
      options.renderer !== undefined
        ? options.renderer
        : template === null
          ? null
          : await loadPageRenderer(dist)
    if (hasBuild && !renderer)
      app.log.warn({ dist }, 'no server build: pages render in the browser')

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: dist,
        prefix: '/',
        index: false,
        wildcard: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite puts content hashes in every /assets file name, so they never change.
          const isHashed = filePath.includes(`${path.sep}assets${path.sep}`)
          res.header(
            'Cache-Control',
            isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          )
        },
      })
    }

    /** An anonymous GET through the routes (which fill the read cache). */
    async function readThroughRoutes(url: string): Promise<PublicReadReply> {
      const reply = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
      })
      return {
        status: reply.statusCode,
        body: reply.body,
        contentType: String(reply.headers['content-type'] ?? 'text/plain'),
      }
    }

    /**
     * Reads in progress, by address, with the read cache's mark when each began: renders that
     * miss the same read at once (a business's entries expiring while its pages are asked for)
     * share one request instead of one each. Never across a write, as for pages (below).
     */
    const reading = new Map<string, { startedAt: number; read: Promise<PublicReadReply> }>()

    app.decorateRequest('pageReads', null)

    app.decorate('readPublic', async (url: string, request?: FastifyRequest) => {
      const made = request?.pageReads?.get(url)
      if (made) return made
      return readPublicOnce(url)
    })

    async function readPublicOnce(url: string): Promise<PublicReadReply> {
      const cached = app.cachedRead(url)
      if (cached) return { status: 200, body: cached.body, contentType: cached.contentType }
      if (!app.pageCache) return readThroughRoutes(url)
      const startedAt = app.pageCache.begin()
      const current = reading.get(url)
      if (current && current.startedAt === startedAt) return current.read
      const entry = { startedAt, read: readThroughRoutes(url) }
      reading.set(url, entry)
      const done = () => {
        if (reading.get(url) === entry) reading.delete(url)
      }
      entry.read.then(done, done)
      return entry.read
    }

    /**
     * The API as a page's reads reach it during a render: in-process, as anonymous GETs (the
     * server renders only public pages, the same for every visitor).
     */
    function inProcessFetch(reads: Map<string, PublicReadReply>) {
      return (async (input: string | URL | Request) => {
        const url = String(input)
        const reply = await readPublicOnce(url)
        reads.set(url, reply)
        const hasBody = reply.status !== 204 && reply.status !== 304
        return new Response(hasBody ? reply.body : null, {
          status: reply.status,
          headers: { 'content-type': reply.contentType },
        })
      }) as typeof fetch
    }

    /**
     * A page as made for one address: the web app's answer, or index.html without a renderer;
     * and the reads its render made.
     */
    type Made = RenderedPage & { reads?: ReadonlyMap<string, PublicReadReply> }

    async function makePage(request: FastifyRequest, startedAt: number): Promise<Made> {
      const shell = {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        html: indexHtml,
      }
      if (!renderer) return shell
      let page: RenderedPage
      const site = request.storefrontSite
      const reads = new Map<string, PublicReadReply>()
      try {
        page = await renderer.renderPage(`${site?.origin ?? app.config.publicUrl}${request.url}`, {
          fetch: inProcessFetch(reads),
          template,
          site: site?.identifier ?? null,
        })
      } catch (error) {
        request.log.error({ err: error }, 'server render failed: the browser renders the page')
        return shell
      }
      if ('html' in page && page.shared && page.status === 200) {
        const tag = page.shared.businessId ?? ALL
        app.pageCache?.store(request, { html: page.html, status: page.status }, tag, startedAt)
      }
      return { ...page, reads }
    }

    /**
     * Renders in progress, by address, with the page cache's mark when each began: a request for
     * a page that is being rendered waits for that render instead of rendering it again (a page
     * that has just expired and is asked for by many visitors at once costs one render). Never
     * across a write: a render that began before the last invalidation is not joined.
     */
    const making = new Map<string, { startedAt: number; made: Promise<Made> }>()

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      if (API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/api') {
        return reply.callNotFound()
      }
      reply.header('Cache-Control', 'no-cache')
      const pageCache = app.pageCache
      if (pageCache?.serve(request, reply)) return reply
      let made: Promise<Made>
      if (pageCache) {
        const startedAt = pageCache.begin()
        const key = pageKey(request)
        const current = making.get(key)
        if (current && current.startedAt === startedAt) {
          made = current.made
        } else {
          made = makePage(request, startedAt)
          const entry = { startedAt, made }
          making.set(key, entry)
          const done = () => {
            if (making.get(key) === entry) making.delete(key)
          }
          made.then(done, done)
        }
      } else {
        made = makePage(request, 0)
      }
      const page = await made
      request.pageReads = page.reads ?? null
      if ('redirect' in page) return reply.redirect(page.redirect, page.status)
      return sendRenderedPage(request, reply.code(page.status).headers(page.headers), page.html)
    })
  },
  { name: 'static-files-and-pages', dependencies: ['config', 'read-cache'] },
)
