/**
 * Issue 45: the owner's coupons and automatic promotions (/api/promotions) and the cart's preview
 * (POST /api/businesses/{businessId}/promotions/quote). Money in replies and bodies is decimal
 * numbers per currency, as everywhere in the API; the rule itself works in cents
 * (orders/promotions.ts).
 */
import { z } from 'zod'
import { CURRENCY_CODES, type CurrencyCode } from '../money.public.js'
import { LIMITS } from '../limits.public.js'
import { ORDER_MESSAGES } from '../orders/texts.js'
import { PROMOTION_MESSAGES as M } from '../orders/promotion-texts.js'
import { COUPON_KINDS, PROMOTION_KINDS } from '../orders/promotions.js'
import { orderLineInputSchema } from '../orders/schemas.js'
import { DELIVERY_METHODS } from '../orders/rules.js'
import { couponCodeInputSchema, discountLineSchema } from '../orders/discount-schemas.js'

export const COUPON_CODE_PATTERN = /^[A-Za-z0-9-]{3,30}$/
export const PROMOTION_LIMITS = {
  productsMax: 200,
  categoriesMax: 50,
  usesMax: 100_000,
  nameMax: 80,
  /** Coupons and promotions per shop (each). */
  perShopMax: 200,
} as const

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const daySchema = z
  .string({ error: M.dateInvalid })
  .regex(ISO_DAY, M.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), M.dateInvalid)
  .nullable()
  .default(null)

const money = (message: string) =>
  z
    .number({ error: message })
    .positive(message)
    .max(100_000_000, message)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message)

const amountsSchema = (message: string) =>
  z
    .object(
      Object.fromEntries(CURRENCY_CODES.map((c) => [c, money(message).optional()])) as Record<
        CurrencyCode,
        z.ZodOptional<ReturnType<typeof money>>
      >,
      { error: message },
    )
    .strict()
    .default({})

const percentSchema = z
  .number({ error: M.percentInvalid })
  .int(M.percentInvalid)
  .min(1, M.percentInvalid)
  .max(100, M.percentInvalid)

const targets = {
  productIds: z
    .array(z.uuid({ error: M.productUnknown }), { error: M.productUnknown })
    .max(PROMOTION_LIMITS.productsMax, M.tooManyTargets)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  categories: z
    .array(z.string({ error: M.categoryRequired }).trim().min(1).max(LIMITS.shortTextMax), {
      error: M.categoryRequired,
    })
    .max(PROMOTION_LIMITS.categoriesMax, M.tooManyTargets)
    .default([])
    .transform((names) => [...new Set(names)]),
}

function datesInOrder(v: { startsOn: string | null; endsOn: string | null }, ctx: z.RefinementCtx) {
  if (v.startsOn && v.endsOn && v.endsOn < v.startsOn) {
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: M.datesOrder })
  }
}

export const couponInputSchema = z
  .object({
    code: z
      .string({ error: M.codeRequired })
      .trim()
      .min(1, M.codeRequired)
      .regex(COUPON_CODE_PATTERN, M.codeInvalid),
    kind: z.enum(COUPON_KINDS, { error: M.kindRequired }),
    percent: percentSchema.nullable().default(null),
    amounts: amountsSchema(M.amountInvalid),
    minSubtotal: amountsSchema(M.minimumInvalid),
    startsOn: daySchema,
    endsOn: daySchema,
    maxUses: z
      .number({ error: M.usesInvalid })
      .int(M.usesInvalid)
      .min(1, M.usesInvalid)
      .max(PROMOTION_LIMITS.usesMax, M.usesInvalid)
      .nullable()
      .default(null),
    oncePerShopper: z.boolean().default(false),
    firstPurchaseOnly: z.boolean().default(false),
    ...targets,
    paused: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.percent === null) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: M.percentInvalid })
    }
    if (v.kind === 'fixed' && Object.keys(v.amounts).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['amounts'], message: M.amountRequired })
    }
    datesInOrder(v, ctx)
  })
export type CouponInput = z.input<typeof couponInputSchema>
export type CouponBody = z.infer<typeof couponInputSchema>

