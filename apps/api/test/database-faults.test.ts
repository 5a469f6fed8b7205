/**
 * Issue 22 §2: a stopped or black-holed database gives a quick 503 with Retry-After and the
 * generic Spanish message (never a 500, never a hang), /api/ready answers within its 1 s budget,
 * and the same process serves again once the database is back.
 *
 * The faults are local sockets (helpers/faults.ts). The stopped and black-holed servers need no
 * real database, so they run once, in the PGlite project; the proxy in front of a real server runs
 * in the PostgreSQL project.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_MESSAGES } from '@vitrina/contracts'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { openDatabase } from '../src/db/client.js'
import { TEST_ENV } from './helpers/app.js'
import { createTestDatabase, testEngine, type TestDatabase } from './helpers/database.js'
import { blackHole, closedPort, faultyProxy, type FakeServer } from './helpers/faults.js'

/** An app on the PostgreSQL at `url`, with the given DATABASE_* timeouts. */
async function appOn(url: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ ...TEST_ENV, DATABASE_URL: url, ...env })
  const database = await openDatabase({ url, ...config.databaseTimeouts })
  return buildApp(config, { database, closeDatabase: true, logger: false })
}

/** Fails after `ms` instead of waiting for the test's own time-out. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, deadline])
  } finally {
    clearTimeout(timer)
  }
}

async function timed(app: FastifyInstance, request: InjectOptions) {
  const started = performance.now()
  const response = await within(3_000, app.inject(request))
  return { response, ms: performance.now() - started }
}

const list: InjectOptions = {
  method: 'GET' as const,
  url: `/api/products/${randomUUID()}/business`,
}
const login: InjectOptions = {
  method: 'POST' as const,
  url: '/api/auth/login',
  payload: { email: 'ana@vitrina.test', password: 'Segura123' },
}
const register: InjectOptions = {
  method: 'POST' as const,
  url: '/api/auth/register',
  payload: {
    name: 'Ana Pérez',
    email: `ana-${randomUUID().replaceAll('-', '')}@vitrina.test`,
    password: 'Segura123',
  },
}

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(503)
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
  expect(response.json()).toMatchObject({ statusCode: 503, message: API_MESSAGES.unavailable })
}

describe.runIf(testEngine === 'pglite')('a database that is down (no real server needed)', () => {
  describe('stopped: nothing listens on its port', () => {
    let app: FastifyInstance
    beforeAll(async () => {
      app = await appOn(`postgres://postgres@127.0.0.1:${await closedPort()}/vitrina`)
    })
    afterAll(() => app.close())

    it('answers reads, logins and writes with a quick 503, Retry-After and the Spanish message', async () => {
      for (const request of [list, login, register]) {
        const { response, ms } = await timed(app, request)
        expectUnavailable(response)
        expect(ms).toBeLessThan(1_000)
      }
    })

    it('is not ready, with Retry-After', async () => {
      const { response } = await timed(app, { method: 'GET', url: '/api/ready' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toEqual({ status: 'unavailable' })
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
    })
  })

  describe('black-holed: connections are accepted and never answered', () => {
    let hole: FakeServer
    let app: FastifyInstance
    let quick: FastifyInstance
    beforeAll(async () => {
      hole = await blackHole()
      const url = `postgres://postgres@127.0.0.1:${hole.port}/vitrina`
      app = await appOn(url) // default timeouts: connect 2 s, statement 5 s
      quick = await appOn(url, { DATABASE_CONNECT_TIMEOUT_MS: '300' })
      // Ready before the first request, as a listening server is: start-up waits up to 2 s for
      // the read cache's invalidation listener, which a black hole never answers (ADR 022).
      await Promise.all([app.ready(), quick.ready()])
    })
    afterAll(async () => {
      await hole.close()
      await Promise.all([app.close(), quick.close()])
    })

    it('/api/ready answers 503 within its 1 s budget, before the 2 s connection timeout', async () => {
      const { response, ms } = await timed(app, { method: 'GET', url: '/api/ready' })
      expect(response.statusCode).toBe(503)
      expect(ms).toBeGreaterThanOrEqual(900)
      expect(ms).toBeLessThan(1_500)
    })

    it('gives up connecting after DATABASE_CONNECT_TIMEOUT_MS and answers 503', async () => {
      for (const request of [list, login, register]) {
        const { response, ms } = await timed(quick, request)
        expectUnavailable(response)
        expect(ms).toBeLessThan(1_000)
      }
    })
  })
})

describe.runIf(testEngine === 'postgres')('a real PostgreSQL behind a link that fails', () => {
  let database: TestDatabase
  let proxy: Awaited<ReturnType<typeof faultyProxy>>
  let app: FastifyInstance
  beforeAll(async () => {
    database = await createTestDatabase()
    const target = new URL(process.env.TEST_DATABASE_URL!)
    proxy = await faultyProxy(Number(target.port || 5432))
    const current = await database.handle.db.execute(sql`select current_database() as db`)
    target.host = `127.0.0.1:${proxy.port}`
    target.pathname = `/${(current as unknown as { rows: { db: string }[] }).rows[0]!.db}`
    app = await appOn(target.toString(), {
      DATABASE_CONNECT_TIMEOUT_MS: '300',
      DATABASE_STATEMENT_TIMEOUT_MS: '400',
    })
    app.get('/slow', async () => {
      await app.db.execute(sql`select pg_sleep(2)`)
      return { done: true }
    })
    app.post('/cut-mid-transaction', async () => {
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        proxy.setMode('blackhole')
        await tx.execute(sql`select 2`)
      })
      return { done: true }
    })
    await app.ready()
  })
  afterAll(async () => {
    await proxy.close()
    await app.close()
    await database.destroy()
  })

  async function expectServing() {
    const { response } = await timed(app, list)
    expect(response.statusCode, response.body).toBe(404) // the database answered: no such business
    expect((await timed(app, { method: 'GET', url: '/api/ready' })).response.statusCode).toBe(200)
  }

  it('cancels a statement after DATABASE_STATEMENT_TIMEOUT_MS with a 503', async () => {
    const { response, ms } = await timed(app, { method: 'GET', url: '/slow' })
    expectUnavailable(response)
    expect(ms).toBeLessThan(1_500)
    await expectServing()
  })

  it('answers 503 while black-holed, on pooled and new connections, then recovers', async () => {
    await expectServing() // leaves an idle pooled connection
    proxy.setMode('blackhole')
    const pooled = await timed(app, list) // the idle connection: the statement time-out ends it
    expectUnavailable(pooled.response)
    expect(pooled.ms).toBeLessThan(2_000)
    const fresh = await timed(app, login) // a new connection: the connect time-out ends it
    expectUnavailable(fresh.response)
    expect(fresh.ms).toBeLessThan(2_000)
    const ready = await timed(app, { method: 'GET', url: '/api/ready' })
    expect(ready.response.statusCode).toBe(503)
    expect(ready.ms).toBeLessThan(1_500)

    proxy.setMode('pass')
    await expectServing()
  })

  it('does not lend out again a connection that stopped answering inside a transaction', async () => {
    await expectServing()
    const { response, ms } = await timed(app, { method: 'POST', url: '/cut-mid-transaction' })
    expectUnavailable(response)
    expect(ms).toBeLessThan(2_000)
    proxy.setMode('pass')
    // The pool hands out its most recently returned client first: it must not be that one.
    await expectServing()
  })

  it('answers 503 while the server refuses connections, then recovers', async () => {
    await expectServing()
    proxy.setMode('refuse')
    for (const request of [list, login, register]) {
      const { response, ms } = await timed(app, request)
      expectUnavailable(response)
      expect(ms).toBeLessThan(1_000)
    }
    proxy.setMode('pass')
    await expectServing()
  })
})
