/**
 * GET /api/products/:businessId/business against a generated catalogue: every filter and sort
 * combination is compared with the same query computed in plain TypeScript over the same rows.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BUSINESS_MESSAGES,
  GENERIC_MESSAGES,
  normalizeSearchText,
  type Product,
  type ProductListResponse,
  type SortValue,
} from '@vitrina/contracts'
import type { ProductRow } from '../src/db/schema/index.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { insertCatalogue, prng, type CatalogueItem } from './helpers/products.js'

const CATEGORIES = [
  { name: 'Ropa', subCategories: [{ name: 'Camisas' }, { name: 'Pantalones' }] },
  { name: 'Calzado', subCategories: [{ name: 'Zapatillas' }] },
  { name: 'Accesorios', subCategories: [] },
]
const PLACEMENTS: [string, string | null][] = [
  ['Ropa', 'Camisas'],
  ['Ropa', 'Pantalones'],
  ['Ropa', null],
  ['Calzado', 'Zapatillas'],
  ['Calzado', null],
  ['Accesorios', null],
]
const NOUNS = ['Camisa', 'Pantalón', 'Zapatilla', 'Bufanda', 'Campera', 'Gorro', 'Cinto']
const ADJECTIVES = ['azul', 'de lino', 'clásica', 'térmica', 'de algodón', 'liviana', 'roja']
const DISCOUNTS = [0, 0, 0, 0, 5, 10, 15, 25, 50, 99]

/** 60 products with prices, discounts, flags, placements and (often equal) dates from a PRNG. */
function generateCatalogue(seed: number): CatalogueItem[] {
  const random = prng(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const base = Date.UTC(2026, 0, 1)
  return Array.from({ length: 60 }, (_, i) => {
    const [category, subCategory] = pick(PLACEMENTS)
    return {
      name: `${pick(NOUNS)} ${pick(ADJECTIVES)} ${i}`,
      description: `Artículo ${i} de la colección ${pick(['otoño', 'invierno', 'verano'])}`,
      // A few equal prices and equal dates, so ties must be broken the same way every time.
      price: i % 10 === 0 ? 990 : Math.round(100 + random() * 49_900) + (random() < 0.5 ? 0.5 : 0),
      discount: i % 10 === 0 ? 0 : pick(DISCOUNTS),
      isFeatured: random() < 0.3,
      isNew: random() < 0.25,
      category,
      subCategory,
      code: random() < 0.5 ? `SKU-${1000 + i}` : null,
      tags: random() < 0.4 ? ['temporada'] : [],
      createdAt: new Date(base + Math.floor(random() * 20) * 3_600_000),
    }
  })
}

/** SPEC §9 final price to the cent, in integer cents (half up, like PostgreSQL's round). */
function finalPrice(row: { price: number; discount: number }): number {
  const cents = Math.round(Number(row.price) * 100)
  return Math.round((cents * (100 - row.discount)) / 100) / 100
}

interface Query {
  sort?: SortValue
  category?: string
  subCategory?: string
  isOffer?: boolean
  isFeatured?: boolean
  isNew?: boolean
  minPrice?: number
  maxPrice?: number
  /** Whole words or word beginnings with no one-typo neighbour here, so a substring test is the reference. */
  search?: string
}

function compare(a: ProductRow, b: ProductRow, sort: SortValue): number {
  const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  switch (sort) {
    case 'newest':
      return b.createdAt.getTime() - a.createdAt.getTime() || -byId
    case 'oldest':
      return a.createdAt.getTime() - b.createdAt.getTime() || byId
    case 'cheapest':
      return finalPrice(a) - finalPrice(b) || byId
    case 'expensive':
      return finalPrice(b) - finalPrice(a) || -byId
  }
}

/** The same query in plain TypeScript. */
function expected(rows: ProductRow[], query: Query) {
  const terms = query.search ? normalizeSearchText(query.search).split(' ') : []
  const filtered = rows.filter(
    (r) =>
      (query.category === undefined || r.category === query.category) &&
      (query.subCategory === undefined || r.subCategory === query.subCategory) &&
      (query.isOffer === undefined || r.isOffer === query.isOffer) &&
      (query.isFeatured === undefined || r.isFeatured === query.isFeatured) &&
      (query.isNew === undefined || r.isNew === query.isNew) &&
      terms.every((term) => r.searchText.includes(term)),
  )
  const priceMax = Math.max(0, ...filtered.map(finalPrice))
  const inRange = filtered
    .filter(
      (r) =>
        (query.minPrice === undefined || finalPrice(r) >= query.minPrice) &&
        (query.maxPrice === undefined || finalPrice(r) <= query.maxPrice),
    )
    .sort((a, b) => compare(a, b, query.sort ?? 'newest'))
  return { ids: inRange.map((r) => r.id), priceMax }
}

function queryString(query: Query, page: number, pageSize: number): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) })
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value))
  }
  return params.toString()
}

