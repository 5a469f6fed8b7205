/**
 * Issue 27 §3: readable product addresses (ADR 030, migration 0016). The database makes each
 * product's slug from its name for every writer, unique within the business; a rename keeps it,
 * the owner may regenerate it or type one (Spanish messages); old slugs and old ids lead to the
 * product (GET /api/products/{businessId}/slug/{slug}, and a 301 for the storefront page).
 */
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  PRODUCT_MESSAGES,
  PRODUCT_SLUG_MESSAGES,
  productSlug,
  type Business,
  type Product,
} from '@vitrina/contracts'
import { productSlugRedirects, products } from '../src/db/schema/index.js'
import { countProducts } from '../src/modules/products/repository.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import {
  catalogueItems,
  createTestProduct,
  deleteProductRequest,
  insertCatalogue,
  mainImage,
  patchProduct,
  postProduct,
  productFields,
} from './helpers/products.js'

const PUBLIC_URL = 'http://vitrina.test'

/** Names the two spellings of the rule must agree on. */
const TRICKY_NAMES = [
  'Café con leche',
  'ÑANDÚ Ñoño',
  'Pingüino  de   peluche!!',
  '  --Hola--mundo--  ',
  'Crème brûlée à la française',
  'Straße Ærø Œuvre Łódź Đakovo',
  'ﬁcha ² ½ Ｔｅｌａ',
  'İstanbul KELVİN',
  '🎉🎁',
  '¡¿!?',
  '',
  '日本のお茶',
  'Té 日本 verde',
  'Camiseta 🎉 talle M',
  '12345678-1234-1234-1234-123456789abc',
  'ABCDEF01-2345-6789-ABCD-EF0123456789',
  'a'.repeat(200),
  `${'palabra '.repeat(9)}final-de-una-frase muy larga`,
  'Zapatilla 😀 — edición “especial” (2026) 50% off',
  'e\u0301 compuesto y ñ con n\u0303',
]

