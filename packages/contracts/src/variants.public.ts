/**
 * Issue 25: options, variants, stock and prices in two currencies — the rules the API, the owner's
 * form and the storefront share. zod-free, so the storefront's picker and cards can use them
 * without loading a validation library on the first visit.
 *
 * A product may have up to 3 options ('Talle': S, M, L; 'Color': Azul, Negro), and up to 100
 * variants: combinations holding one value of every option. Each variant may override the price,
 * and has its own code, optional stock and optional image (an index into the product's images:
 * 0 the main image, 1… the extra ones).
 */
import { LIMITS } from './limits.public.js'
import { CURRENCY_CODES, CURRENCY_SYMBOLS, type CurrencyCode } from './money.public.js'

export interface ProductOption {
  name: string
  values: string[]
}

/** One value per option name: `{ Talle: 'M', Color: 'Azul' }`. */
export type VariantChoice = Record<string, string>

/** What the storefront needs of a variant to pick it (public replies carry at least this). */
export interface PickableVariant {
  options: VariantChoice
  available: boolean
}

/** A key equal for equal combinations whatever the property order, in the options' order. */
export function variantKey(options: readonly ProductOption[], choice: VariantChoice): string {
  return options.map((option) => choice[option.name] ?? '').join('\u001f')
}

/** Every combination of the options' values, in the order the owner gave them. */
export function combinations(options: readonly ProductOption[]): VariantChoice[] {
  let result: VariantChoice[] = [{}]
  for (const option of options) {
    const next: VariantChoice[] = []
    for (const partial of result) {
      for (const value of option.values) next.push({ ...partial, [option.name]: value })
    }
    result = next
  }
  return options.length === 0 ? [] : result
}

/** How many combinations the options make (before building them: the form warns above 100). */
export function combinationCount(options: readonly ProductOption[]): number {
  return options.length === 0 ? 0 : options.reduce((n, o) => n * o.values.length, 1)
}

/** 'M / Azul': the chosen values in the options' order. */
export function variantLabel(options: readonly ProductOption[], choice: VariantChoice): string {
  return options
    .map((option) => choice[option.name])
    .filter((value): value is string => Boolean(value))
    .join(' / ')
}

/** 'Buzo canguro (M / Azul)': how the cart, the order message and the order page name a line. */
export function nameWithVariant(name: string, label: string | null | undefined): string {
  return label ? `${name} (${label})` : name
}

/** Whether `choice` names one value of every option, each among that option's values. */
export function isCompleteChoice(
  options: readonly ProductOption[],
  choice: VariantChoice,
): boolean {
  return (
    options.length > 0 &&
    options.every((o) => {
      const value = choice[o.name]
      return value !== undefined && o.values.includes(value)
    }) &&
    Object.keys(choice).length === options.length
  )
}

/** The variant matching a complete choice, if any. */
export function findVariant<V extends PickableVariant>(
  options: readonly ProductOption[],
  variants: readonly V[],
  choice: VariantChoice,
): V | undefined {
  if (!isCompleteChoice(options, choice)) return undefined
  const key = variantKey(options, choice)
  return variants.find((v) => variantKey(options, v.options) === key)
}

/**
 * Whether `value` of `optionName` can still lead to an available variant, given the values
 * chosen for the other options (the picker shows the others but disables them).
 */
export function isValueAvailable(
  variants: readonly PickableVariant[],
  choice: VariantChoice,
  optionName: string,
  value: string,
): boolean {
  return variants.some(
    (v) =>
      v.available &&
      v.options[optionName] === value &&
      Object.entries(choice).every(
        ([name, chosen]) => name === optionName || v.options[name] === chosen,
      ),
  )
}

/** 'Quedan N' when 1…LIMITS.lowStockMax units remain; null otherwise (or when not tracked). */
export function lowStockOf(trackStock: boolean, stock: number | null | undefined): number | null {
  if (!trackStock || stock === null || stock === undefined) return null
  return stock > 0 && stock <= LIMITS.lowStockMax ? stock : null
}

/** Whether a product or variant can be ordered: not tracked, or at least one unit left. */
export function isInStock(trackStock: boolean, stock: number | null | undefined): boolean {
  return !trackStock || (stock ?? 0) > 0
}

/** Issue 41 §6: whether `quantity` units can be ordered — not tracked, or that many left. */
export function hasStockFor(
  trackStock: boolean,
  stock: number | null | undefined,
  quantity: number,
): boolean {
  return !trackStock || (stock ?? 0) >= quantity
}

/**
 * The most units of a product or variant a shopper may put in the cart: what is left when the
 * storefront knows it ('Quedan N', up to LIMITS.lowStockMax; larger stocks stay the owner's), and
 * never more than an order line takes (LIMITS.orderQuantityMax).
 */
export function maxOrderQuantity(lowStock: number | null | undefined): number {
  return lowStock && lowStock > 0
    ? Math.min(lowStock, LIMITS.orderQuantityMax)
    : LIMITS.orderQuantityMax
}

// ---------------------------------------------------------------------------------------------
// Two currencies

/** The ISO code of a stored or submitted currency: 'UYU' / 'USD' (also the old '$' / 'US$'). */
export function parseCurrency(value: string | null | undefined): CurrencyCode | undefined {
  const compact = (value ?? '').replace(/\s/g, '').toUpperCase()
  if ((CURRENCY_CODES as readonly string[]).includes(compact)) return compact as CurrencyCode
  if (compact === '$' || compact === '$U' || compact === 'UY$') return 'UYU'
  if (['US$', 'U$S', 'U$D', 'U$'].includes(compact)) return 'USD'
  return undefined
}

/** '$' or 'US$': how a price's currency is written beside it. */
export function currencySymbol(currency: string): string {
  return CURRENCY_SYMBOLS[parseCurrency(currency) ?? 'UYU']
}

/**
 * An amount in `from` expressed in `to`, with the business's rate (UYU per USD), to the cent.
 * Price sorts and the price filter compare prices converted this way to the business's main
 * currency; the cards keep each product's own currency.
 */
export function convertAmount(
  amount: number,
  from: CurrencyCode,
  to: CurrencyCode,
  uyuPerUsd: number,
): number {
  if (from === to) return amount
  const converted = from === 'USD' ? amount * uyuPerUsd : amount / uyuPerUsd
  return Math.round(converted * 100) / 100
}
