/**
 * The read cache across processes (issue 22 §3, docs/decisions/022): a write on one process drops
 * the cached reads and rendered pages of every other process on the same database within 1 s,
 * told by PostgreSQL NOTIFY, or by Redis pub/sub when REDIS_URL is set. Two apps on one database
 * stand for two processes. A process that cannot hear the others does not serve cached replies.
 * PGlite is one process by construction: these run on PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Business, Product } from '@vitrina/contracts'
import { businesses, products } from '../src/db/schema/index.js'
import type { PageRenderer } from '../src/plugins/static-files-and-pages.js'
import { startTestApps } from './helpers/app.js'
import { registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, patchBusiness } from './helpers/catalogue.js'
import { testEngine } from './helpers/database.js'
import { createTestProduct, patchProduct } from './helpers/products.js'
import { redisEnv, testRedisUrl } from './helpers/redis.js'

const webDist = mkdtempSync(path.join(os.tmpdir(), 'vitrina-web-dist-'))
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="es"><head><!--head:start--><title>Vitrina</title><!--head:end-->' +
    '</head><body><div id="root"><!--app:start--><p>Cargando…</p><!--app:end--></div></body></html>',
)
afterAll(() => rmSync(webDist, { recursive: true, force: true }))

/** Renders a storefront as its business's name, read through the API; counts its renders. */
function nameRenderer() {
  const rendered: string[] = []
  const renderer: PageRenderer = {
    async renderPage(url, api) {
      const { pathname } = new URL(url)
      const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }
      const shell = { status: 200, headers, html: '<p>Cargando…</p>' }
      if (pathname.split('/').length !== 2 || pathname === '/') return shell
      rendered.push(pathname)
      const reply = await api.fetch(`/api/businesses${pathname}/identifier`)
      if (!reply.ok) return shell
      const business = (await reply.json()) as Business
      return {
        status: 200,
        headers,
        html: `<title>${business.name} | Vitrina</title><main><h1>${business.name}</h1></main>`,
        shared: { businessId: business._id },
      }
    },
  }
  return { renderer, rendered }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function productName(app: FastifyInstance, id: string): Promise<string> {
  const reply = await app.inject({ method: 'GET', url: `/api/products/${id}` })
  expect(reply.statusCode).toBe(200)
  return (reply.json() as Product).name
}

const buses = [
  { name: 'PostgreSQL NOTIFY', env: () => ({}), run: testEngine === 'postgres' },
  {
    name: 'Redis pub/sub (TEST_REDIS_URL)',
    env: () => redisEnv(),
    run: testEngine === 'postgres' && !!testRedisUrl,
  },
]

for (const bus of buses) {
  describe.runIf(bus.run)(`read cache across processes: ${bus.name}`, () => {
    const rendering = nameRenderer()
    let t: Awaited<ReturnType<typeof startTestApps>>
    let a: FastifyInstance
    let b: FastifyInstance
    let owner: TestAccount
    let business: Business
    let product: Product

    beforeAll(async () => {
      t = await startTestApps(
        2,
        { RATE_LIMIT: 'false', READ_CACHE_TTL: '60', WEB_DIST: webDist, ...bus.env() },
        { pageRenderer: rendering.renderer },
      )
      ;[a, b] = t.apps as [FastifyInstance, FastifyInstance]
      owner = await registerAndLogin(a)
      business = await createTestBusiness(a, owner, { name: 'Almacén Uno' })
      product = await createTestProduct(a, owner, business._id, { name: 'Taza' })
    })
    afterAll(async () => {
      await t?.stop()
    })

    /**
     * Waits until `app` answers the product from memory: a rename straight in the database (no
     * write through the API, so nobody is told) does not show.
     */
    async function cachedOn(app: FastifyInstance) {
      const deadline = Date.now() + 10_000
      for (;;) {
        const name = await productName(app, product._id)
        await t.db
          .update(products)
          .set({ name: `${name}*` })
          .where(eq(products.id, product._id))
        const seen = await productName(app, product._id)
        await t.db.update(products).set({ name }).where(eq(products.id, product._id))
        if (seen === name) return
        if (Date.now() > deadline) throw new Error('the read was never cached')
        await sleep(50)
      }
    }

    /** Milliseconds until `check` holds, polling every 10 ms (fails after 5 s). */
    async function msUntil(check: () => Promise<boolean>): Promise<number> {
      const started = performance.now()
      while (!(await check())) {
        if (performance.now() - started > 5_000) throw new Error('not seen within 5 s')
        await sleep(10)
      }
      return performance.now() - started
    }

    it('an edit on one process drops the other’s cached reads and pages within 1 s', async () => {
      await cachedOn(b)
      const page = `/${business.identifier}`
      const visit = () => b.inject({ method: 'GET', url: page })
      expect((await visit()).body).toContain('<h1>Almacén Uno</h1>')
      const renders = rendering.rendered.length
      expect((await visit()).body).toContain('<h1>Almacén Uno</h1>')
      expect(rendering.rendered.length).toBe(renders) // the page is served from memory

      expect((await patchProduct(a, owner, product._id, { name: 'Taza grande' })).statusCode).toBe(
        200,
      )
      const readDelay = await msUntil(
        async () => (await productName(b, product._id)) === 'Taza grande',
      )
      expect(readDelay).toBeLessThan(1_000)

      const renamed = await patchBusiness(a, owner, business._id, { name: 'Almacén Dos' })
      expect(renamed.statusCode).toBe(200)
      const pageDelay = await msUntil(async () =>
        (await visit()).body.includes('<h1>Almacén Dos</h1>'),
      )
      expect(pageDelay).toBeLessThan(1_000)
      // The head is the same render's (the web build's, issue 42 §1): dropped with the page.
      expect((await visit()).body).toContain('<title>Almacén Dos | Vitrina</title>')
    })

    it.runIf(bus.name.startsWith('PostgreSQL'))(
      'serves no cached read while its listener is cut off, and caches again once it listens',
      async () => {
        await cachedOn(b)
        // Every listening session of this database is dropped (the server restarting would).
        const terminated = (await t.db.execute(sql`
          select pid, pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'vitrina-listener'`)) as unknown as {
          rows: { pid: number }[]
        }
        const pids = terminated.rows.map((row) => row.pid)
        expect(pids.length).toBeGreaterThan(0)
        // pg_terminate_backend only signals: wait until those sessions are gone, so that the
        // socket's end has reached B (CI once read within that gap, before B could know).
        await msUntil(async () => {
          const alive = (await t.db.execute(sql`
            select count(*)::int as n from pg_stat_activity
            where pid in (${sql.join(
              pids.map((pid) => sql`${pid}`),
              sql`, `,
            )})`)) as unknown as { rows: { n: number }[] }
          return alive.rows[0]?.n === 0
        })
        await t.db
          .update(products)
          .set({ name: 'Taza cambiada a mano' })
          .where(eq(products.id, product._id))
        // Nobody was told of that change; still, B does not answer with the old name.
        expect(await productName(b, product._id)).toBe('Taza cambiada a mano')
        await cachedOn(b) // listening again: the cache works again (within the 10 s of cachedOn)
        await t.db
          .update(businesses)
          .set({ name: 'Almacén Dos' })
          .where(eq(businesses.id, business._id))
      },
    )
  })
}
