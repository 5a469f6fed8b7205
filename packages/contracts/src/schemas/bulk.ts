/**
 * Issue 27 §2: bulk edits of the owner's products (POST /api/products/bulk) and the manual order
 * (PUT /api/products/order, POST /api/products/{id}/move). One rule for the new prices, shared by
 * the API and the web's preview: priceChangeCents, in whole cents rounded half up — the same
 * arithmetic as discountedCents (pricing.public.ts) and the database's round(…, 2).
 */
import { z } from 'zod'
import { LIMITS } from '../limits.public.js'
import { BULK_MESSAGES } from '../owner-messages.js'
import { toCents } from '../money.public.js'
import { PRODUCT_STATUSES } from './plan.js'
import { productListQuerySchema } from './product.js'

export * from './product-order.js'

/** At most this many products in one bulk edit (ids sent, or matching the filter). */
export const BULK_MAX_PRODUCTS = 5_000
/** Products of one page reordered at once (the owner's list shows up to 48 a page). */
export const ORDER_IDS_MAX = LIMITS.productPageSizeMax

export const BULK_ACTIONS = ['price', 'flags', 'category', 'status', 'delete'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

/** Two decimals at most (a percentage like 12.5 or an amount like -99.90). */
const hasCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6

/**
 * Issue 41 §3: the value is a magnitude and `direction` says which way it goes ('raise' when
 * left out). A signed value used to contradict the dialog's "Subir" (−5 lowered every price), so
 * a negative one is refused with its own message, in the API as in the dialog.
 */
export const BULK_PRICE_DIRECTIONS = ['raise', 'lower'] as const
export type BulkPriceDirection = (typeof BULK_PRICE_DIRECTIONS)[number]

const notNegative = (v: number) => v >= 0

const percentSchema = z
  .number({ error: BULK_MESSAGES.percentInvalid })
  .finite(BULK_MESSAGES.percentInvalid)
  .refine(notNegative, { message: BULK_MESSAGES.valueSigned, abort: true })
  .refine((v) => v > 0 && v <= 1000 && hasCents(v), BULK_MESSAGES.percentInvalid)

const amountSchema = z
  .number({ error: BULK_MESSAGES.amountInvalid })
  .finite(BULK_MESSAGES.amountInvalid)
  .refine(notNegative, { message: BULK_MESSAGES.valueSigned, abort: true })
  .refine((v) => v > 0 && v <= LIMITS.priceMax && hasCents(v), BULK_MESSAGES.amountInvalid)

const discountSchema = z
  .number({ error: BULK_MESSAGES.discountRequired })
  .int(BULK_MESSAGES.discountRequired)
  .min(1, BULK_MESSAGES.discountRequired)
  .max(LIMITS.discountMax, BULK_MESSAGES.discountRequired)

const flag = z.boolean({ error: BULK_MESSAGES.flagsRequired })

export const bulkChangeSchema = z
  .object(
    {
      percent: percentSchema.optional(),
      amount: amountSchema.optional(),
      direction: z
        .enum(BULK_PRICE_DIRECTIONS, { error: BULK_MESSAGES.directionInvalid })
        .optional(),
      isFeatured: flag.optional(),
      isNew: flag.optional(),
      isOffer: flag.optional(),
      discount: discountSchema.optional(),
      category: z
        .string({ error: BULK_MESSAGES.categoryRequired })
        .trim()
        .max(LIMITS.nameMax)
        .optional(),
      subCategory: z.string().trim().max(LIMITS.nameMax).nullable().optional(),
      status: z.enum(PRODUCT_STATUSES, { error: BULK_MESSAGES.statusRequired }).optional(),
    },
    { error: BULK_MESSAGES.actionInvalid },
  )
  .strict()

export const bulkRequestSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: BULK_MESSAGES.idsInvalid }), { error: BULK_MESSAGES.idsInvalid })
      .min(1, BULK_MESSAGES.selectionRequired)
      .max(BULK_MAX_PRODUCTS, BULK_MESSAGES.idsMax)
      .optional(),
    filter: productListQuerySchema.optional(),
    action: z.enum(BULK_ACTIONS, { error: BULK_MESSAGES.actionInvalid }),
    change: bulkChangeSchema.default({}),
  })
  .superRefine((body, ctx) => {
    const issue = (message: string, path: string[] = ['change']) =>
      ctx.addIssue({ code: 'custom', path, message })
    if ((body.ids === undefined) === (body.filter === undefined)) {
      issue(BULK_MESSAGES.selectionRequired, ['ids'])
    }
    const c = body.change
    switch (body.action) {
      case 'price':
        if ((c.percent === undefined) === (c.amount === undefined)) {
          issue(BULK_MESSAGES.priceChangeRequired)
        } else if (c.direction === 'lower' && c.percent !== undefined && c.percent > 99) {
          // Lowering by 100 % or more would give the products away.
          issue(BULK_MESSAGES.percentInvalid, ['change', 'percent'])
        }
        break
      case 'flags':
        if (
          c.isFeatured === undefined &&
          c.isNew === undefined &&
          c.isOffer === undefined &&
          c.discount === undefined
        ) {
          issue(BULK_MESSAGES.flagsRequired)
        } else if (c.isOffer === true && c.discount === undefined) {
          issue(BULK_MESSAGES.discountRequired, ['change', 'discount'])
        } else if (c.isOffer === false && c.discount !== undefined) {
          issue(BULK_MESSAGES.discountRequired, ['change', 'discount'])
        }
        break
      case 'category':
        if (!c.category) issue(BULK_MESSAGES.categoryRequired, ['change', 'category'])
        break
      case 'status':
        if (c.status === undefined) issue(BULK_MESSAGES.statusRequired, ['change', 'status'])
        break
      case 'delete':
        break
    }
  })
