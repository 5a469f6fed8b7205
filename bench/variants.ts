/**
 * Issue 25 budgets: the product list keeps its figures with variants (list p99 within 10 % of a
 * business without variants when 30 % of its products have 12 variants), and confirming an order
 * p99 ≤ 30 ms.
 *
 *   npx tsx bench/variants.ts [--engine postgres|pglite] [--duration 10] [--warmup 2]
 *     [--connections 32] [--products 2000] [--confirms 400] [--confirm-connections 4]
 *     [--port 4740]
 *
 * One scratch app with the read cache off (the database path, what variants could slow down),
 * two businesses of `products` products each: one without variants, one where 30 % of the
 * products have 12 (Talle 4 × Color 3, stock tracked). The default list page, a price sort and
 * an option filter are loaded with autocannon on both. Then `confirms` orders of a tracked
 * variant are confirmed through PATCH /api/orders/{id}, 4 at a time, each once, by autocannon in its
 * own process (after 40 untimed ones, the warm-up).
 * Writes bench/results/variants-<engine>.json. `BENCH_CPU_PROF=<dir>`: a V8 CPU profile of the
 * confirmations (this process: the server and the timed client), <dir>/variants-confirm.cpuprofile.
 */
import { randomBytes } from 'node:crypto'
import { startCpuProfile } from './lib/cpu-profile.js'
import { parseArgs } from 'node:util'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { businesses, orders, products, productVariants } from '../apps/api/src/db/schema/index.js'
import { prng } from './lib/random.js'
import { owner } from './lib/owner.js'
import { startScratchApp } from './lib/scratch-app.js'
import { runLoad, type LoadResult } from './lib/load.js'
import { machine, writeResult } from './lib/machine.js'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '32' },
    products: { type: 'string', default: '2000' },
    confirms: { type: 'string', default: '400' },
    /** Confirmations in flight at once (an owner's screen: a few). */
    'confirm-connections': { type: 'string', default: '4' },
    port: { type: 'string', default: '4740' },
  },
})

export const VARIANT_BUDGETS = { listP99Ratio: 1.1, confirmP99Ms: 30 } as const

/** Confirmations made before the timed ones (see timedConfirms). */
const CONFIRM_WARMUP = 40

const TALLES = ['S', 'M', 'L', 'XL']
const COLORES = ['Azul', 'Negro', 'Gris']

/** A business of `count` products; `withVariants`: 30 % of them with 12 tracked variants. */
async function catalogue(
  app: FastifyInstance,
  userId: string,
  count: number,
  withVariants: boolean,
): Promise<string> {
  const identifier = `banco-${randomBytes(4).toString('hex')}`
  const [business] = await app.db
    .insert(businesses)
    .values({
      userId,
      name: `Banco ${identifier}`,
      identifier,
      description: 'Negocio del banco de pruebas de variantes',
      category: 'moda',
      phone: '099 123 456',
      email: 'bench@example.com',
      categories: [{ name: 'Ropa', subCategories: [] }],
      searchText: identifier,
      effectivePlan: 'pro',
      paymentMethods: [{ type: 'efectivo' }],
    })
    .returning()
  const random = prng(withVariants ? 25 : 24)
  const base = Date.UTC(2026, 0, 1)
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, j) => {
      const i = start + j
      const variants = withVariants && i % 10 < 3
      return {
        businessId: business!.id,
        name: `Buzo ${i}`,
        description: 'Producto del banco de pruebas',
        price: Math.round(100 + random() * 9_900),
        discount: i % 4 === 0 ? 15 : 0,
        isOffer: i % 4 === 0,
        currency: i % 5 === 0 ? ('USD' as const) : ('UYU' as const),
        category: 'Ropa',
        image: { url: 'https://cdn.example/p.webp' },
        searchText: `buzo ${i}`,
        createdAt: new Date(base + i * 60_000),
        ...(variants
          ? {
              options: [
                { name: 'Talle', values: TALLES },
                { name: 'Color', values: COLORES },
              ],
              trackStock: true,
            }
          : {}),
      }
    })
    const inserted = await app.db.insert(products).values(rows).returning()
    const variantRows = inserted
      .filter((p) => p.options.length > 0)
      .flatMap((p) =>
        TALLES.flatMap((talle, t) =>
          COLORES.map((color, c) => ({
            productId: p.id,
            businessId: p.businessId,
            position: t * COLORES.length + c,
            options: { Talle: talle, Color: color },
            price: c === 2 ? Number(p.price) + 200 : null,
            // Some sold out, some low, most plenty: the confirm scenario draws from these.
            stock: (t + c) % 5 === 0 ? 0 : (t + c) % 5 === 1 ? 3 : 1_000,
          })),
        ),
      )
    if (variantRows.length) await app.db.insert(productVariants).values(variantRows)
  }
  return business!.id
}

