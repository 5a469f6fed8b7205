/**
 * For tests of one migration's data step: an empty database (never the migrated template)
 * migrated up to just before a given migration, so the test can insert rows in the old shape and
 * then apply the rest with `handle.migrate(migrationsFolder)`.
 */
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '../../src/db/client.js'
import { migrationsFolder, testEngine, type TestDatabase } from './database.js'

interface Journal {
  entries: { idx: number; tag: string }[]
}

/** A copy of the migrations folder as it was before `tag` (the caller removes it). */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-migrations-'))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal
  const at = journal.entries.findIndex((e) => e.tag === tag)
  if (at < 0) throw new Error(`no migration tagged ${tag}`)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

/** An empty database: in-memory PGlite, or a new PostgreSQL database beside TEST_DATABASE_URL. */
async function emptyDatabase(): Promise<TestDatabase> {
  if (testEngine === 'pglite') {
    const handle = await openDatabase({})
    return { handle, destroy: () => handle.close() }
  }
  const baseUrl = process.env.TEST_DATABASE_URL!
  const name = `vitrina_migrate_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    await client.query(query)
    await client.end()
  }
  await admin(`CREATE DATABASE "${name}"`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 })
  return {
    handle,
    async destroy() {
      await handle.close()
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    },
  }
}

/** A fresh database migrated up to, but not including, the migration tagged `tag`. */
export async function databaseBefore(tag: string): Promise<TestDatabase> {
  const before = folderBefore(tag)
  const database = await emptyDatabase()
  try {
    await database.handle.migrate(before)
  } catch (error) {
    await database.destroy()
    throw error
  } finally {
    rmSync(before, { recursive: true, force: true })
  }
  return database
}
