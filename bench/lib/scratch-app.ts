/**
 * The real app on a database of its own, for a bench script that needs data nobody else sees:
 * PostgreSQL — a new database beside TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), dropped by `close()` unless kept; or PGlite in a
 * temporary folder. Migrated, production settings, no rate limits, no demo data. The caller
 * listens on the port it chooses.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../../apps/api/src/app.js'
import { loadConfig } from '../../apps/api/src/config.js'
import { openDatabase } from '../../apps/api/src/db/client.js'

const migrations = fileURLToPath(new URL('../../apps/api/drizzle', import.meta.url))

export interface ScratchApp {
  app: FastifyInstance
  /** The PostgreSQL database's address; undefined on PGlite. */
  url: string | undefined
  /** Closes the app and its database and removes both (`keep`: leaves the PostgreSQL one). */
  close(options?: { keep?: boolean }): Promise<void>
}

export async function startScratchApp({
  engine,
  name,
  port,
  poolSize,
  env = {},
}: {
  engine: string
  /** Part of the database's and the folder's names ('orders' → vitrina_bench_orders_…). */
  name: string
  port: number
  poolSize?: number
  /** More environment for the app (READ_CACHE_MB=0: the database path). */
  env?: Record<string, string>
}): Promise<ScratchApp> {
  const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const dbName = `vitrina_bench_${name}_${randomBytes(4).toString('hex')}`
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `vitrina-bench-${name}-`))
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    await client.query(statement)
    await client.end()
  }
  let url: string | undefined
  if (engine === 'postgres') {
    await admin(`CREATE DATABASE "${dbName}"`)
    const u = new URL(baseUrl)
    u.pathname = `/${dbName}`
    url = u.toString()
  }
  const database = await openDatabase(
    url ? { url, poolSize } : { pgliteDir: path.join(dataDir, 'db') },
  )
  await database.migrate(migrations)
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: '/nonexistent-web-dist',
    RATE_LIMIT: 'false',
    SEED_DEMO: 'never',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  })
  const app = await buildApp(config, { database, logger: false })
  return {
    app,
    url,
    async close({ keep = false } = {}) {
      await app.close()
      await database.close()
      if (url && !keep) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
      if (url && keep) console.info(`database kept: ${url}`)
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
