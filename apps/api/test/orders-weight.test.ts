/**
 * Issue 44 §1: "Weight is optional per product; an owner who sets weights may price a zone by
 * weight bands." The owner sets a product's weight in grams (Spanish refusal for a bad one,
 * blank clears it, only the owner's replies show it); the cart's quote says the parcel's weight
 * (contracts' parcelGrams) and the order is priced by the zone's band for it; a cart with a
 * product that has no weight pays the zone's flat price. Both engines.
 */
import { describe, expect, it } from 'vitest'
import {
  DELIVERY_SETTINGS_MESSAGES,
  orderAmounts,
  parcelGrams,
  resolveDelivery,
  toCents,
  type Business,
  type CreatedOrder,
  type Product,
  type PromotionQuote,
} from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { randomClientIp } from './helpers/auth.js'
import { createOrderingShop, orderBody, postOrder } from './helpers/orders.js'
import { createTestProduct, patchProduct } from './helpers/products.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

const BANDED = {
  pickup: true,
  delivery: { enabled: true, fee: {} },
  zones: [
    {
      id: 'interior',
      name: 'Interior',
      places: ['dep:Salto'],
      // The flat price: what a parcel of unknown weight pays.
      price: { UYU: 400 },
      enabled: true,
      weightBands: [
        { upToGrams: 1000, price: { UYU: 150 } },
        { upToGrams: 5000, price: { UYU: 290 } },
      ],
    },
  ],
}

describe('product weight and zones priced by weight bands', () => {
  it('validates the weight in Spanish, clears it when blank, and shows it to the owner only', async () => {
    const shop = await createOrderingShop(t.app, { deliveryOptions: BANDED })
    for (const bad of ['0', '-5', '12.5', 'mucho', '100001']) {
      const res = await patchProduct(t.app, shop.owner, shop.products.pricey.id, {
        weightGrams: bad,
      })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().message, bad).toBe(DELIVERY_SETTINGS_MESSAGES.weightInvalid)
    }
    const set = await patchProduct(t.app, shop.owner, shop.products.pricey.id, {
      weightGrams: '750',
    })
    expect(set.statusCode, set.body).toBe(200)
    expect((set.json() as Product).weightGrams).toBe(750)
    const kept = await patchProduct(t.app, shop.owner, shop.products.pricey.id, { name: 'Campera' })
    expect((kept.json() as Product).weightGrams).toBe(750)
    const publicReply = await t.app.inject({ url: `/api/products/${shop.products.pricey.id}` })
    expect(publicReply.json()).not.toHaveProperty('weightGrams')
    const cleared = await patchProduct(t.app, shop.owner, shop.products.pricey.id, {
      weightGrams: '',
    })
    expect((cleared.json() as Product).weightGrams).toBeNull()

    const created = await createTestProduct(t.app, shop.owner, shop.business._id, {
      name: 'Yerba 1 kg',
      weightGrams: '1000',
    })
    expect(created.weightGrams).toBe(1000)
  })

  it('prices a zone by the band of the parcel’s weight; the quote and the order agree', async () => {
    const shop = await createOrderingShop(t.app, { deliveryOptions: BANDED })
    const yerba = await createTestProduct(t.app, shop.owner, shop.business._id, {
      name: 'Yerba 1 kg',
      price: '250',
      weightGrams: '1000',
    })
    const mate = await createTestProduct(t.app, shop.owner, shop.business._id, {
      name: 'Mate de calabaza',
      price: '600',
      weightGrams: '300',
    })
    const business = (
      await t.app.inject({ url: `/api/businesses/${shop.business.identifier}/identifier` })
    ).json() as Business

    const order = async (items: { productId: string; quantity: number }[]) => {
      const quote = (
        await t.app.inject({
          method: 'POST',
          url: `/api/businesses/${shop.business._id}/promotions/quote`,
          payload: { items },
          remoteAddress: randomClientIp(),
        })
      ).json() as PromotionQuote
      const res = await postOrder(
        t.app,
        shop.business._id,
        orderBody({
          items,
          delivery: { method: 'delivery', address: 'Uruguay 100', place: 'dep:Salto' },
        }),
      )
      expect(res.statusCode, res.body).toBe(201)
      return { quote, order: res.json() as CreatedOrder }
    }

    // 1 kg exactly: the first band.
    const light = await order([{ productId: yerba._id, quantity: 1 }])
    expect(light.quote.parcelGrams).toBe(1000)
    expect(light.order.deliveryFee).toEqual({ UYU: 150 })
    // The checkout's figure: resolveDelivery with the quote's weight, as the cart computes it.
    const resolved = resolveDelivery(
      business.deliveryOptions,
      { kind: 'zone', place: 'dep:Salto' },
      light.quote.parcelGrams,
    )
    if (!resolved.ok) throw new Error(resolved.message)
    const shown = orderAmounts(
      [{ currency: 'UYU', lineCents: toCents(250) }],
      resolved.method,
      resolved.pricing,
    )
    expect(shown.totals.UYU).toBe(toCents(light.order.totals.UYU!))

    // 2 × 1 kg + 2 × 300 g = 2.6 kg: the second band.
    const heavier = await order([
      { productId: yerba._id, quantity: 2 },
      { productId: mate._id, quantity: 2 },
    ])
    expect(heavier.quote.parcelGrams).toBe(2600)
    expect(heavier.order.deliveryFee).toEqual({ UYU: 290 })

    // Over every band (6 kg): the zone's flat price.
    const heavy = await order([{ productId: yerba._id, quantity: 6 }])
    expect(heavy.order.deliveryFee).toEqual({ UYU: 400 })

    // A product with no weight in the cart: the weight is unknown, the flat price applies.
    const unknown = await order([
      { productId: yerba._id, quantity: 1 },
      { productId: shop.products.pricey.id, quantity: 1 },
    ])
    expect(unknown.quote.parcelGrams).toBeUndefined()
    expect(unknown.order.deliveryFee).toEqual({ UYU: 400 })
  })

  it('parcelGrams: each line’s weight times its units, undefined when one has none', () => {
    expect(parcelGrams([])).toBeUndefined()
    expect(
      parcelGrams([
        { weightGrams: 250, quantity: 3 },
        { weightGrams: 1000, quantity: 1 },
      ]),
    ).toBe(1750)
    expect(parcelGrams([{ weightGrams: 250, quantity: 3 }, { quantity: 1 }])).toBeUndefined()
    expect(parcelGrams([{ weightGrams: null, quantity: 1 }])).toBeUndefined()
  })
})
