/**
 * Issue 45: the order's coupon field and discount lines as replies carry them — apart from
 * schemas/promotions.ts so orders/schemas.ts can use them without an import cycle.
 */
import { z } from 'zod'
import { CURRENCY_CODES } from '../money.public.js'
import { PROMOTION_MESSAGES as M } from './promotion-texts.js'

/** One discount line in replies (decimal amount). */
export const discountLineSchema = z.object({
  source: z.enum(['promotion', 'coupon']),
  label: z.string(),
  productId: z.string().optional(),
  variantId: z.string().optional(),
  currency: z.enum(CURRENCY_CODES),
  amount: z.number(),
  freeDelivery: z.boolean().optional(),
})
export type DiscountLineReply = z.infer<typeof discountLineSchema>

export const couponCodeInputSchema = z
  .string({ error: M.couponUnknown })
  .trim()
  .max(30, M.couponUnknown)
  .transform((v) => (v === '' ? undefined : v))
  .optional()
