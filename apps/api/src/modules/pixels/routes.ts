/**
 * Issue 46 §3 (docs/decisions/039): `PUT /api/businesses/{id}/pixels` — the owner's Google
 * Analytics 4 measurement id and Meta Pixel id. A write under /api/businesses: the read cache
 * drops the shop's reads and pages (plugins/read-cache.ts), so its storefront shows the banner
 * (or stops) at the next load.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  errorResponseSchema,
  ownerBusinessSchema,
  updateShopPixelsSchema,
} from '@vitrina/contracts'
import { toOwnerBusiness } from '../plans/service.js'
import { setShopPixels } from './service.js'

const pixelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/pixels',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['businesses'],
        summary: "Set the owner's Google Analytics 4 and Meta Pixel ids",
        description:
          'JSON { ga4MeasurementId, metaPixelId }: the pair replaces what the shop had; a blank, ' +
          "null or missing id removes it. GA4: 'G-' and 4–20 letters or digits (any case); Meta: " +
          '5–20 digits. The storefront loads their scripts only after the shopper accepts its ' +
          'consent banner.',
        security: [{ bearerAuth: [] }],
        // Any text: a malformed id is simply an unknown business (404).
        params: z.object({ id: z.string() }),
        body: updateShopPixelsSchema,
        response: {
          200: ownerBusinessSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const row = await setShopPixels(app.db, request.user.id, request.params.id, request.body)
      return toOwnerBusiness(app.db, row)
    },
  )
}

export default pixelRoutes
