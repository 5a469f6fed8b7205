/**
 * Issue 24 §2 "Abuse": orders are rate limited per client address (10 attempts per 10 minutes)
 * and per business (120 per hour); with REDIS_URL the counters are shared by every process. The
 * order token never reaches a log line, and an order does not drop the catalogue's read cache.
 *
 * Issue 40 §2: only accepted orders spend the business's budget, one client spends at most 5 of
 * it an hour, an IPv6 client is its /64, and the owner is mailed once when the budget refuses
 * shoppers.
 */
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { API_MESSAGES, ORDER_MAILS, ORDER_MESSAGES } from '@vitrina/contracts'
import { loadConfig } from '../src/config.js'
import { mailOutbox } from '../src/db/schema/index.js'
import { clientKey } from '../src/lib/client-key.js'
import { loggerOptions, maskUrl } from '../src/lib/logger.js'
import {
  ORDER_LIMIT_NOTICE_KIND,
  ORDER_RATE_LIMITS,
  noticeOrderLimit,
} from '../src/modules/orders/limits.js'
import { startTestApp, startTestApps, TEST_ENV } from './helpers/app.js'
import { randomClientIp, randomIpv6Net } from './helpers/auth.js'
import {
  createOrderingShop,
  orderBody,
  placeOrder,
  postOrder,
  type OrderingShop,
} from './helpers/orders.js'
import { redisEnv, testRedisUrl } from './helpers/redis.js'

/** A request the limiter counts (it passes validation) and the service refuses at once. */
function honeypot(productId: string) {
  return { ...orderBody({ items: [{ productId, quantity: 1 }] }), website: 'bot' }
}

/** An order the service accepts. */
const realOrder = (shop: OrderingShop) =>
  orderBody({ items: [{ productId: shop.products.pricey.id, quantity: 1 }] })

/** Spends a business's whole budget with accepted orders, each client within its own budget. */
async function spendBusinessBudget(apps: FastifyInstance[], shop: OrderingShop) {
  let ip = randomClientIp()
  for (let i = 0; i < ORDER_RATE_LIMITS.perBusiness.max; i++) {
    if (i % ORDER_RATE_LIMITS.perClientBusiness.max === 0) ip = randomClientIp()
    const res = await postOrder(apps[i % apps.length]!, shop.business._id, realOrder(shop), ip)
    expect(res.statusCode, res.body).toBe(201)
  }
}

/** The owner's order-limit notices, once the fire-and-forget write had time to land. */
async function limitNotices(app: FastifyInstance, shop: OrderingShop, settle = 300) {
  await new Promise((resolve) => setTimeout(resolve, settle))
  return app.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.kind, ORDER_LIMIT_NOTICE_KIND), eq(mailOutbox.to, shop.owner.user.email)),
    )
}

describe('client keys', () => {
  it('an IPv4 client is its address, an IPv6 client its /64, a mapped IPv4 the IPv4', () => {
    expect(clientKey('10.1.2.3')).toBe('10.1.2.3')
    expect(clientKey('::ffff:10.1.2.3')).toBe('10.1.2.3')
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:DB8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8:1:2::9')).toBe(clientKey('2001:db8:1:2:a:b:c:d'))
    expect(clientKey('2001:db8:1:3::9')).not.toBe(clientKey('2001:db8:1:2::9'))
  })
})

