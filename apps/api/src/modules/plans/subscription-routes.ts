/**
 * Premium by subscription (issue 43 §5, ADR 040): the owner subscribes and cancels, Mercado
 * Pago's signed notifications of the platform's account arrive, the operator lists them; and
 * the reconciliation job (not under NODE_ENV=test: tests run `checkDueSubscriptions`).
 */
import { notificationOf, notificationQuerySchema } from '../payments/index.js'
import { runPeriodically } from '../../lib/periodic.js'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  errorResponseSchema,
  operatorSubscriptionListSchema,
  ownerBusinessSchema,
  subscribeInputSchema,
  subscribeReplySchema,
} from '@vitrina/contracts'
import { listSubscriptions } from './subscription-state.js'
import {
  cancelSubscription,
  checkDueSubscriptions,
  handleSubscriptionNotification,
  subscribe,
  type SubscriptionDeps,
} from './subscriptions.js'

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
}

const idParams = z.object({ id: z.string() })
const ROUND_MS = 60_000

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SubscriptionDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    mp: app.config.mercadoPago,
  }
  const changed = (businessIds: (string | undefined)[]) => {
    const ids = businessIds.filter((id): id is string => Boolean(id))
    if (ids.length === 0) return
    app.mail.wake()
    // A charge may bring hidden products back to the storefront.
    for (const id of new Set(ids)) app.invalidateReads(id)
  }

  app.post(
    '/businesses/:id/plan/subscription',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['plans'],
        summary: 'Subscribe to Premium monthly with Mercado Pago: where to authorize it',
        description:
          "A preapproval of the platform's account (UYU 200 or USD 5 a month); the owner " +
          'authorizes it on Mercado Pago and comes back to the dashboard. 409 when one is ' +
          'already authorized or when no platform account is configured.',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: subscribeInputSchema,
        response: { 200: subscribeReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return subscribe(deps, request.user.id, request.params.id, request.body.currency)
    },
  )

  app.delete(
    '/businesses/:id/plan/subscription',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      preHandler: app.authenticate,
      schema: {
        tags: ['plans'],
        summary: 'Cancel the subscription: no more charges, Premium stays until paidUntil',
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: ownerBusinessSchema, ...errors },
      },
    },
    async (request) => cancelSubscription(deps, request.user.id, request.params.id),
  )

  app.post(
    '/plans/subscriptions/notifications',
    {
      config: { catalogueWrite: false, rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['plans'],
        summary: "Mercado Pago's signed notification of a subscription or one of its charges",
        description:
          'x-signature verified as the shops’ payment notifications (401 otherwise); the ' +
          'preapproval or authorized payment is read from Mercado Pago, never from the body.',
        querystring: notificationQuerySchema,
        response: { 200: z.object({ result: z.string() }), ...errors },
      },
    },
    async (request) => {
      const outcome = await handleSubscriptionNotification(deps, notificationOf(request))
      if (outcome.result === 'changed') changed([outcome.businessId])
      return { result: outcome.result }
    },
  )

  app.get(
    '/operator/subscriptions',
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        summary: 'Premium subscriptions: shop, state, next charge, last payment (newest first)',
        security: [{ bearerAuth: [] }],
        response: {
          200: operatorSubscriptionListSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async () => listSubscriptions(app.db),
  )

  if (app.config.env === 'test' || !deps.mp.platformAccessToken) return
  runPeriodically(app, {
    everyMs: ROUND_MS,
    task: () => checkDueSubscriptions(deps).then(changed),
    failure: 'subscription checks failed',
  })
}

export default subscriptionRoutes
