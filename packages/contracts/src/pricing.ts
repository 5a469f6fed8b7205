/** SPEC §9: discounted price = price − price × discount / 100, shown with 2 decimals. */
export function discountedPrice(price: number, discount: number | null | undefined): number {
  const pct = discount && discount > 0 ? Math.min(discount, 100) : 0
  return Math.round((price - (price * pct) / 100) * 100) / 100
}

/** The amount saved ('Ahorras {amount}'), rounded to cents. */
export function savedAmount(price: number, discount: number | null | undefined): number {
  return Math.round((price - discountedPrice(price, discount)) * 100) / 100
}

/** SPEC §9: the discount badge shows only when isOffer is true and discount > 0. */
export function hasDiscountBadge(product: { isOffer: boolean; discount?: number | null }): boolean {
  return product.isOffer && (product.discount ?? 0) > 0
}

/** '$ 1.234,50' style with the product currency and exactly 2 decimals (SPEC §2.8, §9). */
export function formatPrice(amount: number, currency = '$'): string {
  const formatted = new Intl.NumberFormat('es-UY', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount)
  return `${currency} ${formatted}`
}
