/**
 * /sitemap.xml and /robots.txt. A page's own head (title, Open Graph, JSON-LD…), status and
 * redirects are the web app's (issue 42 §1): apps/web/src/ssr/share-head.test.tsx, and in
 * Chromium against this server e2e/link-previews.spec.ts.
 */
import { describe, expect, it } from 'vitest'
import { escapeXmlText } from '../src/lib/xml-text.js'
import { useTestApp } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness } from './helpers/catalogue.js'
import { createTestProduct } from './helpers/products.js'

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
  it('escapes XML markup and drops characters XML cannot hold', () => {
    expect(escapeXmlText(`a&b<c>"d"'e'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;')
  })
})
