/**
 * Demo data: six businesses made through the real services and image pipeline, owners who can log
 * in, products that satisfy every SPEC rule, and a second run that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import {
  LIMITS,
  isSubCategoryOf,
  insightsSchema,
  orderListResponseSchema,
  type Business,
  type Product,
  type ProductListResponse,
} from '@vitrina/contracts'
import { businesses, mailOutbox, products, users } from '../src/db/schema/index.js'
import {
  DEMO_BUSINESSES,
  DEMO_OPERATOR,
  DEMO_PASSWORD,
  demoEmail,
  seedDemoData,
  shouldSeedDemo,
  type SeedReport,
} from '../src/seed/index.js'
import { startTestApp } from './helpers/app.js'
import { randomClientIp } from './helpers/auth.js'
import { storedFiles } from './helpers/products.js'

describe('demo data', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  let report: SeedReport

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT: 'false' })
    report = await seedDemoData(t.app)
  }, 120_000)
  afterAll(() => t?.stop())

  async function get<T>(url: string): Promise<T> {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode, url).toBe(200)
    return res.json() as T
  }

  async function allProducts(businessId: string): Promise<Product[]> {
    const page = await get<ProductListResponse>(
      `/api/products/${businessId}/business?pageSize=${LIMITS.productPageSizeMax}`,
    )
    expect(page.total).toBeLessThanOrEqual(LIMITS.productPageSizeMax)
    return page.items
  }

  it('creates six businesses of different categories, with demo owners', () => {
    expect(report.created).toEqual(DEMO_BUSINESSES.map((d) => d.business.identifier))
    expect(report.skipped).toEqual([])
    expect(new Set(DEMO_BUSINESSES.map((d) => d.business.category)).size).toBe(6)
    expect(report.accounts.map((a) => a.email)).toEqual([
      ...DEMO_BUSINESSES.map(demoEmail),
      DEMO_OPERATOR.email,
    ])
    expect(report.accounts.every((a) => a.password === DEMO_PASSWORD)).toBe(true)
  })

  it('adds a demo operator who can log in to the operator console', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_OPERATOR.email, password: DEMO_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ email: DEMO_OPERATOR.email, role: 'operator' })
  })

  it('gives every business a logo with favicon, 2–3 stored cover slides and categories', async () => {
    for (const demo of DEMO_BUSINESSES) {
      const business = await get<Business>(`/api/businesses/${demo.business.identifier}/identifier`)
      expect(business.logo?.favicon).toMatch(/^\/media\/.+\.png$/)
      expect(business.slides.length).toBeGreaterThanOrEqual(2)
      expect(business.slides.length).toBeLessThanOrEqual(3)
      expect(business.categories.length).toBeGreaterThanOrEqual(2)
      expect(business.categories.some((c) => c.subCategories.length > 0)).toBe(true)
      const assets = [business.logo!, ...business.slides.map((s) => s.image)]
      for (const key of assets.flatMap((a) => t.app.media.keysOf(a))) {
        expect(await t.app.media.storage.exists(key), key).toBe(true)
      }
    }
  })

  it('shows every variant and stock state, and dollars priced at the business rate (issue 25)', async () => {
    const colonia = await get<Business>('/api/businesses/tejidos-de-la-colonia/identifier')
    const items = await allProducts(colonia._id)
    // The list's cards carry no variants (migration 0019): the details have them.
    const details = await Promise.all(
      items.filter((p) => p.options.length > 0).map((p) => get<Product>(`/api/products/${p._id}`)),
    )
    const variants = details.flatMap((p) => p.variants)
    expect(items.filter((p) => p.options.length > 0).length).toBeGreaterThanOrEqual(2)
    expect(variants.some((v) => !v.available)).toBe(true)
    expect(variants.some((v) => v.lowStock !== null)).toBe(true)
    expect(items.some((p) => p.priceFrom !== null)).toBe(true)
    // A sold-out product is still listed, after the available ones.
    expect(items.at(-1)!.available).toBe(false)
    expect(JSON.stringify(items)).not.toContain('"stock"')
    const options = await get<{ name: string; values: string[] }[]>(
      `/api/products/${colonia._id}/options`,
    )
    expect(options.map((o) => o.name)).toEqual(['Talle', 'Color', 'Largo'])

    const tech = await get<Business>('/api/businesses/punta-tech/identifier')
    expect(tech).toMatchObject({ mainCurrency: 'UYU', exchangeRate: 39.5 })
    expect(tech.exchangeRateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const techItems = await allProducts(tech._id)
    expect(new Set(techItems.map((p) => p.currency))).toEqual(new Set(['UYU', 'USD']))
  })

  it('fills each storefront with 10–25 valid products, some featured, new and on offer', async () => {
    let total = 0
    for (const demo of DEMO_BUSINESSES) {
      const business = await get<Business>(`/api/businesses/${demo.business.identifier}/identifier`)
      const items = await allProducts(business._id)
      total += items.length
      expect(items.length).toBeGreaterThanOrEqual(10)
      expect(items.length).toBeLessThanOrEqual(25)
      if (items.length > 20) expect(business.planType).toBe('pro')
      // Punta Tech is effectively pro (granted by the seed as operator), the others free.
      const [row] = await t.db
        .select({ plan: businesses.effectivePlan })
        .from(businesses)
        .where(eq(businesses.id, business._id))
      expect(row?.plan).toBe(demo.business.planType === 'pro' ? 'pro' : 'free')
      for (const product of items) {
        expect(isSubCategoryOf(business.categories, product.category, product.subCategory)).toBe(
          true,
        )
        expect(business.categories.map((c) => c.name)).toContain(product.category)
        expect(product.isOffer).toBe(product.discount > 0)
        expect(product.image.url).toMatch(/^\/media\//)
        expect(product.description.length).toBeLessThanOrEqual(LIMITS.shortTextMax)
      }
      expect(items.some((p) => p.isFeatured)).toBe(true)
      expect(items.some((p) => p.isNew)).toBe(true)
      expect(items.some((p) => p.isOffer)).toBe(true)
      expect(items.some((p) => p.tags.length > 0 && p.specifications.length > 0)).toBe(true)
      // 'Nuevo' products are the latest additions: the storefront lists newest first.
      const newest = items.slice(0, 3)
      expect(newest.some((p) => p.isNew)).toBe(true)
    }
    expect(total).toBe(report.products)
  })

  it('creates active owners who can log in with the demo password', async () => {
    for (const demo of DEMO_BUSINESSES.slice(0, 2)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: randomClientIp(),
        payload: { email: demoEmail(demo), password: DEMO_PASSWORD },
      })
      expect(res.statusCode, res.body).toBe(200)
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/businesses/user/me',
        headers: { authorization: `Bearer ${res.json().access_token}` },
      })
      expect(mine.json().identifier).toBe(demo.business.identifier)
    }
  })

  it('sets up ordering: WhatsApp for the mobiles (and the café), delivery, payments, hours', async () => {
    const read = await Promise.all(
      DEMO_BUSINESSES.map((d) =>
        get<Business>(`/api/businesses/${d.business.identifier}/identifier`),
      ),
    )
    const whatsapp = Object.fromEntries(read.map((b) => [b.identifier, b.whatsapp]))
    expect(whatsapp).toEqual({
      'cafe-del-puerto': '+59898150200',
      'tejidos-de-la-colonia': null,
      'punta-tech': '+59899456789',
      huellitas: '+59898765432',
      'libreria-rayuela': null,
      'flor-de-ceibo': '+59894321654',
    })
    for (const business of read) {
      expect(business.deliveryOptions.delivery.enabled, business.identifier).toBe(true)
      expect(business.paymentMethods.length, business.identifier).toBeGreaterThan(1)
      expect(business.openingHours, business.identifier).not.toBeNull()
    }
    const fees = read.map((b) => b.deliveryOptions.delivery)
    expect(fees.some((d) => d.fee.USD !== undefined)).toBe(true)
    expect(fees.some((d) => d.freeFrom?.UYU !== undefined)).toBe(true)
  })

  it('gives the café’s owner a dozen orders in every status at /admin/pedidos', async () => {
    const cafe = DEMO_BUSINESSES.find((d) => d.key === 'cafe')!
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientIp(),
      payload: { email: demoEmail(cafe), password: DEMO_PASSWORD },
    })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/orders?pageSize=48',
      headers: { authorization: `Bearer ${login.json().access_token}` },
    })
    expect(res.statusCode, res.body).toBe(200)
    const list = orderListResponseSchema.parse(res.json())
    expect(list.total).toBe(12)
    expect(Object.values(list.counts).every((n) => n > 0)).toBe(true)
    const newest = list.items[0]!
    expect(newest.status).toBe('nuevo')
    expect(newest.totals.UYU).toBeGreaterThan(0)
    const cancelled = list.items.find((o) => o.status === 'cancelado')!
    expect(cancelled.cancelReason).toBeTruthy()
    expect(cancelled.history.map((h) => h.status)).toEqual(['nuevo', 'cancelado'])
    expect(list.items.some((o) => o.history.some((h) => h.note))).toBe(true)
    // Nobody ordered for real: no mail was queued.
    const [mails] = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'order-new'))
    expect(mails?.n).toBe(0)
  })

  it('gives the café’s owner 90 days of insights, none for today', async () => {
    const cafe = DEMO_BUSINESSES.find((d) => d.key === 'cafe')!
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientIp(),
      payload: { email: demoEmail(cafe), password: DEMO_PASSWORD },
    })
    const business = await get<Business>('/api/businesses/cafe-del-puerto/identifier')
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business._id}/insights`,
      headers: { authorization: `Bearer ${login.json().access_token}` },
    })
    expect(res.statusCode, res.body).toBe(200)
    const insights = insightsSchema.parse(res.json())
    expect(insights.days.slice(0, -1).every((d) => d.visits > 0)).toBe(true)
    expect(insights.totals.uniqueVisitors).toBeLessThan(insights.totals.visits)
    expect(insights.zeroResultSearches.map((s) => s.query)).toEqual([
      'sin gluten',
      'delivery',
      'vegano',
    ])
    expect(insights.topProducts.length).toBeGreaterThan(0)
  })

  it('is searchable like any catalogue', async () => {
    const business = await get<Business>('/api/businesses/cafe-del-puerto/identifier')
    const page = await get<ProductListResponse>(
      `/api/products/${business._id}/business?search=cafe%20colombia`,
    )
    expect(page.items.map((p) => p.name)).toEqual(['Café de Colombia Huila 250 g'])
  })

  it('changes nothing when run again', async () => {
    const countOf = async (table: typeof users | typeof businesses | typeof products) =>
      (await t.db.select({ n: count() }).from(table))[0]!.n
    const before = {
      users: await countOf(users),
      businesses: await countOf(businesses),
      products: await countOf(products),
      files: await storedFiles(t.app),
    }
    const again = await seedDemoData(t.app)
    expect(again.created).toEqual([])
    expect(again.skipped).toHaveLength(DEMO_BUSINESSES.length)
    expect({
      users: await countOf(users),
      businesses: await countOf(businesses),
      products: await countOf(products),
      files: await storedFiles(t.app),
    }).toEqual(before)
  })

  it('recreates only a demo business that went missing', async () => {
    await t.db.delete(businesses).where(eq(businesses.identifier, 'huellitas'))
    const again = await seedDemoData(t.app)
    expect(again.created).toEqual(['huellitas'])
    const [owners] = await t.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, demoEmail({ key: 'mascotas' })))
    expect(owners!.n).toBe(1)
  })
})

describe('when demo data is seeded', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t?.stop())

  it('follows SEED_DEMO: auto only on the embedded database, always on any empty one, never', async () => {
    const empty = { db: t.db }
    expect(await shouldSeedDemo({ seedDemo: 'auto' }, { ...empty, kind: 'pglite' })).toBe(true)
    expect(await shouldSeedDemo({ seedDemo: 'auto' }, { ...empty, kind: 'postgres' })).toBe(false)
    expect(await shouldSeedDemo({ seedDemo: 'always' }, { ...empty, kind: 'postgres' })).toBe(true)
    expect(await shouldSeedDemo({ seedDemo: 'never' }, { ...empty, kind: 'pglite' })).toBe(false)

    const [user] = await t.db
      .insert(users)
      .values({ name: 'Otra', email: 'otra@vitrina.test', passwordHash: 'x' })
      .returning()
    await t.db.insert(businesses).values({
      userId: user!.id,
      name: 'Ya existe',
      identifier: 'ya-existe',
      description: 'Un negocio',
      category: 'otros',
      phone: '099000000',
      email: 'ya@vitrina.test',
      searchText: 'ya existe',
    })
    expect(await shouldSeedDemo({ seedDemo: 'auto' }, { ...empty, kind: 'pglite' })).toBe(false)
    expect(await shouldSeedDemo({ seedDemo: 'always' }, { ...empty, kind: 'pglite' })).toBe(false)
  })
})
