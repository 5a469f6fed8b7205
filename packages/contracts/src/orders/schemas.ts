/**
 * Issue 24: orders sent from the storefront's cart and followed by the owner at /admin/pedidos.
 * The shopper's body is validated with createOrderSchema (the checkout form uses the same
 * fields); prices in it are never trusted — the API recomputes everything from the products.
 */
import { z } from 'zod'
import { CURRENCY_CODES, type CurrencyCode } from '../money.public.js'
import { LIMITS } from '../limits.public.js'
import { FIELD_MESSAGES } from '../messages.public.js'
import { ORDER_MESSAGES } from './texts.js'
import { couponCodeInputSchema, discountLineSchema } from './discount-schemas.js'
import { orderCustomerEmailSchema } from './shopper-mails.js'
import { idSchema, paginatedSchema, requiredText } from '../schemas/common.js'
import { PAYMENT_METHOD_TYPES } from '../shop.public.js'
import {
  orderPaymentSchema,
  PAYMENT_MESSAGES,
  PAYMENT_STATUSES,
  paymentEventSchema,
} from '../payments.js'
import { DELIVERY_METHODS, ORDER_STATUSES, type OrderStatus } from './rules.js'
import { pageQuerySchema } from '../schemas/business.js'
import {
  DELIVERY_LIMITS,
  DELIVERY_MESSAGES,
  DELIVERY_SETTINGS_MESSAGES,
  isValidPlace,
  TIMELINE_STEPS,
  type DeliveryChoice,
  type DeliveryDetail,
} from './delivery.js'

// ---------------------------------------------------------------------------------------------
// The shopper's order (POST /api/businesses/{businessId}/orders)

export const orderLineInputSchema = z.object(
  {
    productId: z.uuid({ error: ORDER_MESSAGES.productInvalid }),
    quantity: z
      .number({ error: ORDER_MESSAGES.quantityInvalid })
      .int(ORDER_MESSAGES.quantityInvalid)
      .min(1, ORDER_MESSAGES.quantityInvalid)
      .max(LIMITS.orderQuantityMax, ORDER_MESSAGES.quantityInvalid),
    /** Issue 25 (variants); accepted and ignored until variants exist. */
    variantId: z.uuid({ error: ORDER_MESSAGES.productInvalid }).optional(),
  },
  { error: ORDER_MESSAGES.productInvalid },
)

export const orderCustomerSchema = z.object(
  {
    name: requiredText(ORDER_MESSAGES.customerNameRequired, LIMITS.nameMax),
    phone: requiredText(ORDER_MESSAGES.customerPhoneRequired, LIMITS.orderPhoneMax).refine(
      (v) => /^[0-9+()\-.\s]+$/.test(v) && v.replace(/\D/g, '').length >= 6,
      ORDER_MESSAGES.customerPhoneInvalid,
    ),
    /** Issue 44 §3: optional; the order's status mails go to it. */
    email: orderCustomerEmailSchema,
  },
  { error: ORDER_MESSAGES.customerNameRequired },
)
export type OrderCustomer = z.infer<typeof orderCustomerSchema>

export const orderDeliveryInputSchema = z
  .object(
    {
      method: z.enum(DELIVERY_METHODS, { error: ORDER_MESSAGES.deliveryMethodRequired }),
      address: z
        .string({ error: ORDER_MESSAGES.addressRequired })
        .trim()
        .max(LIMITS.shortTextMax, FIELD_MESSAGES.tooLong(LIMITS.shortTextMax))
        .optional(),
      /** Issue 44: the shopper's place (orders/delivery.ts PlaceKey); the server finds its zone. */
      place: z
        .string({ error: DELIVERY_MESSAGES.placeRequired })
        .trim()
        .max(LIMITS.shortTextMax, DELIVERY_MESSAGES.placeRequired)
        .refine(isValidPlace, DELIVERY_MESSAGES.placeRequired)
        .optional(),
      /** Issue 44: a parcel agency of the shop (then `address` is its branch or an address). */
      agencyId: z.string({ error: DELIVERY_MESSAGES.agencyUnknown }).max(40).optional(),
      /** Issue 44: a pickup point of the shop. */
      pickupPointId: z.string({ error: DELIVERY_MESSAGES.pointUnknown }).max(40).optional(),
    },
    { error: ORDER_MESSAGES.deliveryMethodRequired },
  )
  .superRefine((v, ctx) => {
    if (v.method === 'delivery' && !v.address) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: v.agencyId ? ORDER_MESSAGES.branchRequired : ORDER_MESSAGES.addressRequired,
      })
    }
  })
  .transform((v) =>
    v.method === 'delivery'
      ? {
          method: v.method,
          address: v.address,
          ...(v.agencyId !== undefined
            ? { agencyId: v.agencyId }
            : v.place !== undefined
              ? { place: v.place }
              : {}),
        }
      : {
          method: v.method,
          ...(v.pickupPointId !== undefined ? { pickupPointId: v.pickupPointId } : {}),
        },
  )

