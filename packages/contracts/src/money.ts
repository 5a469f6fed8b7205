/**
 * Issue 24: money in orders is exact. Amounts are kept in integer cents from the moment a price
 * is read until a total is written; only replies turn cents back into the decimal numbers the
 * rest of the API uses (`fromCents`). UYU and USD are never added together: every total is per
 * currency.
 */
export const CURRENCY_CODES = ['UYU', 'USD'] as const
export type CurrencyCode = (typeof CURRENCY_CODES)[number]

/** How each currency is written next to a price (SPEC §2.8: '$ 1.234,50', 'US$ 15,00'). */
export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = { UYU: '$', USD: 'US$' }

/**
 * The currency a product's price is in, from its free-text currency ('$', 'US$', …): the
 * spellings of the US dollar are USD, anything else is Uruguayan pesos (the product default).
 */
export function currencyCode(currency: string | null | undefined): CurrencyCode {
  const compact = (currency ?? '').replace(/\s/g, '').toUpperCase()
  return ['US$', 'USD', 'U$S', 'U$D', 'U$'].includes(compact) ? 'USD' : 'UYU'
}

/** A price with at most two decimals (SPEC §5) as whole cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100)
}

/** Cents back to the decimal number replies carry (exact to the cent when formatted). */
export function fromCents(cents: number): number {
  return cents / 100
}

/** Amounts per currency, only the currencies present: `{ UYU: 129000, USD: 1500 }`. */
export type CurrencyAmounts = Partial<Record<CurrencyCode, number>>

/** Adds `cents` in `currency` to a per-currency sum (returns a new object). */
export function addAmount(
  amounts: CurrencyAmounts,
  currency: CurrencyCode,
  cents: number,
): CurrencyAmounts {
  return { ...amounts, [currency]: (amounts[currency] ?? 0) + cents }
}

/** Per-currency cents → per-currency decimal numbers, for replies. */
export function amountsFromCents(amounts: CurrencyAmounts): CurrencyAmounts {
  const out: CurrencyAmounts = {}
  for (const code of CURRENCY_CODES) {
    const cents = amounts[code]
    if (cents !== undefined) out[code] = fromCents(cents)
  }
  return out
}
