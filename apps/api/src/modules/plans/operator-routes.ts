/** `/api/operator/payments` (issue 23 §3): operators only (`app.requireOperator`). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  confirmPaymentSchema,
  errorResponseSchema,
  operatorPaymentListSchema,
  paymentDecisionSchema,
  rejectPaymentSchema,
} from '@vitrina/contracts'
import {
  confirmPayment,
  listPendingPayments,
  rejectPayment,
  type DecisionDeps,
} from './operator.js'

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
}

const idParams = z.object({ id: z.string() })

const operatorPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DecisionDeps = {
    db: app.db,
    wakeMail: () => app.mail.wake(),
    invalidate: (businessId) => app.invalidateReads(businessId),
  }

  app.get(
    '/',
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        summary: 'Pending plan requests, oldest first',
        security: [{ bearerAuth: [] }],
        response: {
          200: operatorPaymentListSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async () => listPendingPayments(app.db),
  )

  app.post(
    '/:id/confirm',
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        summary: 'Confirm a payment: the business is pro for `months` more (audited, mailed)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: confirmPaymentSchema,
        response: { 200: paymentDecisionSchema, ...errors },
      },
    },
    async (request) => confirmPayment(deps, request.user.id, request.params.id, request.body),
  )

  app.post(
    '/:id/reject',
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        summary: 'Reject a plan request with a reason (audited, mailed)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: rejectPaymentSchema,
        response: { 200: paymentDecisionSchema, ...errors },
      },
    },
    async (request) => rejectPayment(deps, request.user.id, request.params.id, request.body.reason),
  )
}

export default operatorPaymentRoutes