/** Issue 44: the validated delivery input as orders/delivery.ts's choice. */
export function deliveryChoiceOf(delivery: CreateOrder['delivery']): DeliveryChoice {
  if (delivery.method === 'pickup') {
    return 'pickupPointId' in delivery && delivery.pickupPointId !== undefined
      ? { kind: 'pickup', pickupPointId: delivery.pickupPointId }
      : { kind: 'pickup' }
  }
  if ('agencyId' in delivery && delivery.agencyId !== undefined) {
    return { kind: 'agency', agencyId: delivery.agencyId }
  }
  return 'place' in delivery && delivery.place !== undefined
    ? { kind: 'zone', place: delivery.place }
    : { kind: 'zone' }
}

export const createOrderSchema = z.object({
  items: z
    .array(orderLineInputSchema, { error: ORDER_MESSAGES.cartEmpty })
    .min(1, ORDER_MESSAGES.cartEmpty)
    .max(LIMITS.orderLinesMax, ORDER_MESSAGES.linesMax),
  customer: orderCustomerSchema,
  delivery: orderDeliveryInputSchema,
  paymentMethod: z.enum(PAYMENT_METHOD_TYPES, { error: ORDER_MESSAGES.paymentMethodRequired }),
  notes: z
    .string({ error: FIELD_MESSAGES.invalid })
    .trim()
    .max(LIMITS.orderNotesMax, ORDER_MESSAGES.notesMax)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /** Honeypot: a field people never see. Filled in → the order is refused (a bot). */
  website: z.string().max(500).optional(),
  /** Issue 45: the coupon code the shopper typed (any case). */
  coupon: couponCodeInputSchema,
})
export type CreateOrderInput = z.input<typeof createOrderSchema>
export type CreateOrder = z.infer<typeof createOrderSchema>

// ---------------------------------------------------------------------------------------------
// Replies. Amounts are decimal numbers per currency, computed in cents (money.public.ts).

const amountsSchema = z.object(
  Object.fromEntries(CURRENCY_CODES.map((c) => [c, z.number().optional()])) as Record<
    CurrencyCode,
    z.ZodOptional<z.ZodNumber>
  >,
)

/** One line as it was when the order was sent (a later price change does not touch it). */
export const orderItemSchema = z.object({
  productId: idSchema,
  /** Issue 25; absent until variants exist. */
  variantId: idSchema.optional(),
  variantLabel: z.string().optional(),
  name: z.string(),
  code: z.string().nullable(),
  quantity: z.number().int(),
  /** The list price and the discount, then the unit price paid and the line total. */
  price: z.number(),
  discount: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  currency: z.enum(CURRENCY_CODES),
  image: z.string().nullable(),
})
export type OrderItem = z.infer<typeof orderItemSchema>

export const orderHistoryEntrySchema = z.object({
  at: z.iso.datetime(),
  /** The status it moved to; absent for an internal note. */
  status: z.enum(ORDER_STATUSES).optional(),
  reason: z.string().optional(),
  note: z.string().optional(),
})
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>

/** What the shopper sees at /{identifier}/pedido/{code}?t={token} (no internal notes). */
export const publicOrderSchema = z.object({
  code: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** The cancellation reason, when cancelled. */
  cancelReason: z.string().optional(),
  createdAt: z.iso.datetime(),
  business: z.object({ _id: idSchema, name: z.string(), identifier: z.string() }),
  items: z.array(orderItemSchema),
  /** Items only, per currency. */
  subtotals: amountsSchema,
  /** The delivery fee charged (one currency, or none). */
  deliveryFee: amountsSchema,
  /** Items plus the fee, per currency: UYU and USD are never added together. */
  totals: amountsSchema,
  /** Issue 44 §3: `email` when the shopper left one (their status mails go to it). */
  customer: z.object({ name: z.string(), phone: z.string(), email: z.string().optional() }),
  delivery: z.object({
    method: z.enum(DELIVERY_METHODS),
    address: z.string().optional(),
    /** Issue 44: the zone, agency or pickup point; absent on orders sent before it. */
    detail: z.custom<DeliveryDetail>().optional(),
    /** Issue 44 §2: the carrier and code the owner gave when shipping; the known carriers' link. */
    tracking: z
      .object({ carrier: z.string(), code: z.string(), url: z.string().optional() })
      .optional(),
  }),
  payment: z.object({ type: z.enum(PAYMENT_METHOD_TYPES), instructions: z.string().optional() }),
  notes: z.string().optional(),
  /**
   * Issue 41 §6: while the order is new, the lines (named with their variant) whose stock ran
   * short since it was sent — the owner cannot confirm it as it is. Only on the shopper's page.
   */
  stockShort: z.array(z.string()).optional(),
  /** Issue 45: the coupon applied (its code) and every discount line; absent when none. */
  coupon: z.string().optional(),
  discounts: z.array(discountLineSchema).optional(),
  /** Issue 43: the Mercado Pago payment of an order paid online; absent for other methods. */
  onlinePayment: orderPaymentSchema.optional(),
  /**
   * Issue 44 §2: when the order reached each step of its timeline (the first time), «pagado»
   * when Mercado Pago approved it. Only on the shopper's page (the owner has the history).
   */
  steps: z.array(z.object({ step: z.enum(TIMELINE_STEPS), at: z.iso.datetime() })).optional(),
})
export type PublicOrder = z.infer<typeof publicOrderSchema>