describe('product list filters and sorts', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let businessId: string
  let rows: ProductRow[]
  let otherRows: ProductRow[]

  beforeAll(async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, {
      planType: 'pro',
      categories: CATEGORIES,
    })
    businessId = business._id
    rows = await insertCatalogue(t.db, businessId, generateCatalogue(20_260_101))
    // Another tenant with look-alike products: none of them may ever show up.
    const neighbour = await createTestBusiness(t.app, await registerAndLogin(t.app), {
      planType: 'pro',
      categories: CATEGORIES,
    })
    otherRows = await insertCatalogue(t.db, neighbour._id, generateCatalogue(7))
  })

  /** Reads every page of a query and checks each page, the totals and priceMax. */
  async function expectQuery(query: Query, pageSize = 7) {
    const want = expected(rows, query)
    const seen: string[] = []
    const pages = Math.max(1, Math.ceil(want.ids.length / pageSize))
    for (let page = 1; page <= pages; page++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/products/${businessId}/business?${queryString(query, page, pageSize)}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json() as ProductListResponse
      expect(body).toMatchObject({
        total: want.ids.length,
        page,
        pageSize,
        priceMax: want.priceMax,
      })
      expect(body.items.map((p) => p.finalPrice)).toEqual(
        body.items.map((p) => finalPrice({ price: p.price, discount: p.discount })),
      )
      seen.push(...body.items.map((p) => p._id))
    }
    // Page by page the list is exactly the expected order: nothing repeated, nothing skipped.
    expect(seen, JSON.stringify(query)).toEqual(want.ids)
  }

  const sorts: SortValue[] = ['newest', 'oldest', 'cheapest', 'expensive']
  const filters: Query[] = [
    {},
    { category: 'Ropa' },
    { category: 'Ropa', subCategory: 'Camisas' },
    { category: 'Calzado', subCategory: 'Zapatillas', isOffer: true },
    { isOffer: true },
    { isOffer: false },
    { isFeatured: true },
    { isNew: true },
    { isFeatured: true, isNew: true },
    { minPrice: 5000 },
    { maxPrice: 12_000.5 },
    { minPrice: 990, maxPrice: 990 },
    { minPrice: 1000, maxPrice: 30_000, category: 'Ropa', isOffer: true },
    { search: 'azul' },
    { search: 'lino camisa' },
    { search: 'TÉRMICA', category: 'Ropa', minPrice: 2000 },
    { search: 'sku-10', isFeatured: true },
    { search: 'otoño', sort: 'cheapest' },
    { category: 'Accesorios', isNew: true, isFeatured: true, isOffer: true },
    { category: 'Inexistente' },
  ]

  for (const sort of sorts) {
    it(`matches the TypeScript reference for every filter, sorted by ${sort}`, async () => {
      for (const filter of filters) await expectQuery({ ...filter, sort: filter.sort ?? sort })
    })
  }

  it('sorts newest first with 12 per page by default and caps the page size at 48', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${businessId}/business` })
    const body = res.json() as ProductListResponse
    expect(body).toMatchObject({ page: 1, pageSize: 12, total: 60 })
    expect(body.items.map((p) => p._id)).toEqual(expected(rows, {}).ids.slice(0, 12))

    const max = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?pageSize=48`,
    })
    expect(max.json().items).toHaveLength(48)
    const over = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?pageSize=49`,
    })
    expect(over.statusCode).toBe(400)
    expect(over.json().errors[0].path).toBe('pageSize')

    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?page=99`,
    })
    expect(beyond.json()).toMatchObject({ items: [], total: 60, page: 99 })
  })

  it('keeps priceMax over the filtered set when the price bounds exclude everything', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?category=Ropa&minPrice=99999999`,
    })
    const body = res.json() as ProductListResponse
    expect(body.total).toBe(0)
    expect(body.priceMax).toBe(expected(rows, { category: 'Ropa' }).priceMax)
    expect(body.priceMax).toBeGreaterThan(0)
  })

  it('validates the query with Spanish messages', async () => {
    const cases: [string, string][] = [
      ['search=ab', GENERIC_MESSAGES.searchMin],
      ['sort=popular', ''],
      ['minPrice=abc', ''],
      ['minPrice=50&maxPrice=10', ''],
      ['page=0', ''],
    ]
    for (const [qs, message] of cases) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/products/${businessId}/business?${qs}`,
      })
      expect(res.statusCode, qs).toBe(400)
      if (message) expect(res.json().message).toBe(message)
    }
    // A blank search is no search (the header's cleared box).
    const blank = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?search=%20%20`,
    })
    expect(blank.json().total).toBe(60)
  })

  it('answers 404 for an unknown or malformed business id, and an empty page for a business without products', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'tienda']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}/business` })
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(BUSINESS_MESSAGES.notFound)
    }
    const empty = await createTestBusiness(t.app, await registerAndLogin(t.app))
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${empty._id}/business` })
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 12, priceMax: 0 })
  })

  it('never shows another business’s products', async () => {
    const others = new Set(otherRows.map((r) => r.id))
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?pageSize=48&page=2`,
    })
    const all = [
      ...(
        await t.app.inject({
          method: 'GET',
          url: `/api/products/${businessId}/business?pageSize=48`,
        })
      ).json().items,
      ...res.json().items,
    ] as Product[]
    expect(all).toHaveLength(60)
    expect(all.every((p) => p.businessId === businessId && !others.has(p._id))).toBe(true)
  })
})

