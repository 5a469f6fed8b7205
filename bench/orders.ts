/**
 * Orders (issue 24 budgets): creating an order at 16 connections (p99 ≤ 50 ms) and the owner's
 * order list with 10,000 orders in one business (p99 ≤ 30 ms: the first page, a status filter, a
 * search by customer name and one by code).
 *
 *   npx tsx bench/orders.ts [--engine postgres|pglite] [--duration 10] [--warmup 2]
 *     [--connections 16] [--list-connections 4] [--orders 10000] [--port 4730]
 *     [--only create,first,status,searchName,searchCode,page10,counts] [--keep]
 *
 * `BENCH_CPU_PROF=<dir>`: a V8 CPU profile of each measured scenario (not its warm-up), written
 * as <dir>/orders-<scenario>.cpuprofile (the server runs in this process; the load in a child).
 *
 * Builds the app on a fresh database (PostgreSQL: a new database beside TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards), makes two owners through the real
 * routes — one whose storefront takes the orders, one whose business holds the 10,000 orders
 * (inserted in bulk with the module's own pricing and search text) — and runs autocannon in a
 * child process. Writes bench/results/orders-<engine>.json.
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { OrderStatus } from '@vitrina/contracts'
import { orderEvents, orders, products } from '../apps/api/src/db/schema/index.js'
import { hashOrderToken, orderCode } from '../apps/api/src/modules/orders/codes.js'
import { priceLine, priceOrder } from '../apps/api/src/modules/orders/pricing.js'
import { orderSearchText } from '../apps/api/src/modules/orders/repository.js'
import { prng } from './lib/random.js'
import { owner } from './lib/owner.js'
import { startScratchApp } from './lib/scratch-app.js'
import { startCpuProfile } from './lib/cpu-profile.js'
import { runLoad, type LoadResult } from './lib/load.js'
import { machine, postgresCpuSince, postgresCpuTimes, writeResult } from './lib/machine.js'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '16' },
    /** The list is one owner's screen: a few tabs or staff at once, not a crowd. */
    'list-connections': { type: 'string', default: '4' },
    orders: { type: 'string', default: '10000' },
    port: { type: 'string', default: '4730' },
    /** Keep the database afterwards (to EXPLAIN its queries); its name is printed. */
    keep: { type: 'boolean', default: false },
    /** Comma-separated scenarios to run (default: all). */
    only: { type: 'string' },
  },
})

export const ORDER_BUDGETS = { createP99Ms: 50, listP99Ms: 30 } as const

const FIRST = [
  'Ana',
  'Juan',
  'María',
  'José',
  'Lucía',
  'Martín',
  'Sofía',
  'Diego',
  'Camila',
  'Andrés',
]
const LAST = ['González', 'Rodríguez', 'Pérez', 'Fernández', 'López', 'Martínez', 'Sosa', 'Núñez']
const LAST_EXTRA = Array.from({ length: 12 }, (_, i) => `Apellido${i}`)

async function business(app: FastifyInstance, accessToken: string, identifier: string) {
  const form = new FormData()
  const fields: Record<string, string> = {
    name: `Tienda ${identifier}`,
    identifier,
    description: 'Negocio del banco de pruebas de pedidos',
    category: 'moda',
    phone: '099 123 456',
    email: 'bench@example.com',
    planType: 'free',
    categories: JSON.stringify([{ name: 'Ropa', subCategories: [] }]),
    deliveryOptions: JSON.stringify({
      pickup: true,
      delivery: { enabled: true, fee: { UYU: 150, USD: 5 }, freeFrom: { UYU: 3000 } },
    }),
    paymentMethods: JSON.stringify([
      { type: 'efectivo' },
      { type: 'transferencia', instructions: 'BROU 001234567-00001' },
    ]),
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const res = await app.inject({
    method: 'POST',
    url: '/api/businesses',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: form,
  })
  if (res.statusCode !== 201) throw new Error(`business: ${res.statusCode} ${res.body}`)
  const id = res.json()._id as string
  const rows = await app.db
    .insert(products)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        businessId: id,
        name: `Producto ${i}`,
        description: 'Producto del banco de pruebas',
        price: 100 + i * 37.5,
        discount: i % 4 === 0 ? 15 : 0,
        isOffer: i % 4 === 0,
        currency: i % 5 === 0 ? ('USD' as const) : ('UYU' as const),
        category: 'Ropa',
        image: { url: 'https://cdn.example/p.webp' },
        searchText: `producto ${i}`,
      })),
    )
    .returning()
  return { id, products: rows }
}

