/**
 * Issue 41 §1: the cart's amounts by the order's own rule (contracts' orderAmounts), so the total
 * the checkout shows is the total the saved order will have — subtotal, delivery fee and the
 * discounts already in each line's unit price. Only the cart's lazy code imports this: the rule
 * (contracts' orders/rules.ts, not public) stays out of a storefront's first visit.
 */
import {
  deliveryFeeFor,
  orderAmounts,
  parseCurrency,
  toCents,
  type AppliedPromotions,
  type DeliveryPricing,
  type OrderAmounts,
  type PricedLine,
} from '@vitrina/contracts'
import type { CartItem } from '../../../lib/cart'

/** The cart's lines in cents: the unit price shown (after its discount) times the quantity. */
export function cartPricedLines(
  items: readonly Pick<CartItem, 'price' | 'quantity' | 'currency'>[],
): PricedLine[] {
  return items.map((item) => ({
    currency: parseCurrency(item.currency) ?? 'UYU',
    lineCents: toCents(item.price) * item.quantity,
  }))
}

/** What the order will cost with `method`; with no method chosen yet, as a pickup. */
export function cartAmounts(
  items: readonly Pick<CartItem, 'price' | 'quantity' | 'currency'>[],
  method: 'pickup' | 'delivery' | '',
  options: DeliveryPricing,
  promotions?: AppliedPromotions,
): OrderAmounts & { deliveryPending: boolean } {
  const lines = cartPricedLines(items)
  // Issue 45: the promotions and coupon the server's quote applied (lib/cart-promotions.ts).
  const amounts = orderAmounts(lines, method || 'pickup', options, promotions)
  // No method chosen while delivery would cost something: the total does not hold the fee yet.
  const deliveryPending =
    method === '' &&
    options.delivery.enabled !== false &&
    Object.keys(deliveryFeeFor('delivery', options, amounts.subtotals)).length > 0
  return { ...amounts, deliveryPending }
}
