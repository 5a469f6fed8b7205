import { describe, expect, it } from 'vitest'
import { planPrices } from './plan-price'

describe('plan prices (SPEC §9)', () => {
  it("writes whole amounts as Intl.NumberFormat('es-UY') does, in the app's notation ($, US$)", () => {
    const intl = new Intl.NumberFormat('es-UY', { maximumFractionDigits: 0 })
    for (const amount of [0, 5, 12, 200, 999, 1000, 1290, 25_000, 1_234_567, 99.5, 10.4]) {
      expect(planPrices({ price: { uyu: amount, usd: amount } })).toEqual({
        uyu: `$ ${intl.format(amount)}`,
        usd: `US$ ${intl.format(amount)}`,
      })
    }
  })
})