describe('product search', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let businessId: string

  beforeAll(async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, {
      planType: 'pro',
      categories: CATEGORIES,
    })
    businessId = business._id
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 12, minutes))
    const item = (name: string, extra: Partial<CatalogueItem> = {}): CatalogueItem => ({
      name,
      description: 'Producto de prueba',
      price: 100,
      discount: 0,
      isFeatured: false,
      isNew: false,
      category: 'Accesorios',
      subCategory: null,
      code: null,
      tags: [],
      createdAt: at(0),
      ...extra,
    })
    await insertCatalogue(t.db, businessId, [
      item('Café molido de especialidad', { code: 'CAF-001', createdAt: at(1) }),
      item('Auriculares inalámbricos', {
        description: 'Con cancelación de ruido',
        createdAt: at(2),
      }),
      item('Té verde', { tags: ['Orgánico', 'Infusión'], createdAt: at(3) }),
      item('Alimento para perro adulto', { createdAt: at(4) }),
      item('Mermelada de pera', { createdAt: at(5) }),
      item('Jabón 100% natural', { createdAt: at(6) }),
      item('Taza de cerámica', {
        description: 'Ideal para el café de la mañana',
        createdAt: at(7),
      }),
      item('Mochila escolar', { createdAt: at(8) }),
    ])
  })

  async function search(text: string): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?search=${encodeURIComponent(text)}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as ProductListResponse).items.map((p) => p.name)
  }

  it('ignores case and accents, in the query and in the product', async () => {
    const both = ['Taza de cerámica', 'Café molido de especialidad']
    expect(await search('cafe')).toEqual(both)
    expect(await search('CAFÉ')).toEqual(both)
    expect(await search('ceramica')).toEqual(['Taza de cerámica'])
    expect(await search('inalambricos')).toEqual(['Auriculares inalámbricos'])
  })

  it('matches the name, the description, the code and the tags', async () => {
    expect(await search('cancelacion')).toEqual(['Auriculares inalámbricos'])
    expect(await search('caf-001')).toEqual(['Café molido de especialidad'])
    expect(await search('organico')).toEqual(['Té verde'])
  })

  it('requires every word (AND), in any order', async () => {
    expect(await search('molido cafe')).toEqual(['Café molido de especialidad'])
    expect(await search('cafe auriculares')).toEqual([])
  })

  it('forgives one typo in longer words but not in short ones', async () => {
    expect(await search('auriculres')).toEqual(['Auriculares inalámbricos']) // missing letter
    expect(await search('mochlia')).toEqual(['Mochila escolar']) // swapped letters
    expect(await search('especialidaz')).toEqual(['Café molido de especialidad']) // wrong letter
    expect(await search('mermelada pera')).toEqual(['Mermelada de pera'])
    // 'pera' and 'perro' are one letter apart: short words must match as written.
    expect(await search('pera')).toEqual(['Mermelada de pera'])
    expect(await search('perro')).toEqual(['Alimento para perro adulto'])
    expect(await search('xyzxyz')).toEqual([])
  })

  it('takes LIKE wildcards literally', async () => {
    expect(await search('100%')).toEqual(['Jabón 100% natural'])
    expect(await search('%%%')).toEqual([])
    expect(await search('___')).toEqual([])
    expect(await search('a_b\\')).toEqual([])
  })
})
