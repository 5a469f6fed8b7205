/**
 * Share pages' heads, /sitemap.xml and /robots.txt. Registered after the web plugin, whose
 * catch-all route asks these resolvers about every page it serves.
 */
import type { FastifyPluginAsync } from 'fastify'
import { PLATFORM_PAGE_TITLES } from '@vitrina/contracts'
import { renderPlatformHead } from './head.js'
import { renderRobots } from './sitemap.js'
import { buildSitemap, resolveSharePage } from './service.js'

const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl } = app.config
  // Issue 41: the platform's own pages carry their title in the head the server sends.
  app.addPageResolver(async (pathname) => {
    const title =
      PLATFORM_PAGE_TITLES[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname]
    return title ? { head: renderPlatformHead(title) } : null
  })
  app.addPageResolver((pathname, request) => {
    const query = request.url.indexOf('?')
    const search = query === -1 ? '' : request.url.slice(query)
    return resolveSharePage(app.readPublic, publicUrl, pathname, search)
  })

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = await buildSitemap(app.db, publicUrl)
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(xml)
  })

  const robots = renderRobots(publicUrl)
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(robots),
  )
}

export default pagesRoutes
