/**
 * Migration 0015 (issue 25) turns the products' free-text currencies into ISO codes — every
 * spelling of the dollar is USD, anything else UYU — and prices the existing products in their
 * business's main currency (at the default rate, 40) for the list's sorts and bounds.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from './helpers/database.js'
import { databaseBefore } from './helpers/migrations.js'

describe('migration 0015: ISO currencies and main-currency prices', () => {
  const destroys: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const destroy of destroys) await destroy()
  })

  it('migrates $ / US$ spellings to UYU / USD and prices them in pesos', async () => {
    const { handle, destroy } = await databaseBefore('0015_variants')
    destroys.push(destroy)
    const { db } = handle
    const userId = randomUUID()
    const businessId = randomUUID()
    await db.execute(sql`insert into users (id, name, email, password_hash, is_active)
      values (${userId}, 'Ana', ${`ana-${userId}@vitrina.test`}, 'x', true)`)
    await db.execute(sql`insert into businesses
      (id, user_id, name, identifier, description, category, phone, email, search_text)
      values (${businessId}, ${userId}, 'Tienda', ${`tienda-${userId.slice(0, 8)}`}, 'Ropa',
        'moda', '099 123 456', 'a@b.test', 'tienda ropa')`)
    const spellings = ['$', 'US$', 'U$S', 'usd', ' us$ ', 'UYU', '$U']
    for (const [i, currency] of spellings.entries()) {
      await db.execute(sql`insert into products
        (business_id, name, description, price, discount, is_offer, currency, image, category, search_text)
        values (${businessId}, ${`Producto ${i}`}, 'Algo', 100, 10, true, ${currency},
          '{"url":"https://cdn.vitrina.test/p.webp"}', 'Ropa', ${`producto ${i}`})`)
    }

    await handle.migrate(migrationsFolder)

    const result = await db.execute(
      sql`select p.name, p.currency, p.main_price::float8 as main_price, p.available,
            s.main_price::float8 as search_price
          from products p join product_search s on s.id = p.id order by p.name`,
    )
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows
    const expected = ['UYU', 'USD', 'USD', 'USD', 'USD', 'UYU', 'UYU']
    expect(rows).toEqual(
      expected.map((currency, i) => {
        // 100 at 10 % off = 90; dollars × 40.
        const price = currency === 'USD' ? 3600 : 90
        return {
          name: `Producto ${i}`,
          currency,
          main_price: price,
          available: true,
          search_price: price,
        }
      }),
    )
    await expect(
      db.execute(sql`update products set currency = 'US$' where business_id = ${businessId}`),
    ).rejects.toThrow()
  })
})
