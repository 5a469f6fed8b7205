/**
 * Issue 41 §2: one reading of a price typed by hand, for the product, variant and bulk price
 * inputs and for the API's multipart prices (docs/decisions/031-price-input.md).
 */
import { describe, expect, it } from 'vitest'
import {
  PRICE_INPUT_MESSAGES,
  PRODUCT_MESSAGES,
  VARIANT_MESSAGES,
  createProductSchema,
  formatPriceInput,
  parsePriceInput,
  priceSchema,
  productVariantInputSchema,
} from '../src/index.js'

const cents = (text: string) => {
  const result = parsePriceInput(text)
  return result.ok ? result.cents : result.message
}

describe('parsePriceInput', () => {
  it.each([
    // The issue's three spellings of the same price
    ['1290,50', 129050],
    ['1.290,50', 129050],
    ['1290.50', 129050],
    // One decimal is tenths; whole numbers; spaces around
    ['1290,5', 129050],
    ['1290.5', 129050],
    ['1290', 129000],
    ['  1290,50 ', 129050],
    ['0,50', 50],
    ['0.05', 5],
    ['7', 700],
    ['007', 700],
    // Thousands: the dot groups them in es-UY (a price never has three decimals)
    ['1.290', 129000],
    ['12.345', 1234500],
    ['1.290.000', 129000000],
    ['1.290.000,99', 129000099],
    // The computer's way, when a decimal point follows the commas
    ['1,290.50', 129050],
    ['1,290,000.5', 129000050],
    // A sign is read; the schemas refuse a negative price
    ['-5', -500],
    ['-1.290,50', -129050],
    ['0', 0],
  ])('%j → %d cents', (text, expected) => {
    expect(cents(text)).toBe(expected)
  })

  it.each([
    // Ambiguous: a lone comma followed by three digits (English thousands or a mistyped decimal)
    ['1,290', PRICE_INPUT_MESSAGES.ambiguous],
    ['12,345', PRICE_INPUT_MESSAGES.ambiguous],
    // …and a lone point with three digits that are no thousands group
    ['0.500', PRICE_INPUT_MESSAGES.ambiguous],
    ['1290.500', PRICE_INPUT_MESSAGES.ambiguous],
    // More than two decimals
    ['1290,505', PRICE_INPUT_MESSAGES.ambiguous],
    ['1290,5055', PRICE_INPUT_MESSAGES.decimals],
    ['1.2345', PRICE_INPUT_MESSAGES.decimals],
    ['1.290,505', PRICE_INPUT_MESSAGES.decimals],
    // Malformed
    ['1,2,3', PRICE_INPUT_MESSAGES.invalid],
    ['1,290,000', PRICE_INPUT_MESSAGES.invalid],
    ['12.34.5', PRICE_INPUT_MESSAGES.invalid],
    ['1.29,50', PRICE_INPUT_MESSAGES.invalid],
    ['12.3456,00', PRICE_INPUT_MESSAGES.invalid],
    ['0.290,50', PRICE_INPUT_MESSAGES.invalid],
    ['1.290,50,3', PRICE_INPUT_MESSAGES.invalid],
    ['1,290.50.3', PRICE_INPUT_MESSAGES.invalid],
    ['1..290', PRICE_INPUT_MESSAGES.invalid],
    ['1.,5', PRICE_INPUT_MESSAGES.invalid],
    ['1290,', PRICE_INPUT_MESSAGES.invalid],
    ['1290.', PRICE_INPUT_MESSAGES.invalid],
    [',50', PRICE_INPUT_MESSAGES.invalid],
    ['.5', PRICE_INPUT_MESSAGES.invalid],
    ['doce', PRICE_INPUT_MESSAGES.invalid],
    ['12a', PRICE_INPUT_MESSAGES.invalid],
    ['1e3', PRICE_INPUT_MESSAGES.invalid],
    ['$ 1290', PRICE_INPUT_MESSAGES.invalid],
    ['1 290', PRICE_INPUT_MESSAGES.invalid],
    ['+5', PRICE_INPUT_MESSAGES.invalid],
    ['--5', PRICE_INPUT_MESSAGES.invalid],
    ['-', PRICE_INPUT_MESSAGES.invalid],
    ['', PRICE_INPUT_MESSAGES.invalid],
    ['Infinity', PRICE_INPUT_MESSAGES.invalid],
    ['0x10', PRICE_INPUT_MESSAGES.invalid],
    ['9'.repeat(20), PRICE_INPUT_MESSAGES.invalid],
  ])('refuses %j with its reason', (text, message) => {
    expect(cents(text)).toBe(message)
  })

  it('reads back every price it shows, to the same cents', () => {
    for (const amount of [0.01, 0.5, 1, 9.99, 10.15, 999, 1000, 1290.5, 12345.67, 1234567.89]) {
      const shown = formatPriceInput(amount)
      expect(cents(shown)).toBe(Math.round(amount * 100))
    }
  })
})

