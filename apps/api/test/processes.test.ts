/**
 * Two real API processes behind an imaginary balancer, on one PostgreSQL database and one Redis
 * (issue 22 §3, docs/decisions/022): they start together on an empty database, hold the login
 * limit between them, deliver every outbox mail exactly once, and show an edit made on one on the
 * other within 1 s. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI has both; vitest.config.ts
 * refuses CI=true without them); skipped otherwise, and on the PGlite project.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Business } from '@vitrina/contracts'
import { TEST_PASSWORD } from './helpers/auth.js'
import { businessFields, businessForm } from './helpers/catalogue.js'
import { testEngine } from './helpers/database.js'
import { emptyPostgresDatabase, median, spawnApi, type ApiProcess } from './helpers/processes.js'
import { testRedisUrl, uniqueRedisPrefix } from './helpers/redis.js'
import { startSmtpServer } from './helpers/smtp.js'

const baseUrl = process.env.TEST_DATABASE_URL

/** What the test measured, printed at the end (ADR 022 quotes these). */
const figures: Record<string, unknown> = {}

describe.runIf(testEngine === 'postgres' && !!testRedisUrl)(
  'two API processes on one PostgreSQL and one Redis',
  () => {
    let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>
    let dataDir: string
    let a: ApiProcess
    let b: ApiProcess
    let sql: pg.Client

    beforeAll(async () => {
      database = await emptyPostgresDatabase(baseUrl!)
      smtp = await startSmtpServer({ delayMs: 20 })
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-procs-'))
      const env = {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '4',
        REDIS_URL: testRedisUrl!,
        REDIS_PREFIX: uniqueRedisPrefix(),
        JWT_SECRET: randomUUID() + randomUUID(),
        PUBLIC_URL: 'http://vitrina.test',
        TRUST_PROXY: 'true',
        SMTP_URL: smtp.url,
        SEED_DEMO: 'never',
        WEB_DIST: '/nonexistent-web-dist',
        READ_CACHE_TTL: '60',
      }
      // Simultaneous start on the empty database: both migrate (one waits for the other).
      const started = Date.now()
      ;[a, b] = await Promise.all([spawnApi(env), spawnApi(env)])
      figures.bothStartedMs = Date.now() - started
      sql = new pg.Client({ connectionString: database.url })
      await sql.connect()
    }, 90_000)

    afterAll(async () => {
      console.info('two-process figures', JSON.stringify(figures))
      await sql?.end()
      await Promise.all([a?.stop(), b?.stop()])
      await smtp?.close()
      await database?.drop()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    }, 30_000)

    /** A request from client `ip` through the balancer (X-Forwarded-For, TRUST_PROXY=true). */
    function call(server: ApiProcess, url: string, ip: string, init: RequestInit = {}) {
      return fetch(`${server.url}${url}`, {
        ...init,
        headers: { 'x-forwarded-for': ip, ...(init.headers as Record<string, string>) },
      })
    }
    const postJson = (server: ApiProcess, url: string, ip: string, body: unknown) =>
      call(server, url, ip, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })

    async function waitFor(condition: () => Promise<boolean>, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error('condition not met in time')
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }

    it('both start on the empty database and are ready', async () => {
      for (const server of [a, b]) {
        expect((await call(server, '/api/ready', '10.0.0.1')).status).toBe(200)
      }
      const { rows } = await sql.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
      expect(rows[0]!.n).toBeGreaterThan(0)
    })

    it('holds the login limit across both: failures alternated between them get 429 at the limit', async () => {
      const ip = '10.1.0.1'
      const email = `limite-${randomUUID().replaceAll('-', '')}@vitrina.test`
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        const res = await postJson(i % 2 ? b : a, '/api/auth/login', ip, {
          email,
          password: 'ContraseñaMala1',
        })
        statuses.push(res.status)
      }
      figures.loginFailuresBeforeFirst429 = statuses.indexOf(429)
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429])
    })

    it('delivers every outbox mail exactly once with two workers', async () => {
      // A backlog written while SMTP was down, ten minutes ago, plus fresh registrations on both
      // processes: each wakes its own worker, and both drain the same outbox at once.
      const backlog = 60
      await sql.query(
        `insert into mail_outbox ("to", subject, text, kind, created_at)
         select 'lote-' || i || '@vitrina.test', 'Prueba', 'Hola', 'test', now() - interval '10 minutes'
         from generate_series(1, $1::int) as i`,
        [backlog],
      )
      const started = Date.now()
      const registered = await Promise.all(
        [a, b, a, b].map((server, i) =>
          postJson(server, '/api/auth/register', `10.2.0.${i + 1}`, {
            name: 'Ana Pérez',
            email: `cola-${i}-${randomUUID().replaceAll('-', '')}@vitrina.test`,
            password: TEST_PASSWORD,
          }),
        ),
      )
      expect(registered.map((r) => r.status)).toEqual([201, 201, 201, 201])
      const pending = async () =>
        (
          await sql.query<{ n: number }>(
            'select count(*)::int as n from mail_outbox where sent_at is null',
          )
        ).rows[0]!.n
      await waitFor(async () => (await pending()) === 0, 20_000)
      const seconds = (Date.now() - started) / 1000

      const { rows } = await sql.query<{ to: string; attempts: number }>(
        'select "to", attempts from mail_outbox',
      )
      const delivered = new Map<string, number>()
      for (const mail of smtp.received) {
        for (const to of mail.to) delivered.set(to, (delivered.get(to) ?? 0) + 1)
      }
      const duplicates = [...delivered.values()].filter((n) => n > 1).length
      figures.mails = rows.length
      figures.duplicateMails = duplicates
      figures.mailsPerSecond = Math.round(rows.length / seconds)
      expect(rows.length).toBeGreaterThanOrEqual(backlog + 4)
      expect(smtp.received).toHaveLength(rows.length)
      expect(rows.map((row) => delivered.get(`<${row.to}>`))).toEqual(rows.map(() => 1))
      expect(duplicates).toBe(0)
    }, 40_000)

    it('shows an edit made on one on the other within 1 s', async () => {
      // An owner: registered on A, activated with the link the mail carried, logged in on B.
      const email = `tienda-${randomUUID().replaceAll('-', '')}@vitrina.test`
      const ip = '10.3.0.1'
      expect(
        (
          await postJson(a, '/api/auth/register', ip, {
            name: 'Ana',
            email,
            password: TEST_PASSWORD,
          })
        ).status,
      ).toBe(201)
      let token: string | undefined
      await waitFor(async () => {
        const mail = smtp.received.find((m) => m.to.includes(`<${email}>`))
        const body = mail?.data.replace(/=\r\n/g, '').replace(/=3D/g, '=')
        token = body?.match(/\/auth\/activar\/([A-Za-z0-9_-]+)/)?.[1]
        return token !== undefined
      }, 10_000)
      expect((await call(a, `/api/auth/activar/${token}`, ip, { method: 'POST' })).status).toBe(200)
      const session = (await (
        await postJson(b, '/api/auth/login', ip, { email, password: TEST_PASSWORD })
      ).json()) as { access_token: string }
      const auth = { authorization: `Bearer ${session.access_token}` }
      const created = await call(a, '/api/businesses', ip, {
        method: 'POST',
        headers: auth,
        body: businessForm(businessFields({ name: 'Almacén 0' })),
      })
      expect(created.status).toBe(201)
      const business = (await created.json()) as Business
      const read = `/api/businesses/${business.identifier}/identifier`
      const nameOnB = async () =>
        ((await (await call(b, read, '10.4.0.1')).json()) as Business).name

      const delays: number[] = []
      for (let round = 1; round <= 5; round++) {
        await nameOnB() // cached on B now
        const renamed = await call(a, `/api/businesses/${business._id}`, ip, {
          method: 'PATCH',
          headers: auth,
          body: businessForm({ name: `Almacén ${round}` }),
        })
        expect(renamed.status).toBe(200)
        const started = performance.now()
        await waitFor(async () => (await nameOnB()) === `Almacén ${round}`, 5_000)
        delays.push(performance.now() - started)
      }
      figures.invalidationDelaysMs = delays.map((d) => Math.round(d))
      figures.invalidationMedianMs = Math.round(median(delays))
      expect(Math.max(...delays)).toBeLessThan(1_000)
    })
  },
)
