/**
 * Issue 25: the options, variants, stock and status a product form sends, validated the same way
 * by the 'Variantes' tab and by the API (multipart: `options` and `variants` arrive as JSON text
 * and are parsed before these schemas run). Rules that need the product's images (a variant's
 * image index) are checked where the images are known: `variantIssues(…, imageCount)`.
 */
import { z } from 'zod'
import { LIMITS } from '../limits.public.js'
import { PRODUCT_MESSAGES } from '../messages.public.js'
import { VARIANT_MESSAGES } from '../owner-messages.js'
import { CURRENCY_CODES } from '../money.public.js'
import {
  parseCurrency,
  variantKey,
  type ProductOption,
  type VariantChoice,
} from '../variants.public.js'
import { PRODUCT_STATUSES } from './plan.js'
import { optionalText, priceTextSchema, queryBooleanSchema, requiredText } from './common.js'

/** 'UYU' | 'USD'; the old '$' / 'US$' spellings are still accepted and read as their code. */
export const currencyCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (parseCurrency(v) ?? v) : v),
  z.enum(CURRENCY_CODES, { error: VARIANT_MESSAGES.currencyInvalid }),
)

export const productStatusSchema = z.enum(PRODUCT_STATUSES, {
  error: VARIANT_MESSAGES.statusInvalid,
})

export const trackStockSchema = queryBooleanSchema

/**
 * Units in stock: a whole number ≥ 0 (text in multipart). Blank is "no units counted" (null), so
 * an update that sends the cleared input clears the stock; a part left out leaves it as it was.
 */
export const stockSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
  z
    .number({ error: VARIANT_MESSAGES.stockInvalid })
    .int(VARIANT_MESSAGES.stockInvalid)
    .min(0, VARIANT_MESSAGES.stockInvalid)
    .max(LIMITS.stockMax, VARIANT_MESSAGES.stockInvalid)
    .nullable(),
)

const optionValueSchema = requiredText(VARIANT_MESSAGES.optionValueRequired, LIMITS.optionValueMax)

export const productOptionSchema = z.object(
  {
    name: requiredText(VARIANT_MESSAGES.optionNameRequired, LIMITS.optionNameMax),
    values: z
      .array(optionValueSchema, { error: VARIANT_MESSAGES.optionsInvalid })
      .min(1, VARIANT_MESSAGES.optionValuesRequired)
      .max(LIMITS.optionValuesMax, VARIANT_MESSAGES.optionValuesMax)
      .refine(
        (values) => new Set(values.map((v) => v.toLowerCase())).size === values.length,
        VARIANT_MESSAGES.optionValueDuplicate,
      ),
  },
  { error: VARIANT_MESSAGES.optionsInvalid },
)

/** Up to 3 options with distinct names (ignoring case), each with 1–20 distinct values. */
export const productOptionsSchema = z
  .custom<unknown[]>((v) => Array.isArray(v), VARIANT_MESSAGES.optionsInvalid)
  .pipe(z.array(productOptionSchema, { error: VARIANT_MESSAGES.optionsInvalid }))
  .refine((options) => options.length <= LIMITS.productOptionsMax, VARIANT_MESSAGES.optionsMax)
  .refine(
    (options) => new Set(options.map((o) => o.name.toLowerCase())).size === options.length,
    VARIANT_MESSAGES.optionNameDuplicate,
  )
/**
 * Issue 41 §2: typed text is read by `parsePriceInput` as the product's price is (a comma used
 * to fail as "Las variantes enviadas no son válidas": `Number('1290,50')` is NaN). Blank: null.
 */
const variantPriceSchema = priceTextSchema(null).pipe(
  z
    .number({ error: VARIANT_MESSAGES.variantsInvalid })
    .finite(VARIANT_MESSAGES.variantsInvalid)
    .refine((v) => v > 0, PRODUCT_MESSAGES.priceMin)
    .refine((v) => v <= LIMITS.priceMax, PRODUCT_MESSAGES.priceMax)
    .transform((v) => Math.round(v * 100) / 100)
    .nullable(),
)

/** One variant as sent: its combination, and optionally price, code, stock and image index. */
export const productVariantInputSchema = z.object(
  {
    options: z.record(z.string(), z.string(), { error: VARIANT_MESSAGES.variantsInvalid }),
    /** null / absent: the product's price. */
    price: variantPriceSchema.optional(),
    code: optionalText(64),
    /** null / absent: no stock kept for this variant (only meaningful with trackStock). */
    stock: stockSchema.nullable().optional(),
    imageIndex: z
      .number({ error: VARIANT_MESSAGES.imageIndexInvalid })
      .int(VARIANT_MESSAGES.imageIndexInvalid)
      .min(0, VARIANT_MESSAGES.imageIndexInvalid)
      .nullable()
      .optional(),
  },
  { error: VARIANT_MESSAGES.variantsInvalid },
)
export type ProductVariantInput = z.input<typeof productVariantInputSchema>
export type ProductVariantValues = z.infer<typeof productVariantInputSchema>

export const productVariantsSchema = z
  .custom<unknown[]>((v) => Array.isArray(v), VARIANT_MESSAGES.variantsInvalid)
  .refine((v) => v.length <= LIMITS.variantsMax, VARIANT_MESSAGES.variantsMax)
  .pipe(z.array(productVariantInputSchema, { error: VARIANT_MESSAGES.variantsInvalid }))

export interface VariantIssue {
  /** 'options', or 'variants' with the variant's position. */
  path: (string | number)[]
  message: string
}

