import { describe, expect, it } from 'vitest'
import {
  applyPromotions,
  orderAmounts,
  productPromotion,
  promotionBadge,
  PROMOTION_MESSAGES,
  shopToday,
  type CouponRule,
  type PromotionLine,
  type PromotionRule,
} from '../src/index.js'

const promo = (over: Partial<PromotionRule>): PromotionRule => ({
  id: 'p1',
  kind: 'take_pay',
  take: 3,
  pay: 2,
  percent: null,
  productIds: ['a'],
  categories: [],
  startsOn: null,
  endsOn: null,
  paused: false,
  ...over,
})

const coupon = (over: Partial<CouponRule>): CouponRule => ({
  id: 'c1',
  code: 'HOLA',
  kind: 'percent',
  percent: 10,
  amounts: {},
  minSubtotal: {},
  maxUses: null,
  uses: 0,
  oncePerShopper: false,
  firstPurchaseOnly: false,
  productIds: [],
  categories: [],
  startsOn: null,
  endsOn: null,
  paused: false,
  ...over,
})

/** A line at `price` cents a unit, with the product's own discount `own` %. */
const line = (over: Partial<PromotionLine> & { own?: number } = {}): PromotionLine => {
  const { own = 0, ...rest } = over
  const l = {
    productId: 'a',
    category: 'Ropa',
    currency: 'UYU' as const,
    quantity: 3,
    priceCents: 1000,
    lineCents: 0,
    ...rest,
  }
  const unit = Math.floor((l.priceCents * (100 - own) + 50) / 100)
  return { ...l, lineCents: rest.lineCents ?? unit * l.quantity }
}

const today = '2026-11-28'

describe('automatic promotions (issue 45 §2)', () => {
  it('3x2: one free unit of every three, counted per line', () => {
    const applied = applyPromotions({
      lines: [line({ quantity: 7 })],
      promotions: [promo({})],
      today,
    })
    expect(applied.lines).toEqual([
      expect.objectContaining({
        source: 'promotion',
        label: 'Promoción 3x2',
        cents: 2000,
        productId: 'a',
      }),
    ])
    expect(
      applyPromotions({ lines: [line({ quantity: 2 })], promotions: [promo({})], today }).lines,
    ).toEqual([])
  })

  it('N % on the second unit, rounded once per line, half up', () => {
    const p = promo({ kind: 'second_unit', percent: 50, take: null, pay: null })
    const applied = applyPromotions({
      lines: [line({ quantity: 5, priceCents: 1015 })],
      promotions: [p],
      today,
    })
    // Two second units: 2 × 10,15 × 50 % = 10,15 exactly.
    expect(applied.lines[0]?.cents).toBe(1015)
    const odd = applyPromotions({
      lines: [line({ quantity: 2, priceCents: 1015 })],
      promotions: [p],
      today,
    })
    expect(odd.lines[0]?.cents).toBe(508) // 5,075 → 5,08
  })

  it('X % in a category, only between its dates (both included) and not paused', () => {
    const p = promo({
      kind: 'category_percent',
      percent: 20,
      productIds: [],
      categories: ['Ropa'],
      startsOn: '2026-11-27',
      endsOn: '2026-11-30',
    })
    const lines = [line({ quantity: 1 }), line({ productId: 'b', category: 'Hogar', quantity: 1 })]
    expect(applyPromotions({ lines, promotions: [p], today }).lines).toEqual([
      expect.objectContaining({ productId: 'a', cents: 200, label: 'Promoción -20 %' }),
    ])
    expect(applyPromotions({ lines, promotions: [p], today: '2026-11-30' }).lines).toHaveLength(1)
    expect(applyPromotions({ lines, promotions: [p], today: '2026-12-01' }).lines).toEqual([])
    expect(applyPromotions({ lines, promotions: [p], today: '2026-11-26' }).lines).toEqual([])
    expect(applyPromotions({ lines, promotions: [{ ...p, paused: true }], today }).lines).toEqual(
      [],
    )
  })

  it("does not add up with the product's own discount: the best for the shopper wins", () => {
    // 3 units at 10,00 with 40 % off: 18,00; 3x2 on the list price: 20,00 — the own discount wins.
    const own = applyPromotions({ lines: [line({ own: 40 })], promotions: [promo({})], today })
    expect(own.lines).toEqual([])
    // With 20 % off: 24,00; 3x2: 20,00 — the promotion wins, for the difference (4,00).
    const better = applyPromotions({ lines: [line({ own: 20 })], promotions: [promo({})], today })
    expect(better.lines[0]?.cents).toBe(400)
  })

  it('of two promotions on a line, the better one', () => {
    const a = promo({ id: 'x' })
    const b = promo({
      id: 'y',
      kind: 'category_percent',
      percent: 50,
      productIds: [],
      categories: ['Ropa'],
    })
    const applied = applyPromotions({ lines: [line({})], promotions: [a, b], today })
    expect(applied.lines).toEqual([expect.objectContaining({ id: 'y', cents: 1500 })])
  })

  it("3x2 pools the units of one product's variants; the cheapest units are free", () => {
    const applied = applyPromotions({
      lines: [
        line({ variantId: 's', quantity: 1, priceCents: 1500 }),
        line({ variantId: 'm', quantity: 1, priceCents: 1000 }),
        line({ variantId: 'l', quantity: 2, priceCents: 1200 }),
      ],
      promotions: [promo({})],
      today,
    })
    // 4 units of product 'a': one is free, the cheapest (1000) — one line for the product.
    expect(applied.lines).toEqual([
      {
        source: 'promotion',
        id: 'p1',
        label: 'Promoción 3x2',
        productId: 'a',
        currency: 'UYU',
        cents: 1000,
      },
    ])
    // Two different products are not pooled: 2 + 1 units are no 3x2.
    const two = applyPromotions({
      lines: [line({ quantity: 2 }), line({ productId: 'b', quantity: 1 })],
      promotions: [promo({ productIds: ['a', 'b'] })],
      today,
    })
    expect(two.lines).toEqual([])
  })

  it('the second unit pooled across variants, and the coupon on what each line has left', () => {
    const applied = applyPromotions({
      lines: [
        line({ variantId: 'rojo', quantity: 1, priceCents: 2000 }),
        line({ variantId: 'azul', quantity: 1, priceCents: 1000 }),
      ],
      promotions: [promo({ kind: 'second_unit', take: null, pay: null, percent: 50 })],
      coupon: coupon({ percent: 10 }),
      today,
    })
    // 50 % on the cheaper unit: 500; the coupon's 10 % of 2000 + 500 = 250.
    expect(applied.lines.map((l) => [l.source, l.cents])).toEqual([
      ['promotion', 500],
      ['coupon', 250],
    ])
  })

  it("pooled or not, the product's own discount wins when it is better", () => {
    const applied = applyPromotions({
      lines: [
        line({ variantId: 's', quantity: 2, own: 40 }),
        line({ variantId: 'm', quantity: 1, own: 40 }),
      ],
      promotions: [promo({})],
      today,
    })
    // Own: 3 × 600 = 1800; 3x2: 2000 — the product's discount stays, no promotion line.
    expect(applied.lines).toEqual([])
  })

  it('badges and the product a badge belongs to', () => {
    expect(promotionBadge(promo({}))).toBe('3x2')
    expect(promotionBadge(promo({ kind: 'category_percent', percent: 20 }))).toBe('-20 %')
    expect(promotionBadge(promo({ kind: 'second_unit', percent: 50 }))).toBe('-50 % 2.ª unidad')
    expect(productPromotion([promo({})], { productId: 'a', category: 'x' }, today)?.id).toBe('p1')
    expect(productPromotion([promo({})], { productId: 'z', category: 'x' }, today)).toBeUndefined()
  })
})

