/**
 * Migration 0016 (issue 27 §3) gives every existing product its slug: from its name, the oldest
 * of a business keeping the plain one, the others numbered; each business on its own.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from './helpers/database.js'
import { databaseBefore } from './helpers/migrations.js'

describe('migration 0016: product slugs for the existing products', () => {
  const destroys: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const destroy of destroys) await destroy()
  })

  it('backfills unique slugs per business, oldest first', async () => {
    const { handle, destroy } = await databaseBefore('0016_product_slugs')
    destroys.push(destroy)
    const { db } = handle
    const shops: string[] = []
    for (const n of [1, 2]) {
      const userId = randomUUID()
      const businessId = randomUUID()
      shops.push(businessId)
      await db.execute(sql`insert into users (id, name, email, password_hash, is_active)
        values (${userId}, 'Ana', ${`ana-${userId}@vitrina.test`}, 'x', true)`)
      await db.execute(sql`insert into businesses
        (id, user_id, name, identifier, description, category, phone, email, search_text)
        values (${businessId}, ${userId}, 'Tienda', ${`tienda-${n}-${userId.slice(0, 8)}`},
          'Ropa', 'moda', '099 123 456', 'a@b.test', 'tienda ropa')`)
    }
    const names = ['Café Molido', 'café molido', 'Café molido 2', '🎉', 'CAFÉ MOLIDO']
    for (const businessId of shops) {
      for (const [i, name] of names.entries()) {
        await db.execute(sql`insert into products
          (business_id, name, description, price, image, category, search_text, created_at)
          values (${businessId}, ${name}, 'Algo', 100, '{"url":"https://cdn.vitrina.test/p.webp"}',
            'Ropa', 'cafe', ${new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()})`)
      }
    }

    await handle.migrate(migrationsFolder)

    for (const businessId of shops) {
      const result = await db.execute(
        sql`select slug from products where business_id = ${businessId} order by created_at`,
      )
      const rows = (result as unknown as { rows: { slug: string }[] }).rows
      expect(rows.map((r) => r.slug)).toEqual([
        'cafe-molido',
        'cafe-molido-2',
        // 'Café molido 2' finds its own slug taken by the second: numbered in its turn.
        'cafe-molido-2-2',
        'producto',
        'cafe-molido-3',
      ])
    }
    const redirects = await db.execute(sql`select count(*)::int as n from product_slug_redirects`)
    expect((redirects as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
    await expect(
      db.execute(sql`update products set slug = 'No Vale' where business_id = ${shops[0]!}`),
    ).rejects.toThrow()
  })
})
