/**
 * Issue 42 §4: PGlite's statements kept by text (db/pglite-statements.ts) answer exactly what
 * PGlite's own `query()` answers — rows, fields, errors — in one exchange, never inside another
 * request's transaction, with plans made for each run's values. PGlite only: PostgreSQL goes
 * through node-postgres.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepStatements, type KeptStatements } from '../src/db/pglite-statements.js'
import { createTestDatabase, testEngine, type TestDatabase } from './helpers/database.js'

const kept = (pglite: PGlite) =>
  pglite.query<{ name: string }>(
    `select name from pg_prepared_statements where name like 'vitrina\\_%' order by name`,
  )

describe.skipIf(testEngine !== 'pglite')('statements kept by text on PGlite', () => {
  let pglite: PGlite
  let statements: KeptStatements
  let client: PGlite

  beforeAll(async () => {
    pglite = await PGlite.create()
    await pglite.exec(`
      create table item (
        id int primary key, name text not null, price int, tags jsonb not null default '[]',
        made timestamptz not null default '2026-11-28T12:00:00Z'
      );
      insert into item (id, name, price, tags) values
        (1, 'Café en grano', 52000, '["tostado","grano"]'), (2, 'Alfajor', null, '[]'),
        (3, 'Taza', 39000, '["cerámica"]');
    `)
    statements = await keepStatements(pglite, 3)
    client = statements.client
  })
  afterAll(() => pglite.close())

  it('answers the rows and fields PGlite answers, in both row modes and with null values', async () => {
    const text =
      'select id, name, price, tags, made from item where id <> $1 and (price > $2 or $2::int is null) order by id'
    for (const rowMode of ['array', 'object'] as const) {
      for (const params of [
        [2, 40000],
        [3, null],
      ]) {
        const mine = await client.query(text, params, { rowMode })
        const theirs = await pglite.query(text, params, { rowMode })
        expect(mine.rows).toEqual(theirs.rows)
        expect(mine.fields).toEqual(theirs.fields)
        expect(mine.rows.length).toBeGreaterThan(0)
      }
    }
    const { rows } = await client.query<{ tags: string[] }>(
      'select tags from item where id = $1',
      [1],
    )
    expect(rows).toEqual([{ tags: ['tostado', 'grano'] }])
  })

  it('parses a text once and runs it by name afterwards', async () => {
    const text = 'select name from item where id = $1'
    const before = (await kept(pglite)).rows.map((row) => row.name)
    await client.query(text, [1])
    const once = (await kept(pglite)).rows.map((row) => row.name)
    await client.query(text, [3])
    expect(once).toHaveLength(before.length + 1)
    expect((await kept(pglite)).rows.map((row) => row.name)).toEqual(once)
    expect((await client.query<{ name: string }>(text, [3])).rows).toEqual([{ name: 'Taza' }])
  })

  it('keeps at most its capacity, closing the least recently used', async () => {
    for (let i = 0; i < 6; i++) await client.query(`select ${i} + $1::int as n`, [1])
    expect(statements.size()).toBe(3)
    expect((await kept(pglite)).rows).toHaveLength(3)
  })

  it('writes, and reports what it changed', async () => {
    const inserted = await client.query(
      'insert into item (id, name, tags) values ($1, $2, $3) returning id',
      [4, 'Budín', JSON.stringify(['horneado'])],
    )
    expect(inserted.rows).toEqual([{ id: 4 }])
    const updated = await client.query('update item set price = $1 where id >= $2', [1000, 3])
    expect(updated.affectedRows).toBe(2)
    expect((await pglite.query('select price from item where id = 4')).rows).toEqual([
      { price: 1000 },
    ])
  })

  it("throws PGlite's own error for a failing statement and forgets the statement", async () => {
    const text = 'insert into item (id, name) values ($1, $2)'
    await client.query(text, [5, 'Molinillo'])
    const sizeBefore = statements.size()
    const error = await client.query(text, [5, 'Otra vez']).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '23505', query: text, params: [5, 'Otra vez'] })
    expect(statements.size()).toBe(sizeBefore - 1)
    // The session is usable at once, and the statement is kept again on its next run.
    expect(
      (await client.query('select count(*)::int as n from item where id = $1', [5])).rows,
    ).toEqual([{ n: 1 }])
  })

  it('recovers a statement whose result a schema change made stale', async () => {
    const text = 'select * from item where id = $1'
    expect(Object.keys((await client.query<object>(text, [1])).rows[0]!)).not.toContain('stock')
    await pglite.exec('alter table item add column stock int not null default 7')
    expect((await client.query<{ stock: number }>(text, [1])).rows[0]!.stock).toBe(7)
  })

  it('never runs inside a transaction that another request holds open', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let inserted!: () => void
    const didInsert = new Promise<void>((resolve) => (inserted = resolve))
    const transaction = pglite
      .transaction(async (tx) => {
        await tx.query(`insert into item (id, name) values (99, 'Nunca')`)
        inserted()
        await held
        throw new Error('rolled back')
      })
      .catch(() => 'rolled back')
    await didInsert
    let answered = false
    const count = client
      .query<{ n: number }>('select count(*)::int as n from item where id = $1', [99])
      .then((result) => {
        answered = true
        return result
      })
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(answered).toBe(false)
    release()
    expect(await transaction).toBe('rolled back')
    expect((await count).rows).toEqual([{ n: 0 }])
  })

  it('leaves statements that are not plain data statements to PGlite', async () => {
    const size = statements.size()
    await client.query('create table note (id int)')
    await client.query(`set application_name = 'vitrina'`)
    expect(statements.size()).toBe(size)
  })
})

describe.skipIf(testEngine !== 'pglite')('the embedded database', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.destroy())

  it("plans kept statements by PostgreSQL's own rule: a generic plan only where it costs no more", async () => {
    const result = await database.handle.db.execute(sql`show plan_cache_mode`)
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ plan_cache_mode: 'auto' }])
  })
})
