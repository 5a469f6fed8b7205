/**
 * One database API over two engines (ARCHITECTURE.md): embedded PGlite by default, PostgreSQL via
 * node-postgres when a URL is given. Same Drizzle schema, same migrations.
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Config } from '../config.js'
import { isQueryReadTimeout } from './faults.js'
import { listenPostgres, type ListenerFactory } from './listener.js'
import { keepStatements } from './pglite-statements.js'
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
  /**
   * PostgreSQL only: opens a session of its own, outside the pool, that LISTENs (db/listener.ts).
   */
  listener?: ListenerFactory
  /**
   * The database for statements that must not run longer than `ms` (searches, issue 22 §4).
   * PostgreSQL: a second, smaller pool whose sessions carry that statement_timeout, opened at the
   * first call, so such a statement costs no transaction and no SET around it. PGlite: the one
   * connection itself (nothing can wait on another session there).
   */
  bounded(ms: number): Database
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
  /** PostgreSQL: give up opening a connection, or waiting for a free one, after this long. */
  connectTimeoutMs?: number | undefined
  /** PostgreSQL: the server cancels a longer statement (undefined: no limit). */
  statementTimeoutMs?: number | undefined
}

/** What the server and `npm run migrate` open: DATABASE_URL, else PGlite in DATA_DIR/db. */
export function databaseOptionsFrom(config: Config): DatabaseOptions {
  return {
    url: config.databaseUrl,
    pgliteDir: config.dataDir === ':memory:' ? undefined : path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
    ...config.databaseTimeouts,
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options)
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
    extensions: { pg_trgm, unaccent, btree_gin },
    ...(template ? { loadDataDir: template } : {}),
  })
  // Drizzle's statements run as named statements of the one session (db/pglite-statements.ts).
  const { client: kept } = await keepStatements(client)
  const db = drizzlePglite({ client: kept, schema }) as unknown as Database
  return {
    db,
    kind: 'pglite',
    pglite: client,
    bounded: () => db,
    migrate: (migrationsFolder) =>
      migratePglite(db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder }),
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
  }
}

/**
 * How much longer than the statement timeout the client waits for any answer. The server cancels
 * a slow statement itself; only a server that does not answer at all (black-holed, frozen) meets
 * this limit.
 */
const QUERY_TIMEOUT_GRACE_MS = 500

/** One advisory-lock key for Vitrina's migrations, shared by every process on a database. */
const MIGRATION_LOCK_KEY = 2_202_611_225

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { connectTimeoutMs, statementTimeoutMs } = options
  const poolSize = options.poolSize ?? 10
  const pool = openPool(url, poolSize, connectTimeoutMs, statementTimeoutMs)
  const db = drizzlePg(pool, { schema }) as unknown as Database
  const bounded = new Map<number, { pool: pg.Pool; db: Database }>()
  return {
    db,
    kind: 'postgres',
    listener: (options) => listenPostgres(url, connectTimeoutMs, options),
    bounded(ms) {
      let entry = bounded.get(ms)
      if (!entry) {
        const small = openPool(url, Math.max(2, Math.ceil(poolSize / 2)), connectTimeoutMs, ms)
        entry = { pool: small, db: drizzlePg(small, { schema }) as unknown as Database }
        bounded.set(ms, entry)
      }
      return entry.db
    },
    migrate: (migrationsFolder) => migrateUnderLock(url, connectTimeoutMs, migrationsFolder),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: async () => {
      await Promise.all([pool.end(), ...[...bounded.values()].map((entry) => entry.pool.end())])
    },
  }
}

function openPool(
  url: string,
  max: number,
  connectTimeoutMs: number | undefined,
  statementTimeoutMs: number | undefined,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    // Issue 22 §2: without these a black-holed database held every request for as long as TCP
    // kept retrying. pg sends statement_timeout as a session setting; query_timeout is the client's.
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    ...(statementTimeoutMs
      ? {
          statement_timeout: statementTimeoutMs,
          query_timeout: statementTimeoutMs + QUERY_TIMEOUT_GRACE_MS,
        }
      : {}),
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  pool.on('connect', closeOnQueryReadTimeout)
  return pool
}

/**
 * When pg stops waiting for an answer (query_timeout) the query is still on the wire, and every
 * later query on that connection would queue behind it. Drizzle hands a transaction's client back
 * to the pool without an error, so end the connection here: the pool then drops the client instead
 * of lending it out again.
 */
function closeOnQueryReadTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const result = query(...args)
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (isQueryReadTimeout(error)) client.end().catch(() => {})
      })
    }
    return result
  }) as typeof client.query
}

/**
 * Issue 22 §3: processes starting together on an empty database raced through the migrations
 * (duplicate key on CREATE SCHEMA / CREATE EXTENSION). Each now takes a session advisory lock
 * first; the next one waits, then finds nothing left to apply. A session of its own, outside the
 * pool, so that neither waiting for the lock nor a long migration meets the statement timeout.
 */
async function migrateUnderLock(
  url: string,
  connectTimeoutMs: number | undefined,
  migrationsFolder: string,
): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
  })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    const db = drizzlePg(client, { schema })
    await migratePg(db, { migrationsFolder })
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
  } finally {
    // Ending the session also releases the lock when a migration failed.
    await client.end()
  }
}
