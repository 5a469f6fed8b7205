/** /sitemap.xml and /robots.txt. */
import type { FastifyPluginAsync } from 'fastify'
import { renderRobots } from './sitemap.js'
import { buildSitemap } from './service.js'

const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl } = app.config

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
