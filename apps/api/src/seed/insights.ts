/**
 * Demo insights (issue 26): 90 days of counters for the demo shop that has orders, so its owner's
 * /admin/estadisticas has something to show. Up to yesterday only (today's are the real ones);
 * product views stop a week ago, and only three searches found nothing, so what a visitor does
 * today still stands out in the last 7 days.
 */
import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'

const SEARCHES: [query: string, perDay: number, zero: boolean][] = [
  ['cafe en grano', 3, false],
  ['medialunas', 2, false],
  ['torta', 2, false],
  ['alfajor', 1, false],
  ['sin gluten', 2, true],
  ['vegano', 1, true],
  ['delivery', 1, true],
]

export async function seedDemoInsights(db: Executor, businessId: string): Promise<void> {
  // Visits grow slowly, with weekends busier and a wave through the month.
  await db.execute(sql`
    INSERT INTO insight_days (business_id, day, visits, unique_visitors, product_views, searches,
      zero_result_searches, whatsapp_clicks, cart_adds, orders, from_whatsapp, from_instagram,
      from_facebook, from_google, from_other, from_direct)
    SELECT ${businessId}, d, v, v * 7 / 10, v * 2, v / 6, v / 20, v / 9, v / 8, v / 30,
      v * 35 / 100, v * 25 / 100, v / 10, v * 15 / 100, v / 20,
      v - v * 35 / 100 - v * 25 / 100 - v / 10 - v * 15 / 100 - v / 20
    FROM (
      SELECT d::date AS d,
        (30 + 10 * sin(extract(doy FROM d) / 4.0)
          + CASE WHEN extract(isodow FROM d) >= 6 THEN 14 ELSE 0 END
          + (90 - (current_date - d::date)) / 5)::int AS v
      FROM generate_series(current_date - 89, current_date - 1, interval '1 day') d
    ) x
    ON CONFLICT DO NOTHING`)
  await db.execute(sql`
    INSERT INTO insight_products (business_id, day, product_id, views, cart_adds, orders)
    SELECT p.business_id, d::date, p.id, 1 + abs(hashtext(p.id::text || d::date::text)) % 7,
      abs(hashtext(d::date::text || p.id::text)) % 3,
      CASE WHEN abs(hashtext(p.name || d::date::text)) % 9 = 0 THEN 1 ELSE 0 END
    FROM products p
    CROSS JOIN generate_series(current_date - 89, current_date - 8, interval '1 day') d
    WHERE p.business_id = ${businessId}
    ON CONFLICT DO NOTHING`)
  await db.execute(sql`
    INSERT INTO insight_searches (business_id, day, query, searches, zero_results)
    SELECT ${businessId}, d::date, s.query, s.n, CASE WHEN s.zero THEN s.n ELSE 0 END
    FROM jsonb_to_recordset(${JSON.stringify(
      SEARCHES.map(([query, n, zero]) => ({ query, n, zero })),
    )}::jsonb) AS s(query text, n int, zero boolean)
    CROSS JOIN generate_series(current_date - 89, current_date - 1, interval '1 day') d
    ON CONFLICT DO NOTHING`)
}
