/**
 * Migration 0024 (issue 44): a business that delivered with a single fee and "gratis desde" gets
 * them as one zone covering everything; one without delivery, or already with zones, is left as
 * it was. Orders sent before it keep working (no delivery detail, no tracking).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { orderAmounts, resolveDelivery, type DeliverySettings } from '@vitrina/contracts'
import { migrationsFolder } from './helpers/database.js'
import { databaseBefore } from './helpers/migrations.js'

describe('migration 0024: the single delivery fee becomes one zone covering everything', () => {
  const destroys: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const destroy of destroys) await destroy()
  })

  it('turns each delivering business into one zone and leaves the others', async () => {
    const { handle, destroy } = await databaseBefore('0024_delivery')
    destroys.push(destroy)
    const { db } = handle
    const options = {
      fee: {
        pickup: true,
        delivery: {
          enabled: true,
          fee: { UYU: 150, USD: 5 },
          freeFrom: { UYU: 3000 },
          note: 'Montevideo',
        },
      },
      nofree: { pickup: false, delivery: { enabled: true, fee: { UYU: 90 } } },
      off: { pickup: true, delivery: { enabled: false, fee: {} } },
    }
    const ids: Record<string, string> = {}
    for (const [key, value] of Object.entries(options)) {
      const userId = randomUUID()
      const id = randomUUID()
      ids[key] = id
      await db.execute(sql`insert into users (id, name, email, password_hash, is_active)
        values (${userId}, 'Ana', ${`ana-${userId}@vitrina.test`}, 'x', true)`)
      await db.execute(sql`insert into businesses
        (id, user_id, name, identifier, description, category, phone, email, search_text,
          delivery_options)
        values (${id}, ${userId}, 'Tienda', ${`tienda-${userId.slice(0, 8)}`}, 'Ropa',
          'moda', '099 123 456', 'a@b.test', 'tienda ropa',
          ${JSON.stringify(value)}::jsonb)`)
    }

    await handle.migrate(migrationsFolder)

    const result = await db.execute(sql`select id, delivery_options from businesses`)
    const rows = (result as unknown as { rows: { id: string; delivery_options: unknown }[] }).rows
    const read = (key: string) => {
      const raw = rows.find((r) => r.id === ids[key])!.delivery_options
      return (typeof raw === 'string' ? JSON.parse(raw) : raw) as DeliverySettings
    }
    expect(read('fee')?.zones).toEqual([
      {
        id: 'todo',
        name: 'Todo el país',
        places: ['*'],
        price: { UYU: 150, USD: 5 },
        freeFrom: { UYU: 3000 },
        enabled: true,
      },
    ])
    expect(read('fee')?.delivery).toEqual(options.fee.delivery)
    expect(read('nofree')?.zones).toEqual([
      { id: 'todo', name: 'Todo el país', places: ['*'], price: { UYU: 90 }, enabled: true },
    ])
    expect(read('off')).toEqual(options.off)

    // The migrated zone prices exactly as the single fee did, for any place.
    const migrated = resolveDelivery(read('fee')!, { kind: 'zone', place: 'dep:Salto' })
    if (!migrated.ok) throw new Error(migrated.message)
    const lines = [{ currency: 'UYU' as const, lineCents: 100000 }]
    expect(orderAmounts(lines, migrated.method, migrated.pricing)).toEqual(
      orderAmounts(lines, 'delivery', options.fee),
    )

    const columns = await db.execute(sql`select column_name from information_schema.columns
      where table_name = 'orders' and column_name in ('delivery_detail', 'tracking')
      order by column_name`)
    expect((columns as unknown as { rows: unknown[] }).rows).toEqual([
      { column_name: 'delivery_detail' },
      { column_name: 'tracking' },
    ])
  })
})
