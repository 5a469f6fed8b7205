/**
 * Migration 0009 (issue 23 §1) turns every existing login (refresh-token family) into a sessions
 * row, so nobody is logged out by the upgrade and the family's revocation carries over.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../src/db/client.js'
import { migrationsFolder, testEngine } from './helpers/database.js'

interface Journal {
  entries: { idx: number; tag: string }[]
}

/** The migrations folder as it was before 0009. */
function foldersBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrina-migrations-'))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalFile = path.join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal
  const at = journal.entries.findIndex((e) => e.tag === tag)
  journal.entries = journal.entries.slice(0, at)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

describe('migration 0009: sessions from existing logins', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup()
  })

  async function freshDatabase(): Promise<DatabaseHandle> {
    if (testEngine === 'pglite') {
      const handle = await openDatabase({})
      cleanups.push(() => handle.close())
      return handle
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
    cleanups.push(async () => {
      await handle.close()
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    })
    return handle
  }

  it('makes one session per family, live or revoked as the family was', async () => {
    const before = foldersBefore('0009_accounts_recovery')
    const handle = await freshDatabase()
    try {
      await handle.migrate(before)
    } finally {
      rmSync(before, { recursive: true, force: true })
    }
    const userId = randomUUID()
    const live = randomUUID()
    const revoked = randomUUID()
    const { db } = handle
    await db.execute(sql`insert into users (id, name, email, password_hash, is_active)
      values (${userId}, 'Ana', ${`ana-${userId}@vitrina.test`}, 'x', true)`)
    await db.execute(sql`insert into refresh_tokens
      (user_id, family_id, token_hash, family_expires_at, rotated_at, revoked_at) values
      (${userId}, ${live}, ${randomUUID()}, now() + interval '30 days', now(), null),
      (${userId}, ${live}, ${randomUUID()}, now() + interval '30 days', null, null),
      (${userId}, ${revoked}, ${randomUUID()}, now() + interval '20 days', null, now())`)

    await handle.migrate(migrationsFolder)

    const result = await db.execute(
      sql`select id, user_id, revoked_at, expires_at > now() + interval '29 days' as long
          from sessions order by expires_at desc`,
    )
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows
    expect(rows).toEqual([
      { id: live, user_id: userId, revoked_at: null, long: true },
      { id: revoked, user_id: userId, revoked_at: expect.anything(), long: false },
    ])
  })
})
