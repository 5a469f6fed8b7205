/**
 * Issue 46 §1 (ADR 038 "Requests by Host"): a shop's verified domain serves its storefront at the
 * root — its pages rendered at the domain's origin with the shop given to the render, its
 * manifest, icons, sitemap and robots with the domain's addresses — while the shop's platform
 * address answers 301 to the same page on the domain (query kept), owner/auth/operator screens
 * and feeds stay on the platform, and an unknown or unverified Host is a plain 404. The page
 * cache keys by shop: the same path on the platform and on two domains never shares a page. Order
 * links use the domain. The render is a stand-in that echoes what it was given (the real entry
 * with a site: apps/web/src/ssr/entry-server.test.tsx; both through Caddy in Chromium:
 * e2e/custom-domain-https.spec.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOMAIN_MESSAGES, type Business, type CreatedOrder } from '@vitrina/contracts'
import { customDomains } from '../src/db/schema/index.js'
import { storefrontIdentifierOf } from '../src/modules/pixels/service.js'
import type { PageRenderer, RenderedPage } from '../src/plugins/static-files-and-pages.js'
import { startTestApp } from './helpers/app.js'
import { bearer, type TestAccount } from './helpers/auth.js'
import { createOrderingShop, orderBody, placeOrder } from './helpers/orders.js'

const webDist = mkdtempSync(path.join(os.tmpdir(), 'vitrina-web-dist-'))
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="es"><head><title>Vitrina</title></head><body><div id="root"></div></body></html>',
)

const HTML = 'text/html; charset=utf-8'
const PLATFORM = 'http://vitrina.test'

/**
 * A stand-in for the web build's server entry: the page names the URL and the site it was
 * rendered for (its canonical address is the URL's), and is shared, tagged with the site's shop.
 */
function echoRenderer() {
  const calls: { url: string; site: string | null }[] = []
  const renderer: PageRenderer = {
    async renderPage(url, context): Promise<RenderedPage> {
      const site = context.site ?? null
      calls.push({ url, site })
      const { origin, pathname } = new URL(url)
      let businessId: string | undefined
      if (site) {
        const reply = await context.fetch(`/api/businesses/${site}/identifier`)
        businessId = ((await reply.json()) as Business)._id
      }
      const html = `<!doctype html><html><head><link rel="canonical" href="${origin}${pathname}" /><meta property="og:url" content="${origin}${pathname}" /></head><body>${site ?? 'plataforma'}</body></html>`
      return {
        status: 200,
        headers: { 'Content-Type': HTML, 'Cache-Control': 'no-cache' },
        html,
        shared: { businessId },
      }
    },
  }
  return { renderer, calls }
}

const rendering = echoRenderer()
let t: Awaited<ReturnType<typeof startTestApp>>
let shop: { owner: TestAccount; business: Business; slug: string }
let other: { owner: TestAccount; business: Business }
let plain: { business: Business; slug: string }
const DOMAIN = 'tienda.raiz.com.uy'
const OTHER_DOMAIN = 'otra.raiz.com.uy'
const PENDING = 'pendiente.raiz.com.uy'

async function connect(owner: TestAccount, business: Business, hostname: string, verified = true) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/domains/mine',
    headers: bearer(owner.accessToken),
    payload: { hostname },
  })
  expect(res.statusCode, res.body).toBe(200)
  if (!verified) return
  await t.db
    .update(customDomains)
    .set({ status: 'verified', verifiedAt: new Date(), checkedAt: new Date() })
    .where(eq(customDomains.businessId, business._id))
  t.app.domains.invalidate(business._id)
}

