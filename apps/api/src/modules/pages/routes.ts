/**
 * Share pages, the landing's first load, /sitemap.xml and /robots.txt. Registered after the web
 * plugin, whose catch-all route asks these resolvers about every page it serves.
 */
import type { FastifyPluginAsync } from 'fastify'
import { LANDING_READS, readReplies } from './first-load.js'
import { renderRobots } from './sitemap.js'
import { buildSitemap, resolveSharePage } from './service.js'

const pagesRoutes: FastifyPluginAsync = async (app) => {
  const { publicUrl } = app.config
  // The first-load replies are the API's own public reads, asked for in-process.
  const read = async (address: string) => {
    const reply = await app.inject({ method: 'GET', url: address })
    return reply.statusCode === 200 ? (reply.json() as unknown) : null
  }
  // The platform's landing page is the one first visit that is not a share page.
  app.addPageResolver(async (pathname) =>
    pathname === '/'
      ? { route: 'landing', replies: await readReplies(LANDING_READS, read), render: true }
      : null,
  )
  app.addPageResolver((pathname, request) => {
    const queryAt = request.url.indexOf('?')
    const search = queryAt === -1 ? '' : request.url.slice(queryAt)
    return resolveSharePage(app.db, publicUrl, pathname, { search, read })
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
