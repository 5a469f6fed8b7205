/**
 * Issue 22 §3: processes starting together on an empty PostgreSQL database all migrate it
 * without error (an advisory lock serialises them, db/client.ts), and `npm run migrate` works as a
 * release step. PGlite is one process by construction, so these run on PostgreSQL only.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client.js'
import { migrationsFolder, testEngine } from './helpers/database.js'

const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
  entries: unknown[]
}

describe.runIf(testEngine === 'postgres')('migrations on PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL!
  const created: string[] = []

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }

  /** A new database with nothing in it, dropped after the test. */
  async function emptyDatabase(): Promise<string> {
    const name = `vitrina_migrate_${process.pid}_${randomBytes(4).toString('hex')}`
    await admin((c) => c.query(`CREATE DATABASE "${name}"`))
    created.push(name)
    const url = new URL(baseUrl)
    url.pathname = `/${name}`
    return url.toString()
  }

  async function appliedMigrations(url: string): Promise<number> {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    )
    await client.end()
    return rows[0]!.n
  }

  afterEach(async () => {
    for (const name of created.splice(0)) {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
    }
  })

  it('four migrations started together on an empty database all succeed, each applied once', async () => {
    const url = await emptyDatabase()
    const handles = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ url, poolSize: 2 })),
    )
    try {
      const results = await Promise.allSettled(handles.map((h) => h.migrate(migrationsFolder)))
      expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    } finally {
      await Promise.all(handles.map((h) => h.close()))
    }
    expect(await appliedMigrations(url)).toBe(journal.entries.length)
  })

  it('`npm run migrate` migrates a database the server then starts on', async () => {
    const url = await emptyDatabase()
    const tsx = createRequire(import.meta.url).resolve('tsx/cli')
    const cli = fileURLToPath(new URL('../src/db/migrate-cli.ts', import.meta.url))
    const { stdout } = await promisify(execFile)(process.execPath, [tsx, cli], {
      env: { ...process.env, DATABASE_URL: url, INIT_CWD: '' },
    })
    expect(stdout).toContain('Migraciones aplicadas')
    expect(await appliedMigrations(url)).toBe(journal.entries.length)
    const server = await openDatabase({ url })
    await server.migrate(migrationsFolder) // what the server does at start-up: nothing left
    await server.close()
    expect(await appliedMigrations(url)).toBe(journal.entries.length)
  }, 60_000) // a tsx start-up takes seconds on a busy machine
})
