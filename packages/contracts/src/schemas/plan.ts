/**
 * Plans that are paid for (issue 23 §2): the plan state an owner's business replies carry, the
 * upgrade request, the platform's payment instructions and the operator's payment decisions.
 */
import { z } from 'zod'
import { PLAN_TYPES, PLANS } from '../catalogue/plans.public.js'
import { PLAN_MESSAGES } from '../owner-messages.js'
import { idSchema } from './common.js'
import { CURRENCY_SYMBOLS } from '../money.public.js'
import { formatWholePrice } from '../pricing.public.js'
import { planSubscriptionSchema } from '../plan-subscriptions.js'

/** Months an owner may pay for at once, and the choices the upgrade dialog offers. */
export const PLAN_MONTHS = { min: 1, max: 12, choices: [1, 3, 6, 12] } as const
/** The 7-day warning before a paid period ends (SPEC-free rule of issue 23 §2). */
export const PLAN_EXPIRY_WARNING_DAYS = 7

export const PLAN_STATUSES = ['active', 'pending_payment', 'expired'] as const
export type PlanStatus = (typeof PLAN_STATUSES)[number]

export const PRODUCT_STATUSES = ['active', 'hidden'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

/** What a request for `months` of the Pro plan costs, in both currencies. */
export function planAmount(months: number): { uyu: number; usd: number } {
  return { uyu: PLANS.pro.price.uyu * months, usd: PLANS.pro.price.usd * months }
}

/** '$ 600 / US$ 15': the app's one notation for money (formatWholePrice, issue 41). */
export function formatPlanAmount(amount: { uyu: number; usd: number }): string {
  return `${formatWholePrice(amount.uyu, CURRENCY_SYMBOLS.UYU)} / ${formatWholePrice(amount.usd, CURRENCY_SYMBOLS.USD)}`
}

export const pendingPlanRequestSchema = z.object({
  id: idSchema,
  plan: z.enum(PLAN_TYPES),
  months: z.number().int(),
  amount: z.object({ uyu: z.number(), usd: z.number() }),
  requestedAt: z.iso.datetime(),
})
export type PendingPlanRequest = z.infer<typeof pendingPlanRequestSchema>

/** The plan state of the owner's business (never in a public reply). */
export const planStateSchema = z.object({
  /** What the owner asked for (the wizard's choice, or a pending upgrade). */
  requested: z.enum(PLAN_TYPES),
  /** What the product cap uses. */
  effective: z.enum(PLAN_TYPES),
  status: z.enum(PLAN_STATUSES),
  /** End of the paid period (pro), or when it ended (expired). */
  paidUntil: z.iso.datetime().optional(),
  usage: z.object({
    /** Every product, visible or hidden. */
    products: z.number().int().nonnegative(),
    /** Products hidden from the storefront (over the free plan's limit after an expiry). */
    hidden: z.number().int().nonnegative(),
    /** null = unlimited. */
    limit: z.number().int().nullable(),
  }),
  pendingRequest: pendingPlanRequestSchema.optional(),
  /** Issue 43 §5: the Mercado Pago subscription, the latest one (ADR 040). */
  subscription: planSubscriptionSchema.optional(),
})
export type PlanState = z.infer<typeof planStateSchema>

const monthsSchema = z.coerce
  .number({ error: PLAN_MESSAGES.monthsInvalid })
  .int(PLAN_MESSAGES.monthsInvalid)
  .min(PLAN_MONTHS.min, PLAN_MESSAGES.monthsInvalid)
  .max(PLAN_MONTHS.max, PLAN_MESSAGES.monthsInvalid)

/** POST /businesses/{id}/plan. Only the paid plan can be requested; free is where one returns. */
export const planRequestSchema = z.object({
  plan: z.literal('pro', { error: PLAN_MESSAGES.planInvalid }),
  months: monthsSchema.default(1),
})
export type PlanRequestInput = z.input<typeof planRequestSchema>

/** The platform's payment instructions (environment variables; each may be unset). */
export const paymentInstructionsSchema = z.object({
  bankTransfer: z.string().optional(),
  mercadoPagoUrl: z.string().optional(),
  wallet: z.string().optional(),
})
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>

/** GET /plans/payment: the prices and how to pay. */
export const planPaymentInfoSchema = z.object({
  price: z.object({ uyu: z.number(), usd: z.number() }),
  months: z.array(z.number().int()),
  instructions: paymentInstructionsSchema,
  /** Issue 43 §5: whether a monthly Mercado Pago subscription is offered (platform account set). */
  subscription: z.boolean().optional(),
})
export type PlanPaymentInfo = z.infer<typeof planPaymentInfoSchema>

/** PATCH /products/{id}/visibility */
export const productVisibilitySchema = z.object({
  status: z.enum(PRODUCT_STATUSES, { error: PLAN_MESSAGES.statusInvalid }),
})

// ---------------------------------------------------------------------------------------------
// Operator payments

export const operatorPaymentSchema = z.object({
  id: idSchema,
  business: z.object({ id: idSchema, name: z.string(), identifier: z.string() }),
  ownerEmail: z.string(),
  plan: z.enum(PLAN_TYPES),
  months: z.number().int(),
  amount: z.object({ uyu: z.number(), usd: z.number() }),
  requestedAt: z.iso.datetime(),
  /** The business's current paid period, when it has one (a renewal extends it). */
  paidUntil: z.iso.datetime().optional(),
})
export type OperatorPayment = z.infer<typeof operatorPaymentSchema>

export const operatorPaymentListSchema = z.object({ items: z.array(operatorPaymentSchema) })
export type OperatorPaymentList = z.infer<typeof operatorPaymentListSchema>

export const confirmPaymentSchema = z.object({
  months: monthsSchema,
  reference: z
    .string({ error: PLAN_MESSAGES.referenceRequired })
    .trim()
    .min(1, PLAN_MESSAGES.referenceRequired)
    .max(120, PLAN_MESSAGES.referenceMax),
})
export type ConfirmPaymentInput = z.input<typeof confirmPaymentSchema>

export const rejectPaymentSchema = z.object({
  reason: z
    .string({ error: PLAN_MESSAGES.reasonRequired })
    .trim()
    .min(1, PLAN_MESSAGES.reasonRequired)
    .max(500, PLAN_MESSAGES.reasonMax),
})
export type RejectPaymentInput = z.input<typeof rejectPaymentSchema>

export const paymentDecisionSchema = z.object({
  id: idSchema,
  status: z.enum(['confirmed', 'rejected']),
  paidUntil: z.iso.datetime().optional(),
})
export type PaymentDecision = z.infer<typeof paymentDecisionSchema>

/** A plan date as owners read it: '25/12/2026' (Montevideo time). */
export function formatPlanDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value
  return new Intl.DateTimeFormat('es-UY', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'America/Montevideo',
  }).format(date)
}