/**
 * The rules across options and variants: every variant names exactly one value of every option,
 * no combination twice, no code twice, image indexes within the product's images
 * (`imageCount`: main image + extra ones; omit it where the images are not known yet).
 */
export function variantIssues(
  options: readonly ProductOption[],
  variants: readonly { options: VariantChoice; code?: string | null; imageIndex?: number | null }[],
  imageCount?: number,
): VariantIssue[] {
  const issues: VariantIssue[] = []
  if (variants.length > 0 && options.length === 0) {
    return [{ path: ['variants'], message: VARIANT_MESSAGES.variantsWithoutOptions }]
  }
  if (variants.length > LIMITS.variantsMax) {
    return [{ path: ['variants'], message: VARIANT_MESSAGES.variantsMax }]
  }
  const keys = new Set<string>()
  const codes = new Set<string>()
  variants.forEach((variant, index) => {
    const names = Object.keys(variant.options)
    const matches =
      names.length === options.length &&
      options.every((o) => o.values.includes(variant.options[o.name] ?? '\u0000'))
    if (!matches) {
      issues.push({ path: ['variants', index], message: VARIANT_MESSAGES.variantOptionsMismatch })
      return
    }
    const key = variantKey(options, variant.options)
    if (keys.has(key)) {
      issues.push({ path: ['variants', index], message: VARIANT_MESSAGES.variantDuplicate })
    }
    keys.add(key)
    const code = variant.code?.trim().toLowerCase()
    if (code) {
      if (codes.has(code)) {
        issues.push({ path: ['variants', index], message: VARIANT_MESSAGES.variantCodeDuplicate })
      }
      codes.add(code)
    }
    if (
      imageCount !== undefined &&
      variant.imageIndex !== null &&
      variant.imageIndex !== undefined &&
      variant.imageIndex >= imageCount
    ) {
      issues.push({ path: ['variants', index], message: VARIANT_MESSAGES.imageIndexInvalid })
    }
  })
  return issues
}

// ---------------------------------------------------------------------------------------------
// Replies

/**
 * A variant as replies carry it. `stock` only in the owner's replies; public replies carry
 * `available` and `lowStock` (1…5 units left, else null) instead.
 */
export const productVariantSchema = z.object({
  _id: z.uuid(),
  options: z.record(z.string(), z.string()),
  /** The variant's own price, or the product's. */
  price: z.number(),
  /** price with the product's discount (discountedPrice). */
  finalPrice: z.number(),
  code: z.string().nullable(),
  stock: z.number().int().nullable().optional(),
  available: z.boolean(),
  lowStock: z.number().int().nullable(),
  imageIndex: z.number().int().nullable(),
})
export type ProductVariant = z.infer<typeof productVariantSchema>

export const productOptionReplySchema = z.object({ name: z.string(), values: z.array(z.string()) })

/** The business's option values across its active products (the storefront's option filter). */
export const businessOptionsSchema = z.array(productOptionReplySchema)
export type BusinessOptions = z.infer<typeof businessOptionsSchema>

/**
 * Option filters of the product list: `option=Talle:M` (repeatable, at most one per option
 * name): products having an available variant with every named value.
 */
export const optionFilterSchema = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
  z
    .array(
      z
        .string({ error: VARIANT_MESSAGES.optionsInvalid })
        .max(LIMITS.optionNameMax + LIMITS.optionValueMax + 1, VARIANT_MESSAGES.optionsInvalid)
        .refine(
          (s) => s.indexOf(':') > 0 && s.indexOf(':') < s.length - 1,
          VARIANT_MESSAGES.optionsInvalid,
        )
        .transform((s) => {
          const at = s.indexOf(':')
          return { name: s.slice(0, at).trim(), value: s.slice(at + 1).trim() }
        }),
      { error: VARIANT_MESSAGES.optionsInvalid },
    )
    .max(LIMITS.productOptionsMax, VARIANT_MESSAGES.optionsInvalid)
    .optional(),
)
export type OptionFilter = { name: string; value: string }

/** The query-string form of option filters (the one mapping, used by the web's URL state). */
export function optionFilterParam(filter: OptionFilter): string {
  return `${filter.name}:${filter.value}`
}

// ---------------------------------------------------------------------------------------------
// The business's exchange rate and main currency

/** Pesos uruguayos per US dollar, up to 4 decimals (text in multipart). */
export const exchangeRateSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(',', '.'))) : v),
  z
    .number({ error: VARIANT_MESSAGES.exchangeRateInvalid })
    .finite(VARIANT_MESSAGES.exchangeRateInvalid)
    .min(LIMITS.exchangeRateMin, VARIANT_MESSAGES.exchangeRateInvalid)
    .max(LIMITS.exchangeRateMax, VARIANT_MESSAGES.exchangeRateInvalid)
    .transform((v) => Math.round(v * 10_000) / 10_000),
)

export const mainCurrencySchema = z.preprocess(
  (v) => (typeof v === 'string' ? (parseCurrency(v) ?? v) : v),
  z.enum(CURRENCY_CODES, { error: VARIANT_MESSAGES.mainCurrencyInvalid }),
)

/** What replies carry of a business's currencies. */
export const businessCurrencySchema = z.object({
  /** The currency price sorts and the price filter compare in. */
  mainCurrency: z.enum(CURRENCY_CODES),
  /** UYU per USD: the business's own, or the platform's default. */
  exchangeRate: z.number().positive(),
  /** When the owner set it (YYYY-MM-DD); null while the platform's default applies. */
  exchangeRateDate: z.string().nullable(),
})
export type BusinessCurrency = z.infer<typeof businessCurrencySchema>
