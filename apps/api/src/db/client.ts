/**
 * One database API over two engines (ARCHITECTURE.md): embedded PGlite by default, PostgreSQL via
 * node-postgres when a URL is given. Same Drizzle schema, same migrations.
 */
import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema/index.js'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
/** The transaction handle Drizzle passes to `db.transaction(cb)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Either the database or a transaction: repositories accept both. */
export type Executor = Database | Transaction

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /** The underlying PGlite instance (embedded engine only), e.g. for dumps. */
  pglite?: PGlite
  migrate(migrationsFolder: string): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres://… → PostgreSQL. Otherwise PGlite. */
  url?: string | undefined
  /** PGlite data directory; undefined → in memory. */
  pgliteDir?: string | undefined
  /** Start PGlite from a dumped data directory (tests use a migrated template). */
  pgliteTemplate?: Blob | undefined
  poolSize?: number
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10)
  return openPglite(options.pgliteDir, options.pgliteTemplate)
}

async function openPglite(
  dataDir: string | undefined,
  template: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true })
  // PGlite is a single connection. Its query() and transaction() share one mutex, so concurrent
  // requests queue instead of interleaving statements inside another request's transaction.
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    ...(template ? { loadDataDir: template } : {}),
  })
  const db = drizzlePglite(client, { schema }) as unknown as Database
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: (migrationsFolder) =>
      migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder }),
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
  }
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema }) as unknown as Database
  return {
    db,
    kind: 'postgres',
    migrate: (migrationsFolder) =>
      migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => pool.end(),
  }
}