describe('product slugs', () => {
  const t = useTestApp({ RATE_LIMIT: 'false', PUBLIC_URL })
  let owner: TestAccount
  let stranger: TestAccount
  let business: Business
  let other: Business

  const get = (url: string, who?: TestAccount) =>
    t.app.inject({ method: 'GET', url, headers: who ? bearer(who.accessToken) : {} })
  const bySlug = (businessId: string, slug: string, who?: TestAccount) =>
    get(`/api/products/${businessId}/slug/${encodeURIComponent(slug)}`, who)

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    stranger = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner)
    other = await createTestBusiness(t.app, stranger)
  })

  it('is the same rule in SQL and in TypeScript', async () => {
    const result = await t.db.execute(
      sql`SELECT name, vitrina_product_slug_base(name) AS slug
          FROM unnest(ARRAY[${sql.join(
            TRICKY_NAMES.map((n) => sql`${n}::text`),
            sql`, `,
          )}]) WITH ORDINALITY AS t(name, i)
          ORDER BY i`,
    )
    const rows = (result as unknown as { rows: { name: string; slug: string }[] }).rows
    expect(rows.map((r) => r.name)).toEqual(TRICKY_NAMES)
    for (const row of rows) expect(row.slug, row.name).toBe(productSlug(row.name))
    // A few spelled out, to know what the rule is.
    expect(productSlug('Café con leche')).toBe('cafe-con-leche')
    expect(productSlug('ÑANDÚ Ñoño')).toBe('nandu-nono')
    expect(productSlug('Straße Ærø Œuvre Łódź Đakovo')).toBe('strasse-aero-oeuvre-lodz-dakovo')
    expect(productSlug('🎉🎁')).toBe('producto')
    expect(productSlug('12345678-1234-1234-1234-123456789abc')).toBe(
      '12345678-1234-1234-1234-123456789abc-producto',
    )
    expect(productSlug('a'.repeat(200))).toHaveLength(80)
    expect(productSlug(`${'palabra '.repeat(9)}final`)).not.toMatch(/-$/)
  })

  it('is made from the name on create, unique within the business', async () => {
    const first = await createTestProduct(t.app, owner, business._id, { name: 'Café Molido' })
    const second = await createTestProduct(t.app, owner, business._id, { name: 'CAFÉ molido!' })
    const third = await createTestProduct(t.app, owner, business._id, { name: 'Cafe molido' })
    expect([first.slug, second.slug, third.slug]).toEqual([
      'cafe-molido',
      'cafe-molido-2',
      'cafe-molido-3',
    ])
    // Another business has its own addresses.
    const elsewhere = await createTestProduct(t.app, stranger, other._id, { name: 'Café molido' })
    expect(elsewhere.slug).toBe('cafe-molido')
    // The list and the carousels carry it.
    const list = await get(`/api/products/${business._id}/business`)
    expect((list.json().items as Product[]).map((p) => p.slug)).toEqual(
      expect.arrayContaining(['cafe-molido', 'cafe-molido-2', 'cafe-molido-3']),
    )
  })

  it('is made by the database for every writer, many rows at once included', async () => {
    const shop = await createTestBusiness(t.app, await registerAndLogin(t.app))
    const items = catalogueItems(4).map((item) => ({ ...item, name: 'Taza térmica' }))
    const rows = await insertCatalogue(t.db, shop._id, items)
    expect(rows.map((r) => r.slug)).toEqual([
      'taza-termica',
      'taza-termica-2',
      'taza-termica-3',
      'taza-termica-4',
    ])
    // One statement writing several rows of the same name (the benchmark generator, an import).
    const many = await t.db
      .insert(products)
      .values(
        ['Vaso', 'Vaso', 'Vaso', '🎉'].map((name) => ({
          businessId: shop._id,
          name,
          description: 'Vaso',
          price: 100,
          category: 'Ropa',
          image: { url: 'https://cdn.vitrina.test/vaso.webp' },
          searchText: name.toLowerCase(),
        })),
      )
      .returning({ slug: products.slug })
    expect(many.map((r) => r.slug).sort()).toEqual(['producto', 'vaso', 'vaso-2', 'vaso-3'])
    // A long name with a taken slug keeps the whole within 80 characters.
    const long = 'Mate '.repeat(30)
    const twice = await insertCatalogue(t.db, shop._id, [
      { ...items[0]!, name: long },
      { ...items[0]!, name: long },
    ])
    expect(twice[0]!.slug).toHaveLength(productSlug(long).length)
    expect(twice[1]!.slug.length).toBeLessThanOrEqual(80)
    expect(twice[1]!.slug).toMatch(/^mate-mate-.*-2$/)
  })

  it('never gives two concurrent writers the same slug', async () => {
    const shop = await createTestBusiness(t.app, await registerAndLogin(t.app))
    // Separate statements at once (separate connections on PostgreSQL).
    const rows = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.db
          .insert(products)
          .values({
            businessId: shop._id,
            name: 'Concurrente',
            description: 'Algo',
            price: 100,
            category: 'Ropa',
            image: { url: 'https://cdn.vitrina.test/c.webp' },
            searchText: 'concurrente',
          })
          .returning({ slug: products.slug }),
      ),
    )
    const slugs = rows.map(([row]) => row!.slug).sort()
    expect(new Set(slugs).size).toBe(6)
    expect(slugs).toContain('concurrente')
  })

  it('stays when the name changes; regenerating it leaves the old address redirecting', async () => {
    const product = await createTestProduct(t.app, owner, business._id, { name: 'Buzo gris' })
    expect(product.slug).toBe('buzo-gris')
    const renamed = await patchProduct(t.app, owner, product._id, { name: 'Buzo azul' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Buzo azul', slug: 'buzo-gris' })

    const regenerated = await patchProduct(t.app, owner, product._id, { regenerateSlug: 'true' })
    expect(regenerated.statusCode).toBe(200)
    expect((regenerated.json() as Product).slug).toBe('buzo-azul')

    // The current address, the old one and the old id all give the product; its slug says where
    // it lives now.
    for (const segment of ['buzo-azul', 'buzo-gris', product._id]) {
      const res = await bySlug(business._id, segment)
      expect(res.statusCode, segment).toBe(200)
      expect(res.json(), segment).toMatchObject({ _id: product._id, slug: 'buzo-azul' })
    }
    // The business may be named by its storefront identifier as well (the page's loader does).
    const byIdentifier = await bySlug(business.identifier, 'buzo-gris')
    expect(byIdentifier.json()).toMatchObject({ _id: product._id, slug: 'buzo-azul' })
    expect((await bySlug(business.identifier.toUpperCase(), 'buzo-azul')).statusCode).toBe(200)
    expect((await bySlug(other.identifier, 'buzo-azul')).statusCode).toBe(404)
    expect((await bySlug('no-existe-este-negocio', 'buzo-azul')).statusCode).toBe(404)
    // Regenerating again with the same name changes nothing.
    const again = await patchProduct(t.app, owner, product._id, { regenerateSlug: 'true' })
    expect((again.json() as Product).slug).toBe('buzo-azul')
  })

  it('takes the address the owner types, or refuses it with a Spanish message', async () => {
    const product = await createTestProduct(t.app, owner, business._id, { name: 'Gorro de lana' })
    const taken = await createTestProduct(t.app, owner, business._id, { name: 'Bufanda' })
    const cases: [string, string][] = [
      ['', PRODUCT_SLUG_MESSAGES.required],
      ['a'.repeat(81), PRODUCT_SLUG_MESSAGES.tooLong],
      ['Gorro-Lana', PRODUCT_SLUG_MESSAGES.invalid],
      ['gorro--lana', PRODUCT_SLUG_MESSAGES.invalid],
      ['-gorro', PRODUCT_SLUG_MESSAGES.invalid],
      ['gorro_de_lana', PRODUCT_SLUG_MESSAGES.invalid],
      ['gorrö', PRODUCT_SLUG_MESSAGES.invalid],
      ['12345678-1234-1234-1234-123456789abc', PRODUCT_SLUG_MESSAGES.idShaped],
      [taken.slug, PRODUCT_SLUG_MESSAGES.taken],
    ]
    for (const [slug, message] of cases) {
      const res = await patchProduct(t.app, owner, product._id, { slug })
      expect(res.statusCode, slug).toBe(400)
      expect(res.json().message, slug).toBe(message)
      expect(res.json().errors[0], slug).toMatchObject({ path: 'slug', message })
    }
    expect((await bySlug(business._id, 'gorro-de-lana')).json()).toMatchObject({
      _id: product._id,
    })

    const typed = await patchProduct(t.app, owner, product._id, { slug: ' gorro-invierno ' })
    expect(typed.statusCode).toBe(200)
    expect((typed.json() as Product).slug).toBe('gorro-invierno')
    expect((await bySlug(business._id, 'gorro-de-lana')).json().slug).toBe('gorro-invierno')

    // On create as well: chosen, or refused when taken, and nothing is written.
    const chosen = await createTestProduct(t.app, owner, business._id, {
      name: 'Guantes',
      slug: 'guantes-de-cuero',
    })
    expect(chosen.slug).toBe('guantes-de-cuero')
    const before = await countProducts(t.db, business._id)
    const refused = await postProduct(
      t.app,
      owner,
      productFields(business._id, { name: 'Otros guantes', slug: 'guantes-de-cuero' }),
      await mainImage(),
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(PRODUCT_SLUG_MESSAGES.taken)
    expect(await countProducts(t.db, business._id)).toBe(before)
  })

  it('gives an old address to a new product that takes it', async () => {
    const moved = await createTestProduct(t.app, owner, business._id, { name: 'Reloj' })
    await patchProduct(t.app, owner, moved._id, { slug: 'reloj-de-pared' })
    expect((await bySlug(business._id, 'reloj')).json()._id).toBe(moved._id)

    const newcomer = await createTestProduct(t.app, owner, business._id, { name: 'Reloj' })
    expect(newcomer.slug).toBe('reloj')
    expect((await bySlug(business._id, 'reloj')).json()._id).toBe(newcomer._id)
    const left = await t.db
      .select()
      .from(productSlugRedirects)
      .where(eq(productSlugRedirects.productId, moved._id))
    expect(left).toEqual([])

    // An owner may take back an old address of the same product.
    const back = await patchProduct(t.app, owner, moved._id, { slug: 'reloj-antiguo' })
    expect(back.statusCode).toBe(200)
    const home = await patchProduct(t.app, owner, moved._id, { slug: 'reloj-de-pared' })
    expect((home.json() as Product).slug).toBe('reloj-de-pared')
    expect((await bySlug(business._id, 'reloj-antiguo')).json()._id).toBe(moved._id)
  })

  it('drops a deleted product’s old addresses with it', async () => {
    const product = await createTestProduct(t.app, owner, business._id, { name: 'Lámpara' })
    await patchProduct(t.app, owner, product._id, { slug: 'lampara-de-mesa' })
    expect((await deleteProductRequest(t.app, owner, product._id)).statusCode).toBe(204)
    const left = await t.db
      .select()
      .from(productSlugRedirects)
      .where(eq(productSlugRedirects.businessId, business._id))
    expect(left.filter((r) => r.slug.startsWith('lampara'))).toEqual([])
    expect((await bySlug(business._id, 'lampara')).statusCode).toBe(404)
  })

  it('finds nothing of another business, nor a hidden product for the public', async () => {
    const product = await createTestProduct(t.app, owner, business._id, { name: 'Sombrero' })
    for (const segment of [product.slug, product._id]) {
      const res = await bySlug(other._id, segment)
      expect(res.statusCode, segment).toBe(404)
      expect(res.json().message).toBe(PRODUCT_MESSAGES.notFound)
    }
    for (const url of [
      `/api/products/${business._id}/slug/no-existe`,
      `/api/products/no-es-un-id/slug/${product.slug}`,
      `/api/products/${business._id}/slug/00000000-0000-4000-8000-000000000000`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404)
    }
    await patchProduct(t.app, owner, product._id, { status: 'hidden' })
    expect((await bySlug(business._id, product.slug)).statusCode).toBe(404)
    expect((await bySlug(business._id, product.slug, owner)).statusCode).toBe(200)
  })

  it('gives a duplicate the address of its "(copia)" name', async () => {
    const product = await createTestProduct(t.app, owner, business._id, { name: 'Mochila' })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product._id}/duplicate`,
      headers: bearer(owner.accessToken),
    })
    expect(res.statusCode).toBe(201)
    expect((res.json() as Product).slug).toBe('mochila-copia')
  })

  it('drops the cached read of an address when the slug changes', async () => {
    const product = await createTestProduct(t.app, owner, business._id, { name: 'Cartera' })
    for (const name of [business._id, business.identifier]) {
      expect((await bySlug(name, 'cartera')).json().slug).toBe('cartera')
      expect((await bySlug(name, 'cartera')).json().slug).toBe('cartera')
    }
    await patchProduct(t.app, owner, product._id, { slug: 'cartera-de-cuero' })
    for (const name of [business._id, business.identifier]) {
      expect((await bySlug(name, 'cartera')).json().slug).toBe('cartera-de-cuero')
    }
  })

  describe('storefront pages', () => {
    // The page at an old id or slug answering 301 at the current one is the web build's route
    // (issue 42 §1): apps/web/src/ssr/entry-server.test.tsx, and e2e/product-slugs.spec.ts
    // against this server.
    it('lists products in the sitemap by their address', async () => {
      const product = await createTestProduct(t.app, owner, business._id, { name: 'Zapato' })
      const xml = (await get('/sitemap.xml')).body
      expect(xml).toContain(`${PUBLIC_URL}/${business.identifier}/productos/${product.slug}<`)
      expect(xml).not.toContain(product._id)
    })
  })
})
