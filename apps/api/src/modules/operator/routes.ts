/**
 * `/api/operator/*` — the operator console's API (issue 23 §3). Every route is for operators only:
 * `app.requireOperator` answers 401 without a valid token and 403 to an owner.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  errorResponseSchema,
  featuredSelectionSchema,
  featuredUpdateSchema,
  operatorAuditListQuerySchema,
  operatorAuditListSchema,
  operatorBusinessDetailSchema,
  operatorBusinessListQuerySchema,
  operatorBusinessListSchema,
  operatorMailListQuerySchema,
  operatorMailListSchema,
  operatorMailSchema,
  operatorMessageListQuerySchema,
  operatorMessageListSchema,
  operatorMessageSchema,
  suspendBusinessSchema,
} from '@vitrina/contracts'
import {
  getFeaturedSelection,
  getOperatorBusiness,
  listOperatorAudit,
  listOperatorBusinesses,
  listOperatorMail,
  listOperatorMessages,
  markRead,
  retryMail,
  setFeatured,
  suspendBusiness,
  unsuspendBusiness,
} from './service.js'

/** Ids are checked by the service: a malformed one is simply not found (404). */
const idParams = z.object({ id: z.string().max(100) })

const guarded = {
  401: errorResponseSchema,
  403: errorResponseSchema,
}
const security = [{ bearerAuth: [] }]
const tags = ['operator']

const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireOperator)

  app.get(
    '/businesses',
    {
      schema: {
        tags,
        security,
        summary: 'Businesses: search (name, identifier, owner e-mail), plan and state filters',
        querystring: operatorBusinessListQuerySchema,
        response: { 200: operatorBusinessListSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (request) => listOperatorBusinesses(app.db, request.query),
  )

  app.get(
    '/businesses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A business, its owner and the operators’ actions on it',
        params: idParams,
        response: { 200: operatorBusinessDetailSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (request) => getOperatorBusiness(app.db, request.params.id),
  )

  app.post(
    '/businesses/:id/suspend',
    {
      schema: {
        tags,
        security,
        summary: 'Suspend a storefront with a reason',
        description:
          "Its storefront and public reads answer 404 'Negocio no disponible'; it leaves the " +
          'directory, the featured businesses and the sitemap; its owner keeps the dashboard.',
        params: idParams,
        body: suspendBusinessSchema,
        response: {
          200: operatorBusinessDetailSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...guarded,
        },
      },
    },
    async (request) => {
      const detail = await suspendBusiness(
        app.db,
        request.user,
        request.params.id,
        request.body.reason,
      )
      // Before the reply: no cached read or page of the storefront outlives the suspension, here
      // or in another process (the invalidation bus).
      app.invalidateReads(detail.business._id)
      return detail
    },
  )

  app.post(
    '/businesses/:id/unsuspend',
    {
      schema: {
        tags,
        security,
        summary: 'Lift a suspension',
        params: idParams,
        response: {
          200: operatorBusinessDetailSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...guarded,
        },
      },
    },
    async (request) => {
      const detail = await unsuspendBusiness(app.db, request.user, request.params.id)
      app.invalidateReads(detail.business._id)
      return detail
    },
  )

  app.get(
    '/featured',
    {
      schema: {
        tags,
        security,
        summary: "The landing's featured businesses and whether an operator chose them",
        response: { 200: featuredSelectionSchema, ...guarded },
      },
    },
    async () => getFeaturedSelection(app.db),
  )

  app.put(
    '/featured',
    {
      schema: {
        tags,
        security,
        summary: 'Choose and order the featured businesses ([] = the automatic rule)',
        body: featuredUpdateSchema,
        response: { 200: featuredSelectionSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (request) => {
      const selection = await setFeatured(app.db, request.user, request.body.businessIds)
      // The landing lists businesses: every page that does is dropped.
      app.invalidateReads(undefined)
      return selection
    },
  )

  app.get(
    '/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Contact-form messages, newest first',
        querystring: operatorMessageListQuerySchema,
        response: { 200: operatorMessageListSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (request) => listOperatorMessages(app.db, request.query),
  )

  app.post(
    '/messages/:id/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a contact message read',
        params: idParams,
        response: { 200: operatorMessageSchema, 404: errorResponseSchema, ...guarded },
      },
    },
    async (request) => markRead(app.db, request.user, request.params.id),
  )

  app.get(
    '/mail',
    {
      schema: {
        tags,
        security,
        summary: 'The mail outbox (default: not sent yet), newest first',
        description: 'Bodies as stored: token links hold {{token}}, never a usable token.',
        querystring: operatorMailListQuerySchema,
        response: { 200: operatorMailListSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (request) => listOperatorMail(app.db, request.query),
  )

  app.post(
    '/mail/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Send an unsent mail again now (attempts start from zero)',
        params: idParams,
        response: {
          200: operatorMailSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...guarded,
        },
      },
    },
    async (request) => {
      const mail = await retryMail(app.db, request.user, request.params.id)
      app.mail.wake()
      return mail
    },
  )

  app.get(
    '/audit',
    {
      schema: {
        tags,
        security,
        summary: 'The audit log of operator actions, newest first',
        querystring: operatorAuditListQuerySchema,
        response: { 200: operatorAuditListSchema, 400: errorResponseSchema, ...guarded },
      },
    },
    async (request) => listOperatorAudit(app.db, request.query),
  )
}

export default operatorRoutes
