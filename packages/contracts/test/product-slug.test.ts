import { describe, expect, it } from 'vitest'
import {
  PRODUCT_SLUG_MESSAGES,
  createProductSchema,
  isIdShaped,
  numberedSlug,
  productSlug,
  productSlugIssue,
  updateProductSchema,
} from '../src/index.js'

describe('productSlug (issue 27 §3)', () => {
  it('folds accents, ñ and case, and joins words with one hyphen', () => {
    expect(productSlug('Café con Leche')).toBe('cafe-con-leche')
    expect(productSlug('Ñandú de peluche')).toBe('nandu-de-peluche')
    expect(productSlug('  ¡Oferta!  Zapatillas   50% off ')).toBe('oferta-zapatillas-50-off')
    expect(productSlug('Straße')).toBe('strasse')
  })

  it('falls back to "producto" and never takes the shape of an id', () => {
    expect(productSlug('🎉🎁')).toBe('producto')
    expect(productSlug('***')).toBe('producto')
    expect(productSlug('0b7c2f1e-1234-4abc-8def-0123456789ab')).toBe(
      '0b7c2f1e-1234-4abc-8def-0123456789ab-producto',
    )
    expect(isIdShaped('0b7c2f1e-1234-4abc-8def-0123456789ab')).toBe(true)
    expect(isIdShaped('cafe-con-leche')).toBe(false)
  })

  it('keeps at most 80 characters, also numbered', () => {
    const long = productSlug('Mate de calabaza '.repeat(10))
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long).not.toMatch(/-$/)
    const numbered = numberedSlug(long, 12)
    expect(numbered.length).toBeLessThanOrEqual(80)
    expect(numbered).toMatch(/-12$/)
    expect(numberedSlug('cafe', 2)).toBe('cafe-2')
  })

  it('explains in Spanish what is wrong with a typed address', () => {
    expect(productSlugIssue('cafe-con-leche')).toBeUndefined()
    expect(productSlugIssue('')).toBe(PRODUCT_SLUG_MESSAGES.required)
    expect(productSlugIssue('a'.repeat(81))).toBe(PRODUCT_SLUG_MESSAGES.tooLong)
    for (const bad of ['Cafe', 'café', 'cafe--leche', '-cafe', 'cafe-', 'cafe leche', 'a_b']) {
      expect(productSlugIssue(bad), bad).toBe(PRODUCT_SLUG_MESSAGES.invalid)
    }
    expect(productSlugIssue('0b7c2f1e-1234-4abc-8def-0123456789ab')).toBe(
      PRODUCT_SLUG_MESSAGES.idShaped,
    )
    expect(PRODUCT_SLUG_MESSAGES.taken).toBe('Otro producto de tu negocio ya usa esta dirección')
  })

  it('is an optional field of the product bodies, trimmed, with regenerateSlug on update', () => {
    const update = updateProductSchema.safeParse({ slug: ' cafe-molido ', regenerateSlug: 'true' })
    expect(update.success && update.data).toMatchObject({
      slug: 'cafe-molido',
      regenerateSlug: true,
    })
    const bad = updateProductSchema.safeParse({ slug: 'Café Molido' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['slug'],
      message: PRODUCT_SLUG_MESSAGES.invalid,
    })
    const created = createProductSchema.safeParse({
      businessId: '0b7c2f1e-1234-4abc-8def-0123456789ab',
      name: 'Café',
      description: 'Rico',
      price: '100',
      category: 'Bebidas',
    })
    expect(created.success && created.data.slug).toBeUndefined()
  })
})
