/**
 * Owner routes of paid plans (issue 23 §2): the upgrade request, its cancellation, the payment
 * instructions, and the visibility of products (hidden over the free plan's limit). The owner is
 * the bearer of the token; a business or product of someone else is a 403.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  errorResponseSchema,
  ownerBusinessSchema,
  PLAN_MONTHS,
  PLANS,
  planPaymentInfoSchema,
  planRequestSchema,
  productSchema,
  productVisibilitySchema,
} from '@vitrina/contracts'
import expiry from './expiry.js'
import subscriptionRoutes from './subscription-routes.js'
import {
  cancelPlanRequest,
  listHiddenProducts,
  requestPlan,
  setProductVisibility,
  type PlanDeps,
} from './service.js'

const ownerErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
}

// Any text: a malformed id is simply unknown (404).
const idParams = z.object({ id: z.string() })

const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PlanDeps = {
    db: app.db,
    payments: app.config.payments,
    supportEmail: app.config.supportEmail,
    wakeMail: () => app.mail.wake(),
  }

  app.get(
    '/plans/payment',
    {
      schema: {
        tags: ['plans'],
        summary: 'The Pro plan’s monthly price, the months one may pay for, and how to pay',
        response: { 200: planPaymentInfoSchema },
      },
    },
    async () => ({
      price: PLANS.pro.price,
      months: [...PLAN_MONTHS.choices],
      instructions: app.config.payments,
      subscription: Boolean(app.config.mercadoPago.platformAccessToken),
    }),
  )

  app.post(
    '/businesses/:id/plan',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['plans'],
        summary: 'Ask for the Pro plan for some months (one pending request at a time)',
        description:
          'Records the request and mails the owner the payment instructions; the plan becomes ' +
          'effective when an operator confirms the payment. 409 while another request is pending.',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: planRequestSchema,
        response: { 201: ownerBusinessSchema, ...ownerErrors },
      },
    },
    async (request, reply) => {
      const business = await requestPlan(deps, request.user.id, request.params.id, request.body)
      return reply.code(201).send(business)
    },
  )

  app.delete(
    '/businesses/:id/plan',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['plans'],
        summary: 'Withdraw the pending plan request',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: ownerBusinessSchema, ...ownerErrors },
      },
    },
    async (request) => cancelPlanRequest(deps, request.user.id, request.params.id),
  )

  app.get(
    '/businesses/:id/products/hidden',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['plans'],
        summary: "The owner's products hidden from the storefront, newest first",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: z.object({ items: z.array(productSchema) }), ...ownerErrors },
      },
    },
    async (request) => listHiddenProducts(app.db, request.user.id, request.params.id),
  )

  app.patch(
    '/products/:id/visibility',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['plans'],
        summary: 'Hide a product from the storefront, or show a hidden one (within the plan limit)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: productVisibilitySchema,
        response: { 200: productSchema, ...ownerErrors },
      },
    },
    async (request) =>
      setProductVisibility(app.db, request.user.id, request.params.id, request.body.status),
  )

  await app.register(expiry)
  await app.register(subscriptionRoutes)
}

export default planRoutes
