/**
 * Issue 46 §2: each shop's product feeds, beside its storefront (as its web manifest):
 *
 * - `GET /{identifier}/feeds/google.xml` — Google Merchant Center (RSS 2.0, `g:` fields);
 * - `GET /{identifier}/feeds/meta.csv` — Meta's catalogue (CSV with Meta's columns).
 *
 * Public reads like the catalogue's (`config.publicRead`, plugins/http-cache.ts): an ETag,
 * `public, max-age=30, stale-while-revalidate=60`, and the read cache, tagged with the business
 * so that its writes (and its suspension) drop the feed here and on every other process. An
 * unknown or suspended shop answers 404 with the storefront's message.
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { FeedService } from '@vitrina/contracts'
import { buildFeed } from './service.js'

const FEEDS: { file: string; service: FeedService; summary: string }[] = [
  { file: 'google.xml', service: 'google', summary: 'Google Merchant Center product feed' },
  { file: 'meta.csv', service: 'meta', summary: 'Meta catalogue feed (CSV)' },
]

const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config
  /** The business each feed reply shows, for the read cache's tag (set before the reply). */
  const businessOf = new WeakMap<FastifyRequest, string>()

  for (const { file, service, summary } of FEEDS) {
    app.get(
      `/:identifier/feeds/${file}`,
      {
        config: { publicRead: { tag: (request) => businessOf.get(request) } },
        schema: {
          tags: ['feeds'],
          summary,
          description:
            "The shop's visible products, one item per variant; sold-out ones 'out of stock'. " +
            '404 for an unknown or suspended shop (docs/decisions/033-product-feeds.md).',
          params: z.object({ identifier: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const { identifier } = request.params
        // Issue 46 §1: product links on the shop's own domain when it has a verified one.
        const address = app.hasDecorator('storefrontAddress')
          ? await app.storefrontAddress(identifier)
          : undefined
        const feed = await buildFeed(app.db, publicUrl, identifier, service, address)
        businessOf.set(request, feed.businessId.toLowerCase())
        return reply.type(feed.contentType).send(feed.body)
      },
    )
  }
}

export default feedRoutes
