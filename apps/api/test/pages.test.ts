/**
 * Pages that share well: the server fills the <head> of storefront and product pages (title,
 * description, keywords, author, Open Graph, Twitter, canonical, robots, favicon, JSON-LD), escapes
 * every owner-supplied text, and serves /sitemap.xml and /robots.txt.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Business, Product } from '@vitrina/contracts'
import { businesses, products } from '../src/db/schema/index.js'
import { jsonForScript } from '../src/lib/json-for-script.js'
import { escapeXml } from '../src/modules/pages/escape.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, type TestAccount } from './helpers/auth.js'
import { createTestBusiness, patchBusiness, pngFile } from './helpers/catalogue.js'
import { createTestProduct, patchProduct } from './helpers/products.js'

const PUBLIC_URL = 'http://vitrina.test'
const EVIL_NAME = 'Café "El Puerto" </title><script>alert(1)</script> & Cía'
const EVIL_DESCRIPTION =
  'Tostamos café </script><script>alert(2)</script> desde 1990 <!-- en Montevideo. ' +
  'Granos de Brasil, Colombia y Etiopía; molienda al momento y envíos a todo el país.'

function decode(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
}

/** The page's <head> as the server filled it, and readers for its tags. */
function parseHead(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
  const attr = (pattern: RegExp) => {
    const match = pattern.exec(head)
    return match ? decode(match[1]!) : undefined
  }
  return {
    head,
    title: attr(/<title>([^<]*)<\/title>/),
    meta: (key: string) =>
      attr(
        new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`),
      ),
    link: (rel: string) => attr(new RegExp(`<link rel="${rel}"[^>]* href="([^"]*)"`)),
    jsonLd: () => {
      const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)
      return JSON.parse(match![1]!) as Record<string, unknown>
    },
  }
}

