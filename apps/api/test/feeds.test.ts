/**
 * Issue 46 §2: every demo shop's Google Merchant Center feed (RSS 2.0, `g:` fields) and Meta
 * catalogue feed (CSV), read back by a strict XML parser and a CSV parser and checked against
 * each service's required fields, value formats and limits — variants grouped with their
 * attributes, prices in two currencies, sold-out items 'out of stock', hidden products absent, a
 * suspended shop's feeds gone with its storefront, and the feeds cached like the public reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import {
  FEED_AVAILABILITY,
  GOOGLE_FEED_LIMITS,
  META_FEED_COLUMNS,
  META_FEED_LIMITS,
  OPERATOR_CONSOLE_MESSAGES,
  feedAttributeOf,
  feedPaths,
  feedPrice,
  type Business,
  type Product,
} from '@vitrina/contracts'
import {
  DEMO_BUSINESSES,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  demoEmail,
  seedDemoData,
} from '../src/seed/index.js'
import { startTestApp, TEST_ENV } from './helpers/app.js'
import { bearer, randomClientIp } from './helpers/auth.js'
import { parseGoogleFeed, parseMetaFeed, type GoogleFeed } from './helpers/feeds.js'
import { patchProduct } from './helpers/products.js'
import { escapeXmlText } from '../src/lib/xml-text.js'
import { renderGoogleFeed } from '../src/modules/feeds/google.js'
import type { FeedItem } from '../src/modules/feeds/items.js'
import { renderMetaFeed } from '../src/modules/feeds/meta.js'

const PUBLIC_URL = TEST_ENV.PUBLIC_URL!
const PRICE = /^\d+\.\d{2} (UYU|USD)$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const length = (text: string) => [...text].length
const cents = (price: string) => Math.round(Number(price.split(' ')[0]) * 100)

describe('product feeds (issue 46 §2)', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'false' })
    await seedDemoData(t.app)
  }, 180_000)
  afterAll(() => t?.stop())

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  async function googleFeed(identifier: string): Promise<GoogleFeed> {
    const res = await get(feedPaths(identifier).google)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    return parseGoogleFeed(res.body)
  }

  async function metaFeed(identifier: string) {
    const res = await get(feedPaths(identifier).meta)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    return parseMetaFeed(res.body)
  }

  async function login(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientIp(),
      payload: { email, password: DEMO_PASSWORD },
    })
    expect(res.statusCode, res.body).toBe(200)
    return { accessToken: res.json().access_token as string }
  }

  const one = (item: Record<string, string[]>, field: string) => {
    expect(item[field], field).toHaveLength(1)
    return item[field]![0]!
  }

  it('gives every demo shop a Google feed whose items carry the required fields in Google’s formats', async () => {
    for (const demo of DEMO_BUSINESSES) {
      const { identifier, name } = demo.business
      const feed = await googleFeed(identifier)
      expect(feed.rootName).toBe('rss')
      expect(feed.version).toBe('2.0')
      expect(feed.channel).toMatchObject({ title: name, link: `${PUBLIC_URL}/${identifier}` })
      expect(feed.items.length, identifier).toBeGreaterThan(0)
      const ids = new Set<string>()
      for (const item of feed.items) {
        const id = one(item, 'id')
        expect(id).toMatch(UUID)
        expect(length(id)).toBeLessThanOrEqual(GOOGLE_FEED_LIMITS.id)
        ids.add(id)
        const title = one(item, 'title')
        expect(length(title)).toBeGreaterThan(0)
        expect(length(title)).toBeLessThanOrEqual(GOOGLE_FEED_LIMITS.title)
        const description = one(item, 'description')
        expect(length(description)).toBeGreaterThan(0)
        expect(length(description)).toBeLessThanOrEqual(GOOGLE_FEED_LIMITS.description)
        expect(one(item, 'link')).toMatch(
          new RegExp(`^${PUBLIC_URL}/${identifier}/productos/[a-z0-9-]+$`),
        )
        expect(one(item, 'image_link')).toMatch(new RegExp(`^${PUBLIC_URL}/media/\\S+$`))
        for (const extra of item.additional_image_link ?? []) {
          expect(extra).toMatch(new RegExp(`^${PUBLIC_URL}/media/\\S+$`))
        }
        expect((item.additional_image_link ?? []).length).toBeLessThanOrEqual(
          GOOGLE_FEED_LIMITS.additionalImages,
        )
        expect(Object.values(FEED_AVAILABILITY.google)).toContain(one(item, 'availability'))
        const price = one(item, 'price')
        expect(price).toMatch(PRICE)
        if (item.sale_price) {
          const sale = one(item, 'sale_price')
          expect(sale).toMatch(PRICE)
          expect(sale.slice(-3)).toBe(price.slice(-3))
          expect(cents(sale)).toBeLessThan(cents(price))
        }
        expect(one(item, 'condition')).toBe('new')
        expect(one(item, 'brand')).toBe(name)
        expect(one(item, 'identifier_exists')).toBe('no')
        if (item.item_group_id) expect(one(item, 'item_group_id')).toMatch(UUID)
      }
      expect(ids.size, 'ids are unique').toBe(feed.items.length)
    }
  })

  it('gives every demo shop a Meta CSV with Meta’s columns and the same items, prices and availability', async () => {
    for (const demo of DEMO_BUSINESSES) {
      const { identifier, name } = demo.business
      const [google, meta] = await Promise.all([googleFeed(identifier), metaFeed(identifier)])
      expect(meta.header).toEqual([...META_FEED_COLUMNS])
      expect(meta.rows.map((r) => r.id)).toEqual(google.items.map((i) => i.id![0]))
      for (const [index, row] of meta.rows.entries()) {
        const item = google.items[index]!
        for (const column of ['id', 'title', 'description', 'availability', 'condition']) {
          expect(row[column], column).not.toBe('')
        }
        expect(length(row.id!)).toBeLessThanOrEqual(META_FEED_LIMITS.id)
        expect(length(row.title!)).toBeLessThanOrEqual(META_FEED_LIMITS.title)
        expect(length(row.description!)).toBeLessThanOrEqual(META_FEED_LIMITS.description)
        expect(Object.values(FEED_AVAILABILITY.meta)).toContain(row.availability)
        expect(row.availability).toBe(
          item.availability![0] === 'in_stock' ? 'in stock' : 'out of stock',
        )
        expect(row.condition).toBe('new')
        expect(row.price).toMatch(PRICE)
        expect(row.price).toBe(item.price![0])
        expect(row.sale_price).toBe(item.sale_price?.[0] ?? '')
        expect(row.link).toBe(item.link![0])
        expect(row.image_link).toBe(item.image_link![0])
        const extra = row.additional_image_link ? row.additional_image_link.split(',') : []
        expect(extra).toEqual(item.additional_image_link ?? [])
        expect(row.brand).toBe(name)
        expect(row.item_group_id).toBe(item.item_group_id?.[0] ?? '')
      }
    }
  })

  it('lists each variant as an item of its product’s group, with its size or colour, price and stock', async () => {
    const identifier = 'tejidos-de-la-colonia'
    const product = (
      await get(`/api/products/${identifier}/slug/poncho-criollo-de-lana-cruda`)
    ).json() as Product
    const feed = await googleFeed(identifier)
    const ponchos = feed.items.filter((i) => i.item_group_id?.[0] === product._id)
    expect(
      ponchos.map((i) => [i.size?.[0], i.availability?.[0], i.price?.[0], i.sale_price?.[0]]),
    ).toEqual([
      ['S', 'out_of_stock', '5400.00 UYU', '4590.00 UYU'],
      ['M', 'in_stock', '5400.00 UYU', '4590.00 UYU'],
      ['L', 'in_stock', '5400.00 UYU', '4590.00 UYU'],
      ['XL', 'in_stock', '5900.00 UYU', '5015.00 UYU'],
    ])
    expect(ponchos.map((i) => i.title?.[0])).toEqual(
      ['S', 'M', 'L', 'XL'].map((size) => `Poncho criollo de lana cruda (${size})`),
    )
    expect(ponchos.map((i) => i.id?.[0])).toEqual(product.variants!.map((v) => v._id))
    expect(new Set(ponchos.map((i) => i.link?.[0]))).toEqual(
      new Set([`${PUBLIC_URL}/${identifier}/productos/poncho-criollo-de-lana-cruda`]),
    )

    // Two options: the colour is an attribute, the length ('Largo') only in the title.
    const scarves = feed.items.filter((i) => i.title?.[0]?.startsWith('Bufanda de alpaca'))
    expect(scarves.map((i) => [i.color?.[0], i.title?.[0], i.availability?.[0]])).toEqual([
      ['Natural', 'Bufanda de alpaca y lana (Natural / 1,50 m)', 'in_stock'],
      ['Natural', 'Bufanda de alpaca y lana (Natural / 1,80 m)', 'in_stock'],
      ['Gris', 'Bufanda de alpaca y lana (Gris / 1,80 m)', 'in_stock'],
      ['Azul', 'Bufanda de alpaca y lana (Azul / 1,80 m)', 'out_of_stock'],
    ])
    expect(new Set(scarves.map((i) => i.item_group_id?.[0])).size).toBe(1)
    // The grey one has its own picture first; the others the product's main image.
    expect(scarves[2]!.image_link).not.toEqual(scarves[0]!.image_link)
    expect(scarves[2]!.additional_image_link).toContain(scarves[0]!.image_link![0])

    const meta = await metaFeed(identifier)
    const metaPonchos = meta.rows.filter((r) => r.item_group_id === product._id)
    expect(metaPonchos.map((r) => [r.size, r.availability])).toEqual([
      ['S', 'out of stock'],
      ['M', 'in stock'],
      ['L', 'in stock'],
      ['XL', 'in stock'],
    ])
  })

  it('prices each product in its own currency: dollars and pesos', async () => {
    const tech = await googleFeed('punta-tech')
    const samsung = tech.items.find((i) => i.title?.[0] === 'Samsung Galaxy A55 5G 256 GB')
    expect(samsung?.price).toEqual(['459.00 USD'])
    expect(samsung?.sale_price).toBeUndefined()
    const motorola = tech.items.find((i) => i.title?.[0] === 'Motorola Moto G84 256 GB')
    expect([motorola?.price?.[0], motorola?.sale_price?.[0]]).toEqual(['329.00 USD', '296.10 USD'])
    const currencies = new Set<string>()
    for (const demo of DEMO_BUSINESSES) {
      const feed = await googleFeed(demo.business.identifier)
      for (const item of feed.items) currencies.add(item.price![0]!.slice(-3))
    }
    expect([...currencies].sort()).toEqual(['USD', 'UYU'])
  })

  it('keeps a sold-out product as the storefront does, out of stock', async () => {
    const feed = await googleFeed('tejidos-de-la-colonia')
    const soldOut = feed.items.find((i) => i.title?.[0] === 'Bufanda rayada en tonos tierra')
    expect(soldOut?.availability).toEqual(['out_of_stock'])
    expect(soldOut?.item_group_id).toBeUndefined()
    const meta = await metaFeed('tejidos-de-la-colonia')
    expect(meta.rows.find((r) => r.id === soldOut?.id?.[0])?.availability).toBe('out of stock')
  })

  it('answers from the read cache with an ETag and public caching, and drops a product the owner hides at once', async () => {
    const demo = DEMO_BUSINESSES.find((d) => d.business.identifier === 'tejidos-de-la-colonia')!
    const url = feedPaths(demo.business.identifier).google
    const first = await get(url)
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60')
    expect(first.headers.etag).toBeDefined()
    const again = await get(url, { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    // A change that bypasses the API's writes is not seen: the reply is the cached one.
    await t.db.execute(sql`UPDATE products SET name = 'Cambiado por fuera' WHERE name LIKE 'Taza%'`)
    expect((await get(url)).body).toBe(first.body)

    const product = (
      await get('/api/products/tejidos-de-la-colonia/slug/bufanda-rayada-en-tonos-tierra')
    ).json() as Product
    const owner = await login(demoEmail(demo))
    const hidden = await patchProduct(t.app, owner, product._id, { status: 'hidden' })
    expect(hidden.statusCode, hidden.body).toBe(200)
    const google = parseGoogleFeed((await get(url)).body)
    expect(google.items.map((i) => i.id?.[0])).not.toContain(product._id)
    const meta = await metaFeed(demo.business.identifier)
    expect(meta.rows.map((r) => r.id)).not.toContain(product._id)
    expect(google.items.length).toBe(parseGoogleFeed(first.body).items.length - 1)
  })

  it('escapes markup in the XML and keeps spreadsheet formulas from running in the CSV', async () => {
    const demo = DEMO_BUSINESSES.find((d) => d.business.identifier === 'punta-tech')!
    const product = (
      await get('/api/products/punta-tech/slug/motorola-moto-g84-256-gb')
    ).json() as Product
    const owner = await login(demoEmail(demo))
    const name = '=HYPERLINK("http://x.test") <b>&amp; "Moto" \'G84\''
    const renamed = await patchProduct(t.app, owner, product._id, {
      name,
      description: 'Línea 1\nLínea 2, con "comillas" & <etiquetas>\u0007',
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const item = (await googleFeed('punta-tech')).items.find((i) => i.id?.[0] === product._id)
    expect(item?.title).toEqual([name])
    expect(item?.description).toEqual(['Línea 1\nLínea 2, con "comillas" & <etiquetas>'])
    const row = (await metaFeed('punta-tech')).rows.find((r) => r.id === product._id)
    expect(row?.title).toBe(`'${name}`)
    expect(row?.description).toBe('Línea 1\nLínea 2, con "comillas" & <etiquetas>\u0007')
  })

  it('answers 404 for an unknown shop, and for a suspended one as its storefront does', async () => {
    const unknown = await get(feedPaths('no-existe-esta-tienda').google)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.headers['cache-control']).toBe('private, no-store')

    const identifier = 'cafe-del-puerto'
    expect((await get(feedPaths(identifier).meta)).statusCode).toBe(200)
    const business = (await get(`/api/businesses/${identifier}/identifier`)).json() as Business
    const operator = await login(DEMO_OPERATOR.email)
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/operator/businesses/${business._id}/suspend`,
      headers: bearer(operator.accessToken),
      payload: { reason: 'Prueba de catálogos' },
    })
    expect(suspended.statusCode, suspended.body).toBe(200)
    const storefront = await get(`/api/businesses/${identifier}/identifier`)
    for (const url of Object.values(feedPaths(identifier))) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().message).toBe(OPERATOR_CONSOLE_MESSAGES.businessUnavailable)
      expect(res.json()).toEqual(storefront.json())
    }
  })
})

describe('feed limits (issue 46 §2)', () => {
  const shop = { identifier: 'tienda', name: 'Tienda', description: 'Una tienda' }
  const item: FeedItem = {
    id: '6f1d3a52-8c1e-4a55-9d2f-0c7b4e1a9b10',
    groupId: null,
    title: Array.from({ length: 60 }, (_, i) => `palabra${i}`).join(' '),
    description: 'x'.repeat(12_000),
    link: 'http://vitrina.test/tienda/productos/algo',
    imageLinks: Array.from({ length: 25 }, (_, i) => `http://vitrina.test/media/${i}.webp`),
    isInStock: true,
    priceCents: 150_000,
    saleCents: null,
    currency: 'UYU',
    attributes: { size: 'M'.repeat(300) },
    productType: 'Ropa',
  }

  it('cuts texts to each service’s limit (at a word, with …) and lists at most its extra images', () => {
    const [google] = parseGoogleFeed(renderGoogleFeed('http://vitrina.test', shop, [item])).items
    const title = google!.title![0]!
    expect(length(title)).toBeLessThanOrEqual(GOOGLE_FEED_LIMITS.title)
    expect(title).toMatch(/ palabra\d+…$/)
    expect(item.title.startsWith(title.slice(0, -1))).toBe(true)
    expect(length(google!.description![0]!)).toBe(GOOGLE_FEED_LIMITS.description)
    expect(google!.additional_image_link).toHaveLength(GOOGLE_FEED_LIMITS.additionalImages)
    expect(length(google!.size![0]!)).toBe(GOOGLE_FEED_LIMITS.variantAttribute)
    expect(google!.price).toEqual(['1500.00 UYU'])

    const [meta] = parseMetaFeed(renderMetaFeed(shop, [item])).rows
    expect(length(meta!.title!)).toBeLessThanOrEqual(META_FEED_LIMITS.title)
    expect(length(meta!.title!)).toBeGreaterThan(GOOGLE_FEED_LIMITS.title)
    expect(length(meta!.description!)).toBe(META_FEED_LIMITS.description)
    expect(meta!.additional_image_link!.split(',')).toHaveLength(META_FEED_LIMITS.additionalImages)
    expect(meta!.price).toBe('1500.00 UYU')
  })

  it('writes prices in cents as a number with two decimals and the ISO code', () => {
    expect(feedPrice(5, 'UYU')).toBe('0.05 UYU')
    expect(feedPrice(29_610, 'USD')).toBe('296.10 USD')
    expect(feedPrice(150_000, 'UYU')).toBe('1500.00 UYU')
  })

  it('drops what XML cannot carry (controls, lone surrogates) and escapes markup', () => {
    expect(escapeXmlText('a\u0000b\u0007c\uD800d\uDFFFe\uFFFE 😀 <&>"\'')).toBe(
      'abcde 😀 &lt;&amp;&gt;&quot;&apos;',
    )
    expect(escapeXmlText('tab\tnl\ncr\r')).toBe('tab\tnl\ncr\r')
  })

  it('gives the usual option names the attribute each service knows', () => {
    expect(
      ['Talle', 'TALLA', 'Tamaño', 'Color', 'Material', 'Estampado', 'Largo'].map(feedAttributeOf),
    ).toEqual(['size', 'size', 'size', 'color', 'material', 'pattern', undefined])
  })
})
