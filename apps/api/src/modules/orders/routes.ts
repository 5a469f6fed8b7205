/**
 * Orders (issue 24): the shopper's POST /api/businesses/{businessId}/orders and public
 * GET /api/orders/{code}?t=, and the owner's /api/orders list, counts, order, change and CSV.
 * Registered under /api. `/api/orders/:ref` serves both: a code ('P-…') is the public page, any
 * other ref is an owner's order id (bearer). The static /counts and /export.csv win over it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createOrderSchema,
  createdOrderSchema,
  errorResponseSchema,
  orderCountsSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderTokenQuerySchema,
  ORDER_CODE_PATTERN,
  ownerOrderSchema,
  publicOrderSchema,
  updateOrderSchema,
} from '@vitrina/contracts'
import { clientKey } from '../../lib/client-key.js'
import { limitBy } from '../auth/index.js'
import { ORDER_RATE_LIMITS, orderBudgets } from './limits.js'
import {
  createOrder,
  exportOwnerOrders,
  getOwnerOrder,
  getPublicOrder,
  listOwnerOrders,
  ownerOrderCounts,
  updateOrder,
  type OrderDeps,
} from './service.js'

import shopperMailSettingsRoutes from './shopper-mail-settings.js'
import whatsappTemplateSettingsRoutes from './whatsapp-template-settings.js'

export { ORDER_RATE_LIMITS } from './limits.js'

const ownerErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
}

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OrderDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    // Issue 44 §3: the order page's token derives from the order's token id (ADR 035).
    deriveOrderToken: (tokenId: string) => app.tokens.deriveOrderToken(tokenId),
    // Issue 46 §1: order links on the shop's own domain when it has one.
    ...(app.hasDecorator('storefrontAddress')
      ? { storefrontAddress: (identifier: string) => app.storefrontAddress(identifier) }
      : {}),
    // Issue 43: the payments plugin's (registered before the routes).
    ...(app.hasDecorator('onlinePayments') ? { onlinePayments: app.onlinePayments } : {}),
  }
  // Issue 40 §2 (limits.ts): every attempt per client (an IPv6 client is its /64); accepted
  // orders only per business and per client in a business.
  const perIp = limitBy(app, { ...ORDER_RATE_LIMITS.perIp, key: (r) => clientKey(r.ip) })
  const budgets = orderBudgets(app)
  // Issue 44 §3: the owner's switches of the shopper mails.
  await app.register(shopperMailSettingsRoutes)
  // Issue 44 §3: the shop's own WhatsApp text per status.
  await app.register(whatsappTemplateSettingsRoutes)

  app.post(
    '/businesses/:businessId/orders',
    {
      // An order changes no catalogue read: the read cache keeps its entries.
      config: { catalogueWrite: false },
      preHandler: [perIp, budgets.check],
      schema: {
        tags: ['orders'],
        summary: "A shopper's order (saved before WhatsApp opens)",
        description:
          'Prices, discounts, the delivery fee and totals are recomputed from the products ' +
          '(client prices are ignored); lines of the same product are merged. Answers the ' +
          'order with its code, the token of its page, the wa.me link with the message and ' +
          'the page URL. 404 for an unknown or suspended business; rate limited per client ' +
          'address (10 attempts per 10 minutes; an IPv6 client by its /64), and by accepted orders ' +
          'per business (120 per hour) and per client in a business (5 per hour): refused ' +
          'orders spend neither.',
        params: z.object({ businessId: z.string().max(100) }),
        body: createOrderSchema,
        response: {
          201: createdOrderSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { reply: created } = await createOrder(deps, request.params.businessId, request.body)
      await budgets.spend(request, created.business._id)
      app.mail.wake()
      // Issue 26: counted after it is saved, in this process's insights buffer (written within a
      // second): nothing about insights can fail or delay the order.
      app.insights.addOrder(
        created.business._id,
        created.items.map((item) => item.productId),
      )
      return reply.code(201).send(created)
    },
  )

  app.get(
    '/orders',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "The owner's orders, newest first, with counts per status",
        description:
          'search matches the code (with or without P-) or the customer’s name or phone, ' +
          'without regard to accents or case.',
        security: [{ bearerAuth: [] }],
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, 400: errorResponseSchema, ...ownerErrors },
      },
    },
    async (request) => listOwnerOrders(app.db, request.user.id, request.query),
  )

  app.get(
    '/orders/counts',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "Orders per status in the owner's business (the menu's badge)",
        security: [{ bearerAuth: [] }],
        response: { 200: z.object({ counts: orderCountsSchema }), ...ownerErrors },
      },
    },
    async (request) => ({ counts: await ownerOrderCounts(app.db, request.user.id) }),
  )

  app.get(
    '/orders/export.csv',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'The orders between two dates as CSV (UTF-8 with BOM, `;`)',
        description: "Dates inclusive, in the business's time zone.",
        security: [{ bearerAuth: [] }],
        querystring: orderExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), 400: errorResponseSchema, ...ownerErrors },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await exportOwnerOrders(app.db, request.user.id, request.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv)
    },
  )

  app.get(
    '/orders/:ref',
    {
      schema: {
        tags: ['orders'],
        summary: "An order: the shopper's page (code and ?t=token) or the owner's (id, bearer)",
        description:
          'With a code (P-…) and its token: the public summary, no history nor notes, never ' +
          'cached (404 without the right token or when the business is suspended). With an ' +
          "order id and the owner's bearer token: the order with its history.",
        params: z.object({ ref: z.string().max(100) }),
        querystring: orderTokenQuerySchema,
        security: [{}, { bearerAuth: [] }],
        response: {
          200: z.union([ownerOrderSchema, publicOrderSchema]),
          ...ownerErrors,
        },
      },
    },
    async (request, reply) => {
      const { ref } = request.params
      if (ORDER_CODE_PATTERN.test(ref.toUpperCase())) {
        reply.header('cache-control', 'no-store')
        return getPublicOrder(app.db, ref, request.query.t)
      }
      await app.authenticate(request, reply)
      return getOwnerOrder(app.db, request.user.id, ref)
    },
  )

  app.patch(
    '/orders/:id',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['orders'],
        summary: 'Change the status of an order and/or add an internal note',
        description:
          'Transitions: nuevo → confirmado → listo | enviado → entregado; cancelado (with a ' +
          'reason) from any state before entregado. Others, and a change that lost a race ' +
          'with a concurrent one, answer 409.',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.string().max(100) }),
        body: updateOrderSchema,
        response: {
          200: ownerOrderSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...ownerErrors,
        },
      },
    },
    async (request) => {
      const order = await updateOrder(deps, request.user.id, request.params.id, request.body)
      // Issue 44 §3: the shopper's mail of the new status, committed with it.
      if (request.body.status) app.mail.wake()
      // Issue 25: a confirmation takes stock and a cancellation may give it back — what the
      // storefront shows as available or sold out: its cached reads go before this reply.
      const status = request.body.status
      if (status === 'confirmado' || status === 'cancelado') app.invalidateReads(order.business._id)
      return order
    },
  )
}

export default orderRoutes
