import { describe, expect, it } from 'vitest'
import { deliveryFeeCurrency, deliveryFeeFor, orderAmounts } from '../src/index.js'

const options = (fee: object, freeFrom?: object) => ({
  delivery: { enabled: true, fee, ...(freeFrom ? { freeFrom } : {}) },
})

describe("an order's amounts: one rule for the server and the checkout (issue 41 §1)", () => {
  it('adds the delivery fee to the subtotal of its currency', () => {
    const lines = [{ currency: 'UYU' as const, lineCents: 64895 }]
    expect(orderAmounts(lines, 'delivery', options({ UYU: 150 }, { UYU: 3000 }))).toEqual({
      subtotals: { UYU: 64895 },
      deliveryFee: { UYU: 15000 },
      totals: { UYU: 79895 },
    })
    expect(orderAmounts(lines, 'pickup', options({ UYU: 150 })).totals).toEqual({ UYU: 64895 })
  })

  it('waives the fee from the threshold in the same currency, and never adds currencies', () => {
    const lines = [
      { currency: 'UYU' as const, lineCents: 300000 },
      { currency: 'USD' as const, lineCents: 1500 },
    ]
    expect(orderAmounts(lines, 'delivery', options({ UYU: 150 }, { UYU: 3000 }))).toEqual({
      subtotals: { UYU: 300000, USD: 1500 },
      deliveryFee: {},
      totals: { UYU: 300000, USD: 1500 },
    })
  })

  it('charges pesos when the cart has pesos, else dollars', () => {
    const both = options({ UYU: 290, USD: 8 })
    expect(deliveryFeeCurrency(both, { UYU: 100 })).toBe('UYU')
    expect(deliveryFeeCurrency(both, { USD: 100 })).toBe('USD')
    expect(deliveryFeeFor('delivery', both, { USD: 100 })).toEqual({ USD: 800 })
    expect(deliveryFeeCurrency(options({}), { UYU: 100 })).toBeUndefined()
  })
})
