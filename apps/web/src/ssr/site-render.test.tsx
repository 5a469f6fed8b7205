// @vitest-environment node
/**
 * Issue 46 §1 (ADR 038): a page on a shop's own verified domain — the server passes the shop as
 * the render's site — is that shop's storefront at the root: its links stay on the domain
 * (`/productos…`, not `/{identifier}/…`), its canonical address, Open Graph URL, JSON-LD, manifest
 * and icons are the domain's, and the document names the site for the browser's route tree.
 * Renders of the platform running at the same time are untouched.
 */
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import type { Business, Product } from '@vitrina/contracts'
import { makeBusiness, makeProduct } from '../components/storefront/__tests__/fixtures'
import { SITE_META_NAME } from '../lib/site'
import { renderPage } from './entry-server'
import { readDocument, TEST_TEMPLATE } from './test-document'

const DOMAIN = 'https://tienda.ejemplo.test'
const PLATFORM = 'http://vitrina.test'
const business = makeBusiness()
const product = makeProduct({ name: 'Yerba orgánica' })

/** The shop's reads by path: 200 with the body, else 404. */
function shopApi(b: Business, products: Product[]) {
  const replies = new Map<string, unknown>([[`/api/businesses/${b.identifier}/identifier`, b]])
  for (const p of products) replies.set(`/api/products/${b.identifier}/slug/${p.slug}`, p)
  replies.set(`/api/products/${b._id}/carousels`, {
    featured: products,
    new: products,
    offer: products,
  })
  replies.set(`/api/products/${b._id}/business`, {
    items: products,
    total: products.length,
    page: 1,
    pageSize: 24,
    priceMax: 0,
  })
  return (input: RequestInfo | URL) => {
    const body = replies.get(new URL(String(input), PLATFORM).pathname)
    return Promise.resolve(
      body === undefined
        ? Response.json({ message: 'No encontrado' }, { status: 404 })
        : Response.json(body),
    )
  }
}

async function pageAt(origin: string, path: string, site: string | null) {
  const answer = await renderPage(`${origin}${path}`, {
    fetch: shopApi(business, [product]) as typeof fetch,
    template: TEST_TEMPLATE,
    site,
  })
  if ('redirect' in answer) throw new Error(`${path} redirected to ${answer.redirect}`)
  const { head, body } = readDocument(answer)
  const { document } = new JSDOM(`<div id="root">${body ?? ''}</div>`).window
  const attr = (pattern: RegExp) => pattern.exec(head)?.[1]
  return {
    answer,
    head,
    body,
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!),
    link: (rel: string) => attr(new RegExp(`<link rel="${rel}"[^>]* href="([^"]*)"`)),
    meta: (key: string) =>
      attr(
        new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`),
      ),
    jsonLd: () =>
      JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!) as {
        url?: string
        offers?: { url?: string }
      },
  }
}

describe("a shop's storefront at its domain's root", () => {
  it('renders the home with the domain’s canonical, Open Graph, JSON-LD, manifest and links', async () => {
    const home = await pageAt(DOMAIN, '/', business.identifier)
    expect(home.answer.status).toBe(200)
    expect(home.body).not.toBeNull()
    expect(home.link('canonical')).toBe(`${DOMAIN}/`)
    expect(home.meta('og:url')).toBe(`${DOMAIN}/`)
    expect(home.jsonLd().url).toBe(`${DOMAIN}/`)
    expect(home.link('manifest')).toBe('/manifest.webmanifest')
    expect(home.link('apple-touch-icon')).toMatch(/^\/app-icons\/[0-9a-f]{8}\/apple-180\.png$/)
    expect(home.meta(SITE_META_NAME)).toBe(business.identifier)
    // Every storefront link stays on the domain, at the root.
    expect(home.hrefs).toContain('/productos')
    expect(home.hrefs).toContain(`/productos/${product.slug}`)
    expect(home.hrefs.some((href) => href.startsWith(`/${business.identifier}`))).toBe(false)
  })

  it('renders the list and a product with the domain’s addresses', async () => {
    const list = await pageAt(DOMAIN, '/productos', business.identifier)
    expect(list.link('canonical')).toBe(`${DOMAIN}/productos`)
    expect(list.hrefs).toContain(`/productos/${product.slug}`)

    const detail = await pageAt(DOMAIN, `/productos/${product.slug}`, business.identifier)
    expect(detail.link('canonical')).toBe(`${DOMAIN}/productos/${product.slug}`)
    expect(detail.meta('og:url')).toBe(`${DOMAIN}/productos/${product.slug}`)
    expect(JSON.stringify(detail.jsonLd())).toContain(`"${DOMAIN}/productos/${product.slug}"`)
    // The WhatsApp message links the product on the domain.
    const whatsapp = detail.hrefs.find((href) => href.startsWith('https://wa.me/'))
    expect(decodeURIComponent(whatsapp ?? '')).toContain(`${DOMAIN}/productos/${product.slug}`)
    expect(detail.hrefs).toContain('/')
  })

  it('sends an address no storefront page has to the shop’s home', async () => {
    const answer = await renderPage(`${DOMAIN}/productos/a/b`, {
      fetch: shopApi(business, [product]) as typeof fetch,
      template: TEST_TEMPLATE,
      site: business.identifier,
    })
    expect(answer).toEqual({ redirect: '/', status: 301 })
  })

  it('leaves renders of the platform, at the same time, as they were', async () => {
    const [site, platform] = await Promise.all([
      pageAt(DOMAIN, '/', business.identifier),
      pageAt(PLATFORM, `/${business.identifier}`, null),
    ])
    expect(site.link('canonical')).toBe(`${DOMAIN}/`)
    expect(platform.link('canonical')).toBe(`${PLATFORM}/${business.identifier}`)
    expect(platform.link('manifest')).toBe(`/${business.identifier}/manifest.webmanifest`)
    expect(platform.meta(SITE_META_NAME)).toBeUndefined()
    expect(platform.hrefs).toContain(`/${business.identifier}/productos`)
    expect(platform.hrefs).not.toContain('/productos')
  })
})