async function timedConfirms(
  app: FastifyInstance,
  base: string,
  token: string,
  businessId: string,
  count: number,
): Promise<{ p50: number; p99: number; max: number; non2xx: number }> {
  const [variant] = await app.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.businessId, businessId))
    .orderBy(desc(productVariants.stock))
    .limit(1)
  const ids: string[] = []
  for (let i = 0; i < count + CONFIRM_WARMUP; i++) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/businesses/${businessId}/orders`,
      payload: {
        items: [{ productId: variant!.productId, variantId: variant!.id, quantity: 1 }],
        customer: { name: 'Juan Pérez', phone: '099 123 456' },
        delivery: { method: 'pickup' },
        paymentMethod: 'efectivo',
      },
    })
    if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`)
    const [row] = await app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.code, res.json().code as string))
    ids.push(row!.id)
  }
  // Autocannon in its own process, like the loads: the client's work never shares the server's
  // event loop. Each order is confirmed once (`amount` = its paths).
  const confirmAll = (batch: string[]) =>
    runLoad(`${base}/api/orders`, {
      connections: Number(values['confirm-connections']),
      duration: 0,
      warmup: 0,
      method: 'PATCH',
      body: JSON.stringify({ status: 'confirmado' }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      paths: batch.map((id) => `/api/orders/${id}`),
      amount: batch.length,
    })
  // Like the loads' warm-up: the first confirmations of a process compile the route's code and
  // prepare the statement on each pooled connection; they are made but not timed.
  await confirmAll(ids.splice(0, CONFIRM_WARMUP))
  const stopProfile = await startCpuProfile('variants-confirm')
  const result = await confirmAll(ids)
  await stopProfile()
  if (result.requestsTotal !== ids.length) {
    throw new Error(`confirmations: ${result.requestsTotal} made, ${ids.length} asked`)
  }
  return { p50: result.p50, p99: result.p99, max: result.latencyMax, non2xx: result.non2xx }
}

async function main() {
  const port = Number(values.port)
  const scratch = await startScratchApp({
    engine: values.engine,
    name: 'variants',
    port,
    env: { READ_CACHE_MB: '0' },
  })
  const { app } = scratch
  try {
    const count = Number(values.products)
    const { accessToken: token, userId } = await owner(app, 'Dueña')
    const other = await owner(app, 'Dueña')
    const plain = await catalogue(app, other.userId, count, false)
    const varied = await catalogue(app, userId, count, true)
    await app.db.execute('ANALYZE')
    await app.listen({ port, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${port}`
    const load = (path: string): Promise<LoadResult> =>
      runLoad(`${base}${path}`, {
        connections: Number(values.connections),
        duration: Number(values.duration),
        warmup: Number(values.warmup),
      })
    const scenarios: Record<string, LoadResult> = {}
    for (const [name, id] of [
      ['plain', plain],
      ['variants', varied],
    ] as const) {
      scenarios[`list-default-${name}`] = await load(`/api/products/${id}/business`)
      scenarios[`list-cheapest-${name}`] = await load(`/api/products/${id}/business?sort=cheapest`)
    }
    scenarios['list-option-variants'] = await load(
      `/api/products/${varied}/business?option=Talle:M`,
    )
    const confirm = await timedConfirms(app, base, token, varied, Number(values.confirms))
    const ratio = (a: string, b: string) =>
      Math.round((scenarios[a]!.p99 / Math.max(scenarios[b]!.p99, 0.01)) * 100) / 100
    const result = {
      machine: machine(),
      engine: values.engine,
      products: count,
      connections: Number(values.connections),
      budgets: VARIANT_BUDGETS,
      scenarios: Object.fromEntries(
        Object.entries(scenarios).map(([k, r]) => [
          k,
          { rps: Math.round(r.requestsPerSecond), p50: r.p50, p99: r.p99, non2xx: r.non2xx },
        ]),
      ),
      listP99Ratio: {
        default: ratio('list-default-variants', 'list-default-plain'),
        cheapest: ratio('list-cheapest-variants', 'list-cheapest-plain'),
      },
      confirm,
    }
    console.info(JSON.stringify(result, null, 2))
    await writeResult(`variants-${values.engine}`, result)
  } finally {
    await scratch.close()
  }
}

await main()
