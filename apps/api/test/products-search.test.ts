/**
 * Product search at scale (issue 22 §4), on both engines: typos in words of 5+ letters, codes only
 * as written or by prefix, better matches first, the lexicon following every write, the same
 * word splitting in the database and in the API, and the per-address limit on searches.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_MESSAGES, normalizeSearchText, type ProductListResponse } from '@vitrina/contracts'
import { adjacentSwaps, searchWords, withinOneEdit } from '../src/modules/products/search.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import {
  createTestProduct,
  deleteProductRequest,
  insertCatalogue,
  patchProduct,
  type CatalogueItem,
} from './helpers/products.js'

const CATEGORIES = [{ name: 'Accesorios', subCategories: [] }]

function item(name: string, minutes: number, extra: Partial<CatalogueItem> = {}): CatalogueItem {
  return {
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
    createdAt: new Date(Date.UTC(2026, 2, 1, 12, minutes)),
    ...extra,
  }
}

describe('product search: typos, codes and ranking', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let businessId: string

  beforeAll(async () => {
    const owner = await registerAndLogin(t.app)
    businessId = (
      await createTestBusiness(t.app, owner, { planType: 'pro', categories: CATEGORIES })
    )._id
    await insertCatalogue(t.db, businessId, [
      item('iPhone 15 Pro', 1),
      item('iPhone 14', 2),
      item('Notebook Lenovo', 3),
      item('Auriculares inalámbricos', 4),
      item('Cargador USB-C', 5),
      item('Café en grano', 6, { code: 'CAF-123' }),
      item('Café molido', 7, { code: 'CAF-124' }),
      item('Café de Colombia', 8, { code: 'CAF-1230' }),
      item('Té verde', 9, { code: 'TE-123' }),
      // Newest last, so 'newest first' alone would put the typo match first.
      item('Lámpara de pie', 10),
      item('Lámparas colgantes', 11),
      item('Lampera antigua', 12),
    ])
    // A neighbour with the same words: never in the results.
    const neighbour = await createTestBusiness(t.app, await registerAndLogin(t.app), {
      planType: 'pro',
      categories: CATEGORIES,
    })
    await insertCatalogue(t.db, neighbour._id, [item('iPhone 15 Pro', 1, { code: 'CAF-123' })])
  })

  async function search(text: string, query = ''): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${businessId}/business?search=${encodeURIComponent(text)}${query}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as ProductListResponse
    expect(body.items.every((p) => p.businessId === businessId)).toBe(true)
    return body.items.map((p) => p.name)
  }

  it('forgives a swapped, missing or wrong letter in a word of 5+ letters', async () => {
    expect(await search('iphnoe')).toEqual(['iPhone 14', 'iPhone 15 Pro']) // swapped
    expect(await search('ipone 15')).toEqual(['iPhone 15 Pro']) // missing, and a short exact word
    expect(await search('auriculres')).toEqual(['Auriculares inalámbricos'])
    expect(await search('notebok')).toEqual(['Notebook Lenovo'])
    expect(await search('notebookk')).toEqual(['Notebook Lenovo']) // extra
    expect(await search('nptebook')).toEqual(['Notebook Lenovo']) // wrong, near the start
    expect(await search('ipnohe')).toEqual([]) // two letters exchanged across a third: two edits
    expect(await search('ipone 16')).toEqual([]) // numbers match as written
  })

  // Issue 41: 'cfae' found nothing — a 4-letter word forgives two neighbours swapped, and only
  // that (one letter wrong in 'pera' is 'pena', another word).
  it('forgives two swapped neighbours in a word of 4 letters, and nothing else', async () => {
    expect(await search('cfae')).toEqual(['Café de Colombia', 'Café molido', 'Café en grano'])
    expect(await search('acfe molido')).toEqual(['Café molido'])
    expect(await search('caef')).toEqual(['Café de Colombia', 'Café molido', 'Café en grano'])
    expect(await search('cafa')).toEqual([]) // a wrong letter
    expect(await search('cfe')).toEqual([]) // a missing one
    expect(await search('cafe')).toEqual(['Café de Colombia', 'Café molido', 'Café en grano'])
  })

  it('matches product codes as written or by prefix, never by similarity', async () => {
    expect(await search('caf-123')).toEqual(['Café en grano', 'Café de Colombia'])
    expect(await search('CAF-124')).toEqual(['Café molido'])
    expect(await search('caf-12')).toEqual(['Café de Colombia', 'Café molido', 'Café en grano'])
    expect(await search('caf-125')).toEqual([])
    expect(await search('usb')).toEqual(['Cargador USB-C'])
  })

  it('puts words as written first, then completions, then typos, each in the chosen order', async () => {
    expect(await search('lampara')).toEqual([
      'Lámpara de pie',
      'Lámparas colgantes',
      'Lampera antigua',
    ])
    expect(await search('lampara', '&sort=oldest')).toEqual([
      'Lámpara de pie',
      'Lámparas colgantes',
      'Lampera antigua',
    ])
    // Within one kind of match the sort decides: newest first.
    expect(await search('cafe')).toEqual(['Café de Colombia', 'Café molido', 'Café en grano'])
  })

  it('finds nothing for punctuation alone, and stays within the business', async () => {
    expect(await search('...')).toEqual([])
    expect(await search('¿¡!?')).toEqual([])
  })

  it('splits words the same way in the database and in the API', async () => {
    const texts = [
      'Café, orgánico (CAF-123) ¡hola! USB-C 100% ... «x» “y” ‘z’ 7,5 kg e-mail: a@b.uy',
      '  mucho   espacio\tcon tabulación\ny línea ',
      'niño ÑANDÚ naïve crème brûlée',
      '"comillas" \'simples\' [corchetes] {llaves} *asterisco* …puntos…',
    ]
    for (const text of texts) {
      const normalized = normalizeSearchText(text)
      const result = await t.db.execute(sql`SELECT vitrina_search_words(${normalized}) AS words`)
      const raw = (result as unknown as { rows: { words: string[] | string }[] }).rows[0]!.words
      const fromDatabase = Array.isArray(raw)
        ? raw
        : raw
            .replace(/^\{|\}$/g, '')
            .split(',')
            .map((w) => w.replace(/^"|"$/g, ''))
      expect([...fromDatabase].sort(), text).toEqual(searchWords(normalized).sort())
    }
  })

  it('counts one edit as one', () => {
    expect(withinOneEdit('iphnoe', 'iphone')).toBe(true)
    expect(withinOneEdit('ipone', 'iphone')).toBe(true)
    expect(withinOneEdit('iphonee', 'iphone')).toBe(true)
    expect(withinOneEdit('iphona', 'iphone')).toBe(true)
    expect(withinOneEdit('ipnohe', 'iphone')).toBe(false)
    expect(withinOneEdit('pera', 'perro')).toBe(false)
    expect(withinOneEdit('abc', 'abc')).toBe(true)
    expect(adjacentSwaps('cfae')).toEqual(['fcae', 'cafe', 'cfea'])
    expect(adjacentSwaps('aabb')).toEqual(['abab'])
  })
})

describe('product search follows every write', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })

  it('finds new words, forgets removed ones, and keeps the list total', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { planType: 'pro' })
    const list = async (search?: string) => {
      const qs = search ? `?search=${encodeURIComponent(search)}` : ''
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/products/${business._id}/business${qs}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as ProductListResponse
    }
    const kept = await createTestProduct(t.app, owner, business._id, { name: 'Termo de acero' })
    const product = await createTestProduct(t.app, owner, business._id, { name: 'Termo Stanley' })
    expect((await list('stanley')).items.map((p) => p._id)).toEqual([product._id])
    expect((await list('termo')).total).toBe(2)
    expect((await list()).total).toBe(2)

    const patched = await patchProduct(t.app, owner, product._id, { name: 'Termo Contigo' })
    expect(patched.statusCode, patched.body).toBe(200)
    expect((await list('stanley')).total).toBe(0)
    expect((await list('stanly')).total).toBe(0)
    expect((await list('contigo')).items.map((p) => p._id)).toEqual([product._id])
    expect((await list('termo')).total).toBe(2)

    const deleted = await deleteProductRequest(t.app, owner, product._id)
    expect(deleted.statusCode).toBe(204)
    expect((await list('contigo')).total).toBe(0)
    expect((await list('termo')).items.map((p) => p._id)).toEqual([kept._id])
    expect((await list()).total).toBe(1)
  })
})

describe('search rate limit', () => {
  const t = useTestApp()

  it('limits searches per client address with the Spanish 429, not plain lists', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
    const get = (qs: string, remoteAddress = ip) =>
      t.app.inject({
        method: 'GET',
        url: `/api/products/${business._id}/business${qs}`,
        remoteAddress,
      })
    for (let i = 0; i < 120; i++) {
      const res = await get(`?search=palabra${i}`)
      expect(res.statusCode).toBe(200)
    }
    const limited = await get('?search=otra')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ statusCode: 429, message: API_MESSAGES.rateLimited })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // The list itself, and a blank search (no search), still answer.
    expect((await get('')).statusCode).toBe(200)
    expect((await get('?search=%20')).statusCode).toBe(200)
    // Another address is not affected.
    expect((await get('?search=otra', '10.200.0.1')).statusCode).toBe(200)
  })
})
