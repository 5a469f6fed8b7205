/**
 * SPEC §9: discounted price = price − price × discount / 100, to the cent. Computed in whole
 * cents and rounded half up, exactly as the database's `round(price * (100 - discount) / 100, 2)`
 * (products.final_price), so a preview never differs from the saved price: in floating point
 * 10.15 at 50 % gives 5.07, the database 5.08.
 */
export function discountedPrice(price: number, discount: number | null | undefined): number {
  return discountedCents(price, discount) / 100
}

/**
 * The discounted unit price in whole cents — the one rounding rule shared by the storefront, the
 * database's final_price and orders (issue 24: totals are summed in cents, never in floats).
 */
export function discountedCents(price: number, discount: number | null | undefined): number {
  const pct = discount && discount > 0 ? Math.min(Math.trunc(discount), 100) : 0
  // Prices have at most two decimals (SPEC §5), so this is the exact number of cents.
  const cents = Math.round(price * 100)
  // An exact integer: the final price in hundredths of a cent.
  const scaled = cents * (100 - pct)
  return Math.floor((scaled + 50) / 100)
}

/** The amount saved ('Ahorras {amount}'), rounded to cents. */
export function savedAmount(price: number, discount: number | null | undefined): number {
  return Math.round((price - discountedPrice(price, discount)) * 100) / 100
}

/** SPEC §9: the discount badge shows only when isOffer is true and discount > 0. */
export function hasDiscountBadge(product: { isOffer: boolean; discount?: number | null }): boolean {
  return product.isOffer && (product.discount ?? 0) > 0
}

/**
 * '$ 1.234,50' style with the product currency and exactly 2 decimals (SPEC §2.8, §9): es-UY
 * grouping ('.') and decimal comma, as Intl.NumberFormat('es-UY') writes it. Written out by hand
 * because creating the first NumberFormat loads the locale's data, which cost a throttled phone
 * ~75 ms in the product list's first render.
 */
export function formatPrice(amount: number, currency = '$'): string {
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : ''
  // Whole amounts (most prices) need no rounding: the digits, grouped, and ',00'.
  if (Number.isSafeInteger(amount))
    return `${currency} ${sign}${group(String(Math.abs(amount)))},00`
  const shortest = String(Math.abs(amount))
  if (!/^\d+(\.\d+)?$/.test(shortest)) return `${currency} ${intlPrice(amount)}` // 1e21, 1e-7
  // Like ICU: the shortest decimal form of the number, rounded half away from zero.
  const [whole = '0', fraction = ''] = shortest.split('.')
  let cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'))
  if ((fraction[2] ?? '0') >= '5') cents += 1n
  const digits = String(cents).padStart(3, '0')
  return `${currency} ${sign}${group(digits.slice(0, -2))},${digits.slice(-2)}`
}

/** Digits with es-UY grouping: '1234567' → '1.234.567'. */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/**
 * A whole amount with its currency, '$ 1.290' / 'US$ 5' (plan prices): formatPrice's notation
 * without cents — one notation across the app (issue 41: 'UYU 600' and '$U 200' also existed).
 */
export function formatWholePrice(amount: number, currency = '$'): string {
  const sign = amount < 0 ? '-' : ''
  return `${currency} ${sign}${group(String(Math.round(Math.abs(amount))))}`
}

function intlPrice(amount: number): string {
  return new Intl.NumberFormat('es-UY', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount)
}
