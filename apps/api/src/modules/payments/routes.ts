/**
 * Online payments with Mercado Pago (issue 43, ADR 037), under /api:
 *
 *   GET    /payments/mercadopago                 the owner's connection (never a credential)
 *   GET    /payments/mercadopago/shops/:id       public: the shop takes online payments
 *   PUT    /payments/mercadopago                 connect with pasted access token + public key
 *   POST   /payments/mercadopago/test            "Probar conexión": the account's name
 *   DELETE /payments/mercadopago                 disconnect (the credentials are deleted)
 *   POST   /payments/mercadopago/oauth           "Conectar con Mercado Pago": the authorize URL
 *   GET    /payments/mercadopago/oauth/callback  Mercado Pago's redirect back (state = owner)
 *   POST   /payments/mercadopago/notifications/:businessId   the signed webhook
 *   POST   /orders/:code/pago?t=                 the shopper pays (a new preference each time)
 *   GET    /orders/:id/pago                      the owner: the payment and its history
 *   POST   /orders/:id/reembolsos                the owner: a full or partial refund
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  errorResponseSchema,
  mercadoPagoConnectionSchema,
  mercadoPagoCredentialsSchema,
  mercadoPagoTestSchema,
  orderPaymentSchema,
  orderTokenQuerySchema,
  paymentEventSchema,
  refundInputSchema,
  startPaymentSchema,
} from '@vitrina/contracts'
import {
  connectionOf,
  connectWithCredentials,
  disconnect,
  handleNotification,
  oauthCallback,
  oauthStart,
  ownerPayment,
  refundOrder,
  startPayment,
  testConnection,
} from './service.js'
import { clientKey } from '../../lib/client-key.js'
import { notificationOf, notificationQuerySchema } from './notification.js'

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
}

const ownerPaymentSchema = z.object({
  payment: orderPaymentSchema.nullable(),
  events: z.array(paymentEventSchema),
})

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.payments
  const owner = { preHandler: app.authenticate }
  const tags = ['payments']
  const security = [{ bearerAuth: [] }]

  app.get(
    '/payments/mercadopago',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: "The shop's Mercado Pago connection (no credential is ever answered)",
        response: { 200: mercadoPagoConnectionSchema, ...errors },
      },
    },
    async (request) => connectionOf(deps, request.user.id),
  )

  app.get(
    '/payments/mercadopago/shops/:businessId',
    {
      schema: {
        tags,
        summary: 'Whether the shop takes "Pagar con Mercado Pago" (the checkout asks)',
        params: z.object({ businessId: z.string().max(100) }),
        response: { 200: z.object({ available: z.boolean() }) },
      },
    },
    async (request) => ({
      available: await app.onlinePayments.accepts(request.params.businessId),
    }),
  )

  app.put(
    '/payments/mercadopago',
    {
      ...owner,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        security,
        summary: "Connect with the account's own access token and public key",
        description:
          'Checked against Mercado Pago (GET /users/me) before they are kept, encrypted.',
        body: mercadoPagoCredentialsSchema,
        response: { 200: mercadoPagoConnectionSchema, ...errors },
      },
    },
    async (request) => connectWithCredentials(deps, request.user.id, request.body),
  )

  app.post(
    '/payments/mercadopago/test',
    {
      ...owner,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        security,
        summary: '"Probar conexión": the connected account, by name',
        response: { 200: mercadoPagoTestSchema, ...errors },
      },
    },
    async (request) => testConnection(deps, request.user.id),
  )

  app.delete(
    '/payments/mercadopago',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: 'Disconnect Mercado Pago (its credentials are deleted)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await disconnect(deps, request.user.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/payments/mercadopago/oauth',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: '"Conectar con Mercado Pago": where to send the owner to authorize',
        response: { 200: z.object({ url: z.string() }), ...errors },
      },
    },
    async (request) => oauthStart(deps, request.user.id),
  )

  app.get(
    '/payments/mercadopago/oauth/callback',
    {
      schema: {
        tags,
        summary: "Mercado Pago's redirect after the owner authorizes (state bound to the owner)",
        querystring: z.object({
          code: z.string().max(500).optional(),
          state: z.string().max(500).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return reply.redirect(await oauthCallback(deps, request.query), 303)
    },
  )

  app.post(
    '/payments/mercadopago/notifications/:businessId',
    {
      // A notification changes no catalogue read by itself (a confirmation invalidates below).
      // Counted per sender AND shop: Mercado Pago sends every shop's notifications from the same
      // addresses, so a flood at one shop (forged or real) must not refuse another's.
      config: {
        catalogueWrite: false,
        rateLimit: {
          max: 600,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            `mp-notifications:${clientKey(request.ip)}:${(request.params as { businessId?: string }).businessId ?? ''}`,
        },
      },
      schema: {
        tags,
        summary: "Mercado Pago's signed notification of a payment of this shop",
        description:
          'x-signature verified (HMAC-SHA256 of id;request-id;ts; with the secret, ts within 5 ' +
          'minutes): 401 otherwise. The payment is read from Mercado Pago, never from the body.',
        params: z.object({ businessId: z.string().max(100) }),
        querystring: notificationQuerySchema,
        response: { 200: z.object({ result: z.string() }), ...errors },
      },
    },
    async (request) => {
      const outcome = await handleNotification(
        deps,
        request.params.businessId,
        notificationOf(request),
      )
      if (outcome.result === 'changed') {
        app.mail.wake()
        app.invalidateReads(request.params.businessId)
      } else if (outcome.result === 'flagged') app.mail.wake()
      return outcome
    },
  )

  app.post(
    '/orders/:code/pago',
    {
      config: { catalogueWrite: false, rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        summary: 'The shopper pays the saved order with Mercado Pago: where to go',
        description:
          'A Checkout Pro preference from the saved order (lines, delivery fee, currency), the ' +
          'order as external reference, back to the order page. 409 when paid or not payable.',
        params: z.object({ code: z.string().max(20) }),
        querystring: orderTokenQuerySchema,
        response: { 200: startPaymentSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return startPayment(deps, request.params.code, request.query.t)
    },
  )

  app.get(
    '/orders/:id/pago',
    {
      ...owner,
      schema: {
        tags,
        security,
        summary: "The owner: the order's online payment and every change of it",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ownerPaymentSchema, ...errors },
      },
    },
    async (request) => ownerPayment(deps, request.user.id, request.params.id),
  )

  app.post(
    '/orders/:id/reembolsos',
    {
      ...owner,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        security,
        summary: 'The owner refunds the payment, fully (no amount) or in part',
        params: z.object({ id: z.string().max(100) }),
        body: refundInputSchema,
        response: { 200: ownerPaymentSchema, ...errors },
      },
    },
    async (request) => {
      const result = await refundOrder(
        deps,
        request.user.id,
        request.params.id,
        request.body.amount,
      )
      app.mail.wake()
      return result
    },
  )
}

export default paymentRoutes
