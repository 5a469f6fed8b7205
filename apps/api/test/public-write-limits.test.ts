/**
 * The public routes a stranger can hit without an account, under abuse (issues 43 and 45), with
 * the rate limits on: the cart's coupon preview (a code guesser is stopped per client address,
 * others are not) and Mercado Pago's notifications (a flood at one shop, forged or real, never
 * refuses another shop's notifications, which come from the same Mercado Pago addresses).
 * Oversized and malformed bodies get a Spanish 4xx, never a 500. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { API_MESSAGES, LIMITS, ORDER_MESSAGES } from '@vitrina/contracts'
import { startTestApp } from './helpers/app.js'
import { bearer, randomClientIp } from './helpers/auth.js'
import { createOrderingShop, type OrderingShop } from './helpers/orders.js'
import {
  startMercadoPagoSimulator,
  type MercadoPagoSimulator,
} from './helpers/mercadopago-simulator.js'

const SECRET = 'secreto-de-la-plataforma-limites'

describe('public write routes under abuse', () => {
  let mp: MercadoPagoSimulator
  let app: FastifyInstance
  let stop: () => Promise<void>
  let shop: OrderingShop
  let other: OrderingShop

  beforeAll(async () => {
    mp = await startMercadoPagoSimulator({ webhookSecret: SECRET })
    const started = await startTestApp({
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_TIMEOUT_MS: '500',
      RATE_LIMIT: 'true',
    })
    app = started.app
    stop = started.stop
    shop = await createOrderingShop(app)
    other = await createOrderingShop(app)
    for (const connected of [shop, other]) {
      const account = mp.addAccount()
      const res = await app.inject({
        method: 'PUT',
        url: '/api/payments/mercadopago',
        headers: bearer(connected.owner.accessToken),
        payload: { accessToken: account.accessToken, publicKey: account.publicKey },
        remoteAddress: randomClientIp(),
      })
      if (res.statusCode !== 200) throw new Error(`connect answered ${res.statusCode}: ${res.body}`)
    }
  })
  afterAll(async () => {
    await stop?.()
    await mp?.close()
  })

  const quote = (body: unknown, remoteAddress: string, businessId = shop.business._id) =>
    app.inject({
      method: 'POST',
      url: `/api/businesses/${businessId}/promotions/quote`,
      payload: body as object,
      remoteAddress,
    })
  const guess = (code: string) => ({
    items: [{ productId: shop.products.pricey.id, quantity: 1 }],
    coupon: code,
  })

  it('stops a coupon guesser after 60 tries a minute, in Spanish, and lets others quote', async () => {
    const guesser = randomClientIp()
    for (let i = 0; i < 60; i++) {
      const res = await quote(guess(`CODIGO${i}`), guesser)
      expect(res.statusCode, `try ${i + 1}: ${res.body}`).toBe(200)
      expect(res.json()).toMatchObject({ couponRefusal: expect.any(String) })
    }
    const refused = await quote(guess('CODIGO60'), guesser)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ message: API_MESSAGES.rateLimited })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)

    const shopper = await quote(guess('OTRO'), randomClientIp())
    expect(shopper.statusCode).toBe(200)
  })

  it('answers a body over the limit with 413 and a cart over the line limit with 400', async () => {
    const huge = await app.inject({
      method: 'POST',
      url: `/api/businesses/${shop.business._id}/promotions/quote`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ coupon: 'X', pad: 'a'.repeat(1024 * 1024 + 10) }),
      remoteAddress: randomClientIp(),
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toMatchObject({ message: API_MESSAGES.payloadTooLarge })

    const many = Array.from({ length: LIMITS.orderLinesMax + 1 }, () => ({
      productId: shop.products.pricey.id,
      quantity: 1,
    }))
    const tooMany = await quote({ items: many }, randomClientIp())
    expect(tooMany.statusCode).toBe(400)
    expect(JSON.stringify(tooMany.json())).toContain(ORDER_MESSAGES.linesMax)
  })

  const notify = (businessId: string, remoteAddress: string, secret = SECRET) => {
    const signed = mp.signedNotification(String(1_000_000 + Math.floor(Math.random() * 1e6)), {
      secret,
    })
    return app.inject({
      method: 'POST',
      url: `/api/payments/mercadopago/notifications/${businessId}?${signed.query}`,
      headers: signed.headers,
      payload: signed.body,
      remoteAddress,
    })
  }

  it('counts notifications per sender and shop: a flood at one shop leaves another’s through', async () => {
    const mercadoPago = randomClientIp()
    // 600 forged notifications for one shop in a minute: each refused (401), all counted.
    for (let i = 0; i < 600; i++) {
      const res = await notify(shop.business._id, mercadoPago, 'secreto-falso')
      expect(res.statusCode, `notification ${i + 1}: ${res.body}`).toBe(401)
    }
    const flooded = await notify(shop.business._id, mercadoPago)
    expect(flooded.statusCode).toBe(429)
    expect(flooded.json()).toMatchObject({ message: API_MESSAGES.rateLimited })

    // The other shop's genuine notification from the same address is read, not refused.
    const genuine = await notify(other.business._id, mercadoPago)
    expect(genuine.statusCode).not.toBe(429)
    expect(genuine.statusCode).toBeLessThan(500)
  })

  it('answers an oversized or malformed notification with a Spanish 4xx', async () => {
    const signed = mp.signedNotification('123456')
    const url = `/api/payments/mercadopago/notifications/${shop.business._id}?${signed.query}`
    const huge = await app.inject({
      method: 'POST',
      url,
      headers: signed.headers,
      payload: JSON.stringify({ data: { id: '123456' }, pad: 'a'.repeat(1024 * 1024 + 10) }),
      remoteAddress: randomClientIp(),
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toMatchObject({ message: API_MESSAGES.payloadTooLarge })

    const broken = await app.inject({
      method: 'POST',
      url,
      headers: signed.headers,
      payload: '{"data": {"id": ',
      remoteAddress: randomClientIp(),
    })
    expect(broken.statusCode).toBe(400)
    expect(typeof broken.json().message).toBe('string')
  })
})
