/**
 * Issue 44 §3 (ADR 035): the shop's own WhatsApp text per order status. `GET` and `PATCH
 * /api/businesses/{id}/whatsapp-templates` — every status's text in use (the shop's, else
 * contracts' default) and which are the shop's. A PATCH changes only the statuses it names: a
 * text saves it (one equal to the default, or null, goes back to the default, so a shop keeps
 * following the default's improvements), merged into businesses.whatsapp_templates in one
 * statement. The owner comes from the token: another owner's business is a 403, an unknown one a
 * 404. Only the owner reads them: no public reply carries them.
 */
import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  DEFAULT_WHATSAPP_TEMPLATES,
  ORDER_STATUSES,
  errorResponseSchema,
  updateWhatsappTemplatesSchema,
  whatsappTemplatesReply,
  whatsappTemplatesReplySchema,
  type OrderStatus,
  type UpdateWhatsappTemplates,
  type WhatsappTemplatesReply,
} from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { businesses } from '../../db/schema/index.js'
import { loadOwnedBusiness } from '../businesses/service.js'

export async function getWhatsappTemplates(
  db: Executor,
  userId: string,
  businessId: string,
): Promise<WhatsappTemplatesReply> {
  const business = await loadOwnedBusiness(db, businessId, userId)
  return whatsappTemplatesReply(business.whatsappTemplates)
}

export async function updateWhatsappTemplates(
  db: Executor,
  userId: string,
  businessId: string,
  patch: UpdateWhatsappTemplates,
): Promise<WhatsappTemplatesReply> {
  await loadOwnedBusiness(db, businessId, userId)
  const set: Partial<Record<OrderStatus, string>> = {}
  const removed: OrderStatus[] = []
  for (const status of ORDER_STATUSES) {
    if (!(status in patch)) continue
    const text = patch[status]
    if (typeof text === 'string' && text !== DEFAULT_WHATSAPP_TEMPLATES[status]) set[status] = text
    else removed.push(status)
  }
  // The statuses are contracts' names (the schema refuses any other key), each its own parameter.
  const minus = removed.map((status) => sql` - ${status}::text`)
  const [row] = await db
    .update(businesses)
    .set({
      whatsappTemplates: sql`(${businesses.whatsappTemplates} || ${JSON.stringify(set)}::jsonb)${sql.join(minus)}`,
      updatedAt: sql`now()`,
    })
    .where(eq(businesses.id, businessId))
    .returning({ whatsappTemplates: businesses.whatsappTemplates })
  return whatsappTemplatesReply(row?.whatsappTemplates)
}

const replies = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
}

const whatsappTemplateSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: z.string().max(100) })
  app.get(
    '/businesses/:id/whatsapp-templates',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['businesses'],
        summary: "The shop's WhatsApp text per order status (its own, else the default)",
        security: [{ bearerAuth: [] }],
        params,
        response: { 200: whatsappTemplatesReplySchema, ...replies },
      },
    },
    async (request) => getWhatsappTemplates(app.db, request.user.id, request.params.id),
  )

  app.patch(
    '/businesses/:id/whatsapp-templates',
    {
      preHandler: app.authenticate,
      // The storefront reads nothing of it: the read cache keeps its entries.
      config: { catalogueWrite: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['businesses'],
        summary: "Save the shop's WhatsApp text of some statuses",
        description:
          'JSON with any of nuevo, confirmado, listo, enviado, entregado, cancelado: the text ' +
          '(placeholders {nombre} {tienda} {pedido} {seguimiento} {enlace} {motivo}, at most ' +
          '600 characters), or null for the default. Only the statuses sent change.',
        security: [{ bearerAuth: [] }],
        params,
        body: updateWhatsappTemplatesSchema,
        response: { 200: whatsappTemplatesReplySchema, 400: errorResponseSchema, ...replies },
      },
    },
    async (request) =>
      updateWhatsappTemplates(app.db, request.user.id, request.params.id, request.body),
  )
}

export default whatsappTemplateSettingsRoutes
