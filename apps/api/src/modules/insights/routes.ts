/**
 * Issue 26: POST /api/events (the storefront's beacon), GET /api/businesses/{id}/insights (the
 * owner's page) and GET /api/operator/insights (the console's platform totals). Under /api.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  API_MESSAGES,
  errorResponseSchema,
  insightEventsBodySchema,
  insightsQuerySchema,
  insightsSchema,
  isBotUserAgent,
  platformInsightsSchema,
} from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import { getInsights, getPlatformInsights } from './service.js'

/**
 * Per client address. A shopper's page sends one request after it settles and one when it is
 * left; many shoppers behind one carrier address (CGNAT) still fit.
 */
export const EVENTS_RATE_LIMIT = { max: 240, timeWindow: '1 minute' } as const

/** A batch of at most 20 small events is far below this. */
const EVENTS_BODY_LIMIT = 16 * 1024

const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon sends a string as text/plain (no preflight, no CORS question): it is
  // the same JSON. Only in this plugin's routes.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: EVENTS_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string))
      } catch {
        done(new AppError('VALIDATION', API_MESSAGES.malformedJson), undefined)
      }
    },
  )

  app.post(
    '/events',
    {
      bodyLimit: EVENTS_BODY_LIMIT,
      config: { rateLimit: EVENTS_RATE_LIMIT },
      schema: {
        tags: ['insights'],
        summary: "A storefront's events (visits, product views, searches, WhatsApp, cart)",
        description:
          'At most 20 events. 202 also when they are ignored: an unknown or suspended business, ' +
          'a product of another business, a bot or prerenderer. Nothing identifying is kept: ' +
          'the API adds the events to daily counters (docs/decisions/025-insights.md). Rate ' +
          'limited per client address.',
        body: insightEventsBodySchema,
        response: { 202: z.null(), 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent']
      const purpose = `${request.headers['sec-purpose'] ?? ''}${request.headers.purpose ?? ''}`
      if (!isBotUserAgent(userAgent) && !/prefetch|prerender/i.test(purpose)) {
        app.insights.addEvents(request.body.businessId, request.body.events, { ip: request.ip })
      }
      return reply.code(202).header('cache-control', 'no-store').send(null)
    },
  )

  app.get(
    '/businesses/:id/insights',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['insights'],
        summary: "The owner's insights for a period (days in the business's time zone)",
        description:
          'from and to inclusive, at most 366 days; without them, the last 30 days. Also the ' +
          'totals of the same number of days just before, for the comparison.',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().max(100) }),
        querystring: insightsQuerySchema,
        response: {
          200: insightsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return getInsights(app.db, request.user.id, request.params.id, request.query)
    },
  )

  app.get(
    '/operator/insights',
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        summary: 'Platform-wide visits, orders and businesses with visits, per day',
        security: [{ bearerAuth: [] }],
        querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
        response: {
          200: platformInsightsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => getPlatformInsights(app.db, request.query.days),
  )
}

export default insightRoutes