describe('order rate limits (RATE_LIMIT=true)', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'true' })
  })
  afterAll(async () => t?.stop())

  it('per client address: 10 in 10 minutes, then 429 with the Spanish message', async () => {
    const shop = await createOrderingShop(t.app)
    const second = await createOrderingShop(t.app)
    const ip = randomClientIp()
    const body = realOrder(shop)
    // Two shops: one client's accepted orders in one shop are capped lower (5 an hour).
    for (let i = 0; i < ORDER_RATE_LIMITS.perIp.max; i++) {
      const [id, order] =
        i % 2 ? [shop.business._id, body] : [second.business._id, realOrder(second)]
      const res = await postOrder(t.app, id, order, ip)
      expect(res.statusCode, res.body).toBe(201)
    }
    const refused = await postOrder(t.app, shop.business._id, body, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(API_MESSAGES.rateLimited)
    expect(refused.headers['retry-after']).toBeDefined()
    // Another address still orders.
    expect((await postOrder(t.app, shop.business._id, body)).statusCode).toBe(201)
  })

  it('refused orders (honeypot, unknown product) do not spend the business budget', async () => {
    const shop = await createOrderingShop(t.app)
    const unknown = orderBody({
      items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    })
    let ip = randomClientIp()
    for (let i = 0; i < ORDER_RATE_LIMITS.perBusiness.max; i++) {
      if (i % ORDER_RATE_LIMITS.perIp.max === 0) ip = randomClientIp()
      const res = await postOrder(
        t.app,
        shop.business._id,
        i % 2 ? honeypot(shop.products.pricey.id) : unknown,
        ip,
      )
      expect(res.statusCode, res.body).toBe(400)
    }
    const real = await postOrder(t.app, shop.business._id, realOrder(shop))
    expect(real.statusCode, real.body).toBe(201)
  })

  it('an IPv6 client is its /64: new addresses in it share one allowance', async () => {
    const shop = await createOrderingShop(t.app)
    const inNet = randomIpv6Net()
    const statuses: number[] = []
    for (let i = 0; i <= ORDER_RATE_LIMITS.perIp.max; i++) {
      const res = await postOrder(
        t.app,
        shop.business._id,
        honeypot(shop.products.pricey.id),
        inNet(i + 1),
      )
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([...Array<number>(ORDER_RATE_LIMITS.perIp.max).fill(400), 429])
    // Another /64 goes on.
    const other = randomIpv6Net()(1)
    expect((await postOrder(t.app, shop.business._id, realOrder(shop), other)).statusCode).toBe(201)
  })

  it('one client spends at most 5 accepted orders of a business an hour; others go on', async () => {
    const shop = await createOrderingShop(t.app)
    const other = await createOrderingShop(t.app)
    const inNet = randomIpv6Net()
    const { max } = ORDER_RATE_LIMITS.perClientBusiness
    for (let i = 0; i < max; i++) {
      const res = await postOrder(t.app, shop.business._id, realOrder(shop), inNet(i + 1))
      expect(res.statusCode, res.body).toBe(201)
    }
    const refused = await postOrder(t.app, shop.business._id, realOrder(shop), inNet(99))
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toBe(API_MESSAGES.rateLimited)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Another shopper of the same shop, and the same client in another shop, still order.
    expect((await postOrder(t.app, shop.business._id, realOrder(shop))).statusCode).toBe(201)
    expect(
      (await postOrder(t.app, other.business._id, realOrder(other), inNet(7))).statusCode,
    ).toBe(201)
  })

  it('per business: 120 accepted orders an hour, then 429 for everyone; the owner is mailed once', async () => {
    const shop = await createOrderingShop(t.app)
    const other = await createOrderingShop(t.app)
    await spendBusinessBudget([t.app], shop)
    for (let i = 0; i < 3; i++) {
      const refused = await postOrder(t.app, shop.business._id, realOrder(shop))
      expect(refused.statusCode).toBe(429)
      expect(refused.json().message).toBe(ORDER_MESSAGES.shopBusy)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000)
    }
    expect((await postOrder(t.app, other.business._id, realOrder(other))).statusCode).toBe(201)
    const notices = await limitNotices(t.app, shop)
    expect(notices).toHaveLength(1)
    expect(notices[0]!.subject).toBe(ORDER_MAILS.limitSubject(shop.business.name))
    expect(notices[0]!.text).toContain(
      ORDER_MAILS.limitIntro(shop.business.name, ORDER_RATE_LIMITS.perBusiness.max),
    )
    expect(notices[0]!.text).toContain(
      ORDER_MAILS.limitCheck(`${t.app.config.publicUrl}/admin/pedidos`),
    )
    // The other shop's owner heard nothing.
    expect(await limitNotices(t.app, other, 0)).toHaveLength(0)
  })
})

describe('the order-limit notice across processes', () => {
  let t: Awaited<ReturnType<typeof startTestApps>>
  beforeAll(async () => {
    t = await startTestApps(2, { RATE_LIMIT: 'true' })
  })
  afterAll(async () => t?.stop())

  it('is written once however many processes notice at the same moment', async () => {
    const [a, b] = t.apps as [FastifyInstance, FastifyInstance]
    const shop = await createOrderingShop(a)
    const written = await Promise.all([
      noticeOrderLimit(a, shop.business._id),
      noticeOrderLimit(b, shop.business._id),
      noticeOrderLimit(a, shop.business._id),
      noticeOrderLimit(b, shop.business._id),
    ])
    expect(written.filter(Boolean)).toHaveLength(1)
    expect(await limitNotices(a, shop, 0)).toHaveLength(1)
    // Later in the same day: nothing more.
    expect(await noticeOrderLimit(b, shop.business._id)).toBe(false)
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

  it('refused orders spend no budget in any process; accepted ones spend it in all', async () => {
    const [a, b] = t.apps as [FastifyInstance, FastifyInstance]
    const shop = await createOrderingShop(a)
    let ip = randomClientIp()
    for (let i = 0; i < ORDER_RATE_LIMITS.perBusiness.max; i++) {
      if (i % ORDER_RATE_LIMITS.perIp.max === 0) ip = randomClientIp()
      const res = await postOrder(
        i % 2 ? a : b,
        shop.business._id,
        honeypot(shop.products.pricey.id),
        ip,
      )
      expect(res.statusCode).toBe(400)
    }
    // One client's five accepted orders, wherever they land; the sixth is refused by both.
    const client = randomClientIp()
    for (let i = 0; i < ORDER_RATE_LIMITS.perClientBusiness.max; i++) {
      const res = await postOrder(i % 2 ? a : b, shop.business._id, realOrder(shop), client)
      expect(res.statusCode, res.body).toBe(201)
    }
    expect((await postOrder(a, shop.business._id, realOrder(shop), client)).statusCode).toBe(429)
    expect((await postOrder(b, shop.business._id, realOrder(shop), client)).statusCode).toBe(429)
  })

  it('the business budget is shared: spent across both, refused by both, one notice', async () => {
    const [a, b] = t.apps as [FastifyInstance, FastifyInstance]
    const shop = await createOrderingShop(a)
    await spendBusinessBudget([a, b], shop)
    for (const app of [a, b, a, b]) {
      const refused = await postOrder(app, shop.business._id, realOrder(shop))
      expect(refused.statusCode).toBe(429)
      expect(refused.json().message).toBe(ORDER_MESSAGES.shopBusy)
    }
    expect(await limitNotices(a, shop)).toHaveLength(1)
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
