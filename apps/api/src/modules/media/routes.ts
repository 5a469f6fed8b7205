/**
 * `GET /media/*` (ARCHITECTURE.md "Routing on one origin"): stored images under content-derived,
 * never-reused names, so they are cached for a year as immutable. Only names this module writes
 * are served — no directory listings, no paths of our own choosing. With S3_PUBLIC_URL the bytes
 * come from the CDN: old `/media/…` links are redirected there.
 */
import type { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_MESSAGES, errorResponseSchema } from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import { isOwnKey } from './keys.js'
import { IMMUTABLE_CACHE, MEDIA_PREFIX } from './storage/index.js'

/** RFC 9110 §13.1.2: a weak comparison, any listed tag or `*` matches. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // The bare prefix is ours too: a JSON 404, not the web app's page shell.
  app.get(
    MEDIA_PREFIX.slice(0, -1),
    { schema: { hide: true, response: { 404: errorResponseSchema } } },
    async () => {
      throw new AppError('NOT_FOUND', API_MESSAGES.notFound)
    },
  )

  app.get(
    `${MEDIA_PREFIX}*`,
    {
      schema: {
        hide: true,
        params: z.object({ '*': z.string() }),
        response: {
          200: z.custom<Readable>().describe('The image bytes (image/webp or image/png)'),
          301: z.undefined().describe('With S3_PUBLIC_URL: the object on the CDN'),
          304: z.undefined().describe('Not modified (If-None-Match)'),
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*']
      const notFound = new AppError('NOT_FOUND', API_MESSAGES.notFound)
      if (!isOwnKey(key)) throw notFound
      const { storage } = app.media
      if (!storage.publicBase.startsWith('/')) {
        return reply
          .header('cache-control', 'public, max-age=86400')
          .redirect(storage.publicUrl(key), 301)
      }
      const object = await storage.get(key)
      if (!object) throw notFound
      reply.header('cache-control', IMMUTABLE_CACHE)
      if (object.etag) {
        reply.header('etag', object.etag)
        if (matchesEtag(request.headers['if-none-match'], object.etag)) {
          object.body.destroy()
          return reply.code(304).send()
        }
      }
      if (object.contentLength !== undefined) reply.header('content-length', object.contentLength)
      return reply.type(object.contentType).send(object.body)
    },
  )
}

export default mediaRoutes
