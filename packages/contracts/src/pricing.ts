/**
 * SPEC §9: discounted price = price − price × discount / 100, to the cent. Computed in whole
 * cents and rounded half up, exactly as the database's `round(price * (100 - discount) / 100, 2)`
 * (products.final_price), so a preview never differs from the saved price: in floating point
 * 10.15 at 50 % gives 5.07, the database 5.08.
 */
export function discountedPrice(price: number, discount: number | null | undefined): number {
  const pct = discount && discount > 0 ? Math.min(Math.trunc(discount), 100) : 0
  // Prices have at most two decimals (SPEC §5), so this is the exact number of cents.
  const cents = Math.round(price * 100)
  // An exact integer: the final price in hundredths of a cent.
  const scaled = cents * (100 - pct)
  return Math.floor((scaled + 50) / 100) / 100
}

/** The amount saved ('Ahorras {amount}'), rounded to cents. */
export function savedAmount(price: number, discount: number | null | undefined): number {
  return Math.round((price - discountedPrice(price, discount)) * 100) / 100
}

/** SPEC §9: the discount badge shows only when isOffer is true and discount > 0. */
export function hasDiscountBadge(product: { isOffer: boolean; discount?: number | null }): boolean {
  return product.isOffer && (product.discount ?? 0) > 0
}

// Built once, on first use: creating an Intl.NumberFormat costs far more than formatting (a
// product list formats dozens of prices in its first render).
let priceFormat: Intl.NumberFormat | undefined

/** '$ 1.234,50' style with the product currency and exactly 2 decimals (SPEC §2.8, §9). */
export function formatPrice(amount: number, currency = '$'): string {
  priceFormat ??= new Intl.NumberFormat('es-UY', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  return `${currency} ${priceFormat.format(amount)}`
}