describe('coupons (issue 45 §1)', () => {
  const run = (c: CouponRule, lines = [line({})], extra: object = {}) =>
    applyPromotions({ lines, promotions: [], coupon: c, today, ...extra })

  it('a percentage on each covered line, on top of the promotions, rounded per line', () => {
    const applied = applyPromotions({
      lines: [line({}), line({ productId: 'b', quantity: 1, priceCents: 1005 })],
      promotions: [promo({})],
      coupon: coupon({ percent: 10 }),
      today,
    })
    // Line a: 30,00 − 10,00 (3x2) = 20,00 → 2,00; line b: 10,05 → 1,005 → 1,01. One coupon line.
    expect(applied.lines).toEqual([
      expect.objectContaining({ source: 'promotion', cents: 1000 }),
      { source: 'coupon', id: 'c1', label: 'Cupón HOLA', currency: 'UYU', cents: 301 },
    ])
    expect(applied.coupon).toEqual({ id: 'c1', code: 'HOLA' })
  })

  it('a fixed amount per currency, never more than what the covered lines cost', () => {
    const c = coupon({ kind: 'fixed', percent: null, amounts: { UYU: 500000 } })
    expect(run(c).lines).toEqual([expect.objectContaining({ currency: 'UYU', cents: 3000 })])
    const dollars = [line({ currency: 'USD' })]
    expect(run(c, dollars).couponRefusal).toBe('El cupón no aplica a compras en US$')
  })

  it('only the products or categories it names', () => {
    const c = coupon({ categories: ['Hogar'] })
    expect(run(c).couponRefusal).toBe(PROMOTION_MESSAGES.couponNoProducts)
    const lines = [line({}), line({ productId: 'b', category: 'Hogar', quantity: 1 })]
    expect(run(c, lines).lines).toEqual([expect.objectContaining({ cents: 100 })])
  })

  it('says in Spanish why it does not apply', () => {
    expect(run(coupon({ endsOn: '2026-11-27' })).couponRefusal).toBe('El cupón venció el 27/11')
    expect(run(coupon({ startsOn: '2026-12-01' })).couponRefusal).toBe(
      'El cupón vale desde el 01/12',
    )
    expect(run(coupon({ minSubtotal: { UYU: 150000 } })).couponRefusal).toBe(
      'Mínimo de compra $ 1.500',
    )
    expect(run(coupon({ minSubtotal: { UYU: 150050 } })).couponRefusal).toBe(
      'Mínimo de compra $ 1.500,50',
    )
    expect(run(coupon({ paused: true })).couponRefusal).toBe('Este cupón no está activo')
    expect(run(coupon({ maxUses: 3, uses: 3 })).couponRefusal).toBe(
      'Este cupón ya no tiene usos disponibles',
    )
    const used = { shopper: { usedCoupon: true, hasOrders: true } }
    expect(run(coupon({ oncePerShopper: true }), undefined, used).couponRefusal).toBe(
      'Ya usaste este cupón',
    )
    expect(run(coupon({ firstPurchaseOnly: true }), undefined, used).couponRefusal).toBe(
      'Este cupón es solo para la primera compra',
    )
    // The last day and the minimum reached exactly still apply.
    expect(run(coupon({ endsOn: today, minSubtotal: { UYU: 3000 } })).couponRefusal).toBeUndefined()
    // A refused coupon leaves the promotions.
    const refused = applyPromotions({
      lines: [line({})],
      promotions: [promo({})],
      coupon: coupon({ paused: true }),
      today,
    })
    expect(refused.lines).toHaveLength(1)
    expect(refused.coupon).toBeUndefined()
  })

  it('the minimum is on the items after promotions, in each currency', () => {
    // 30,00 − 10,00 (3x2) = 20,00 < 25,00.
    const c = coupon({ minSubtotal: { UYU: 2500 } })
    const applied = applyPromotions({
      lines: [line({})],
      promotions: [promo({})],
      coupon: c,
      today,
    })
    expect(applied.couponRefusal).toBe('Mínimo de compra $ 25')
  })
})