export type BulkRequest = z.infer<typeof bulkRequestSchema>
export type BulkRequestInput = z.input<typeof bulkRequestSchema>
export type BulkChange = z.infer<typeof bulkChangeSchema>

export const bulkResponseSchema = z.object({ updated: z.number().int().nonnegative() })
export type BulkResponse = z.infer<typeof bulkResponseSchema>

/**
 * A price after a bulk change, in whole cents: a percentage (two decimals at most) rounded half
 * up to the cent, exactly as discountedCents rounds a discount; or a fixed amount added. The
 * value goes up, or down with `direction: 'lower'` (issue 41 §3).
 */
export function priceChangeCents(
  price: number,
  change: {
    percent?: number | undefined
    amount?: number | undefined
    direction?: BulkPriceDirection | undefined
  },
): number {
  const sign = change.direction === 'lower' ? -1 : 1
  const cents = toCents(price)
  if (change.amount !== undefined) return cents + sign * toCents(change.amount)
  // Hundredths of a percent, so the arithmetic stays in exact integers.
  const basis = sign * Math.round((change.percent ?? 0) * 100)
  const scaled = cents * (10_000 + basis)
  return Math.floor((scaled + 5_000) / 10_000)
}

/** PUT /api/products/order: the ids of one page of the owner's list, in their new order. */
export const productOrderRequestSchema = z.object({
  ids: z
    .array(z.uuid({ error: BULK_MESSAGES.orderIdsInvalid }), {
      error: BULK_MESSAGES.orderIdsInvalid,
    })
    .min(2, BULK_MESSAGES.orderIdsInvalid)
    .max(ORDER_IDS_MAX, BULK_MESSAGES.orderIdsInvalid)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      message: BULK_MESSAGES.orderIdsInvalid,
    }),
})
export type ProductOrderRequest = z.infer<typeof productOrderRequestSchema>

/** POST /api/products/{id}/move: to the start or the end of the manual order. */
export const productMoveSchema = z.object({
  to: z.enum(['first', 'last'], { error: BULK_MESSAGES.moveInvalid }),
})
export type ProductMove = z.infer<typeof productMoveSchema>