/** `count` orders spread over the last 180 days, in every status, inserted 1,000 at a time. */
async function fillOrders(
  app: FastifyInstance,
  shop: Awaited<ReturnType<typeof business>>,
  count: number,
) {
  const random = prng(24)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const codes = new Set<string>()
  const weights: OrderStatus[] = [
    ...Array<OrderStatus>(2).fill('nuevo'),
    ...Array<OrderStatus>(2).fill('confirmado'),
    'listo',
    'enviado',
    ...Array<OrderStatus>(6).fill('entregado'),
    'cancelado',
  ]
  const options = {
    pickup: true,
    delivery: { enabled: true, fee: { UYU: 150 }, freeFrom: { UYU: 3000 } },
  }
  const now = Date.now()
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, () => {
      let code = orderCode(5)
      while (codes.has(code)) code = orderCode(5)
      codes.add(code)
      const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
        priceLine(pick(shop.products), 1 + Math.floor(random() * 3)),
      )
      const unique = [...new Map(lines.map((l) => [l.productId, l])).values()]
      const method = random() < 0.5 ? ('pickup' as const) : ('delivery' as const)
      const status = pick(weights)
      const name = `${pick(FIRST)} ${pick([...LAST, ...LAST_EXTRA])}`
      const phone = `09${Math.floor(1_000_000 + random() * 8_999_999)}`
      const createdAt = new Date(now - random() * 180 * 86_400_000)
      return {
        businessId: shop.id,
        code,
        tokenHash: hashOrderToken(randomBytes(32).toString('base64url')),
        status,
        cancelReason: status === 'cancelado' ? 'Sin stock' : null,
        customerName: name,
        customerPhone: phone,
        deliveryMethod: method,
        deliveryAddress: method === 'delivery' ? 'Av. Brasil 2890' : null,
        paymentMethod: 'efectivo' as const,
        ...priceOrder(unique, method, options),
        searchText: orderSearchText(code, name, phone),
        createdAt,
        updatedAt: createdAt,
      }
    })
    const inserted = await app.db.insert(orders).values(batch).returning({ id: orders.id })
    await app.db
      .insert(orderEvents)
      .values(inserted.map((row) => ({ orderId: row.id, status: 'nuevo' as const })))
  }
  // The steady state of a real table, which autovacuum keeps: statistics and the visibility map
  // (without it the counts per status read every row instead of the index alone).
  await app.db.execute(sql`VACUUM ANALYZE orders`)
  await app.db.execute(sql`VACUUM ANALYZE order_events`)
  return [...codes]
}

/**
 * A warm-up, then the measured load, with the server's CPU time per request (this process: the
 * load runs in a child) — steadier than latency on a machine other work is competing for.
 */
async function measure(
  name: string,
  target: string,
  options: Omit<Parameters<typeof runLoad>[1], 'warmup'>,
  warmupSeconds: number,
): Promise<LoadResult & { cpuMsPerRequest: number; dbCpuMsPerRequest: number }> {
  if (warmupSeconds > 0) await runLoad(target, { ...options, duration: warmupSeconds, warmup: 0 })
  const stopProfile = await startCpuProfile(`orders-${name}`)
  const before = process.cpuUsage()
  const dbBefore = postgresCpuTimes()
  const result = await runLoad(target, { ...options, warmup: 0 })
  const used = process.cpuUsage(before)
  const dbUsed = postgresCpuSince(dbBefore)
  await stopProfile()
  const cpuMsPerRequest = (used.user + used.system) / 1000 / Math.max(result.requestsTotal, 1)
  const requests = Math.max(result.requestsTotal, 1)
  return {
    ...result,
    cpuMsPerRequest: Number(cpuMsPerRequest.toFixed(2)),
    // The local PostgreSQL's processes (the bench's database is the only busy one).
    dbCpuMsPerRequest: Number((dbUsed / requests).toFixed(2)),
  }
}

