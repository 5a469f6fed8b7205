/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database
 * created beside TEST_DATABASE_URL and dropped afterwards. Files never see each other's rows.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { inject } from 'vitest'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js'

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))
export const testEngine = (process.env.VITRINA_TEST_ENGINE ?? 'pglite') as 'pglite' | 'postgres'

export interface TestDatabase {
  handle: DatabaseHandle
  /** Close and (on PostgreSQL) drop the database. */
  destroy(): Promise<void>
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    // Started from the migrated template built once by test/global-setup.ts; migrate() is then a
    // no-op that still proves the journal matches.
    const template = new Blob([await readFile(inject('pgliteTemplate'))])
    const handle = await openDatabase({ pgliteTemplate: template })
    await handle.migrate(migrationsFolder)
    return { handle, destroy: () => handle.close() }
  }
  const baseUrl = process.env.TEST_DATABASE_URL
  if (!baseUrl) throw new Error('VITRINA_TEST_ENGINE=postgres needs TEST_DATABASE_URL')
  const name = `vitrina_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  // A copy of the migrated template built once by test/global-setup.ts; migrate() is then a
  // no-op that still proves the journal matches.
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 })
  await handle.migrate(migrationsFolder)
  return {
    handle,
    async destroy() {
      await handle.close()
      const cleanup = new pg.Client({ connectionString: baseUrl })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await cleanup.end()
    },
  }
}