export const promotionInputSchema = z
  .object({
    name: z
      .string({ error: M.nameRequired })
      .trim()
      .min(1, M.nameRequired)
      .max(PROMOTION_LIMITS.nameMax, M.nameRequired),
    kind: z.enum(PROMOTION_KINDS, { error: M.promotionKindRequired }),
    take: z.number({ error: M.takePayInvalid }).int(M.takePayInvalid).nullable().default(null),
    pay: z.number({ error: M.takePayInvalid }).int(M.takePayInvalid).nullable().default(null),
    percent: percentSchema.nullable().default(null),
    ...targets,
    startsOn: daySchema,
    endsOn: daySchema,
    paused: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'take_pay') {
      const ok = v.take !== null && v.pay !== null && v.take >= 2 && v.take <= 10
      if (!ok || v.pay! < 1 || v.pay! >= v.take!) {
        ctx.addIssue({ code: 'custom', path: ['take'], message: M.takePayInvalid })
      }
    } else if (v.percent === null) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: M.percentInvalid })
    }
    if (v.kind === 'category_percent') {
      if (v.categories.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['categories'], message: M.categoryRequired })
      }
      if (!v.startsOn || !v.endsOn) {
        ctx.addIssue({ code: 'custom', path: ['endsOn'], message: M.categoryDatesRequired })
      }
    } else if (v.productIds.length === 0 && v.categories.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['productIds'], message: M.scopeRequired })
    }
    datesInOrder(v, ctx)
  })
export type PromotionInput = z.input<typeof promotionInputSchema>
export type PromotionBody = z.infer<typeof promotionInputSchema>

export const pauseSchema = z.object({ paused: z.boolean({ error: M.notFound }) })

const amountsReply = z.object(
  Object.fromEntries(CURRENCY_CODES.map((c) => [c, z.number().optional()])) as Record<
    CurrencyCode,
    z.ZodOptional<z.ZodNumber>
  >,
)

export const PROMOTION_STATUSES = ['active', 'scheduled', 'ended', 'paused', 'used_up'] as const
const stats = {
  status: z.enum(PROMOTION_STATUSES),
  /** Orders not cancelled that carry it, and their totals per currency. */
  orders: z.number().int(),
  revenue: amountsReply,
}

export const couponSchema = z.object({
  _id: z.uuid(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  percent: z.number().nullable(),
  amounts: amountsReply,
  minSubtotal: amountsReply,
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  maxUses: z.number().nullable(),
  uses: z.number().int(),
  oncePerShopper: z.boolean(),
  firstPurchaseOnly: z.boolean(),
  productIds: z.array(z.string()),
  categories: z.array(z.string()),
  paused: z.boolean(),
  ...stats,
})
export type Coupon = z.infer<typeof couponSchema>

export const promotionSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  take: z.number().nullable(),
  pay: z.number().nullable(),
  percent: z.number().nullable(),
  productIds: z.array(z.string()),
  categories: z.array(z.string()),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  paused: z.boolean(),
  /** '3x2', '-20 %' */
  badge: z.string(),
  ...stats,
})
export type Promotion = z.infer<typeof promotionSchema>

export const promotionListSchema = z.object({
  coupons: z.array(couponSchema),
  promotions: z.array(promotionSchema),
  /** The names of the products the coupons and promotions name (the form's chosen products). */
  products: z.array(z.object({ _id: z.string(), name: z.string() })).default([]),
})
export type PromotionList = z.infer<typeof promotionListSchema>

/** The cart's preview: its lines, the code typed (optional) and, if known, the phone. */
export const promotionQuoteSchema = z.object({
  items: z
    .array(orderLineInputSchema, { error: ORDER_MESSAGES.cartEmpty })
    .min(1, ORDER_MESSAGES.cartEmpty)
    .max(LIMITS.orderLinesMax, ORDER_MESSAGES.linesMax),
  coupon: couponCodeInputSchema,
  deliveryMethod: z.enum(DELIVERY_METHODS).optional(),
})
export type PromotionQuoteInput = z.input<typeof promotionQuoteSchema>

export const promotionQuoteResponseSchema = z.object({
  discounts: z.array(discountLineSchema),
  /** The coupon applied, as the owner wrote its code. */
  coupon: z.string().optional(),
  /** Why the code typed does not apply (Spanish). */
  couponRefusal: z.string().optional(),
  freeDelivery: z.boolean(),
  /**
   * Issue 44 §1: the parcel's weight in grams as the order will be priced (contracts'
   * parcelGrams over the products' weights); absent when a product has none.
   */
  parcelGrams: z.number().int().optional(),
})
export type PromotionQuote = z.infer<typeof promotionQuoteResponseSchema>

/** A running promotion as the storefront shows it (badges). */
export const publicPromotionSchema = z.object({
  _id: z.uuid(),
  badge: z.string(),
  productIds: z.array(z.string()),
  categories: z.array(z.string()),
})
export type PublicPromotion = z.infer<typeof publicPromotionSchema>
