import { describe, expect, it } from 'vitest'
import { discountedPrice, formatPrice, hasDiscountBadge, savedAmount } from '../src/index.js'

describe('discountedPrice (SPEC §9)', () => {
  it.each([
    [100, 0, 100],
    [100, 10, 90],
    [1999.99, 15, 1699.99],
    [10, 33, 6.7],
    [49.9, null, 49.9],
    [49.9, undefined, 49.9],
    [80, -5, 80],
    // Half a cent rounds up, as PostgreSQL's round(numeric) (floating point gave 5.07 and 0.02).
    [10.15, 50, 5.08],
    [0.05, 50, 0.03],
    [1.01, 50, 0.51],
  ])('price %d with %s%% → %d', (price, discount, expected) => {
    expect(discountedPrice(price, discount)).toBe(expected)
  })

  it('reports the saved amount', () => {
    expect(savedAmount(1999.99, 15)).toBe(300)
    expect(savedAmount(100, 0)).toBe(0)
  })
})

describe('hasDiscountBadge', () => {
  it('needs both isOffer and a positive discount', () => {
    expect(hasDiscountBadge({ isOffer: true, discount: 10 })).toBe(true)
    expect(hasDiscountBadge({ isOffer: true, discount: 0 })).toBe(false)
    expect(hasDiscountBadge({ isOffer: false, discount: 10 })).toBe(false)
  })
})

describe('formatPrice', () => {
  it('shows the currency and two decimals', () => {
    expect(formatPrice(1234.5)).toBe('$ 1.234,50')
    expect(formatPrice(5, 'US$')).toBe('US$ 5,00')
  })

  it("writes every amount exactly as Intl.NumberFormat('es-UY') does", () => {
    const intl = new Intl.NumberFormat('es-UY', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    const amounts = [
      0,
      0.004,
      0.005,
      0.015,
      1.005,
      9.995,
      999.999,
      1000,
      1701,
      12345.678,
      1e6,
      1234567.891,
      -3.2,
      -0,
      -0.001,
      -1234.565,
      -1234567,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      2 ** 53 + 2,
    ]
    for (let cents = 0; cents < 200_000; cents += 7) amounts.push(cents / 100, cents / 100 + 0.005)
    for (const amount of amounts) expect(formatPrice(amount)).toBe(`$ ${intl.format(amount)}`)
  })
})
