/**
 * The server's price of an order (issue 24 §2): every amount recomputed from the products in
 * integer cents — the shopper's prices are never read — and kept per currency.
 */
import {
  currencyCode,
  discountedCents,
  orderAmounts,
  toCents,
  type AppliedPromotions,
  type CurrencyAmounts,
  type DiscountLine,
  type DeliveryPricing,
} from '@vitrina/contracts'
import type { ProductRow, StoredOrderItem } from '../../db/schema/index.js'

export interface PricedOrder {
  items: StoredOrderItem[]
  subtotals: CurrencyAmounts
  deliveryFee: CurrencyAmounts
  totals: CurrencyAmounts
  /** Issue 45: the discount lines (promotions and coupon), when any were looked for. */
  discounts?: DiscountLine[]
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
 * The order's amounts: contracts' orderAmounts, the rule the checkout shows (issue 41 §1), with
 * the delivery choice resolved by contracts' resolveDelivery (issue 44: its method and pricing).
 */
export function priceOrder(
  items: StoredOrderItem[],
  method: 'pickup' | 'delivery',
  options: DeliveryPricing,
  promotions?: AppliedPromotions,
): PricedOrder {
  return { items, ...orderAmounts(items, method, options, promotions) }
}
