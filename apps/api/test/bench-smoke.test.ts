/**
 * Keeps the benchmark suite (bench/, `npm run bench`) from rotting: the same generator writes a
 * tiny catalogue into this file's test database (PGlite, or PostgreSQL under
 * VITRINA_TEST_ENGINE=postgres), the same load code drives one scenario and its bare twin for about
 * a second over real HTTP, and the EXPLAIN code reads the plans of the real list queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productListResponseSchema } from '@vitrina/contracts'
import {
  generateCatalogue,
  loadSample,
  rawClient,
  type GeneratedCatalogue,
} from '../../../bench/lib/generate.js'
import { measureScenario } from '../../../bench/lib/measure.js'
import { explainScenarios } from '../../../bench/lib/plans.js'
import { scenariosFor, SEARCH_QUERY, SEARCH_QUERY_PLAIN } from '../../../bench/lib/scenarios.js'
import {
  FLOOR_HTML,
  startReferenceProxy,
  withoutScripts,
} from '../../../bench/lib/reference-pages.js'
import { registerBareRoute } from '../../../bench/lib/server.js'
import { productSearchText } from '../src/modules/products/search.js'
import { searchTextOf } from '../src/modules/businesses/repository.js'
import { startTestApp } from './helpers/app.js'

describe('benchmark suite smoke run', () => {
  let started: Awaited<ReturnType<typeof startTestApp>>
  let bareBodies: Map<string, Buffer>
  let baseUrl: string
  let catalogue: GeneratedCatalogue

  beforeAll(async () => {
    started = await startTestApp({ RATE_LIMIT: 'false' }, (app) => {
      bareBodies = registerBareRoute(app)
    })
    catalogue = await generateCatalogue(started.db, { size: 'tiny', seed: 7, prefix: 'smoke-' })
    await started.app.listen({ host: '127.0.0.1', port: 0 })
    const address = started.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no TCP address')
    baseUrl = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await started?.stop()
  })

  it('generates the tiny catalogue with search_text exactly as the app computes it', async () => {
    expect(catalogue).toMatchObject({ businesses: 3, products: 180 })
    expect(await loadSample(started.db)).toEqual(catalogue.sample)
    const client = rawClient(started.db)
    const rows = (
      await client.query(
        'SELECT name, description, code, tags, search_text, is_offer, discount FROM products',
      )
    ).rows as {
      name: string
      description: string
      code: string | null
      tags: string[]
      search_text: string
      is_offer: boolean
      discount: number
    }[]
    expect(rows).toHaveLength(180)
    for (const row of rows) {
      expect(row.search_text).toBe(productSearchText(row))
      expect(row.is_offer).toBe(row.discount > 0)
    }
    const businesses = (await client.query('SELECT name, description, search_text FROM businesses'))
      .rows as { name: string; description: string; search_text: string }[]
    expect(businesses).toHaveLength(3)
    for (const row of businesses) expect(row.search_text).toBe(searchTextOf(row))
  })

  it('finds the same products for the accented and the plain search', async () => {
    const list = scenariosFor(catalogue.sample).find((s) => s.name === 'list')!
    const totals = []
    for (const search of [SEARCH_QUERY, SEARCH_QUERY_PLAIN]) {
      const reply = await started.app.inject(`${list.path}?search=${encodeURIComponent(search)}`)
      totals.push(productListResponseSchema.parse(reply.json()).total)
    }
    expect(totals[0]).toBeGreaterThan(0)
    expect(totals[1]).toBe(totals[0])
  })

  it('drives the product list and its bare twin over HTTP without errors', async () => {
    const list = scenariosFor(catalogue.sample).find((s) => s.name === 'list-filtered')!
    const result = await measureScenario(started.app, baseUrl, bareBodies, list, {
      connections: 4,
      duration: 1,
      warmup: 0,
    })
    expect(bareBodies.get(list.name)?.length).toBe(result.bytes)
    for (const run of [result.real, result.bare]) {
      expect(run.requestsPerSecond).toBeGreaterThan(0)
      expect(run.ok).toBeGreaterThan(0)
      expect(run.errors).toBe(0)
      expect(run.timeouts).toBe(0)
      expect(run.non2xx).toBe(0)
    }
    expect(result.ratio).toBeGreaterThan(0)
    expect(result.headers.etag).toBeTruthy()
    expect(result.headers.notModified).toBe(true)
  })

  it('explains every list, search and carousel statement the repository builds', async () => {
    const plans = await explainScenarios(started.db, catalogue.sample)
    expect(plans.map((p) => p.name)).toContain('search')
    for (const plan of plans) {
      expect(plan.sql).toMatch(/"products"\."business_id" = \$\d+/)
      expect(plan.params).toContain(catalogue.sample.businessId)
      expect(plan.executionMs).toBeGreaterThanOrEqual(0)
    }
  })

  it("serves the pages bench's reference pages beside the app on one origin", async () => {
    const proxy = await startReferenceProxy(baseUrl)
    try {
      proxy.setPage('storefront-static', '<!doctype html><h1>Copia</h1>')
      // Brotli when asked for, as Chromium does (fetch decodes it).
      const floor = await fetch(`${proxy.base}/__bench/floor`, {
        headers: { 'accept-encoding': 'br' },
      })
      expect(floor.headers.get('content-encoding')).toBe('br')
      expect(await floor.text()).toBe(FLOOR_HTML)
      expect(await (await fetch(`${proxy.base}/__bench/storefront-static`)).text()).toBe(
        '<!doctype html><h1>Copia</h1>',
      )
      expect((await fetch(`${proxy.base}/__bench/otra`)).status).toBe(404)
      // Everything else is the app's own answer, status and headers included.
      const list = scenariosFor(catalogue.sample).find((s) => s.name === 'list')!
      const direct = await fetch(`${baseUrl}${list.path}`)
      const proxied = await fetch(`${proxy.base}${list.path}`)
      expect(proxied.status).toBe(200)
      expect(proxied.headers.get('etag')).toBe(direct.headers.get('etag'))
      expect(await proxied.json()).toEqual(await direct.json())
      expect((await fetch(`${proxy.base}/api/no-such-route`)).status).toBe(404)
    } finally {
      await proxy.close()
    }
  })

  it('turns a rendered page into plain HTML: no scripts, no module preloads, the rest kept', () => {
    const rendered =
      '<html><head><link rel="stylesheet" href="/assets/index.css">' +
      '<link rel="modulepreload" crossorigin href="/assets/storefront.js">' +
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<script type="application/json" id="first-load-replies">{"a":"<b>"}</script></head>' +
      '<body><div id="root"><img src="/media/a.webp" alt="Portada"><h1>Tienda</h1></div>' +
      '<SCRIPT>console.log(1)</SCRIPT></body></html>'
    expect(withoutScripts(rendered)).toBe(
      '<html><head><link rel="stylesheet" href="/assets/index.css"></head>' +
        '<body><div id="root"><img src="/media/a.webp" alt="Portada"><h1>Tienda</h1></div>' +
        '</body></html>',
    )
  })
})
