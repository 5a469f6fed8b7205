/**
 * The promise behind every checkout (issues 41, 43, 44, 45): the total a shopper sees before
 * sending is the total saved and the amount Mercado Pago is asked to charge. One cart with
 * everything at once — a zone's delivery fee, an automatic 3x2, a percentage coupon and a
 * product's own discount — priced three ways:
 *   1. as the cart does, from public reads only: the shop's settings, contracts' resolveDelivery
 *      and orderAmounts with the server's quote (converted by the cart's appliedFromQuote);
 *   2. the order the server saves;
 *   3. the Checkout Pro preference made from the saved order (the simulator keeps it).
 * Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  appliedFromQuote,
  orderAmounts,
  parseCurrency,
  resolveDelivery,
  toCents,
  type Business,
  type CreatedOrder,
  type PromotionQuote,
} from '@vitrina/contracts'
import { startTestApp } from './helpers/app.js'
import { bearer, randomClientIp } from './helpers/auth.js'
import { createOrderingShop, insertTestProduct, type OrderingShop } from './helpers/orders.js'
import {
  startMercadoPagoSimulator,
  type MercadoPagoSimulator,
} from './helpers/mercadopago-simulator.js'

const SECRET = 'secreto-de-paridad'

const DELIVERY = {
  pickup: true,
  delivery: { enabled: true, fee: {} },
  zones: [
    {
      id: 'mvd',
      name: 'Montevideo',
      places: ['dep:Montevideo'],
      price: { UYU: 180 },
      freeFrom: { UYU: 10_000 },
      eta: '24 h',
      enabled: true,
    },
    {
      id: 'interior',
      name: 'Interior',
      places: ['dep:Salto', 'dep:Paysandú'],
      price: { UYU: 320 },
      eta: '2 a 4 días hábiles',
      enabled: true,
    },
  ],
}

describe('the checkout’s total is the saved total and the amount charged', () => {
  let mp: MercadoPagoSimulator
  let app: FastifyInstance
  let stop: () => Promise<void>
  let shop: OrderingShop
  let remera: { id: string }
  let gorra: { id: string }

  const owner = (method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({
      method,
      url,
      headers: bearer(shop.owner.accessToken),
      payload,
      remoteAddress: randomClientIp(),
    })

  beforeAll(async () => {
    mp = await startMercadoPagoSimulator({ webhookSecret: SECRET })
    const started = await startTestApp({
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_TIMEOUT_MS: '1000',
      RATE_LIMIT: 'false',
    })
    app = started.app
    stop = started.stop
    shop = await createOrderingShop(app, { deliveryOptions: DELIVERY })
    // 333,33 pesos: three units are not a whole number of pesos, a 15 % coupon leaves cents.
    remera = (await insertTestProduct(app, shop.business._id, { name: 'Remera', price: 333.33 }))!
    // A product's own discount (12 % off 789,90) in the same cart.
    gorra = (await insertTestProduct(app, shop.business._id, {
      name: 'Gorra',
      price: 789.9,
      discount: 12,
    }))!
    const account = mp.addAccount()
    const connected = await owner('PUT', '/api/payments/mercadopago', {
      accessToken: account.accessToken,
      publicKey: account.publicKey,
    })
    expect(connected.statusCode, connected.body).toBe(200)
    const promotion = await owner('POST', '/api/promotions/automatic', {
      name: '3x2 remeras',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      productIds: [remera.id],
    })
    expect(promotion.statusCode, promotion.body).toBe(201)
    const coupon = await owner('POST', '/api/promotions/coupons', {
      code: 'VERANO15',
      kind: 'percent',
      percent: 15,
    })
    expect(coupon.statusCode, coupon.body).toBe(201)
  })
  afterAll(async () => {
    await stop?.()
    await mp?.close()
  })

  it.each([
    ['Montevideo (zone fee)', 'dep:Montevideo'],
    ['Salto (interior zone)', 'dep:Salto'],
  ])('%s: shown = saved = charged, to the cent', async (_name, place) => {
    const items = [
      { productId: remera.id, quantity: 4 },
      { productId: gorra.id, quantity: 1 },
    ]

    // 1. What the cart shows, from public reads only.
    const business = (
      await app.inject({ url: `/api/businesses/${shop.business.identifier}/identifier` })
    ).json() as Business
    const lines = await Promise.all(
      items.map(async ({ productId, quantity }) => {
        const product = (await app.inject({ url: `/api/products/${productId}` })).json() as {
          price: number
          discount?: number
          currency: string
        }
        const unit = toCents(product.price * (1 - (product.discount ?? 0) / 100))
        return { currency: parseCurrency(product.currency) ?? 'UYU', lineCents: unit * quantity }
      }),
    )
    const quoted = await app.inject({
      method: 'POST',
      url: `/api/businesses/${shop.business._id}/promotions/quote`,
      payload: { items, coupon: 'verano15', deliveryMethod: 'delivery' },
    })
    expect(quoted.statusCode, quoted.body).toBe(200)
    const quote = quoted.json() as PromotionQuote
    expect(quote.discounts.map((d) => d.source)).toEqual(['promotion', 'coupon'])
    const resolved = resolveDelivery(business.deliveryOptions, { kind: 'zone', place })
    if (!resolved.ok) throw new Error(resolved.message)
    const shown = orderAmounts(lines, resolved.method, resolved.pricing, appliedFromQuote(quote))
    expect(shown.deliveryFee.UYU).toBeGreaterThan(0)

    // 2. The order the server saves.
    const res = await app.inject({
      method: 'POST',
      url: `/api/businesses/${shop.business._id}/orders`,
      payload: {
        items,
        customer: { name: 'Ana Pérez', phone: '099 765 432' },
        delivery: { method: 'delivery', address: 'Calle 1 234', place },
        paymentMethod: 'mercadopago',
        coupon: 'VERANO15',
      },
      remoteAddress: randomClientIp(),
    })
    expect(res.statusCode, res.body).toBe(201)
    const order = res.json() as CreatedOrder
    expect(toCents(order.totals.UYU!)).toBe(shown.totals.UYU)
    expect(toCents(order.deliveryFee?.UYU ?? 0)).toBe(shown.deliveryFee.UYU)

    // 3. What Mercado Pago is asked to charge: the preference made from the saved order.
    const start = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.code}/pago?t=${order.token}`,
    })
    expect(start.statusCode, start.body).toBe(200)
    const preference = mp.preferences.get(new URL(start.json().url).searchParams.get('pref_id')!)!
    const charged = preference.items.reduce(
      (sum, item) => sum + toCents(item.unit_price) * item.quantity,
      0,
    )
    expect(charged).toBe(shown.totals.UYU)
    expect(new Set(preference.items.map((item) => item.currency_id))).toEqual(new Set(['UYU']))
  })
})
