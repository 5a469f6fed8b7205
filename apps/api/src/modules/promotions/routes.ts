/**
 * Coupons and automatic promotions (issue 45): the owner's /api/promotions (list with status,
 * uses, orders and revenue; create, edit, pause, duplicate, delete) and the cart's public
 * POST /api/businesses/{businessId}/promotions/quote. Registered under /api.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  couponInputSchema,
  couponSchema,
  errorResponseSchema,
  pauseSchema,
  promotionInputSchema,
  promotionListSchema,
  promotionQuoteResponseSchema,
  promotionQuoteSchema,
  promotionSchema,
} from '@vitrina/contracts'
import { clientKey } from '../../lib/client-key.js'
import { limitBy } from '../auth/index.js'
import { findBusinessByUserId } from '../businesses/index.js'
import {
  createCoupon,
  createPromotion,
  duplicateCoupon,
  duplicatePromotion,
  listOwnerPromotions,
  pauseCoupon,
  pausePromotion,
  quotePromotions,
  removeCoupon,
  removePromotion,
  updateCoupon,
  updatePromotion,
} from './service.js'

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
}
const idParams = z.object({ id: z.uuid({ error: 'No encontramos esa promoción o cupón' }) })

const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The storefront's product replies carry the running promotions' badges, and are cached (read
  // cache, page cache): a promotion's successful write drops its business's entries before the
  // reply leaves, here and on every other process (as a write under /api/products does).
  // Coupons show on no catalogue read.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method !== 'GET' &&
      reply.statusCode < 400 &&
      request.url.startsWith('/api/promotions/automatic') &&
      request.user
    ) {
      const business = await findBusinessByUserId(app.db, request.user.id)
      app.invalidateReads(business?.id)
    }
    return payload
  })
  const owner = (summary: string) => ({
    schema: { tags: ['promotions'], summary, security: [{ bearerAuth: [] }] },
  })

  app.get(
    '/promotions',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner("The owner's coupons and promotions with status, uses, orders and revenue").schema,
        response: { 200: promotionListSchema, ...errors },
      },
    },
    async (request) => listOwnerPromotions(app.db, request.user.id),
  )

  // Coupons
  app.post(
    '/promotions/coupons',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('Create a coupon (code unique per shop, any case)').schema,
        body: couponInputSchema,
        response: { 201: couponSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCoupon(app.db, request.user.id, request.body)),
  )
  app.put(
    '/promotions/coupons/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('Edit a coupon').schema,
        params: idParams,
        body: couponInputSchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request) => updateCoupon(app.db, request.user.id, request.params.id, request.body),
  )
  app.patch(
    '/promotions/coupons/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('Pause or resume a coupon').schema,
        params: idParams,
        body: pauseSchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request) => pauseCoupon(app.db, request.user.id, request.params.id, request.body.paused),
  )
  app.post(
    '/promotions/coupons/:id/duplicate',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('A paused copy of a coupon with a free code').schema,
        params: idParams,
        response: { 201: couponSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await duplicateCoupon(app.db, request.user.id, request.params.id)),
  )
  app.delete(
    '/promotions/coupons/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('Delete a coupon (its orders keep the code and discounts)').schema,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeCoupon(app.db, request.user.id, request.params.id)
      return reply.code(204).send(null)
    },
  )

  // Automatic promotions
  app.post(
    '/promotions/automatic',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('Create an automatic promotion (3x2, second unit, category %)').schema,
        body: promotionInputSchema,
        response: { 201: promotionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createPromotion(app.db, request.user.id, request.body)
      return reply.code(201).send(created)
    },
  )
  app.put(
    '/promotions/automatic/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('Edit an automatic promotion').schema,
        params: idParams,
        body: promotionInputSchema,
        response: { 200: promotionSchema, ...errors },
      },
    },
    async (request) => updatePromotion(app.db, request.user.id, request.params.id, request.body),
  )
  app.patch(
    '/promotions/automatic/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('Pause or resume an automatic promotion').schema,
        params: idParams,
        body: pauseSchema,
        response: { 200: promotionSchema, ...errors },
      },
    },
    async (request) =>
      pausePromotion(app.db, request.user.id, request.params.id, request.body.paused),
  )
  app.post(
    '/promotions/automatic/:id/duplicate',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('A paused copy of an automatic promotion').schema,
        params: idParams,
        response: { 201: promotionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await duplicatePromotion(app.db, request.user.id, request.params.id)),
  )
  app.delete(
    '/promotions/automatic/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...owner('Delete an automatic promotion').schema,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePromotion(app.db, request.user.id, request.params.id)
      return reply.code(204).send(null)
    },
  )

  // The cart's preview (public): rate limited per client address like the order's attempts.
  const perIp = limitBy(app, {
    name: 'promotions-quote',
    max: 60,
    timeWindow: '1 minute',
    key: (r) => clientKey(r.ip),
  })
  app.post(
    '/businesses/:businessId/promotions/quote',
    {
      config: { catalogueWrite: false },
      preHandler: [perIp],
      schema: {
        tags: ['promotions'],
        summary: "The cart's discounts: automatic promotions and the coupon typed",
        description:
          'The same rule and reads as the order (contracts applyPromotions). A code that does ' +
          'not apply answers 200 with couponRefusal, the Spanish reason. Rate limited per client.',
        params: z.object({ businessId: z.uuid({ error: 'No encontramos esa tienda' }) }),
        body: promotionQuoteSchema,
        response: {
          200: promotionQuoteResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => quotePromotions(app.db, request.params.businessId, request.body),
  )
}

export default promotionRoutes
