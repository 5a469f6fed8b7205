import { nameWithVariant, type CreatedOrder, type CurrencyCode } from '@vitrina/contracts'
import { trackPixel } from '../storefront-events'

/**
 * Issue 46 §3 (ADR 039): an order sent, as the owner's pixels' purchase — one per currency, since
 * UYU and USD are never added together, each worth the order's total in it; the order's code is
 * the transaction id (with the currency when the order has two). Nothing reaches a pixel unless
 * the shopper accepted (lib/pixels/consent.ts).
 */
export function trackOrderPixels(
  businessId: string,
  order: Pick<CreatedOrder, 'code' | 'items' | 'totals'>,
): void {
  const currencies = (Object.keys(order.totals) as CurrencyCode[]).filter(
    (currency) => order.totals[currency] !== undefined,
  )
  for (const currency of currencies) {
    trackPixel(businessId, {
      type: 'purchase',
      code: currencies.length > 1 ? `${order.code}-${currency}` : order.code,
      currency,
      value: order.totals[currency] ?? 0,
      items: order.items
        .filter((item) => item.currency === currency)
        .map((item) => ({
          // The feeds' item id (contracts' feedItemId): the variant's, else the product's.
          id: item.variantId ?? item.productId,
          name: nameWithVariant(item.name, item.variantLabel),
          price: item.unitPrice,
          quantity: item.quantity,
        })),
    })
  }
}
