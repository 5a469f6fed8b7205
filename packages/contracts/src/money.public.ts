import { formatPrice } from './pricing.public.js'

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

/**
 * Issue 41 §2: the Spanish messages of a price typed by hand (the product's Precio, a variant's
 * price, a bulk amount, the delivery costs). See `parsePriceInput` for the rule.
 */
export const PRICE_INPUT_MESSAGES = {
  invalid: 'Escribe el precio solo con números, por ejemplo 1290,50 o 1.290,50',
  decimals: 'Un precio tiene como máximo dos decimales (los centavos), por ejemplo 1.290,50',
  ambiguous:
    'No queda claro si es un precio con miles o con centavos. Usa la coma para los centavos: 1290,50 o 1.290,50',
  placeholder: '0,00',
} as const

export type PriceInputResult = { ok: true; cents: number } | { ok: false; message: string }

const GROUPED = (separator: '.' | ',') => new RegExp(`^[1-9]\\d{0,2}(\\${separator}\\d{3})+$`)

/**
 * Issue 41 §2 (docs/decisions/031-price-input.md): a price typed by hand, the Uruguayan way or
 * the computer's, as whole cents. One rule for every price input of the web and for prices the
 * API receives as text:
 *
 * - digits, at most one decimal separator with one or two digits after it, and optionally
 *   thousands separators in groups of three: `1290,50` = `1.290,50` = `1290.50` = `1,290.50`
 *   = `1290,5` → 129050; a leading `-` gives a negative amount (the schemas refuse it);
 * - with both `.` and `,` the last one is the decimal separator and the other one groups
 *   thousands (`1.290,50`, `1,290.50`); the groups must be exact (`1.29,50` is refused);
 * - a lone `,` is always the decimal comma (es-UY): `1,5` → 1,50. Followed by exactly three
 *   digits (`1,290`) it is ambiguous — the English thousands or a mistyped decimal — and is
 *   refused; more commas (`1,2,3`, `1,290,000`) are refused;
 * - a lone `.` followed by one or two digits is a decimal point (`1290.50`, as a `type=number`
 *   input and spreadsheets write it); followed by exactly three digits it groups thousands, as in
 *   es-UY (`1.290` → 1290, `1.290.000` → 1290000: a price never has three decimals); a first
 *   group starting with 0 (`0.500`) or uneven groups (`12.34.5`) are refused;
 * - three or more decimals (`12,345` aside, which is the ambiguous case) are refused;
 * - anything else (letters, spaces inside, `1290,`, `,50`, `$`) is refused.
 *
 * Blank text is the caller's business (it means "not given" in most forms).
 */
export function parsePriceInput(text: string): PriceInputResult {
  const trimmed = text.trim()
  const negative = trimmed.startsWith('-')
  const body = negative ? trimmed.slice(1) : trimmed
  const fail = (message: string): PriceInputResult => ({ ok: false, message })
  if (!/^\d[\d.,]*$/.test(body) || !/\d$/.test(body)) return fail(PRICE_INPUT_MESSAGES.invalid)
  if (/[.,][.,]/.test(body)) return fail(PRICE_INPUT_MESSAGES.invalid)

  const commas = body.split(',').length - 1
  const dots = body.split('.').length - 1
  let whole: string
  let fraction = ''
  if (commas > 0 && dots > 0) {
    const decimal = body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.'
    const thousands = decimal === ',' ? '.' : ','
    const at = body.lastIndexOf(decimal)
    if (body.indexOf(decimal) !== at) return fail(PRICE_INPUT_MESSAGES.invalid)
    const grouped = body.slice(0, at)
    fraction = body.slice(at + 1)
    if (!GROUPED(thousands).test(grouped)) return fail(PRICE_INPUT_MESSAGES.invalid)
    whole = grouped.split(thousands).join('')
  } else if (commas > 0) {
    if (commas > 1) return fail(PRICE_INPUT_MESSAGES.invalid)
    ;[whole = '', fraction = ''] = body.split(',')
    if (fraction.length === 3) return fail(PRICE_INPUT_MESSAGES.ambiguous)
  } else if (dots === 1 && body.length - body.indexOf('.') - 1 <= 2) {
    ;[whole = '', fraction = ''] = body.split('.')
  } else if (dots > 0) {
    if (!GROUPED('.').test(body)) {
      const last = body.slice(body.lastIndexOf('.') + 1)
      if (dots === 1 && last.length === 3) return fail(PRICE_INPUT_MESSAGES.ambiguous)
      return fail(dots === 1 ? PRICE_INPUT_MESSAGES.decimals : PRICE_INPUT_MESSAGES.invalid)
    }
    whole = body.split('.').join('')
  } else {
    whole = body
  }
  if (fraction.length > 2) return fail(PRICE_INPUT_MESSAGES.decimals)
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return fail(PRICE_INPUT_MESSAGES.invalid)
  return { ok: true, cents: negative && cents !== 0 ? -cents : cents }
}

/**
 * A price as a price input shows it back: es-UY grouping and decimal comma, always two decimals
 * (`1290.5` → `1.290,50`); `parsePriceInput` reads it back to the same cents.
 */
export function formatPriceInput(amount: number): string {
  // formatPrice's digits (rounded as ICU rounds), without the currency.
  return formatPrice(amount, '').trimStart()
}
