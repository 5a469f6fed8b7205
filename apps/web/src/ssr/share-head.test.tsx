// @vitest-environment node
/**
 * A page's head, status and cache class as the server sends them (issue 42 §1; SPEC §2.5, §2.8):
 * decided by the matched routes' `head` from the reads their loaders made, so a shared link
 * previews well and search engines index the shop. Every owner-supplied text is escaped for
 * where it lands. With the real API in Chromium: e2e/link-previews.spec.ts.
 */
import { describe, expect, it } from 'vitest'
import { storefrontIconVersion } from '@vitrina/contracts'
import type { Business, Product } from '@vitrina/contracts'
import { makeBusiness, makeProduct } from '../components/storefront/__tests__/fixtures'
import { renderPage } from './entry-server'
import { readDocument, TEST_TEMPLATE } from './test-document'

const ORIGIN = 'http://vitrina.test'
const EVIL_NAME = 'Café "El Puerto" </title><script>alert(1)</script> & Cía'
const EVIL_DESCRIPTION =
  'Tostamos café </script><script>alert(2)</script> desde 1990 <!-- en Montevideo. ' +
  'Granos de Brasil, Colombia y Etiopía; molienda al momento y envíos a todo el país.'

const business = makeBusiness({
  name: EVIL_NAME,
  description: EVIL_DESCRIPTION,
  bgColor: '#1D4ED8',
  categories: [
    { name: 'Café & "Té"', subCategories: [{ name: 'Molido' }] },
    { name: 'Tazas', subCategories: [] },
  ],
})
const product = makeProduct({
  name: 'Café molido <b>500 g</b>',
  slug: 'cafe-molido-500-g',
  description: 'Tueste medio "de la casa" </script>',
  category: 'Café & "Té"',
  subCategory: 'Molido',
  price: 650,
  discount: 10,
  finalPrice: 585,
  code: 'CAF-500',
  tags: ['tostado', 'arábica'],
  businessId: business._id,
})

const reads = {
  business: (b: Business) => `/api/businesses/${b.identifier}/identifier`,
  product: (b: Business, at: string) => `/api/products/${b.identifier}/slug/${at}`,
}

/** The API as a table of replies: 200 with the body, else 404 'No encontrado'. */
function api(entries: [string, unknown][]) {
  const replies = new Map(entries)
  return {
    fetch: (input: RequestInfo | URL) => {
      const body = replies.get(new URL(String(input), ORIGIN).pathname)
      return Promise.resolve(
        body === undefined
          ? Response.json({ message: 'No encontrado' }, { status: 404 })
          : Response.json(body),
      )
    },
    template: TEST_TEMPLATE,
  }
}

/** A shop's reads: the business and its products by address; empty carousels and list. */
function shop(b: Business, products: Product[] = []) {
  const entries: [string, unknown][] = [[reads.business(b), b]]
  for (const p of products) entries.push([reads.product(b, p.slug), p])
  entries.push([
    `/api/products/${b._id}/carousels`,
    { featured: products, new: products, offer: products },
  ])
  const list = { items: products, total: products.length, page: 1, pageSize: 24, priceMax: 0 }
  entries.push([`/api/products/${b._id}/business`, list])
  return api(entries)
}

function decode(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
}

