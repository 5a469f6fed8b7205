/**
 * Migration 0009 (issue 23 §1) turns every existing login (refresh-token family) into a sessions
 * row, so nobody is logged out by the upgrade and the family's revocation carries over.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from './helpers/database.js'
import { databaseBefore } from './helpers/migrations.js'

describe('migration 0009: sessions from existing logins', () => {
  const destroys: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const destroy of destroys) await destroy()
  })

  it('makes one session per family, live or revoked as the family was', async () => {
    const { handle, destroy } = await databaseBefore('0009_accounts_recovery')
    destroys.push(destroy)
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
