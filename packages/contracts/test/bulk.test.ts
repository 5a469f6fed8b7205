import { describe, expect, it } from 'vitest'
import {
  BULK_MESSAGES,
  bulkRequestSchema,
  discountedCents,
  priceChangeCents,
  productMoveSchema,
  productOrderRequestSchema,
  productOrderSchema,
} from '../src/index.js'

const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const messageOf = (
  schema: {
    safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } }
  },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message

describe('bulk edit requests (issue 27 §2)', () => {
  it.each([
    [{ action: 'delete' }, BULK_MESSAGES.selectionRequired],
    [{ ids: [id], filter: {}, action: 'delete' }, BULK_MESSAGES.selectionRequired],
    [{ ids: ['x'], action: 'delete' }, BULK_MESSAGES.idsInvalid],
    [{ ids: Array(5001).fill(id), action: 'delete' }, BULK_MESSAGES.idsMax],
    [{ ids: [id], action: 'x' }, BULK_MESSAGES.actionInvalid],
    [{ ids: [id], action: 'price' }, BULK_MESSAGES.priceChangeRequired],
    [{ ids: [id], action: 'price', change: { percent: 1000.5 } }, BULK_MESSAGES.percentInvalid],
    [{ ids: [id], action: 'price', change: { amount: 0.001 } }, BULK_MESSAGES.amountInvalid],
    // Issue 41 §3: a magnitude and a direction; a signed value is refused
    [{ ids: [id], action: 'price', change: { percent: -5 } }, BULK_MESSAGES.valueSigned],
    [
      { ids: [id], action: 'price', change: { percent: -5, direction: 'raise' } },
      BULK_MESSAGES.valueSigned,
    ],
    [{ ids: [id], action: 'price', change: { amount: -1 } }, BULK_MESSAGES.valueSigned],
    [
      { ids: [id], action: 'price', change: { percent: 100, direction: 'lower' } },
      BULK_MESSAGES.percentInvalid,
    ],
    [
      { ids: [id], action: 'price', change: { percent: 5, direction: 'down' } },
      BULK_MESSAGES.directionInvalid,
    ],
    [{ ids: [id], action: 'flags' }, BULK_MESSAGES.flagsRequired],
    [{ ids: [id], action: 'flags', change: { isOffer: true } }, BULK_MESSAGES.discountRequired],
    [{ ids: [id], action: 'flags', change: { isFeatured: 'sí' } }, BULK_MESSAGES.flagsRequired],
    [{ ids: [id], action: 'category', change: { category: ' ' } }, BULK_MESSAGES.categoryRequired],
    [{ ids: [id], action: 'status', change: { status: 'x' } }, BULK_MESSAGES.statusRequired],
  ])('%j → %s', (body, message) => {
    expect(messageOf(bulkRequestSchema, body)).toBe(message)
  })

  it('accepts the contract’s example and a filter', () => {
    expect(
      bulkRequestSchema.parse({ ids: [id], action: 'price', change: { percent: 10 } }),
    ).toMatchObject({
      change: { percent: 10 },
    })
    expect(
      bulkRequestSchema.parse({ filter: { category: 'Ropa' }, action: 'delete' }).filter,
    ).toMatchObject({
      category: 'Ropa',
    })
  })

  it('orders and moves', () => {
    expect(messageOf(productOrderRequestSchema, { ids: [id, id] })).toBe(
      BULK_MESSAGES.orderIdsInvalid,
    )
    expect(messageOf(productMoveSchema, { to: 'x' })).toBe(BULK_MESSAGES.moveInvalid)
    expect(messageOf(productOrderSchema, 'x')).toBe(BULK_MESSAGES.productOrderInvalid)
  })

  it('says what a price change will do', () => {
    expect(BULK_MESSAGES.priceSummary(23, false, BULK_MESSAGES.priceSummaryPercent('5'))).toBe(
      '23 productos subirán un 5 %',
    )
    expect(BULK_MESSAGES.priceSummary(23, true, BULK_MESSAGES.priceSummaryPercent('5'))).toBe(
      '23 productos bajarán un 5 %',
    )
    expect(BULK_MESSAGES.priceSummary(1, true, '50,50')).toBe('1 producto bajará 50,50')
    expect(priceChangeCents(200, { percent: 5, direction: 'raise' })).toBe(21000)
    expect(priceChangeCents(200, { percent: 5, direction: 'lower' })).toBe(19000)
  })

  it('the messages with a count or a name', () => {
    expect(BULK_MESSAGES.deleteTitle(12)).toBe('¿Eliminar 12 productos?')
    expect(BULK_MESSAGES.deleteDescription).toBe('Esta acción no se puede deshacer.')
    expect(BULK_MESSAGES.done(1)).toBe('1 producto actualizado')
    expect(BULK_MESSAGES.dragStart('Taza', 3, 12)).toBe('Tomaste Taza, en la posición 3 de 12.')
    expect(BULK_MESSAGES.showOverLimit(0)).toMatch(/ya los muestras todos/)
    expect(BULK_MESSAGES.priceNotPositive('Taza')).toMatch(/"Taza"/)
  })
})

describe('priceChangeCents: the one rounding rule', () => {
  it('rounds a percentage half up to the cent, exactly', () => {
    expect(priceChangeCents(10.15, { percent: 5 })).toBe(1066)
    expect(priceChangeCents(1490.5, { percent: 10 })).toBe(163955)
    expect(priceChangeCents(0.05, { percent: 10 })).toBe(6)
    expect(priceChangeCents(100, { amount: 0.01, direction: 'lower' })).toBe(9999)
  })

  it('agrees with discountedCents for a lowering by a whole percentage', () => {
    for (let cents = 1; cents < 5000; cents += 7) {
      for (const pct of [1, 10, 33, 50, 99]) {
        expect(priceChangeCents(cents / 100, { percent: pct, direction: 'lower' })).toBe(
          discountedCents(cents / 100, pct),
        )
      }
    }
  })
})
