import { describe, expect, it } from 'vitest'
import {
  DEFAULT_FEATURES,
  featuresWithPayments,
  isPaymentFeature,
  VARIANT_MESSAGES,
  combinationCount,
  combinations,
  convertAmount,
  createProductSchema,
  currencySymbol,
  exchangeRateSchema,
  findVariant,
  isValueAvailable,
  lowStockOf,
  nameWithVariant,
  parseCurrency,
  productListQuerySchema,
  productOptionsSchema,
  productVariantsSchema,
  stockSchema,
  updateBusinessSchema,
  variantIssues,
  variantLabel,
} from '../src/index.js'

const talleColor = [
  { name: 'Talle', values: ['S', 'M', 'L'] },
  { name: 'Color', values: ['Azul', 'Negro'] },
]

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? [])
}

describe('combinations and labels', () => {
  it('builds every combination in the options’ order', () => {
    expect(combinationCount(talleColor)).toBe(6)
    expect(combinations(talleColor)).toEqual([
      { Talle: 'S', Color: 'Azul' },
      { Talle: 'S', Color: 'Negro' },
      { Talle: 'M', Color: 'Azul' },
      { Talle: 'M', Color: 'Negro' },
      { Talle: 'L', Color: 'Azul' },
      { Talle: 'L', Color: 'Negro' },
    ])
    expect(combinations([])).toEqual([])
  })
  it('names a line "Buzo canguro (M / Azul)" whatever the property order', () => {
    const label = variantLabel(talleColor, { Color: 'Azul', Talle: 'M' })
    expect(label).toBe('M / Azul')
    expect(nameWithVariant('Buzo canguro', label)).toBe('Buzo canguro (M / Azul)')
    expect(nameWithVariant('Buzo canguro', null)).toBe('Buzo canguro')
  })
  it('finds a variant only for a complete choice, and disables values with nothing available', () => {
    const variants = [
      { options: { Talle: 'S', Color: 'Azul' }, available: false },
      { options: { Talle: 'M', Color: 'Azul' }, available: true },
    ]
    expect(findVariant(talleColor, variants, { Talle: 'M' })).toBeUndefined()
    expect(findVariant(talleColor, variants, { Color: 'Azul', Talle: 'M' })).toBe(variants[1])
    expect(isValueAvailable(variants, { Color: 'Azul' }, 'Talle', 'S')).toBe(false)
    expect(isValueAvailable(variants, { Color: 'Azul' }, 'Talle', 'M')).toBe(true)
    expect(isValueAvailable(variants, { Talle: 'M' }, 'Color', 'Negro')).toBe(false)
  })
  it('says "Quedan N" only for 1 to 5 tracked units', () => {
    expect(lowStockOf(true, 3)).toBe(3)
    expect(lowStockOf(true, 6)).toBeNull()
    expect(lowStockOf(true, 0)).toBeNull()
    expect(lowStockOf(false, 2)).toBeNull()
    expect(VARIANT_MESSAGES.lowStock(3)).toBe('Quedan 3')
  })
})

