/**
 * The server's price of an order (issue 24 §2): every amount recomputed from the products in
 * integer cents — the shopper's prices are never read — and kept per currency.
 */
import {
  addAmount,
  CURRENCY_CODES,
  currencyCode,
  discountedCents,
  toCents,
  type CurrencyAmounts,
  type CurrencyCode,
  type DeliveryOptions,
} from '@vitrina/contracts'
import type { ProductRow, StoredOrderItem } from '../../db/schema/index.js'

export interface PricedOrder {
  items: StoredOrderItem[]
  subtotals: CurrencyAmounts
  deliveryFee: CurrencyAmounts
  totals: CurrencyAmounts
}

/** The variant a line names (issue 25): its price overrides the product's, its code too. */
export interface LineVariant {
  id: string
  label: string
  price: number | null
  code: string | null
}

/** One line per product and variant (lines of the same product and variant were merged before). */
export function priceLine(
  product: Pick<ProductRow, 'id' | 'name' | 'code' | 'price' | 'discount' | 'currency' | 'image'>,
  quantity: number,
  variant?: LineVariant,
): StoredOrderItem {
  const price = variant?.price ?? product.price
  const unitCents = discountedCents(price, product.discount)
  return {
    productId: product.id,
    ...(variant ? { variantId: variant.id, variantLabel: variant.label } : {}),
    name: product.name,
    code: variant?.code ?? product.code,
    quantity,
    priceCents: toCents(price),
    discount: product.discount,
    unitCents,
    lineCents: unitCents * quantity,
    currency: currencyCode(product.currency),
    image: product.image?.url ?? null,
  }
}

/**
 * The delivery fee (docs/product.md "Pedidos"): charged once, in pesos when the order has items
 * in pesos and the business set a fee in pesos, otherwise in dollars when it set one; waived when
 * the items in that currency reach the free-delivery threshold in that same currency. Pickup, a
 * waived fee and no fee at all are `{}`.
 */
export function deliveryFeeFor(
  method: 'pickup' | 'delivery',
  options: DeliveryOptions,
  subtotals: CurrencyAmounts,
): CurrencyAmounts {
  if (method !== 'delivery') return {}
  const { fee, freeFrom } = options.delivery
  let currency: CurrencyCode | undefined
  if (subtotals.UYU !== undefined && fee.UYU !== undefined) currency = 'UYU'
  else if (fee.USD !== undefined) currency = 'USD'
  if (!currency) return {}
  const feeCents = toCents(fee[currency] ?? 0)
  const threshold = freeFrom?.[currency]
  if (feeCents === 0) return {}
  if (threshold !== undefined && (subtotals[currency] ?? 0) >= toCents(threshold)) return {}
  return { [currency]: feeCents }
}

export function priceOrder(
  items: StoredOrderItem[],
  method: 'pickup' | 'delivery',
  options: DeliveryOptions,
): PricedOrder {
  let subtotals: CurrencyAmounts = {}
  for (const item of items) subtotals = addAmount(subtotals, item.currency, item.lineCents)
  const deliveryFee = deliveryFeeFor(method, options, subtotals)
  let totals: CurrencyAmounts = { ...subtotals }
  for (const code of CURRENCY_CODES) {
    const cents = deliveryFee[code]
    if (cents !== undefined) totals = addAmount(totals, code, cents)
  }
  return { items, subtotals, deliveryFee, totals }
}
