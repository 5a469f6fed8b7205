/**
 * Insights (issue 26 budgets): POST /api/events at a steady 2,000 events/s on one process
 * (p99 ≤ 20 ms, at most one database write per business per second), and the size of a year of
 * daily counters for 10,000 businesses.
 *
 *   npx tsx bench/events.ts [--engine postgres|pglite] [--duration 10] [--warmup 2]
 *     [--businesses 200] [--batch 5] [--rate 2000] [--connections 32] [--port 4731]
 *     [--year-businesses 10000]
 *
 * A fresh database (bench/lib/scratch-app.ts) with `businesses` businesses of 20 products each,
 * made in bulk with SQL. The load cycles through 2,000 distinct bodies (random business, a
 * storefront's mix of events, `batch` events each) at `rate / batch` requests per second. Then the
 * size: a year of insight_days rows for `year-businesses` businesses (every business, every day:
 * the worst case) and of product and search rows for a tenth of them (10 products and 3 searches a
 * day each), filled with generate_series into copies of the tables, measured with
 * pg_total_relation_size. Writes bench/results/events-<engine>.json.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { InsightEvent } from '@vitrina/contracts'
import { prng } from './lib/random.js'
import { startScratchApp } from './lib/scratch-app.js'
import { runLoad } from './lib/load.js'
import { machine, writeResult } from './lib/machine.js'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    businesses: { type: 'string', default: '200' },
    batch: { type: 'string', default: '5' },
    rate: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '32' },
    port: { type: 'string', default: '4731' },
    'year-businesses': { type: 'string', default: '10000' },
  },
})

export const EVENT_BUDGETS = { eventsPerSecond: 2000, p99Ms: 20, writesPerBusinessPerSecond: 1 }

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows

const port = Number(values.port)
const engine = values.engine ?? 'postgres'
const scratch = await startScratchApp({ engine, name: 'events', port, poolSize: 10 })
const { app } = scratch
const businessCount = Number(values.businesses)
const batch = Number(values.batch)
const rate = Number(values.rate)
const duration = Number(values.duration)
try {
  await app.listen({ port, host: '127.0.0.1' })
  // Owners, businesses and 20 products each, in three statements.
  await app.db.execute(sql`
    INSERT INTO users (name, email, password_hash, is_active)
    SELECT 'Dueño ' || g, 'bench-events-' || g || '@example.com', 'x', true
    FROM generate_series(1, ${businessCount}) g`)
  await app.db.execute(sql`
    INSERT INTO businesses (user_id, name, identifier, description, category, phone, email,
      search_text)
    SELECT u.id, 'Tienda ' || u.name, 'bench-eventos-' || row_number() OVER (), 'Tienda', 'moda',
      '099 123 456', 'tienda@example.com', 'tienda'
    FROM users u WHERE u.email LIKE 'bench-events-%'`)
  await app.db.execute(sql`
    INSERT INTO products (business_id, name, description, price, currency, category, image,
      search_text)
    SELECT b.id, 'Producto ' || g, 'Producto', 100 + g, 'UYU', 'Ropa',
      '{"url":"https://cdn.example/p.webp"}'::jsonb, 'producto ' || g
    FROM businesses b CROSS JOIN generate_series(1, 20) g`)
  const shops = rows<{ id: string; products: string[] }>(
    await app.db.execute(sql`
      SELECT b.id, array_agg(p.id) AS products FROM businesses b
      JOIN products p ON p.business_id = b.id GROUP BY b.id`),
  )
  const random = prng(26)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const words = ['yerba', 'mate', 'termo', 'bombilla', 'campera', 'remera', 'zapatos', 'vestido']
  const sources = [undefined, 'l.instagram.com', 'whatsapp', 'www.google.com', 'm.facebook.com']
  const event = (products: string[]): InsightEvent => {
    const r = random()
    if (r < 0.25) return { type: 'visit', source: pick(sources) }
    if (r < 0.65) return { type: 'product_view', productId: pick(products) }
    if (r < 0.8) return { type: 'search', query: pick(words), results: random() < 0.3 ? 0 : 4 }
    if (r < 0.9) return { type: 'cart_add', productId: pick(products) }
    return { type: 'whatsapp_click' }
  }
  const bodies = Array.from({ length: 2000 }, () => {
    const shop = pick(shops)
    return JSON.stringify({
      businessId: shop.id,
      events: Array.from({ length: batch }, () => event(shop.products)),
    })
  })

  const machineBefore = machine()
  const options = {
    connections: Number(values.connections),
    method: 'POST',
    bodies,
    rate: Math.round(rate / batch),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
  }
  const warmup = Number(values.warmup)
  const warmed =
    warmup > 0
      ? await runLoad(`http://127.0.0.1:${port}/api/events`, {
          ...options,
          duration: warmup,
          warmup: 0,
        })
      : undefined
  await app.insights.flush()
  const before = { stats: app.insights.stats(), cpu: process.cpuUsage(), at: Date.now() }
  const load = await runLoad(`http://127.0.0.1:${port}/api/events`, {
    ...options,
    duration,
    warmup: 0,
  })
  const cpu = process.cpuUsage(before.cpu)
  const seconds = (Date.now() - before.at) / 1000
  // The timer's flushes during the load (the final flush below only writes what is left).
  const after = app.insights.stats()
  await app.insights.flush()
  const final = app.insights.stats()
  const flushes = after.flushes - before.stats.flushes
  const statements = after.statements - before.stats.statements
  const [counted] = rows<{ events: number }>(
    await app.db.execute(sql`
      SELECT (sum(visits) + sum(product_views) + sum(searches) + sum(cart_adds)
        + sum(whatsapp_clicks))::int AS events FROM insight_days`),
  )
  const events = {
    requestsPerSecond: load.requestsPerSecond,
    eventsPerSecond: Math.round(load.requestsPerSecond * batch),
    p50: load.p50,
    p99: load.p99,
    latencyMax: load.latencyMax,
    non2xx: load.non2xx,
    errors: load.errors,
    cpuMsPerRequest: Number(
      ((cpu.user + cpu.system) / 1000 / Math.max(1, load.requestsTotal)).toFixed(3),
    ),
    flushesPerSecond: Number((flushes / seconds).toFixed(2)),
    statementsPerSecond: Number((statements / seconds).toFixed(1)),
    // One statement per business per flush, and at most one flush a second.
    writesPerBusinessPerSecondMax: Number((flushes / seconds).toFixed(2)),
    countedEvents: counted?.events ?? 0,
    // What the server accepted (202), warm-up included: every one must be counted.
    acceptedEvents: ((warmed?.ok ?? 0) + load.ok) * batch,
    failedWrites: final.failed - before.stats.failed,
  }
  console.info(
    `eventos: ${events.eventsPerSecond}/s (${events.requestsPerSecond} req/s de ${batch}), ` +
      `p50 ${events.p50} ms, p99 ${events.p99} ms, non2xx ${events.non2xx}; ` +
      `${events.flushesPerSecond} escrituras/s por negocio como máximo, ` +
      `${events.statementsPerSecond} sentencias/s`,
  )

  // A year of counters, in copies of the tables without their foreign keys.
  const yearBusinesses = Number(values['year-businesses'])
  const tenth = Math.max(1, Math.round(yearBusinesses / 10))
  await app.db.execute(sql`CREATE TABLE year_days (LIKE insight_days INCLUDING ALL)`)
  await app.db.execute(sql`CREATE TABLE year_products (LIKE insight_products INCLUDING ALL)`)
  await app.db.execute(sql`CREATE TABLE year_searches (LIKE insight_searches INCLUDING ALL)`)
  const started = Date.now()
  await app.db.execute(sql`
    INSERT INTO year_days (business_id, day, visits, unique_visitors, product_views, searches,
      whatsapp_clicks, orders, from_direct, from_whatsapp)
    SELECT b.id, d::date, 40, 25, 90, 12, 4, 1, 20, 20
    FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, ${yearBusinesses})) b
    CROSS JOIN generate_series(current_date - 364, current_date, '1 day') d`)
  await app.db.execute(sql`
    INSERT INTO year_products (business_id, day, product_id, views, cart_adds, orders)
    SELECT b.id, d::date, gen_random_uuid(), 9, 1, 0
    FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, ${tenth})) b
    CROSS JOIN generate_series(current_date - 364, current_date, '1 day') d
    CROSS JOIN generate_series(1, 10)`)
  await app.db.execute(sql`
    INSERT INTO year_searches (business_id, day, query, searches, zero_results)
    SELECT b.id, d::date, 'busqueda ' || s, 4, 1
    FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, ${tenth})) b
    CROSS JOIN generate_series(current_date - 364, current_date, '1 day') d
    CROSS JOIN generate_series(1, 3) s`)
  await app.db.execute(sql`VACUUM ANALYZE year_days`)
  await app.db.execute(sql`VACUUM ANALYZE year_products`)
  await app.db.execute(sql`VACUUM ANALYZE year_searches`)
  const [size] = rows<{ days: string; products: string; searches: string }>(
    await app.db.execute(sql`
      SELECT pg_total_relation_size('year_days')::text AS days,
        pg_total_relation_size('year_products')::text AS products,
        pg_total_relation_size('year_searches')::text AS searches`),
  )
  const mb = (bytes: string | undefined, scale = 1) =>
    Number(((Number(bytes) * scale) / 1024 / 1024).toFixed(1))
  const year = {
    businesses: yearBusinesses,
    dayRows: yearBusinesses * 365,
    daysMb: mb(size?.days),
    bytesPerDayRow: Math.round(Number(size?.days) / (yearBusinesses * 365)),
    // Products and searches were filled for a tenth of the businesses: ×10 for all of them.
    productsMb: mb(size?.products, yearBusinesses / tenth),
    searchesMb: mb(size?.searches, yearBusinesses / tenth),
    fillMs: Date.now() - started,
  }
  console.info(
    `un año, ${yearBusinesses} negocios: días ${year.daysMb} MB (${year.bytesPerDayRow} B/fila), ` +
      `productos ${year.productsMb} MB, búsquedas ${year.searchesMb} MB`,
  )
  const result = {
    engine,
    duration,
    businesses: businessCount,
    batch,
    rate,
    budgets: EVENT_BUDGETS,
    machineBefore,
    machineAfter: machine(),
    events,
    year,
  }
  console.info(`→ ${await writeResult(`events-${engine}`, result)}`)
} finally {
  await scratch.close()
}