/** 201 to the shopper: the order, the token for its page, and where to go next. */
export const createdOrderSchema = publicOrderSchema.extend({
  token: z.string(),
  whatsappUrl: z.string(),
  publicUrl: z.string(),
})
export type CreatedOrder = z.infer<typeof createdOrderSchema>

/** The owner's view: the same order, its id and its history with internal notes. */
export const ownerOrderSchema = publicOrderSchema.extend({
  _id: idSchema,
  updatedAt: z.iso.datetime(),
  history: z.array(orderHistoryEntrySchema),
  /** Issue 43: every change of its online payment, with where it came from. */
  paymentEvents: z.array(paymentEventSchema).optional(),
})
export type OwnerOrder = z.infer<typeof ownerOrderSchema>

export const orderCountsSchema = z.object(
  Object.fromEntries(ORDER_STATUSES.map((s) => [s, z.number().int()])) as Record<
    OrderStatus,
    z.ZodNumber
  >,
)
export type OrderCounts = z.infer<typeof orderCountsSchema>

export const orderListResponseSchema = paginatedSchema(ownerOrderSchema).extend({
  /** Orders per status in the whole business (the filter's tabs), whatever the filter. */
  counts: orderCountsSchema,
})
export type OrderListResponse = z.infer<typeof orderListResponseSchema>

// ---------------------------------------------------------------------------------------------
// Owner queries and updates

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.statusInvalid }).optional(),
  /** Issue 43 §4: only the orders whose online payment is in this state. */
  payment: z.enum(PAYMENT_STATUSES, { error: PAYMENT_MESSAGES.paymentFilterInvalid }).optional(),
  /** A code ('P-7K3Q', or part of it) or the customer's name or phone. Blank is no search. */
  search: z
    .string({ error: FIELD_MESSAGES.invalid })
    .trim()
    .max(LIMITS.searchMax, FIELD_MESSAGES.searchMax)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  page: pageQuerySchema,
  pageSize: z.coerce
    .number({ error: FIELD_MESSAGES.pageSizeInvalid })
    .int(FIELD_MESSAGES.pageSizeInvalid)
    .min(1, FIELD_MESSAGES.pageSizeInvalid)
    .max(LIMITS.orderPageSizeMax, FIELD_MESSAGES.pageSizeInvalid)
    .default(LIMITS.orderPageSizeDefault),
})
export type OrderListQuery = z.infer<typeof orderListQuerySchema>
export type OrderListQueryInput = z.input<typeof orderListQuerySchema>

export const updateOrderSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.statusInvalid }).optional(),
    reason: z
      .string({ error: FIELD_MESSAGES.invalid })
      .trim()
      .max(LIMITS.shortTextMax, FIELD_MESSAGES.tooLong(LIMITS.shortTextMax))
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    note: z
      .string({ error: FIELD_MESSAGES.invalid })
      .trim()
      .max(LIMITS.orderNoteMax, ORDER_MESSAGES.noteMax)
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    /** Issue 44 §2: with 'enviado', the agency or carrier and its tracking code. */
    tracking: z
      .object(
        {
          carrier: requiredText(
            DELIVERY_SETTINGS_MESSAGES.trackingCarrierRequired,
            DELIVERY_LIMITS.trackingMax,
          ),
          code: requiredText(
            DELIVERY_SETTINGS_MESSAGES.trackingCodeRequired,
            DELIVERY_LIMITS.trackingMax,
          ),
        },
        { error: DELIVERY_SETTINGS_MESSAGES.trackingCodeRequired },
      )
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.status && !v.note) ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.updateEmpty })
    if (v.tracking && v.status !== 'enviado') {
      ctx.addIssue({
        code: 'custom',
        path: ['tracking'],
        message: DELIVERY_SETTINGS_MESSAGES.trackingOnlyShipped,
      })
    }
    if (v.status === 'cancelado' && !v.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: ORDER_MESSAGES.cancelReasonRequired,
      })
    }
  })
export type UpdateOrderInput = z.input<typeof updateOrderSchema>

const dateSchema = z
  .string({ error: ORDER_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ORDER_MESSAGES.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), ORDER_MESSAGES.dateInvalid)

/** GET /api/orders/export.csv?from=&to= (dates inclusive, in the business's time zone). */
export const orderExportQuerySchema = z
  .object({ from: dateSchema, to: dateSchema })
  .refine((v) => v.from <= v.to, { message: ORDER_MESSAGES.rangeInvalid, path: ['to'] })
  .refine(
    (v) => Date.parse(v.to) - Date.parse(v.from) <= (LIMITS.orderExportDaysMax - 1) * 86_400_000,
    { message: ORDER_MESSAGES.rangeTooLong, path: ['to'] },
  )
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>

export const orderTokenQuerySchema = z.object({ t: z.string().max(200).optional() })
