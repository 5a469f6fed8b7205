/**
 * Every storefront query is served by an index that starts with business_id (ARCHITECTURE.md
 * "Data model": tenant rows are reached through their tenant, so no request reads another
 * business's rows, and the table can later be distributed by business_id). Checked with EXPLAIN
 * on PostgreSQL after ANALYZE, on a table of several thousand products across twenty businesses,
 * with the planner left free (no enable_seqscan tricks): for each filter × sort combination, no
 * Seq Scan on products, and every index used on products starts with business_id.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type pg from 'pg'
import {
  productListQuerySchema,
  type ProductListQueryInput,
  type StoredProductCategory,
} from '@vitrina/contracts'
import { businesses, products, users, type NewProductRow } from '../src/db/schema/index.js'
import {
  flaggedProductsQuery,
  listStatementQuery,
  type ProductFlag,
} from '../src/modules/products/repository.js'
import { productSearchText } from '../src/modules/products/search.js'
import { useTestApp } from './helpers/app.js'
import { testEngine } from './helpers/database.js'
import { prng } from './helpers/products.js'

const BUSINESSES = 20
const PRODUCTS_PER_BUSINESS = 200
const CATEGORIES: StoredProductCategory[] = [
  { name: 'Ropa', subCategories: [{ name: 'Camisas' }, { name: 'Pantalones' }] },
  { name: 'Calzado', subCategories: [{ name: 'Zapatillas' }] },
  { name: 'Hogar', subCategories: [] },
  { name: 'Regalos', subCategories: [] },
]
const WORDS = ['camisa', 'pantalón', 'zapatilla', 'taza', 'lámpara', 'cuaderno', 'mate', 'bolso']

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

function walk(node: PlanNode, visit: (node: PlanNode) => void) {
  visit(node)
  for (const child of node.Plans ?? []) walk(child, visit)
}

describe.skipIf(testEngine !== 'postgres')('product indexes (EXPLAIN on PostgreSQL)', () => {
  const t = useTestApp()
  const businessIds: string[] = []
  /** Index name → its first column, for every index on products. */
  let firstColumn: Map<string, string>

  beforeAll(async () => {
    const random = prng(42)
    const rows: NewProductRow[] = []
    for (let b = 0; b < BUSINESSES; b++) {
      const [user] = await t.db
        .insert(users)
        .values({
          name: `Dueño ${b}`,
          email: `dueno-${b}-${randomUUID().replaceAll('-', '')}@vitrina.test`,
          passwordHash: 'x',
        })
        .returning()
      const [business] = await t.db
        .insert(businesses)
        .values({
          userId: user!.id,
          name: `Negocio ${b}`,
          identifier: `negocio-${b}-${randomUUID().slice(0, 8)}`,
          description: 'Negocio de prueba',
          category: 'otros',
          categories: CATEGORIES,
          phone: '099123456',
          email: 'negocio@vitrina.test',
          planType: 'pro',
          searchText: `negocio ${b}`,
        })
        .returning()
      businessIds.push(business!.id)
    }
    // Products arrive over time from every business at once, so each business's rows are spread
    // over the whole table (the realistic worst case for reading one business).
    for (let i = 0; i < BUSINESSES * PRODUCTS_PER_BUSINESS; i++) {
      const category = CATEGORIES[Math.floor(random() * CATEGORIES.length)]!
      const sub = category.subCategories[Math.floor(random() * (category.subCategories.length + 1))]
      const discount = random() < 0.3 ? Math.ceil(random() * 50) : 0
      const name = `${WORDS[Math.floor(random() * WORDS.length)]} modelo ${i}`
      const description = 'Un producto de prueba con una descripción de largo realista para la fila'
      rows.push({
        businessId: businessIds[i % BUSINESSES]!,
        name,
        description,
        price: Math.round(100 + random() * 20_000),
        discount,
        isOffer: discount > 0,
        isFeatured: random() < 0.2,
        isNew: random() < 0.15,
        image: { url: `https://cdn.vitrina.test/p/${i}.webp`, width: 640, height: 640 },
        category: category.name,
        subCategory: sub?.name ?? null,
        searchText: productSearchText({ name, description }),
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      })
    }
    for (let i = 0; i < rows.length; i += 500) {
      await t.db.insert(products).values(rows.slice(i, i + 500))
    }
    await t.db.execute(sql`ANALYZE products, product_search, product_words, product_counts`)
    // The first key of each index on products and on the tables search and the list totals read:
    // a column, or the words index's expression, whose keys are scoped by business_id
    // (vitrina_search_keys(business_id, …)).
    const indexes = await pool().query<{ name: string; first: string }>(`
      SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid, 1, true) AS first
      FROM pg_index i
      WHERE i.indrelid IN ('products'::regclass, 'product_search'::regclass,
        'product_words'::regclass, 'product_counts'::regclass)`)
    firstColumn = new Map(
      indexes.rows.map((r) => [
        r.name,
        r.first.startsWith('vitrina_search_keys(business_id,') ? 'business_id' : r.first,
      ]),
    )
  })

  /** The pool behind Drizzle: statements run with their own parameters, as the app sends them. */
  const pool = () => (t.db as unknown as { $client: pg.Pool }).$client

  /** EXPLAINs the exact statement the repository sends and checks how products is read. */
  async function expectTenantIndexed(
    query: { toSQL(): { sql: string; params: unknown[] } },
    /** Primary-key probes too (ids a business_id index gave: the hidden products). */
    byId = false,
  ) {
    const { sql: text, params } = query.toSQL()
    const result = await pool().query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `EXPLAIN (FORMAT JSON) ${text}`,
      params,
    )
    const plan = result.rows[0]!['QUERY PLAN'][0]!.Plan
    const used: string[] = []
    walk(plan, (node) => {
      const relation = node['Relation Name']
      if (
        relation === 'products' ||
        relation === 'product_search' ||
        relation === 'product_words'
      ) {
        expect(node['Node Type'], `${text}\n${JSON.stringify(plan, null, 1)}`).not.toBe('Seq Scan')
      }
      if (node['Index Name']) used.push(node['Index Name'])
    })
    expect(used.length, text).toBeGreaterThan(0)
    for (const name of used) {
      if (byId && firstColumn.get(name) === 'id') continue
      expect(firstColumn.get(name), `${name} in ${text}`).toBe('business_id')
    }
    return used
  }

  const filters: ProductListQueryInput[] = [
    {},
    { category: 'Ropa' },
    { category: 'Ropa', subCategory: 'Camisas' },
    { isOffer: 'true' },
    { isFeatured: 'true' },
    { isNew: 'true' },
    { isOffer: 'false' },
    { minPrice: '1000' },
    { minPrice: '1000', maxPrice: '5000' },
    { search: 'camisa' },
    { search: 'pantalon modelo' },
    { search: 'lampara', category: 'Hogar', maxPrice: '9000' },
    { category: 'Calzado', subCategory: 'Zapatillas', isOffer: 'true', minPrice: '500' },
    { isFeatured: 'true', isNew: 'true', category: 'Regalos' },
  ]

  for (const sort of ['newest', 'oldest', 'cheapest', 'expensive'] as const) {
    it(`reads one business through a business_id index for every filter, sorted by ${sort}`, async () => {
      const businessId = businessIds[3]!
      for (const filter of filters) {
        const query = productListQuerySchema.parse({ ...filter, sort })
        // One statement per list (totals and page ids); a search's words are expanded first.
        await expectTenantIndexed(await listStatementQuery(t.db, businessId, query))
        await expectTenantIndexed(await listStatementQuery(t.db, businessId, { ...query, page: 5 }))
      }
    })
  }

  it('reads the manual order (issue 27 §2) from its own index, sold-out last', async () => {
    const businessId = businessIds[5]!
    const query = productListQuerySchema.parse({})
    for (const page of [1, 5]) {
      const used = await expectTenantIndexed(
        await listStatementQuery(t.db, businessId, { ...query, sort: 'manual', page }),
      )
      expect(used).toContain('products_business_position_idx')
    }
  })

  it('reads a business with hidden products by status (issue 25 §2) through business_id indexes', async () => {
    const businessId = businessIds[4]!
    // One product in 20 hidden, as an expiry or an owner leaves them.
    await t.db.execute(sql`UPDATE products SET status = 'hidden' WHERE id IN (
      SELECT id FROM products WHERE business_id = ${businessId} ORDER BY id LIMIT ${PRODUCTS_PER_BUSINESS / 20})`)
    await t.db.execute(sql`ANALYZE products`)
    for (const status of ['active', 'hidden', 'all'] as const) {
      for (const sort of ['newest', 'cheapest'] as const) {
        for (const filter of [
          {},
          { category: 'Ropa' },
          { search: 'camisa' },
          { minPrice: '1000' },
        ]) {
          const query = productListQuerySchema.parse({ ...filter, sort, status })
          const used = await expectTenantIndexed(
            await listStatementQuery(t.db, businessId, query),
            status === 'hidden',
          )
          // The hidden ones (or those to leave out) from their partial index.
          if (status !== 'all') expect(used).toContain('products_business_hidden_idx')
        }
      }
    }
  })

  it('would notice a query that is not restricted to one business', async () => {
    const untenanted = t.db.select().from(products).where(eq(products.category, 'Ropa')).limit(12)
    await expect(expectTenantIndexed(untenanted)).rejects.toThrow()
  })

  it('serves the carousels from their partial indexes', async () => {
    const flags: [ProductFlag, string][] = [
      ['isFeatured', 'products_business_featured_idx'],
      ['isNew', 'products_business_new_idx'],
      ['isOffer', 'products_business_offer_idx'],
    ]
    for (const [flag, index] of flags) {
      const used = await expectTenantIndexed(flaggedProductsQuery(t.db, businessIds[7]!, flag, 12))
      expect(used).toEqual([index])
    }
  })
})
