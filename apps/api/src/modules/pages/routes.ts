/**
 * /sitemap.xml and /robots.txt: the platform's, or on a shop's verified domain (issue 46 §1,
 * `request.storefrontSite`) that shop's, with the domain's addresses.
 */
import type { FastifyPluginAsync } from 'fastify'
import { renderRobots } from './sitemap.js'
import { buildSitemap } from './service.js'

const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl } = app.config

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const site = request.storefrontSite
    const xml = await buildSitemap(
      app.db,
      site ? { origin: site.origin, root: site.identifier } : { origin: publicUrl },
    )
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(xml)
  })

  const robots = renderRobots(publicUrl)
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const site = request.storefrontSite
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(site ? renderRobots(site.origin, true) : robots)
  })
}

export default pagesRoutes