/** The page's answer and readers for its head's tags. */
async function page(path: string, reads: ReturnType<typeof api>) {
  const answer = await renderPage(`${ORIGIN}${path}`, reads)
  if ('redirect' in answer) throw new Error(`${path} redirected to ${answer.redirect}`)
  const { head, body } = readDocument(answer)
  const attr = (pattern: RegExp) => {
    const match = pattern.exec(head)
    return match ? decode(match[1]!) : undefined
  }
  return {
    answer,
    head,
    body,
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

describe('share head', () => {
  it('fills the storefront head from the business, escaping every owner text', async () => {
    const { answer, head, title, meta, link, jsonLd } = await page(
      `/${business.identifier}`,
      shop(business),
    )
    expect(answer.status).toBe(200)
    expect(title).toBe(`${EVIL_NAME} | Vitrina`)
    expect(meta('description')).toBe(EVIL_DESCRIPTION.slice(0, 159).replace(/\s+\S*$/, '') + '…')
    expect(meta('keywords')).toBe('Café & "Té", Tazas')
    expect(meta('author')).toBe(EVIL_NAME)
    expect(meta('robots')).toBe('index,follow')
    expect(link('canonical')).toBe(`${ORIGIN}/${business.identifier}`)
    expect(meta('og:type')).toBe('website')
    expect(meta('og:title')).toBe(`${EVIL_NAME} | Vitrina`)
    expect(meta('og:url')).toBe(`${ORIGIN}/${business.identifier}`)
    // The first cover slide, as an absolute URL, with its size.
    expect(meta('og:image')).toBe(`${ORIGIN}${business.slides[0]!.image.url}`)
    expect(meta('og:image:width')).toBe('1280')
    expect(meta('twitter:card')).toBe('summary_large_image')
    expect(meta('twitter:image')).toBe(`${ORIGIN}${business.slides[0]!.image.url}`)
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
      url: `${ORIGIN}/${business.identifier}`,
      logo: `${ORIGIN}${business.logo!.url}`,
      telephone: business.phone,
    })
    // Kept by the server until the business writes; the browser revalidates.
    expect(answer.shared).toEqual({ businessId: business._id })
    expect(answer.headers['Cache-Control']).toBe('no-cache')
  })

  it("links the storefront's manifest, bar colour and touch icon (ADR 026), not the platform's", async () => {
    for (const path of [`/${business.identifier}`, `/${business.identifier}/productos`]) {
      const { link, meta } = await page(path, shop(business))
      expect(link('manifest'), path).toBe(`/${business.identifier}/manifest.webmanifest`)
      expect(meta('theme-color'), path).toBe('#1D4ED8')
      expect(link('apple-touch-icon'), path).toBe(
        `/${business.identifier}/app-icons/${storefrontIconVersion(business)}/apple-180.png`,
      )
    }
    const landing = await page('/', api([['/api/businesses/featured', []]]))
    expect(landing.link('manifest')).toBeUndefined()
    expect(landing.meta('theme-color')).toBe('#0D1B2A')
    expect(landing.link('icon')).toBe('/favicon.svg')
  })

  it('uses the logo when there are no slides, and no image at all when there is neither', async () => {
    const logoOnly = makeBusiness({ slides: [] })
    expect((await page(`/${logoOnly.identifier}`, shop(logoOnly))).meta('og:image')).toBe(
      `${ORIGIN}${logoOnly.logo!.url}`,
    )
    const bare = makeBusiness({ slides: [], logo: null })
    const view = await page(`/${bare.identifier}`, shop(bare))
    expect(view.meta('og:image')).toBeUndefined()
    expect(view.meta('twitter:card')).toBe('summary')
    expect(view.link('icon')).toBe('/favicon.svg')
    // A logo without its 32×32 favicon is the icon itself.
    const raw = makeBusiness({ logo: { url: '/media/raw-logo.png' } as Business['logo'] })
    expect((await page(`/${raw.identifier}`, shop(raw))).link('icon')).toBe('/media/raw-logo.png')
  })

  it('gives the product list the storefront head under its own canonical address', async () => {
    const { answer, title, link } = await page(`/${business.identifier}/productos`, shop(business))
    expect(answer.status).toBe(200)
    expect(title).toBe(`Productos | ${EVIL_NAME}`)
    expect(link('canonical')).toBe(`${ORIGIN}/${business.identifier}/productos`)
  })

  it('fills the product head with its image, price and currency', async () => {
    const path = `/${business.identifier}/productos/${product.slug}`
    const { answer, head, title, meta, link, jsonLd } = await page(path, shop(business, [product]))
    expect(answer.status).toBe(200)
    expect(title).toBe(`Café molido <b>500 g</b> | ${EVIL_NAME}`)
    expect(meta('description')).toBe('Tueste medio "de la casa" </script>')
    expect(meta('keywords')).toBe('Café & "Té", Molido, tostado, arábica')
    expect(meta('og:type')).toBe('product')
    expect(meta('og:image')).toBe(`${ORIGIN}${product.image.url}`)
    expect(link('canonical')).toBe(`${ORIGIN}${path}`)
    expect(head.match(/<script/g)).toHaveLength(1)
    expect(head).not.toContain('<b>')
    expect(jsonLd()).toMatchObject({
      '@type': 'Product',
      name: 'Café molido <b>500 g</b>',
      sku: 'CAF-500',
      brand: { '@type': 'Brand', name: EVIL_NAME },
      offers: { '@type': 'Offer', price: '585.00', priceCurrency: 'UYU', url: `${ORIGIN}${path}` },
    })
    const dollars = makeProduct({ slug: 'taza', currency: 'USD', finalPrice: 12.5 })
    const usd = await page(`/${business.identifier}/productos/taza`, shop(business, [dollars]))
    expect(usd.jsonLd()).toMatchObject({ offers: { price: '12.50', priceCurrency: 'USD' } })
  })

  it('offers each variant with its price, SKU and availability (issue 25)', async () => {
    const buzo = makeProduct({
      name: 'Buzo',
      slug: 'buzo',
      currency: 'USD',
      options: [{ name: 'Talle', values: ['M', 'L'] }],
      variants: [
        {
          _id: 'v1',
          options: { Talle: 'M' },
          price: 1000,
          finalPrice: 1000,
          code: 'BUZ-M',
          available: true,
          imageIndex: null,
        },
        {
          _id: 'v2',
          options: { Talle: 'L' },
          price: 1100,
          finalPrice: 1100,
          code: null,
          available: false,
          imageIndex: null,
        },
      ] as unknown as Product['variants'],
    })
    const path = `/${business.identifier}/productos/buzo`
    const offers = (await page(path, shop(business, [buzo]))).jsonLd().offers as Record<
      string,
      unknown
    >[]
    expect(offers).toHaveLength(2)
    expect(offers[0]).toMatchObject({
      '@type': 'Offer',
      name: 'Buzo (M)',
      sku: 'BUZ-M',
      price: '1000.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `${ORIGIN}${path}`,
    })
    expect(offers[1]).toMatchObject({
      name: 'Buzo (L)',
      price: '1100.00',
      availability: 'https://schema.org/OutOfStock',
    })
    const soldOut = makeProduct({ slug: 'agotado', available: false })
    const single = await page(
      `/${business.identifier}/productos/agotado`,
      shop(business, [soldOut]),
    )
    expect(single.jsonLd()).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    })
  })

  it('answers 404, not indexed and not kept, for unknown storefronts and products', async () => {
    const other = makeBusiness({ _id: 'otro', identifier: 'otro-negocio', name: 'Otro' })
    const cases: [string, ReturnType<typeof api>][] = [
      ['/no-existe-este-negocio', api([])],
      [`/${business.identifier}/productos/no-es-un-producto`, shop(business)],
      // A product of another shop, under this one's address.
      [`/${other.identifier}/productos/${product.slug}`, shop(other, [product])],
    ]
    for (const [path, reads] of cases) {
      const { answer, meta, title, body } = await page(path, reads)
      expect(answer.status, path).toBe(404)
      expect(meta('robots'), path).toBe('noindex')
      expect(title, path).toMatch(/no encontrado \| Vitrina$/)
      expect(answer.shared, path).toBeUndefined()
      // The browser renders the page, which says so.
      expect(body, path).toBeNull()
    }
  })

  it('answers 404 with "Negocio no disponible" for a suspended shop (issue 23 §3)', async () => {
    const suspended = {
      fetch: () =>
        Promise.resolve(Response.json({ message: 'Negocio no disponible' }, { status: 404 })),
      template: TEST_TEMPLATE,
    }
    const { answer, title, meta } = await page(`/${business.identifier}`, suspended)
    expect(answer.status).toBe(404)
    expect(title).toBe('Negocio no disponible | Vitrina')
    expect(meta('robots')).toBe('noindex')
  })

  it('gives the platform’s own pages their titles, and leaves the browser’s pages uncached', async () => {
    for (const [path, expected] of [
      ['/plataforma/contacto', 'Contacto · Vitrina'],
      ['/plataforma/planes', 'Planes · Vitrina'],
      ['/terminos', 'Términos y condiciones · Vitrina'],
      ['/auth/login', 'Iniciar sesión · Vitrina'],
      ['/auth/register', 'Crear cuenta · Vitrina'],
      ['/admin/mi-negocio', 'Vitrina — Tu catálogo online en minutos'],
    ]) {
      const { answer, title, meta } = await page(path!, api([]))
      expect(answer.status, path).toBe(200)
      expect(title, path).toBe(expected)
      expect(meta('description'), path).toMatch(/catálogo online/)
    }
    expect((await page('/auth/login', api([]))).answer.shared).toBeUndefined()
  })
})
