/**
 * Serves the built web app on the same origin (ARCHITECTURE.md "Routing on one origin"):
 * hashed files under /assets with long-lived caching, other static files as they are, and
 * index.html for every other GET that is not /api or /media. Page resolvers (the catalogue's
 * share pages) may replace the default <head> block and the status for a path, and name the
 * page so its lazy route code is preloaded with the entry (`route-preloads.json`, written by the
 * web build).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyRequest } from 'fastify'

export interface PageHead {
  /** HTML placed between the <!--head:start--> and <!--head:end--> markers of index.html. */
  head?: string
  status?: number
  /** A page of the web build's route-preloads.json (e.g. 'storefront-home'). */
  route?: string
}
export type PageResolver = (pathname: string, request: FastifyRequest) => Promise<PageHead | null>

declare module 'fastify' {
  interface FastifyInstance {
    addPageResolver(resolver: PageResolver): void
  }
}

const HEAD_BLOCK = /<!--head:start-->[\s\S]*?<!--head:end-->/

/** Page name → `<link rel="modulepreload">` tags for its route chunks; empty without a build. */
function readRoutePreloads(dist: string): Map<string, string> {
  const file = path.join(dist, 'route-preloads.json')
  if (!existsSync(file)) return new Map()
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>
  return new Map(
    Object.entries(pages).map(([page, files]) => [
      page,
      files.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join(''),
    ]),
  )
}

/** Used when the web app has not been built (API-only runs and tests). */
const FALLBACK_INDEX = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <!--head:start--><title>Vitrina</title><!--head:end-->
  </head>
  <body><div id="root"></div></body>
</html>
`

// A missing hashed asset must 404, not come back as HTML under a script's URL.
const API_PREFIXES = ['/api/', '/media/', '/assets/']

export default fp(
  async (app) => {
    const dist = app.config.webDist
    const indexFile = path.join(dist, 'index.html')
    const hasBuild = existsSync(indexFile)
    const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : FALLBACK_INDEX
    if (!hasBuild) app.log.warn({ dist }, 'web app not built: serving a bare page shell')
    const routePreloads = readRoutePreloads(dist)
    // The platform's landing page is the one first visit that is not a share page.
    const resolvers: PageResolver[] = [
      async (pathname) => (pathname === '/' ? { route: 'landing' } : null),
    ]
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

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      if (API_PREFIXES.some((p) => pathname.startsWith(p)) || pathname === '/api') {
        return reply.callNotFound()
      }
      let page: PageHead | null = null
      for (const resolve of resolvers) {
        page = await resolve(pathname, request)
        if (page) break
      }
      let html = page?.head
        ? indexHtml.replace(HEAD_BLOCK, `<!--head:start-->${page.head}<!--head:end-->`)
        : indexHtml
      const preloads = page?.route ? routePreloads.get(page.route) : undefined
      // After the entry's own tags, so the entry is asked for first.
      if (preloads) html = html.replace('</head>', `${preloads}</head>`)
      return reply
        .code(page?.status ?? 200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html)
    })
  },
  { name: 'web', dependencies: ['config'] },
)
