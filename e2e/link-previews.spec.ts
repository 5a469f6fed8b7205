/**
 * Journey 6: a shared link previews well. Fetching a storefront or product address WITHOUT
 * JavaScript returns the right title, Open Graph tags and JSON-LD, filled in by the server.
 */
import { expect, test } from './support/test'
import { firstProduct, listBusinesses } from './support/demo'

function meta(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  const pattern = new RegExp(`<meta[^>]*${attribute}="${key}"[^>]*content="([^"]*)"`, 'i')
  return pattern.exec(html)?.[1]
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
  )
}

test('storefront and product pages carry title, Open Graph and JSON-LD without JavaScript', async ({
  request,
  baseURL,
}) => {
  // Other journeys create bare businesses (no logo, no covers) through the API: preview a seeded
  // store, which has the imagery an og:image comes from.
  const business = (await listBusinesses(request)).find((b) => b.logo && b.slides.length > 0)
  expect(business, 'the demo data has a business with a logo and covers').toBeDefined()
  if (!business) return

  const home = await request.get(`/${business.identifier}`)
  expect(home.status()).toBe(200)
  const homeHtml = await home.text()
  expect(homeHtml).toContain(`<title>`)
  expect(homeHtml).toMatch(new RegExp(`<title>[^<]*${escapeRegExp(htmlEscape(business.name))}`))
  expect(meta(homeHtml, 'property', 'og:title')).toContain(htmlEscape(business.name))
  expect(meta(homeHtml, 'property', 'og:url')).toBe(`${baseURL}/${business.identifier}`)
  expect(meta(homeHtml, 'property', 'og:image')).toMatch(/^https?:\/\//)
  expect(jsonLd(homeHtml).map((d) => d['@type'])).toContain('Store')

  const product = await firstProduct(request, business._id)
  const page = await request.get(`/${business.identifier}/productos/${product._id}`)
  expect(page.status()).toBe(200)
  const productHtml = await page.text()
  expect(meta(productHtml, 'property', 'og:title')).toContain(htmlEscape(product.name))
  const ld = jsonLd(productHtml).find((d) => d['@type'] === 'Product')
  expect(ld?.name).toBe(product.name)
  expect(ld?.offers).toMatchObject({ '@type': 'Offer' })

  const unknown = await request.get('/negocio-que-no-existe-123')
  expect(unknown.status()).toBe(404)
  expect(await unknown.text()).toContain('<div id="root">')
})

function htmlEscape(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