describe('share pages', () => {
  const t = useTestApp({ RATE_LIMIT: 'false', PUBLIC_URL })
  let owner: TestAccount
  let business: Business
  let product: Product

  beforeAll(async () => {
    owner = await registerAndLogin(t.app)
    business = await createTestBusiness(
      t.app,
      owner,
      {
        name: EVIL_NAME,
        description: EVIL_DESCRIPTION,
        categories: [
          { name: 'Café & "Té"', subCategories: [{ name: 'Molido' }] },
          { name: 'Tazas', subCategories: [] },
        ],
      },
      {
        logo: [await pngFile(300, 300, '#6b3e26')],
        slides: [await pngFile(320, 180, '#111111'), await pngFile(320, 180, '#222222')],
      },
    )
    product = await createTestProduct(t.app, owner, business._id, {
      name: 'Café molido <b>500 g</b>',
      description: 'Tueste medio "de la casa" </script>',
      category: 'Café & "Té"',
      subCategory: 'Molido',
      price: '650',
      discount: '10',
      code: 'CAF-500',
      tags: ['tostado', 'arábica'],
    })
  })

  async function page(path: string) {
    const res = await t.app.inject({ method: 'GET', url: path })
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('<div id="root">')
    return { res, ...parseHead(res.body) }
  }

  it('fills the storefront head from the business, escaping every owner text', async () => {
    const { res, head, title, meta, link, jsonLd } = await page(`/${business.identifier}`)
    expect(res.statusCode).toBe(200)
    expect(title).toBe(`${EVIL_NAME} | Vitrina`)
    expect(meta('description')).toBe(EVIL_DESCRIPTION.slice(0, 159).replace(/\s+\S*$/, '') + '…')
    expect(meta('keywords')).toBe('Café & "Té", Tazas')
    expect(meta('author')).toBe(EVIL_NAME)
    expect(meta('robots')).toBe('index,follow')
    expect(link('canonical')).toBe(`${PUBLIC_URL}/${business.identifier}`)
    expect(meta('og:type')).toBe('website')
    expect(meta('og:title')).toBe(`${EVIL_NAME} | Vitrina`)
    expect(meta('og:url')).toBe(`${PUBLIC_URL}/${business.identifier}`)
    // The first cover slide, as an absolute URL.
    expect(meta('og:image')).toBe(`${PUBLIC_URL}${business.slides[0]!.image.url}`)
    expect(meta('twitter:card')).toBe('summary_large_image')
    expect(meta('twitter:image')).toBe(`${PUBLIC_URL}${business.slides[0]!.image.url}`)
    expect(head).toContain('<link rel="icon" type="image/png" sizes="32x32"')
    expect(link('icon')).toBe(business.logo!.favicon)

    // Owner text never becomes markup: one script (the JSON-LD), no injected tags.
    expect(head.match(/<script/g)).toHaveLength(1)
    expect(head.match(/<\/script>/g)).toHaveLength(1)
    expect(head).not.toContain('<!-- en')
    expect(head.match(/<title>/g)).toHaveLength(1)
    expect(jsonLd()).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: EVIL_NAME,
      description: EVIL_DESCRIPTION,
      url: `${PUBLIC_URL}/${business.identifier}`,
      logo: `${PUBLIC_URL}${business.logo!.url}`,
      telephone: business.phone,
    })
  })

  it('uses the logo when there are no slides, and no image at all when there is neither', async () => {
    const logoOnly = await createTestBusiness(
      t.app,
      await registerAndLogin(t.app),
      {},
      {
        logo: [await pngFile(200, 200)],
      },
    )
    const withLogo = await page(`/${logoOnly.identifier}`)
    expect(withLogo.meta('og:image')).toBe(`${PUBLIC_URL}${logoOnly.logo!.url}`)

    const plain = await createTestBusiness(t.app, await registerAndLogin(t.app))
    const bare = await page(`/${plain.identifier}`)
    expect(bare.res.statusCode).toBe(200)
    expect(bare.meta('og:image')).toBeUndefined()
    expect(bare.meta('twitter:card')).toBe('summary')
    expect(bare.link('icon')).toBeUndefined()
  })

  it('fills the product head with its image, price and currency', async () => {
    const path = `/${business.identifier}/productos/${product.slug}`
    const { res, head, title, meta, link, jsonLd } = await page(path)
    expect(res.statusCode).toBe(200)
    expect(title).toBe(`Café molido <b>500 g</b> | ${EVIL_NAME}`)
    expect(meta('description')).toBe('Tueste medio "de la casa" </script>')
    expect(meta('keywords')).toBe('Café & "Té", Molido, tostado, arábica')
    expect(meta('og:type')).toBe('product')
    expect(meta('og:image')).toBe(`${PUBLIC_URL}${product.image.url}`)
    expect(link('canonical')).toBe(`${PUBLIC_URL}${path}`)
    expect(head.match(/<script/g)).toHaveLength(1)
    expect(head).not.toContain('<b>')
    expect(jsonLd()).toMatchObject({
      '@type': 'Product',
      name: 'Café molido <b>500 g</b>',
      sku: 'CAF-500',
      image: [`${PUBLIC_URL}${product.image.url}`],
      brand: { '@type': 'Brand', name: EVIL_NAME },
      offers: {
        '@type': 'Offer',
        price: '585.00',
        priceCurrency: 'UYU',
        url: `${PUBLIC_URL}${path}`,
      },
    })

    const dollars = await createTestProduct(t.app, owner, business._id, {
      category: 'Tazas',
      currency: 'US$',
      price: '12.5',
    })
    const usd = await page(`/${business.identifier}/productos/${dollars.slug}`)
    expect(usd.jsonLd()).toMatchObject({ offers: { price: '12.50', priceCurrency: 'USD' } })
  })

  it('offers each variant with its price, SKU and availability (issue 25)', async () => {
    const buzo = await createTestProduct(t.app, owner, business._id, {
      name: 'Buzo',
      category: 'Tazas',
      price: '1000',
      currency: 'USD',
      trackStock: 'true',
      options: [{ name: 'Talle', values: ['M', 'L'] }],
      variants: [
        { options: { Talle: 'M' }, stock: 2, code: 'BUZ-M' },
        { options: { Talle: 'L' }, stock: 0, price: 1100 },
      ],
    })
    const path = `/${business.identifier}/productos/${buzo.slug}`
    const { jsonLd } = await page(path)
    const offers = jsonLd().offers as Record<string, unknown>[]
    expect(offers).toHaveLength(2)
    expect(offers[0]).toMatchObject({
      '@type': 'Offer',
      name: 'Buzo (M)',
      sku: 'BUZ-M',
      price: '1000.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${PUBLIC_URL}${path}`,
    })
    expect(offers[1]).toMatchObject({
      name: 'Buzo (L)',
      price: '1100.00',
      availability: 'https://schema.org/OutOfStock',
    })
    expect(JSON.stringify(jsonLd())).not.toContain('stock"')

    const soldOut = await createTestProduct(t.app, owner, business._id, {
      category: 'Tazas',
      trackStock: 'true',
      stock: '0',
    })
    const single = await page(`/${business.identifier}/productos/${soldOut.slug}`)
    expect(single.jsonLd()).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    })
  })

  it('gives the product list the storefront head under its own canonical address', async () => {
    const { res, title, link } = await page(`/${business.identifier}/productos`)
    expect(res.statusCode).toBe(200)
    expect(title).toBe(`Productos | ${EVIL_NAME}`)
    expect(link('canonical')).toBe(`${PUBLIC_URL}/${business.identifier}/productos`)
  })

  it('answers 404 with the app and noindex for unknown storefronts and products', async () => {
    const other = await createTestBusiness(t.app, await registerAndLogin(t.app))
    const cases = [
      '/no-existe-este-negocio',
      `/${business.identifier}/productos/00000000-0000-4000-8000-000000000000`,
      `/${business.identifier}/productos/no-es-un-id`,
      // A real product, under the wrong storefront.
      `/${other.identifier}/productos/${product._id}`,
      `/${other.identifier}/productos/${product.slug}`,
    ]
    for (const path of cases) {
      const { res, meta, title } = await page(path)
      expect(res.statusCode, path).toBe(404)
      expect(meta('robots'), path).toBe('noindex')
      expect(title).toMatch(/no encontrado \| Vitrina$/)
    }
  })

  it('takes the head from the read cache, which every edit of the business or product drops', async () => {
    const seller = await registerAndLogin(t.app)
    const shop = await createTestBusiness(t.app, seller, { name: 'Almacén Antes' })
    const item = await createTestProduct(t.app, seller, shop._id, { name: 'Taza Antes' })
    const home = `/${shop.identifier}`
    const detail = `${home}/productos/${item.slug}`
    expect((await page(home)).title).toBe('Almacén Antes | Vitrina')
    expect((await page(detail)).title).toBe('Taza Antes | Almacén Antes')

    // A change straight in the database, which nobody is told of, does not show: the head is
    // the cached public reply, not a query per page.
    await t.db.update(businesses).set({ name: 'Almacén Oculto' }).where(eq(businesses.id, shop._id))
    await t.db.update(products).set({ name: 'Taza Oculta' }).where(eq(products.id, item._id))
    expect((await page(home)).title).toBe('Almacén Antes | Vitrina')
    expect((await page(detail)).title).toBe('Taza Antes | Almacén Antes')

    // An edit through the API shows on the next page at once, in both heads.
    const renamed = await patchBusiness(t.app, seller, shop._id, { name: 'Almacén Después' })
    expect(renamed.statusCode).toBe(200)
    expect((await page(home)).title).toBe('Almacén Después | Vitrina')
    expect((await page(`${home}/productos`)).title).toBe('Productos | Almacén Después')
    const edited = await patchProduct(t.app, seller, item._id, { name: 'Taza Después' })
    expect(edited.statusCode).toBe(200)
    expect((await page(detail)).title).toBe('Taza Después | Almacén Después')

    // A deleted product's page is a 404 at once.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${item._id}`,
      headers: bearer(seller.accessToken),
    })
    expect(deleted.statusCode).toBeLessThan(300)
    expect((await page(detail)).res.statusCode).toBe(404)
  })

  it('leaves the platform’s own paths alone', async () => {
    for (const path of ['/', '/admin/mi-negocio', '/productos']) {
      const { res, title } = await page(path)
      expect(res.statusCode, path).toBe(200)
      expect(title, path).toBe('Vitrina')
    }
  })

  // Issue 41: they were all the generic title until the app started.
  it('gives the platform’s own pages their titles in the head it sends', async () => {
    for (const [path, expected] of [
      ['/plataforma/negocios', 'Negocios · Vitrina'],
      ['/plataforma/negocios?search=cafe', 'Negocios · Vitrina'],
      ['/plataforma/contacto', 'Contacto · Vitrina'],
      ['/plataforma/planes', 'Planes · Vitrina'],
      ['/terminos', 'Términos y condiciones · Vitrina'],
      ['/privacidad', 'Política de privacidad · Vitrina'],
      ['/cookies', 'Política de cookies · Vitrina'],
      ['/auth/login', 'Iniciar sesión · Vitrina'],
      ['/auth/register', 'Crear cuenta · Vitrina'],
    ]) {
      const { res, title, meta } = await page(path!)
      expect(res.statusCode, path).toBe(200)
      expect(title, path).toBe(expected)
      expect(meta('description'), path).toMatch(/catálogo online/)
    }
  })

  // Issue 41: SPEC §2.1 sends unknown paths to /, as a 301 search engines understand (it was the
  // browser's silent redirect after a 200).
  it('answers unknown deeper paths with a 301 to the home', async () => {
    for (const path of [
      '/algo/raro/muy/profundo',
      `/${business.identifier}/otra/cosa`,
      `/${business.identifier}/productos/${product.slug}/mas`,
      '/algo/raro?x=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(301)
      expect(res.headers.location, path).toBe('/')
    }
  })

  // Issue 41: an address typed with accents, capitals or spaces reaches the shop it names.
  it('answers a storefront address that is not in canonical form with a 301 to the canonical one', async () => {
    const shop = await createTestBusiness(t.app, await registerAndLogin(t.app), {
      name: 'Café del Puerto',
      identifier: `cafe-del-puerto-${Date.now().toString(36)}`,
    })
    const accented = encodeURIComponent(shop.identifier.replace('cafe', 'café'))
    const cases: [string, string][] = [
      [`/${accented}`, `/${shop.identifier}`],
      [`/${shop.identifier.toUpperCase()}`, `/${shop.identifier}`],
      [`/${accented}/productos?categoria=Tazas`, `/${shop.identifier}/productos?categoria=Tazas`],
      ['/Caf%C3%A9%20Del%20Puerto', '/cafe-del-puerto'],
      ['/Mayusculas', '/mayusculas'],
    ]
    for (const [path, location] of cases) {
      const res = await t.app.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(301)
      expect(res.headers.location, path).toBe(location)
    }
    // Other characters name nothing: a 404 as before.
    expect((await page('/mi_tienda!')).res.statusCode).toBe(404)
    const canonical = await page(`/${shop.identifier}`)
    expect(canonical.res.statusCode).toBe(200)
    expect(canonical.title).toBe('Café del Puerto | Vitrina')
  })
})

