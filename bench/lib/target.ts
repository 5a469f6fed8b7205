/**
 * Where a benchmark catalogue lives: a PostgreSQL database `vitrina_bench_<size>` created beside
 * BENCH_DATABASE_URL (default the local server's `postgres` database), or a PGlite data directory
 * under bench/.data (gitignored). Both are migrated with the app's own migrations.
 */
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/client.js'
import type { BenchSize } from './generate.js'

export type Engine = 'postgres' | 'pglite'

export const BENCH_ROOT = fileURLToPath(new URL('..', import.meta.url))
export const MIGRATIONS = fileURLToPath(new URL('../../apps/api/drizzle', import.meta.url))
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export function databaseUrl(size: BenchSize): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/vitrina_bench_${size}`
  return url.toString()
}

export function pgliteDir(size: BenchSize): string {
  return fileURLToPath(new URL(`../.data/pglite-${size}`, import.meta.url))
}

/** Drops and recreates the size's database (or data directory), migrated and empty. */
export async function recreateTarget(engine: Engine, size: BenchSize): Promise<DatabaseHandle> {
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: ADMIN_URL })
    await admin.connect()
    try {
      await admin.query(`DROP DATABASE IF EXISTS "vitrina_bench_${size}" WITH (FORCE)`)
      await admin.query(`CREATE DATABASE "vitrina_bench_${size}"`)
    } finally {
      await admin.end()
    }
  } else {
    await rm(pgliteDir(size), { recursive: true, force: true })
  }
  const handle = await openTarget(engine, size)
  await handle.migrate(MIGRATIONS)
  return handle
}

/** Opens an existing catalogue (the app's pool size for PostgreSQL). */
export function openTarget(engine: Engine, size: BenchSize): Promise<DatabaseHandle> {
  return engine === 'postgres'
    ? openDatabase({ url: databaseUrl(size) })
    : openDatabase({ pgliteDir: pgliteDir(size) })
}