const at = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } })

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT: 'false', WEB_DIST: webDist }, undefined, {
    pageRenderer: rendering.renderer,
  })
  const a = await createOrderingShop(t.app)
  const b = await createOrderingShop(t.app)
  const c = await createOrderingShop(t.app)
  const slugOf = async (business: Business) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${business._id}/business` })
    return (res.json() as { items: { slug: string }[] }).items[0]!.slug
  }
  shop = { ...a, slug: await slugOf(a.business) }
  other = b
  plain = { business: c.business, slug: await slugOf(c.business) }
  await connect(a.owner, a.business, DOMAIN)
  await connect(b.owner, b.business, OTHER_DOMAIN)
  await connect(c.owner, c.business, PENDING, false)
})
afterAll(async () => {
  await t?.stop()
  rmSync(webDist, { recursive: true, force: true })
})

describe("a verified domain's storefront at the root", () => {
  it('renders each page at the domain’s origin with the shop as the site', async () => {
    for (const url of [
      '/',
      '/?utm_source=ig',
      '/productos?categoria=Ropa',
      `/productos/${shop.slug}`,
      '/pedido/ABC123?t=x',
    ]) {
      rendering.calls.length = 0
      const res = await at(DOMAIN.toUpperCase(), url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe(HTML)
      expect(res.body, url).toContain(
        `<link rel="canonical" href="https://${DOMAIN}${url.split('?')[0]}" />`,
      )
      expect(res.body).toContain(`<meta property="og:url" content="https://${DOMAIN}`)
      // The first time an address is asked for, it is rendered (later ones may be kept).
      if (rendering.calls.length > 0) {
        expect(rendering.calls).toEqual([
          { url: `https://${DOMAIN}${url}`, site: shop.business.identifier },
        ])
      }
    }
  })

  it('answers the shop’s platform address with 301 to the same page on the domain', async () => {
    const id = shop.business.identifier
    for (const host of ['vitrina.test', 'localhost:3000']) {
      for (const [url, location] of [
        [`/${id}`, `https://${DOMAIN}/`],
        [`/${id}/`, `https://${DOMAIN}/`],
        [`/${id}?utm_source=ig`, `https://${DOMAIN}/?utm_source=ig`],
        [
          `/${id}/productos?categoria=Ropa&page=2`,
          `https://${DOMAIN}/productos?categoria=Ropa&page=2`,
        ],
        [`/${id}/productos/${shop.slug}`, `https://${DOMAIN}/productos/${shop.slug}`],
        [`/${id}/pedido/ABC123?t=x`, `https://${DOMAIN}/pedido/ABC123?t=x`],
      ]) {
        const res = await at(host, url!)
        expect(res.statusCode, `${host}${url}`).toBe(301)
        expect(res.headers.location, url).toBe(location)
      }
    }
    // Its manifest, icons and feeds keep their platform addresses; shops without a verified
    // domain keep theirs; the owner's screens are not a shop's.
    expect((await at('vitrina.test', `/${id}/manifest.webmanifest`)).statusCode).toBe(200)
    const feed = await at('vitrina.test', `/${id}/feeds/google.xml`)
    expect(feed.statusCode).toBe(200)
    // Its feeds' links are the domain's pages (Merchant Center expects the shop's website).
    expect(feed.body).toContain(`<g:link>https://${DOMAIN}/productos/${shop.slug}</g:link>`)
    expect(feed.body).toContain(`<link>https://${DOMAIN}/</link>`)
    expect(feed.body).not.toContain(`${PLATFORM}/${id}/productos/`)
    const unverified = await at('vitrina.test', `/${plain.business.identifier}/productos`)
    expect(unverified.statusCode).toBe(200)
    expect(unverified.body).toContain(`href="${PLATFORM}/${plain.business.identifier}/productos"`)
    expect((await at('vitrina.test', '/admin/mi-negocio')).statusCode).toBe(200)
  })

  it('sends owner, auth, operator and legal screens to the platform, and feeds to theirs', async () => {
    for (const url of [
      '/admin/mi-negocio',
      '/auth/login?next=1',
      '/operador',
      '/terminos',
      '/plataforma/planes',
    ]) {
      const res = await at(DOMAIN, url)
      expect(res.statusCode, url).toBe(301)
      expect(res.headers.location, url).toBe(`${PLATFORM}${url}`)
    }
    const feed = await at(DOMAIN, '/feeds/google.xml')
    expect(feed.statusCode).toBe(301)
    expect(feed.headers.location).toBe(`${PLATFORM}/${shop.business.identifier}/feeds/google.xml`)
    // The storefront's reads and orders, same origin.
    const read = await at(DOMAIN, `/api/businesses/${shop.business.identifier}/identifier`)
    expect(read.statusCode).toBe(200)
    expect((read.json() as Business)._id).toBe(shop.business._id)
  })

  it('answers a plain 404 for an unknown or unverified Host, never a shop', async () => {
    for (const host of [PENDING, 'nadie.raiz.com.uy']) {
      for (const url of [
        '/',
        '/productos',
        `/productos/${plain.slug}`,
        '/sitemap.xml',
        '/robots.txt',
        '/manifest.webmanifest',
      ]) {
        const res = await at(host, url)
        expect(res.statusCode, `${host}${url}`).toBe(404)
        expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
        expect(res.body).toBe(DOMAIN_MESSAGES.unknownHost)
      }
    }
    // Not even a read the read cache holds (the Host is looked at first).
    const read = `/api/businesses/${shop.business.identifier}/identifier`
    expect((await at('vitrina.test', read)).statusCode).toBe(200)
    expect((await at('vitrina.test', read)).statusCode).toBe(200)
    const unknown = await at('nadie.raiz.com.uy', read)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toBe(DOMAIN_MESSAGES.unknownHost)
    // A pending domain's shop is not redirected to it.
    expect((await at('vitrina.test', `/${plain.business.identifier}`)).statusCode).toBe(200)
  })

  it('serves the sitemap, robots, manifest and icons at the root with the domain’s addresses', async () => {
    const sitemap = await at(DOMAIN, '/sitemap.xml')
    expect(sitemap.statusCode).toBe(200)
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toContain(`https://${DOMAIN}/`)
    expect(locs).toContain(`https://${DOMAIN}/productos`)
    expect(locs).toContain(`https://${DOMAIN}/productos/${shop.slug}`)
    expect(locs.every((loc) => loc!.startsWith(`https://${DOMAIN}/`))).toBe(true)

    // The platform's lists the shops without a verified domain, not those with one.
    const platform = (await at('vitrina.test', '/sitemap.xml')).body
    expect(platform).toContain(`${PLATFORM}/${plain.business.identifier}</loc>`)
    expect(platform).not.toContain(`/${shop.business.identifier}</loc>`)
    expect(platform).not.toContain(`/${other.business.identifier}/`)
    expect(platform).not.toContain(DOMAIN)

    const robots = await at(DOMAIN, '/robots.txt')
    expect(robots.body).toContain(`Sitemap: https://${DOMAIN}/sitemap.xml`)
    expect(robots.body).toContain('Disallow: /pedido/')
    expect((await at('vitrina.test', '/robots.txt')).body).toContain(
      `Sitemap: ${PLATFORM}/sitemap.xml`,
    )

    const manifest = await at(DOMAIN, '/manifest.webmanifest')
    expect(manifest.statusCode).toBe(200)
    const app = manifest.json() as {
      scope: string
      start_url: string
      id: string
      icons: { src: string }[]
    }
    expect(app).toMatchObject({ scope: '/', start_url: '/', id: '/' })
    expect(app.icons[0]!.src).toMatch(/^\/app-icons\/[0-9a-f]{8}\/any-192\.png$/)
    const icon = await at(DOMAIN, app.icons[0]!.src)
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['content-type']).toBe('image/png')
    // Not a shop's on the platform.
    expect((await at('vitrina.test', '/manifest.webmanifest')).statusCode).toBe(404)
    expect((await at('vitrina.test', app.icons[0]!.src)).statusCode).toBe(404)
    // The service worker is the same script everywhere.
    expect([200, 404]).toContain((await at(DOMAIN, '/sw.js')).statusCode)
  })

  it('keeps pages by shop: the same path on the platform and on two domains never shares one', async () => {
    rendering.calls.length = 0
    const hosts = [DOMAIN, OTHER_DOMAIN, 'vitrina.test']
    const first = await Promise.all(hosts.map((host) => at(host, '/?cache=1')))
    expect(first.map((res) => res.body.match(/<body>(.*)<\/body>/)![1])).toEqual([
      shop.business.identifier,
      other.business.identifier,
      'plataforma',
    ])
    expect(rendering.calls.map((call) => call.site).sort()).toEqual(
      [shop.business.identifier, other.business.identifier, null].sort(),
    )
    // Asked again, each is its own kept page (no new render), still its own.
    const again = await Promise.all(hosts.map((host) => at(host, '/?cache=1')))
    expect(rendering.calls).toHaveLength(3)
    expect(again.map((res) => res.body)).toEqual(first.map((res) => res.body))
    expect(again[0]!.body).toContain(`href="https://${DOMAIN}/"`)
    expect(again[1]!.body).toContain(`href="https://${OTHER_DOMAIN}/"`)
    expect(again[2]!.body).toContain(`href="${PLATFORM}/"`)
  })

  it('gives the order page’s link and WhatsApp message on the domain', async () => {
    const order: CreatedOrder = await placeOrder(
      t.app,
      shop.business._id,
      orderBody({
        items: [{ productId: shop.business._id && (await firstProductId()), quantity: 1 }],
      }),
    )
    expect(order.publicUrl).toBe(
      `https://${DOMAIN}/pedido/${encodeURIComponent(order.code)}?t=${encodeURIComponent(order.token)}`,
    )
    expect(decodeURIComponent(order.whatsappUrl)).toContain(`https://${DOMAIN}/pedido/`)
    // A shop without a verified domain: the platform address.
    const platformOrder = await placeOrder(
      t.app,
      plain.business._id,
      orderBody({ items: [{ productId: await firstProductId(plain.business), quantity: 1 }] }),
    )
    expect(
      platformOrder.publicUrl.startsWith(`${PLATFORM}/${plain.business.identifier}/pedido/`),
    ).toBe(true)
  })
})

describe('the shop of a page on its domain (ADR 039: its pixels’ CSP)', () => {
  it('is the Host’s shop at the root, the path’s on the platform', () => {
    expect(storefrontIdentifierOf('/productos/remera?x=1', 'cafe')).toBe('cafe')
    expect(storefrontIdentifierOf('/', 'cafe')).toBe('cafe')
    expect(storefrontIdentifierOf('/productos/remera')).toBeUndefined()
    expect(storefrontIdentifierOf('/cafe/productos')).toBe('cafe')
  })
})

async function firstProductId(business: Business = shop.business): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${business._id}/business` })
  return (res.json() as { items: { _id: string }[] }).items[0]!._id
}