describe('orderAmounts with promotions: never below zero, the fee waived by free delivery', () => {
  const options = { delivery: { enabled: true, fee: { UYU: 150 } } }

  it('subtracts the discounts from the totals and lists them', () => {
    const lines = [line({})]
    const applied = applyPromotions({
      lines,
      promotions: [promo({})],
      coupon: coupon({ percent: 10 }),
      today,
    })
    const amounts = orderAmounts(lines, 'delivery', options, applied)
    expect(amounts.subtotals).toEqual({ UYU: 3000 })
    expect(amounts.discountTotals).toEqual({ UYU: 1200 })
    expect(amounts.deliveryFee).toEqual({ UYU: 15000 })
    expect(amounts.totals).toEqual({ UYU: 3000 - 1200 + 15000 })
  })

  it('a 100 % coupon after a 3x2 leaves zero, not less', () => {
    const lines = [line({})]
    const applied = applyPromotions({
      lines,
      promotions: [promo({})],
      coupon: coupon({ percent: 100 }),
      today,
    })
    expect(orderAmounts(lines, 'pickup', options, applied).totals).toEqual({ UYU: 0 })
  })

  it('free delivery waives the fee and shows it as a line', () => {
    const lines = [line({})]
    const applied = applyPromotions({
      lines,
      promotions: [],
      coupon: coupon({ code: 'ENVIO', kind: 'free_delivery', percent: null }),
      today,
    })
    const amounts = orderAmounts(lines, 'delivery', options, applied)
    expect(amounts.deliveryFee).toEqual({})
    expect(amounts.totals).toEqual({ UYU: 3000 })
    expect(amounts.discounts).toEqual([
      expect.objectContaining({
        label: 'Cupón ENVIO: envío gratis',
        cents: 15000,
        freeDelivery: true,
      }),
    ])
    expect(amounts.discountTotals).toEqual({})
  })

  it('without promotions the reply is as before (no discount keys)', () => {
    expect(orderAmounts([line({})], 'pickup', options)).toEqual({
      subtotals: { UYU: 3000 },
      deliveryFee: {},
      totals: { UYU: 3000 },
    })
  })

  it("the shop's local day", () => {
    // 02:00 UTC on the 29th is still the 28th in Montevideo (UTC−3).
    expect(shopToday(new Date('2026-11-29T02:00:00Z'), 'America/Montevideo')).toBe('2026-11-28')
  })
})