describe('formatPriceInput (the Uruguayan way)', () => {
  it.each([
    [1290.5, '1.290,50'],
    [129050 / 100, '1.290,50'],
    [1290, '1.290,00'],
    [0.5, '0,50'],
    [7, '7,00'],
    [1234567.891, '1.234.567,89'],
    [10.155, '10,16'],
    [-3.5, '-3,50'],
  ])('%d → %j', (amount, expected) => {
    expect(formatPriceInput(amount)).toBe(expected)
  })
})

describe('the schemas read prices with it', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? [] : r.error!.issues.map((i) => i.message)

  it('takes the three spellings of the product price as one', () => {
    for (const text of ['1290,50', '1.290,50', '1290.50']) {
      expect(priceSchema.parse(text)).toBe(1290.5)
    }
    expect(priceSchema.parse(1290.5)).toBe(1290.5)
  })

  it('refuses an ambiguous or malformed product price with its reason, never as another number', () => {
    expect(messages(priceSchema.safeParse('1,290'))).toEqual([PRICE_INPUT_MESSAGES.ambiguous])
    expect(messages(priceSchema.safeParse('12.34.5'))).toEqual([PRICE_INPUT_MESSAGES.invalid])
    expect(messages(priceSchema.safeParse('-1290,50'))).toEqual([PRODUCT_MESSAGES.priceMin])
    expect(messages(priceSchema.safeParse(''))).toEqual([PRODUCT_MESSAGES.priceMin])
  })

  it('reads a multipart price with a comma as the API receives it', () => {
    const parsed = createProductSchema.safeParse({
      name: 'Taza',
      description: 'De cerámica',
      price: '1.290,50',
      businessId: '4f8a1c52-3e1b-4c34-9f0e-1a2b3c4d5e6f',
      category: 'Cocina',
    })
    expect(parsed.success && parsed.data.price).toBe(1290.5)
  })

  it('takes a variant price with a comma (it was "Las variantes enviadas no son válidas")', () => {
    const variant = (price: unknown) =>
      productVariantInputSchema.safeParse({ options: { Talle: 'M' }, price })
    expect(variant('1290,50')).toMatchObject({ success: true, data: { price: 1290.5 } })
    expect(variant('1.290,50')).toMatchObject({ success: true, data: { price: 1290.5 } })
    expect(variant('')).toMatchObject({ success: true, data: { price: null } })
    expect(messages(variant('1,2,3'))).toEqual([PRICE_INPUT_MESSAGES.invalid])
    expect(messages(variant('1,290'))).toEqual([PRICE_INPUT_MESSAGES.ambiguous])
    expect(messages(variant('0'))).toEqual([PRODUCT_MESSAGES.priceMin])
    expect(messages(variant({}))).toEqual([VARIANT_MESSAGES.variantsInvalid])
  })
})
