/**
 * Issue 24: the order's statuses, transitions, delivery methods and code alphabet, without zod
 * (the storefront's order page and the owner's list read them; orders/schemas.ts validates with
 * them), and issue 41's one rule for an order's amounts (orderAmounts), shared by the API and the
 * checkout. Not public (docs/architecture.md): no public page's first load includes it.
 */
import {
  addAmount,
  CURRENCY_CODES,
  toCents,
  type CurrencyAmounts,
  type CurrencyCode,
} from '../money.public.js'
import type { AppliedPromotions, DiscountLine } from './promotions.js'

export const ORDER_STATUSES = [
  'nuevo',
  'confirmado',
  'listo',
  'enviado',
  'entregado',
  'cancelado',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  nuevo: 'Nuevo',
  confirmado: 'Confirmado',
  listo: 'Listo para retirar',
  enviado: 'Enviado',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
}

/**
 * Nuevo → Confirmado → Listo para retirar / Enviado → Entregado; Cancelado (with a reason) from
 * any state before Entregado. Anything else is refused with 409.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  nuevo: ['confirmado', 'cancelado'],
  confirmado: ['listo', 'enviado', 'cancelado'],
  listo: ['entregado', 'cancelado'],
  enviado: ['entregado', 'cancelado'],
  entregado: [],
  cancelado: [],
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to)
}

export const DELIVERY_METHODS = ['pickup', 'delivery'] as const
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Retiro en el local',
  delivery: 'Envío a domicilio',
}

/** 'P-7K3Q': P-, then letters and digits that cannot be misread (no 0/O, 1/I/L, U). */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
export const ORDER_CODE_PATTERN = /^P-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4,8}$/

/** What the order's price needs of the business's delivery options (schemas/shop-settings). */
export interface DeliveryPricing {
  delivery: { enabled?: boolean; fee: CurrencyAmountsInput; freeFrom?: CurrencyAmountsInput }
}
/** Amounts as the business's settings hold them: decimal numbers per currency. */
export type CurrencyAmountsInput = Partial<Record<CurrencyCode, number>>

/** One line of an order or a cart for its price: its currency and its total in cents. */
export interface PricedLine {
  currency: CurrencyCode
  lineCents: number
}

/** An order's amounts in cents, per currency (issue 24): what the order page and mail show. */
export interface OrderAmounts {
  /** Items only. */
  subtotals: CurrencyAmounts
  /** The delivery fee charged (one currency, or none). */
  deliveryFee: CurrencyAmounts
  /** Items plus the fee, per currency. */
  totals: CurrencyAmounts
  /** Issue 45: only with promotions applied — the discount lines and their sum per currency. */
  discounts?: DiscountLine[]
  discountTotals?: CurrencyAmounts
}

/**
 * The delivery fee (docs/product.md "Pedidos"): charged once, in pesos when the order has items
 * in pesos and the business set a fee in pesos, otherwise in dollars when it set one; waived when
 * the items in that currency reach the free-delivery threshold in that same currency. Pickup, a
 * waived fee and no fee at all are `{}`.
 */
export function deliveryFeeFor(
  method: 'pickup' | 'delivery',
  options: DeliveryPricing,
  subtotals: CurrencyAmounts,
): CurrencyAmounts {
  if (method !== 'delivery') return {}
  const { fee, freeFrom } = options.delivery
  const currency = deliveryFeeCurrency(options, subtotals)
  if (!currency) return {}
  const feeCents = toCents(fee[currency] ?? 0)
  const threshold = freeFrom?.[currency]
  if (feeCents === 0) return {}
  if (threshold !== undefined && (subtotals[currency] ?? 0) >= toCents(threshold)) return {}
  return { [currency]: feeCents }
}

/**
 * The currency the delivery fee of these subtotals is charged in (deliveryFeeFor's rule), or
 * undefined when the business set no fee that applies: the one the checkout names (issue 41, a
 * fee in both currencies read as '$ 290,00 + US$ 8,00', a sum).
 */
export function deliveryFeeCurrency(
  options: DeliveryPricing,
  subtotals: CurrencyAmounts,
): CurrencyCode | undefined {
  const { fee } = options.delivery
  if (subtotals.UYU !== undefined && fee.UYU !== undefined) return 'UYU'
  if (fee.USD !== undefined) return 'USD'
  return undefined
}

/**
 * Issue 41 §1: the one rule for an order's amounts — the server's saved order and the checkout's
 * shown total both come from here. Subtotals are the lines' totals per currency (discounts are in
 * each line's unit price already), the fee is deliveryFeeFor's, the totals add the fee to the
 * subtotal of its currency. Never adds pesos and dollars together.
 */
export function orderAmounts(
  lines: readonly PricedLine[],
  method: 'pickup' | 'delivery',
  options: DeliveryPricing,
  promotions?: AppliedPromotions,
): OrderAmounts {
  let subtotals: CurrencyAmounts = {}
  for (const line of lines) subtotals = addAmount(subtotals, line.currency, line.lineCents)
  let deliveryFee = deliveryFeeFor(method, options, subtotals)
  let totals: CurrencyAmounts = { ...subtotals }
  // Issue 45 (orders/promotions.ts): the discounts come off the items; a free-delivery coupon
  // waives the fee (the fee and its threshold are still reckoned on the items before discounts).
  const discounts = promotions ? withWaivedFee(promotions, deliveryFee) : undefined
  if (promotions?.freeDelivery) deliveryFee = {}
  const off = discounts ? discountTotals(discounts) : {}
  for (const code of CURRENCY_CODES) {
    const cents = deliveryFee[code]
    if (cents !== undefined) totals = addAmount(totals, code, cents)
    if (off[code]) totals = addAmount(totals, code, -off[code])
  }
  if (!discounts) return { subtotals, deliveryFee, totals }
  return { subtotals, deliveryFee, totals, discounts, discountTotals: off }
}

/** The discount lines' sum per currency (the fee's waiver excluded: it is not in the items). */
function discountTotals(lines: readonly DiscountLine[]): CurrencyAmounts {
  let totals: CurrencyAmounts = {}
  for (const line of lines) {
    if (!line.freeDelivery) totals = addAmount(totals, line.currency, line.cents)
  }
  return totals
}

/** The promotions' lines, plus the free-delivery coupon's line of the fee it waives. */
function withWaivedFee(promotions: AppliedPromotions, fee: CurrencyAmounts): DiscountLine[] {
  const { coupon } = promotions
  if (!promotions.freeDelivery || !coupon) return promotions.lines
  const waived = CURRENCY_CODES.flatMap((code) => {
    const cents = fee[code]
    if (!cents) return []
    const label = promotions.freeDeliveryLabel ?? coupon.code
    return [
      {
        source: 'coupon' as const,
        id: coupon.id,
        label,
        currency: code,
        cents,
        freeDelivery: true,
      },
    ]
  })
  return [...promotions.lines, ...waived]
}