const port = Number(values.port)
const scratch = await startScratchApp({
  engine: values.engine ?? 'postgres',
  name: 'orders',
  port,
  poolSize: 10,
})
const { app } = scratch
const connections = Number(values.connections)
const listConnections = Number(values['list-connections'])
const duration = Number(values.duration)
const warmup = Number(values.warmup)
try {
  await app.listen({ port, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${port}`
  const shopOwner = (await owner(app, 'Dueña de la tienda')).accessToken
  const shop = await business(app, shopOwner, `bench-pedidos-${randomBytes(3).toString('hex')}`)
  const listOwner = (await owner(app, 'Dueño con diez mil pedidos')).accessToken
  const busy = await business(app, listOwner, `bench-lista-${randomBytes(3).toString('hex')}`)
  const started = Date.now()
  const codes = await fillOrders(app, busy, Number(values.orders))
  console.info(`${values.orders} pedidos insertados en ${Date.now() - started} ms`)

  const machineBefore = machine()
  const body = JSON.stringify({
    items: [
      { productId: shop.products[0]!.id, quantity: 2 },
      { productId: shop.products[3]!.id, quantity: 1 },
      { productId: shop.products[5]!.id, quantity: 1 },
    ],
    customer: { name: 'Juan Pérez', phone: '099 123 456' },
    delivery: { method: 'delivery', address: 'Rambla 1234' },
    paymentMethod: 'transferencia',
    notes: 'Tocar timbre',
  })
  const only = values.only?.split(',')
  const wanted = (name: string) => !only || only.includes(name)
  const create = wanted('create')
    ? await measure(
        'create',
        `${base}/api/businesses/${shop.id}/orders`,
        {
          connections,
          duration,
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        },
        warmup,
      )
    : undefined
  if (create) {
    console.info(
      `crear pedido: p50 ${create.p50} ms, p99 ${create.p99} ms, ${create.requestsPerSecond} req/s, ` +
        `CPU ${create.cpuMsPerRequest} ms/req, DB CPU ${create.dbCpuMsPerRequest} ms/req, ` +
        `non2xx ${create.non2xx}`,
    )
  }

  // The create scenario added thousands of rows to the same table (more, the faster it is):
  // back to the steady state autovacuum keeps — the trigram index's pending list merged, the
  // visibility map set — so the lists measure the same table whatever creating did.
  await app.db.execute(sql`VACUUM ANALYZE orders`)
  await app.db.execute(sql`VACUUM ANALYZE order_events`)
  const auth = { authorization: `Bearer ${listOwner}` }
  const scenarios: Record<string, string> = {
    first: '/api/orders',
    status: '/api/orders?status=confirmado',
    searchName: `/api/orders?search=${encodeURIComponent('perez')}`,
    searchCode: `/api/orders?search=${encodeURIComponent(codes[17]!)}`,
    page10: '/api/orders?page=10',
    counts: '/api/orders/counts',
  }
  const list: Record<string, Awaited<ReturnType<typeof measure>>> = {}
  for (const [name, pathname] of Object.entries(scenarios)) {
    if (!wanted(name)) continue
    const r = await measure(
      name,
      `${base}${pathname}`,
      { connections: listConnections, duration, headers: auth },
      warmup,
    )
    list[name] = r
    console.info(
      `${name}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.requestsPerSecond} req/s, ` +
        `CPU ${r.cpuMsPerRequest} ms/req, DB CPU ${r.dbCpuMsPerRequest} ms/req, non2xx ${r.non2xx}`,
    )
  }
  const result = {
    engine: values.engine,
    connections,
    listConnections,
    duration,
    orders: Number(values.orders),
    budgets: ORDER_BUDGETS,
    machineBefore,
    machineAfter: machine(),
    create,
    list,
  }
  console.info(`→ ${await writeResult(`orders-${values.engine}`, result)}`)
} finally {
  await scratch.close({ keep: values.keep })
}
