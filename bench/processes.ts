/**
 * Two API processes on one PostgreSQL database (and one Redis), measured (issue 22 §3, ADR 022):
 * login failures let through before the first 429 when they alternate between the processes,
 * duplicate mails and throughput when both deliver a backlog, and how long an edit on one takes
 * to show on the other. Asserts nothing (apps/api/test/processes.test.ts does): it reports, so it
 * can measure an older tree too.
 *
 *   npx tsx bench/processes.ts                      # this tree
 *   npx tsx bench/processes.ts --api-dir /tmp/old/apps/api --smtp-delay 500
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and BENCH_REDIS_URL
 * (default redis://127.0.0.1:6379) name the servers; a database is created and dropped.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import type { Business } from '@vitrina/contracts'
import { businessFields, businessForm } from '../apps/api/test/helpers/catalogue.js'
import {
  emptyPostgresDatabase,
  median,
  spawnApi,
  type ApiProcess,
} from '../apps/api/test/helpers/processes.js'
import { startSmtpServer } from '../apps/api/test/helpers/smtp.js'

const { values: args } = parseArgs({
  options: {
    'api-dir': { type: 'string' },
    'smtp-delay': { type: 'string', default: '20' },
    backlog: { type: 'string', default: '60' },
  },
})
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) return false
    await sleep(25)
  }
  return true
}

const figures: Record<string, unknown> = {
  apiDir: args['api-dir'] ?? 'apps/api',
  smtpDelayMs: Number(args['smtp-delay']),
}
const database = await emptyPostgresDatabase(databaseUrl)
const smtp = await startSmtpServer({ delayMs: Number(args['smtp-delay']) })
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-procs-'))
const sql = new pg.Client({ connectionString: database.url })
let servers: ApiProcess[] = []
try {
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `vitrina-bench:${randomUUID().slice(0, 8)}:`,
    JWT_SECRET: randomUUID() + randomUUID(),
    PUBLIC_URL: 'http://vitrina.test',
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    SEED_DEMO: 'never',
    WEB_DIST: '/nonexistent-web-dist',
  }
  const apiDir = args['api-dir'] ? { apiDir: args['api-dir'] } : {}
  // spawnApi waits for the "listening" line, which needs LOG_LEVEL info.
  servers = await Promise.all([1, 2].map(() => spawnApi({ ...env, LOG_LEVEL: 'info' }, apiDir)))
  const [a, b] = servers as [ApiProcess, ApiProcess]
  await sql.connect()

  const call = (server: ApiProcess, url: string, ip: string, init: RequestInit = {}) =>
    fetch(`${server.url}${url}`, {
      ...init,
      headers: { 'x-forwarded-for': ip, ...(init.headers as Record<string, string>) },
    })
  const postJson = (server: ApiProcess, url: string, ip: string, body: unknown) =>
    call(server, url, ip, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  // 1. Login failures alternated between the processes, one client, one account.
  const email = `limite-${randomUUID()}@vitrina.test`
  let through = 0
  for (let i = 0; i < 40; i++) {
    const res = await postJson(i % 2 ? b : a, '/api/auth/login', '10.1.0.1', {
      email,
      password: 'ContraseñaMala1',
    })
    if (res.status === 429) break
    through++
  }
  figures.loginFailuresBeforeFirst429 = through

  // 2. A backlog delivered by both workers, woken by a registration on each.
  const backlog = Number(args.backlog)
  await sql.query(
    `insert into mail_outbox ("to", subject, text, kind, created_at)
     select 'lote-' || i || '@vitrina.test', 'Prueba', 'Hola', 'test', now() - interval '10 minutes'
     from generate_series(1, $1::int) as i`,
    [backlog],
  )
  const started = Date.now()
  await Promise.all(
    [a, b].map((server, i) =>
      postJson(server, '/api/auth/register', `10.2.0.${i + 1}`, {
        name: 'Ana Pérez',
        email: `cola-${i}-${randomUUID()}@vitrina.test`,
        password: 'Segura123',
      }),
    ),
  )
  const pending = async () =>
    (
      await sql.query<{ n: number }>(
        'select count(*)::int as n from mail_outbox where sent_at is null',
      )
    ).rows[0]!.n
  const total = (await sql.query<{ n: number }>('select count(*)::int as n from mail_outbox'))
    .rows[0]!.n
  const drained = await until(async () => (await pending()) === 0, 65_000)
  const seconds = (Date.now() - started) / 1000
  const delivered = new Map<string, number>()
  for (const mail of smtp.received) {
    for (const to of mail.to) delivered.set(to, (delivered.get(to) ?? 0) + 1)
  }
  figures.mails = total
  figures.mailsSent = total - (await pending())
  figures.deliveries = smtp.received.length
  figures.duplicateMails = [...delivered.values()].filter((n) => n > 1).length
  figures.allSentWithinS = drained ? Math.round(seconds * 10) / 10 : `not within ${seconds} s`

  // 3. An edit on A, read on B (cached there first).
  const owner = `tienda-${randomUUID()}@vitrina.test`
  await postJson(a, '/api/auth/register', '10.3.0.1', {
    name: 'Ana',
    email: owner,
    password: 'Segura123',
  })
  let token: string | undefined
  await until(async () => {
    const mail = smtp.received.find((m) => m.to.includes(`<${owner}>`))
    token = mail?.data
      .replace(/=\r\n/g, '')
      .replace(/=3D/g, '=')
      .match(/\/auth\/activar\/([A-Za-z0-9_-]+)/)?.[1]
    return token !== undefined
  }, 40_000)
  await call(a, `/api/auth/activar/${token}`, '10.3.0.1', { method: 'POST' })
  const session = (await (
    await postJson(a, '/api/auth/login', '10.3.0.1', { email: owner, password: 'Segura123' })
  ).json()) as { access_token: string }
  const auth = { authorization: `Bearer ${session.access_token}` }
  const created = await call(a, '/api/businesses', '10.3.0.1', {
    method: 'POST',
    headers: auth,
    body: businessForm(businessFields({ name: 'Almacén 0' })),
  })
  const business = (await created.json()) as Business
  const read = `/api/businesses/${business.identifier}/identifier`
  const nameOnB = async () => ((await (await call(b, read, '10.4.0.1')).json()) as Business).name
  const delays: number[] = []
  for (let round = 1; round <= 7; round++) {
    await nameOnB()
    await sleep(Math.random() * 3000) // edits land at any point of an entry's life
    await call(a, `/api/businesses/${business._id}`, '10.3.0.1', {
      method: 'PATCH',
      headers: auth,
      body: businessForm({ name: `Almacén ${round}` }),
    })
    const t0 = performance.now()
    await until(async () => (await nameOnB()) === `Almacén ${round}`, 20_000)
    delays.push(Math.round(performance.now() - t0))
  }
  figures.invalidationDelaysMs = delays
  figures.invalidationMedianMs = median(delays)
} finally {
  console.log(JSON.stringify(figures, null, 2))
  await sql.end().catch(() => {})
  await Promise.all(servers.map((server) => server.stop()))
  await smtp.close()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
