/**
 * Serves the built web app on the same origin (ARCHITECTURE.md "Routing on one origin"):
 * hashed files under /assets with long-lived caching, other static files as they are, and
 * index.html for every other GET that is not /api or /media. Page resolvers (the catalogue's
 * share pages) may replace the default <head> block and the status for a path.
 *
 * Every page is offered to the web build's server entry (`<webDist>-ssr/entry-server.js`, ADR
 * 017, 021), which renders the public ones into `#root` — its route loaders read the API
 * in-process, through `app.readPublic` (the read cache's reply, else `app.inject`) — and returns the state the browser hydrates them with, or a
 * redirect of its routes. Other pages, pages whose reads failed, and every page without that
 * build are rendered by the browser.
 *
 * Rendered pages are the same for every visitor (signed out), so they are kept in the read cache
 * (`app.pageCache`, plugins/read-cache.ts) and dropped with the reads they show on writes.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyRequest } from 'fastify'
import { SERVER_STATE_ID } from '@vitrina/contracts'
import { jsonForScript } from '../lib/json-for-script.js'
import { deferScripts } from './boot-script.js'
import { ALL } from './read-cache.js'

export interface PageHead {
  /** HTML placed between the <!--head:start--> and <!--head:end--> markers of index.html. */
  head?: string
  status?: number
  /** The business whose data the page shows (its rendered HTML is dropped on its writes). */
  businessId?: string
  /**
   * Issue 27 §3: the page lives at another address (an old product address): answered with a
   * 301 there, rendered or not.
   */
  redirect?: string
}

/**
 * A page as the server entry renders it, or a redirect its routes answered with. `private`: a
 * page for one visitor (an order's page behind its token, issue 24) — never kept in the page
 * cache nor in any other cache (`Cache-Control: no-store`), and never indexed (`X-Robots-Tag`).
 */
export type RenderedPage =
  { html: string; state: unknown; private?: boolean } | { redirect: string; status: number }

/** The web build's server entry (apps/web/src/ssr/entry-server.tsx). */
export interface PageRenderer {
  /**
   * `url`: absolute, at the platform's public address (links the page renders use it); the
   * page's reads go through `api.fetch`. Null: the browser renders the page.
   */
  renderPage(url: string, api: { fetch: typeof fetch }): Promise<RenderedPage | null>
}
export type PageResolver = (pathname: string, request: FastifyRequest) => Promise<PageHead | null>

/** The API's answer to an anonymous GET, made in-process. */
export interface PublicReadReply {
  status: number
  body: string
  contentType: string
}

declare module 'fastify' {
  interface FastifyInstance {
    addPageResolver(resolver: PageResolver): void
    /**
     * An anonymous GET of the API (`/api/...`), answered in-process as the API answers it to
     * anybody: from the read cache when it holds the reply (nothing goes through the routes),
     * else through them (`app.inject`), which fills the cache. The reads of a page's render and
     * of the share pages' heads (modules/pages).
     */
    readPublic(url: string): Promise<PublicReadReply>
  }
}

const HEAD_BLOCK = /<!--head:start-->[\s\S]*?<!--head:end-->/
// With the whitespace around it: the hydrated root must hold exactly the rendered nodes.
const APP_BLOCK = /\s*<!--app:start-->[\s\S]*?<!--app:end-->\s*/

/** An inline JSON block the web client reads by its id. */
const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`

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
    <!--head:start--><title>Vitrina</title><!--head:end-->
  </head>
  <body><div id="root"><!--app:start--><!--app:end--></div></body>
</html>
`

// A missing hashed asset must 404, not come back as HTML under a script's URL.
const API_PREFIXES = ['/api/', '/media/', '/assets/']

export default fp<{ renderer?: PageRenderer | null }>(
  async (app, options) => {
    const dist = app.config.webDist
    const indexFile = path.join(dist, 'index.html')
    const hasBuild = existsSync(indexFile)
    const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : FALLBACK_INDEX
    // A server-rendered page asks for the app's code after its first paint (boot-script.ts).
    const renderedIndexHtml = deferScripts(indexHtml)
    if (!hasBuild) app.log.warn({ dist }, 'web app not built: serving a bare page shell')
    // Rendering needs the place in index.html where the page goes.
    const renderer = !APP_BLOCK.test(indexHtml)
      ? null
      : options.renderer === undefined
        ? await loadPageRenderer(dist)
        : options.renderer
    if (hasBuild && !renderer)
      app.log.warn({ dist }, 'no server build: pages render in the browser')
    const resolvers: PageResolver[] = []
    app.decorate('addPageResolver', (resolver: PageResolver) => {
      resolvers.push(resolver)
    })

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

    app.decorate('readPublic', async (url: string): Promise<PublicReadReply> => {
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
    })

    /**
     * The API as a page's reads reach it during a render: in-process, as anonymous GETs (the
     * server renders only public pages, the same for every visitor).
     */
    const inProcess = {
      fetch: (async (input: string | URL | Request) => {
        const reply = await app.readPublic(String(input))
        const hasBody = reply.status !== 204 && reply.status !== 304
        return new Response(hasBody ? reply.body : null, {
          status: reply.status,
          headers: { 'content-type': reply.contentType },
        })
      }) as typeof fetch,
    }

    /** The server's render of the page, or null (then the browser renders it). */
    async function renderPage(url: string, request: FastifyRequest) {
      if (!renderer) return null
      try {
        return await renderer.renderPage(url, inProcess)
      } catch (error) {
        request.log.error({ err: error }, 'server render failed: the browser renders the page')
        return null
      }
    }

    /** A page as made for one address: rendered (and kept) or left to the browser, or a redirect. */
    type Made =
      { redirect: string; status: number } | { html: string; status: number; private?: boolean }

    async function makePage(request: FastifyRequest, pathname: string, startedAt: number) {
      let page: PageHead | null = null
      for (const resolve of resolvers) {
        page = await resolve(pathname, request)
        if (page) break
      }
      if (page?.redirect) return { redirect: page.redirect, status: 301 }
      const rendered = await renderPage(`${app.config.publicUrl}${request.url}`, request)
      if (rendered && 'redirect' in rendered) return rendered
      const base = rendered ? renderedIndexHtml : indexHtml
      let html = page?.head
        ? base.replace(HEAD_BLOCK, `<!--head:start-->${page.head}<!--head:end-->`)
        : base
      const status = page?.status ?? 200
      if (rendered) {
        const state = jsonScript(SERVER_STATE_ID, rendered.state)
        html = html
          .replace(APP_BLOCK, () => rendered.html)
          .replace('</body>', () => `${state}</body>`)
        if (rendered.private) return { html, status, private: true }
        app.pageCache?.store(request, { html, status }, page?.businessId ?? ALL, startedAt)
      }
      return { html, status }
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
        const current = making.get(request.url)
        if (current && current.startedAt === startedAt) {
          made = current.made
        } else {
          made = makePage(request, pathname, startedAt)
          const entry = { startedAt, made }
          making.set(request.url, entry)
          const done = () => {
            if (making.get(request.url) === entry) making.delete(request.url)
          }
          made.then(done, done)
        }
      } else {
        made = makePage(request, pathname, 0)
      }
      const page = await made
      if ('redirect' in page) return reply.redirect(page.redirect, page.status)
      // One visitor's page: no copy anywhere, and never in a search engine.
      if (page.private) reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex')
      return reply.code(page.status).type('text/html; charset=utf-8').send(page.html)
    })
  },
  { name: 'web', dependencies: ['config', 'read-cache'] },
)
