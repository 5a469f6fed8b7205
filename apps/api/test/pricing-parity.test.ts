/**
 * The web previews a discounted price with contracts' discountedPrice; the database stores
 * products.final_price = round(price * (100 - discount) / 100, 2), which lists, filters and sorts
 * use. They must agree to the cent for every price and discount a form accepts.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { discountedPrice } from '@vitrina/contracts'
import { useTestApp } from './helpers/app.js'
import { prng } from './helpers/products.js'

describe('discounted price parity with the database', () => {
  const t = useTestApp()

  it('computes the same final price as products.final_price', async () => {
    const random = prng(20261122)
    const cases: [number, number][] = []
    for (let i = 0; i < 3_000; i++) {
      // Prices with two decimals up to 99,999.99, often ending in 5 (half a cent after 50 %).
      const price = Math.max(1, Math.floor(random() * 10_000_000)) / 100
      cases.push([price, Math.floor(random() * 100)])
    }
    cases.push([10.15, 50], [0.05, 50], [0.01, 99], [99_999.99, 99], [1999.99, 15])

    const prices = cases.map(([price]) => price.toFixed(2))
    const discounts = cases.map(([, discount]) => discount)
    const result = await t.db.execute(sql`
      SELECT round(p * (100 - d) / 100, 2)::text AS final
      FROM unnest(${`{${prices.join(',')}}`}::numeric[], ${`{${discounts.join(',')}}`}::int[])
        AS c(p, d)`)
    const finals = (result as unknown as { rows: { final: string }[] }).rows.map((r) => r.final)

    const mismatches = cases.filter(
      ([price, discount], i) => discountedPrice(price, discount).toFixed(2) !== finals[i],
    )
    expect(finals).toHaveLength(cases.length)
    expect(mismatches).toEqual([])
  })
})