describe('sitemap and robots', () => {
  const t = useTestApp({ RATE_LIMIT: 'false', PUBLIC_URL: 'https://tienda.example.uy' })

  it('lists the platform pages, every storefront and every product', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    const product = await createTestProduct(t.app, owner, business._id)

    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/xml')
    const xml = res.body
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual([
      'https://tienda.example.uy/',
      'https://tienda.example.uy/plataforma/negocios',
      'https://tienda.example.uy/plataforma/planes',
      'https://tienda.example.uy/plataforma/contacto',
      `https://tienda.example.uy/${business.identifier}`,
      `https://tienda.example.uy/${business.identifier}/productos`,
      `https://tienda.example.uy/${business.identifier}/productos/${product.slug}`,
    ])
    expect(xml).toContain(`<lastmod>${product.updatedAt}</lastmod>`)
  })

  it('points crawlers to the sitemap and away from private areas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    expect(res.body).toContain('User-agent: *')
    expect(res.body).toContain('Disallow: /admin/')
    expect(res.body).toContain('Disallow: /api/')
    expect(res.body).toContain('Sitemap: https://tienda.example.uy/sitemap.xml')
  })
})

describe('escaping helpers', () => {
  it('keeps JSON-LD inside its script whatever the text', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script><!-- & \u2028' })
    expect(text).not.toMatch(/[<>&\u2028]/)
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!-- & \u2028' })
  })

  it('escapes XML markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`a&b<c>"d"'e'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;')
  })
})
