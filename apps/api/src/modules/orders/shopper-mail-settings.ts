/**
 * Issue 44 §3 (ADR 035): the owner's switch per shopper mail. `GET` and `PATCH
 * /api/businesses/{id}/shopper-mails` — every mail on unless turned off; a PATCH changes only
 * the switches it names (merged into businesses.shopper_mails in one statement, so two owners'
 * tabs changing different switches do not undo each other). The owner comes from the token: an
 * id of another owner's business is a 403, an unknown one a 404.
 */
import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  errorResponseSchema,
  shopperMailSettings,
  shopperMailSettingsSchema,
  updateShopperMailsSchema,
  type ShopperMailSettingsReply,
  type UpdateShopperMails,
} from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { businesses } from '../../db/schema/index.js'
import { loadOwnedBusiness } from '../businesses/service.js'

export async function getShopperMails(
  db: Executor,
  userId: string,
  businessId: string,
): Promise<ShopperMailSettingsReply> {
  const business = await loadOwnedBusiness(db, businessId, userId)
  return { mails: shopperMailSettings(business.shopperMails) }
}

export async function updateShopperMails(
  db: Executor,
  userId: string,
  businessId: string,
  patch: UpdateShopperMails,
): Promise<ShopperMailSettingsReply> {
  await loadOwnedBusiness(db, businessId, userId)
  const [row] = await db
    .update(businesses)
    .set({
      shopperMails: sql`${businesses.shopperMails} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(businesses.id, businessId))
    .returning({ shopperMails: businesses.shopperMails })
  return { mails: shopperMailSettings(row?.shopperMails) }
}

const replies = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
}

const shopperMailSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = z.object({ id: z.string().max(100) })
  app.get(
    '/businesses/:id/shopper-mails',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['businesses'],
        summary: "The owner's switches of the mails to shoppers (each on unless turned off)",
        security: [{ bearerAuth: [] }],
        params,
        response: { 200: shopperMailSettingsSchema, ...replies },
      },
    },
    async (request) => getShopperMails(app.db, request.user.id, request.params.id),
  )

  app.patch(
    '/businesses/:id/shopper-mails',
    {
      preHandler: app.authenticate,
      // The storefront reads nothing of it: the read cache keeps its entries.
      config: { catalogueWrite: false, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['businesses'],
        summary: 'Turn mails to shoppers on or off',
        description:
          'JSON with any of confirmado, enviado, listo, entregado, cancelado, pago: true or ' +
          'false. Only the switches sent change. Answers every switch.',
        security: [{ bearerAuth: [] }],
        params,
        body: updateShopperMailsSchema,
        response: { 200: shopperMailSettingsSchema, 400: errorResponseSchema, ...replies },
      },
    },
    async (request) => updateShopperMails(app.db, request.user.id, request.params.id, request.body),
  )
}

export default shopperMailSettingsRoutes