describe('option and variant rules (Spanish messages)', () => {
  it('refuses duplicate option names and values, too many options or values', () => {
    expect(
      messages(
        productOptionsSchema.safeParse([
          { name: 'Talle', values: ['S'] },
          { name: 'talle', values: ['M'] },
        ]),
      ),
    ).toEqual([VARIANT_MESSAGES.optionNameDuplicate])
    expect(
      messages(productOptionsSchema.safeParse([{ name: 'Talle', values: ['S', 's'] }])),
    ).toEqual([VARIANT_MESSAGES.optionValueDuplicate])
    expect(messages(productOptionsSchema.safeParse([{ name: ' ', values: ['S'] }]))).toEqual([
      VARIANT_MESSAGES.optionNameRequired,
    ])
    expect(messages(productOptionsSchema.safeParse([{ name: 'Talle', values: [] }]))).toEqual([
      VARIANT_MESSAGES.optionValuesRequired,
    ])
    expect(messages(productOptionsSchema.safeParse([{ name: 'Talle', values: [''] }]))).toEqual([
      VARIANT_MESSAGES.optionValueRequired,
    ])
    const many = Array.from({ length: 21 }, (_, i) => `V${i}`)
    expect(messages(productOptionsSchema.safeParse([{ name: 'Talle', values: many }]))).toEqual([
      VARIANT_MESSAGES.optionValuesMax,
    ])
    const four = ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] }))
    expect(messages(productOptionsSchema.safeParse(four))).toEqual([VARIANT_MESSAGES.optionsMax])
    expect(messages(productOptionsSchema.safeParse('Talle'))).toEqual([
      VARIANT_MESSAGES.optionsInvalid,
    ])
  })
  it('refuses mismatched, duplicated and too many combinations, bad codes and images', () => {
    expect(variantIssues(talleColor, [{ options: { Talle: 'XL', Color: 'Azul' } }])).toEqual([
      { path: ['variants', 0], message: VARIANT_MESSAGES.variantOptionsMismatch },
    ])
    expect(variantIssues(talleColor, [{ options: { Talle: 'S' } }])[0]?.message).toBe(
      VARIANT_MESSAGES.variantOptionsMismatch,
    )
    expect(
      variantIssues(talleColor, [
        { options: { Talle: 'S', Color: 'Azul' } },
        { options: { Color: 'Azul', Talle: 'S' } },
      ]),
    ).toEqual([{ path: ['variants', 1], message: VARIANT_MESSAGES.variantDuplicate }])
    expect(
      variantIssues(talleColor, [
        { options: { Talle: 'S', Color: 'Azul' }, code: 'B-1' },
        { options: { Talle: 'M', Color: 'Azul' }, code: 'b-1' },
      ]),
    ).toEqual([{ path: ['variants', 1], message: VARIANT_MESSAGES.variantCodeDuplicate }])
    expect(
      variantIssues(talleColor, [{ options: { Talle: 'S', Color: 'Azul' }, imageIndex: 2 }], 2),
    ).toEqual([{ path: ['variants', 0], message: VARIANT_MESSAGES.imageIndexInvalid }])
    expect(variantIssues([], [{ options: {} }])).toEqual([
      { path: ['variants'], message: VARIANT_MESSAGES.variantsWithoutOptions },
    ])
    const tooMany = Array.from({ length: 101 }, () => ({ options: {} }))
    expect(messages(productVariantsSchema.safeParse(tooMany))).toEqual([
      VARIANT_MESSAGES.variantsMax,
    ])
  })
  it('refuses negative or fractional stock', () => {
    expect(messages(stockSchema.safeParse(-1))).toEqual([VARIANT_MESSAGES.stockInvalid])
    expect(messages(stockSchema.safeParse('2.5'))).toEqual([VARIANT_MESSAGES.stockInvalid])
    expect(stockSchema.parse('7')).toBe(7)
  })
  it('checks a product’s variants against its options on create', () => {
    const base = {
      businessId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      name: 'Buzo',
      description: 'Buzo canguro',
      price: '1200',
      category: 'Ropa',
    }
    const ok = createProductSchema.parse({
      ...base,
      options: talleColor,
      variants: [{ options: { Talle: 'M', Color: 'Azul' }, price: '1300', stock: '4' }],
      trackStock: 'true',
    })
    expect(ok.variants[0]).toMatchObject({ price: 1300, stock: 4 })
    expect(ok.trackStock).toBe(true)
    expect(
      messages(
        createProductSchema.safeParse({
          ...base,
          options: talleColor,
          variants: [{ options: { Talle: 'M', Color: 'Rojo' } }],
        }),
      ),
    ).toEqual([VARIANT_MESSAGES.variantOptionsMismatch])
    expect(messages(createProductSchema.safeParse({ ...base, currency: 'EUR' }))).toEqual([
      VARIANT_MESSAGES.currencyInvalid,
    ])
    expect(messages(createProductSchema.safeParse({ ...base, status: 'borrado' }))).toEqual([
      VARIANT_MESSAGES.statusInvalid,
    ])
  })
})

describe('two currencies', () => {
  it('reads ISO codes and the old symbols, and writes the symbols', () => {
    expect(parseCurrency('US$')).toBe('USD')
    expect(parseCurrency('$')).toBe('UYU')
    expect(parseCurrency('usd')).toBe('USD')
    expect(parseCurrency('EUR')).toBeUndefined()
    expect(currencySymbol('USD')).toBe('US$')
    expect(currencySymbol('UYU')).toBe('$')
  })
  it('converts to the main currency with the business’s rate, to the cent', () => {
    expect(convertAmount(224, 'USD', 'UYU', 40.5)).toBe(9072)
    expect(convertAmount(450, 'UYU', 'USD', 40)).toBe(11.25)
    expect(convertAmount(450, 'UYU', 'UYU', 40)).toBe(450)
  })
  it('validates the exchange rate with a Spanish message; null restores the default', () => {
    expect(exchangeRateSchema.parse('39,85')).toBe(39.85)
    expect(messages(exchangeRateSchema.safeParse('0'))).toEqual([
      VARIANT_MESSAGES.exchangeRateInvalid,
    ])
    expect(messages(exchangeRateSchema.safeParse('cuarenta'))).toEqual([
      VARIANT_MESSAGES.exchangeRateInvalid,
    ])
    expect(updateBusinessSchema.parse({ exchangeRate: null })).toEqual({ exchangeRate: null })
    expect(messages(updateBusinessSchema.safeParse({ mainCurrency: 'EUR' }))).toEqual([
      VARIANT_MESSAGES.mainCurrencyInvalid,
    ])
  })
  it('parses option filters of the product list', () => {
    expect(productListQuerySchema.parse({ option: 'Talle:M' }).option).toEqual([
      { name: 'Talle', value: 'M' },
    ])
    expect(productListQuerySchema.parse({ option: ['Talle:M', 'Color: Azul'] }).option).toEqual([
      { name: 'Talle', value: 'M' },
      { name: 'Color', value: 'Azul' },
    ])
    expect(messages(productListQuerySchema.safeParse({ option: 'Talle' }))).toEqual([
      VARIANT_MESSAGES.optionsInvalid,
    ])
  })
})

describe('payment features follow the payment methods (issue 41)', () => {
  it('sets Mercado Pago and card payment from the methods, keeping the other features', () => {
    const features = { ...DEFAULT_FEATURES, physical_store: true, mercadopago: true }
    expect(featuresWithPayments(features, [{ type: 'efectivo' }, { type: 'tarjeta' }])).toEqual({
      ...DEFAULT_FEATURES,
      physical_store: true,
      card_payment: true,
      mercadopago: false,
    })
    expect(featuresWithPayments(DEFAULT_FEATURES, [{ type: 'mercadopago' }])).toMatchObject({
      mercadopago: true,
      card_payment: false,
    })
    expect(isPaymentFeature('mercadopago')).toBe(true)
    expect(isPaymentFeature('physical_store')).toBe(false)
  })
})
