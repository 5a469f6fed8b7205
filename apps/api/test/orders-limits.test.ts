/**
 * Issue 24 §2 "Abuse": orders are rate limited per client address (10 per 10 minutes) and per
 * business (120 per hour); with REDIS_URL the counters are shared by every process. The order
 * token never reaches a log line, and an order does not drop the catalogue's read cache.
 */
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyServerOptions } from 'fastify'
import { API_MESSAGES, ORDER_MESSAGES } from '@vitrina/contracts'
import { loadConfig } from '../src/config.js'
import { loggerOptions, maskUrl } from '../src/lib/logger.js'
import { ORDER_RATE_LIMITS } from '../src/modules/orders/routes.js'
import { startTestApp, startTestApps, TEST_ENV } from './helpers/app.js'
import { randomClientIp } from './helpers/auth.js'
import { createOrderingShop, orderBody, placeOrder, postOrder } from './helpers/orders.js'
import { redisEnv, testRedisUrl } from './helpers/redis.js'

/** A request the limiter counts (it passes validation) and the service refuses at once. */
function honeypot(productId: string) {
  return { ...orderBody({ items: [{ productId, quantity: 1 }] }), website: 'bot' }
}

describe('order rate limits (RATE_LIMIT=true)', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'true' })
  })
  afterAll(async () => t?.stop())

  it('per client address: 10 in 10 minutes, then 429 with the Spanish message', async () => {
    const shop = await createOrderingShop(t.app)
    const ip = randomClientIp()
    const body = orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 1 }] })
    for (let i = 0; i < ORDER_RATE_LIMITS.perIp.max; i++) {
      const res = await postOrder(t.app, shop.business._id, body, ip)
      expect(res.statusCode, res.body).toBe(201)
    }
    const refused = await postOrder(t.app, shop.business._id, body, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(API_MESSAGES.rateLimited)
    expect(refused.headers['retry-after']).toBeDefined()
    // Another address still orders.
    expect((await postOrder(t.app, shop.business._id, body)).statusCode).toBe(201)
  })

  it('per business: 120 in an hour from any addresses, then 429; other businesses go on', async () => {
    const shop = await createOrderingShop(t.app)
    const other = await createOrderingShop(t.app)
    const body = honeypot(shop.products.pricey.id)
    for (let i = 0; i < ORDER_RATE_LIMITS.perBusiness.max; i++) {
      const res = await postOrder(t.app, shop.business._id, body)
      expect(res.json().message).toBe(ORDER_MESSAGES.rejected)
    }
    const refused = await postOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 1 }] }),
    )
    expect(refused.statusCode).toBe(429)
    const elsewhere = await postOrder(
      t.app,
      other.business._id,
      orderBody({ items: [{ productId: other.products.pricey.id, quantity: 1 }] }),
    )
    expect(elsewhere.statusCode).toBe(201)
  })
})

describe.skipIf(!testRedisUrl)('order rate limits shared through Redis (TEST_REDIS_URL)', () => {
  let t: Awaited<ReturnType<typeof startTestApps>>
  beforeAll(async () => {
    t = await startTestApps(2, { RATE_LIMIT: 'true', ...redisEnv() })
  })
  afterAll(async () => t?.stop())

  it('two processes count the same address', async () => {
    const [a, b] = t.apps as [(typeof t.apps)[0], (typeof t.apps)[0]]
    const shop = await createOrderingShop(a)
    const ip = randomClientIp()
    const body = honeypot(shop.products.pricey.id)
    for (let i = 0; i < ORDER_RATE_LIMITS.perIp.max; i++) {
      const res = await postOrder(i % 2 ? a : b, shop.business._id, body, ip)
      expect(res.statusCode).toBe(400)
    }
    expect((await postOrder(a, shop.business._id, body, ip)).statusCode).toBe(429)
    expect((await postOrder(b, shop.business._id, body, ip)).statusCode).toBe(429)
  })
})

describe('the order token never reaches a log', () => {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  let t: Awaited<ReturnType<typeof startTestApp>>
  beforeAll(async () => {
    const config = loadConfig({ ...TEST_ENV, LOG_LEVEL: 'info', RATE_LIMIT: 'false' })
    const logger = {
      ...(loggerOptions(config) as object),
      stream,
    } as FastifyServerOptions['logger']
    t = await startTestApp({ LOG_LEVEL: 'info', RATE_LIMIT: 'false' }, undefined, { logger })
  })
  afterAll(async () => t?.stop())

  it('masks ?t= in the API address and the order page address', async () => {
    expect(maskUrl('/api/orders/P-7K3Q?t=abc_DEF-123')).toBe('/api/orders/P-7K3Q?t=[oculto]')
    expect(maskUrl('/tienda/pedido/P-7K3Q?x=1&t=abc&y=2')).toBe(
      '/tienda/pedido/P-7K3Q?x=1&t=[oculto]&y=2',
    )
    const shop = await createOrderingShop(t.app)
    const order = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 1 }] }),
    )
    lines.length = 0
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.code}?t=${order.token}`,
    })
    expect(ok.statusCode).toBe(200)
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.code}?t=${order.token.slice(1)}`,
    })
    expect(wrong.statusCode).toBe(404)
    const page = await t.app.inject({
      method: 'GET',
      url: `/${shop.business.identifier}/pedido/${order.code}?t=${order.token}`,
    })
    expect(page.statusCode).toBeLessThan(500)
    const output = lines.join('\n')
    expect(output).toContain(`/api/orders/${order.code}?t=[oculto]`)
    expect(output).not.toContain(order.token)
    expect(output).not.toContain(order.token.slice(1))
  })
})

describe('the read cache', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'false', READ_CACHE_MB: '8' })
  })
  afterAll(async () => t?.stop())

  it('keeps the storefront’s cached reads when an order arrives', async () => {
    const shop = await createOrderingShop(t.app)
    const url = `/api/businesses/${shop.business.identifier}/identifier`
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200)
    expect(t.app.cachedRead(url)).toBeDefined()
    await placeOrder(
      t.app,
      shop.business._id,
      orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 1 }] }),
    )
    expect(t.app.cachedRead(url)).toBeDefined()
  })
})
