/**
 * A storefront page's first visit (SPEC §9): the HTML carries the replies to the public reads
 * its first screen makes (exactly the API's replies, keyed as the client addresses them), a
 * high-priority preload of its largest image, and — with a web build — module preloads for the
 * page's lazy route code. With the build's server entry the page comes rendered instead, with the
 * state the browser hydrates it with (the entry itself: apps/web/src/entry-server.test.tsx).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FIRST_LOAD_REPLIES_ID,
  IMAGE_SIZES,
  SERVER_STATE_ID,
  LIMITS,
  firstLoadKey,
  type Business,
  type Product,
} from '@vitrina/contracts'
import type { PageRenderer } from '../src/plugins/web.js'
import { useTestApp, type TestContext } from './helpers/app.js'
import { registerAndLogin } from './helpers/auth.js'
import { createTestBusiness, pngFile } from './helpers/catalogue.js'
import { createTestProduct } from './helpers/products.js'

const EVIL_NAME = 'Tienda </script><script>alert(1)</script> & <!-- Cía'

// A stand-in web build: the served index.html and the route preloads the build writes.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'vitrina-web-dist-'))
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="es"><head><!--head:start--><title>Vitrina</title><!--head:end-->' +
    '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
    '<body><div id="root">\n<!--app:start--><p>Cargando…</p><!--app:end-->\n</div></body></html>',
)
writeFileSync(
  path.join(webDist, 'route-preloads.json'),
  JSON.stringify({
    landing: ['/assets/landing-1.js'],
    'storefront-home': ['/assets/storefront-home-1.js', '/assets/storefront-1.js'],
    'storefront-products': ['/assets/products-1.js'],
    'storefront-product': ['/assets/product-detail-1.js'],
  }),
)
afterAll(() => rmSync(webDist, { recursive: true, force: true }))

/** The carried replies (null when the page has none) and the image preload's attributes. */
function firstLoad(html: string) {
  const block = new RegExp(
    `<script type="application/json" id="${FIRST_LOAD_REPLIES_ID}">([\\s\\S]*?)</script>`,
  ).exec(html)
  const preload = /<link rel="preload" as="image" ([^>]*)>/.exec(html)?.[1]
  const attr = (name: string) =>
    preload ? new RegExp(`${name}="([^"]*)"`).exec(preload)?.[1]?.replaceAll('&amp;', '&') : null
  return {
    replies: block ? (JSON.parse(block[1]!) as Record<string, unknown>) : null,
    image: preload
      ? { href: attr('href'), srcset: attr('imagesrcset'), sizes: attr('imagesizes') }
      : null,
    modulePreloads: [
      ...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    ].map((match) => match[1]),
  }
}

async function publicRead(t: TestContext, address: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url: address })
  expect(res.statusCode, address).toBe(200)
  return res.json()
}

describe('first visit to a storefront page', () => {
  const t = useTestApp({ RATE_LIMIT: 'false', WEB_DIST: webDist })
  let business: Business
  let featured: Product

  beforeAll(async () => {
    const owner = await registerAndLogin(t.app)
    business = await createTestBusiness(
      t.app,
      owner,
      { name: EVIL_NAME },
      { slides: [await pngFile(320, 180, '#111111'), await pngFile(320, 180, '#222222')] },
    )
    featured = await createTestProduct(t.app, owner, business._id, {
      name: 'Destacado </script>',
      isFeatured: 'true',
    })
    await createTestProduct(t.app, owner, business._id, { name: 'Oferta', discount: '20' })
  })

  it('carries the home’s four reads, byte for byte the API’s, and preloads the first slide', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}` })
    expect(res.statusCode).toBe(200)
    const { replies, image, modulePreloads } = firstLoad(res.body)
    const products = `/api/products/${business._id}/business`
    const reads = [
      `/api/businesses/${business.identifier}/identifier`,
      `${products}/featured`,
      `${products}/new`,
      `${products}/offer`,
    ]
    expect(Object.keys(replies!)).toEqual(reads)
    for (const address of reads) expect(replies![address]).toEqual(await publicRead(t, address))
    expect((replies![reads[0]!] as Business).name).toBe(EVIL_NAME)
    expect((replies![reads[1]!] as Product[]).map((p) => p._id)).toEqual([featured._id])

    // Owner text cannot close the block: the head has exactly its own script closers.
    const head = /<head>([\s\S]*)<\/head>/.exec(res.body)![1]!
    expect(head).not.toContain('<script>alert')
    expect(head).not.toContain('<!-- Cía')

    const slide = business.slides[0]!.image
    expect(image).toEqual({ href: slide.url, srcset: slide.srcset, sizes: IMAGE_SIZES.hero })
    expect(modulePreloads).toEqual(['/assets/storefront-home-1.js', '/assets/storefront-1.js'])
    // After the entry's own script, so the entry is asked for first.
    expect(res.body.indexOf('storefront-home-1.js')).toBeGreaterThan(
      res.body.indexOf('index-abc.js'),
    )
  })

  it('carries the plain product list under the key the client computes, and preloads its first card', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}/productos` })
    const { replies, image, modulePreloads } = firstLoad(res.body)
    // The client sends sort, page and pageSize in its own order; the key sorts them.
    const list = firstLoadKey(
      `/api/products/${business._id}/business?sort=newest&page=1&pageSize=${LIMITS.productPageSizeDefault}`,
    )
    expect(Object.keys(replies!)).toEqual([
      `/api/businesses/${business.identifier}/identifier`,
      list,
    ])
    const expected = (await publicRead(t, list)) as { items: Product[] }
    expect(replies![list]).toEqual(expected)
    const first = expected.items[0]!.image
    expect(image).toEqual({ href: first.url, srcset: first.srcset, sizes: IMAGE_SIZES.productGrid })
    expect(modulePreloads).toEqual(['/assets/products-1.js'])

    // A filtered address is left to the client's own parsing of its filters.
    const filtered = firstLoad(
      (
        await t.app.inject({
          method: 'GET',
          url: `/${business.identifier}/productos?categoria=Ropa`,
        })
      ).body,
    )
    expect(Object.keys(filtered.replies!)).toEqual([
      `/api/businesses/${business.identifier}/identifier`,
    ])
  })

  it('carries the product of a detail page and preloads its main image', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/${business.identifier}/productos/${featured._id}`,
    })
    const { replies, image, modulePreloads } = firstLoad(res.body)
    const detail = `/api/products/${featured._id}`
    expect(Object.keys(replies!)).toEqual([
      `/api/businesses/${business.identifier}/identifier`,
      detail,
    ])
    expect(replies![detail]).toEqual(await publicRead(t, detail))
    expect(image).toEqual({
      href: featured.image.url,
      srcset: featured.image.srcset,
      sizes: IMAGE_SIZES.productMain,
    })
    expect(modulePreloads).toEqual(['/assets/product-detail-1.js'])
  })

  it('carries nothing for pages that are not found; the landing, its featured businesses', async () => {
    for (const address of [
      '/no-existe-este-negocio',
      `/${business.identifier}/productos/00000000-0000-4000-8000-000000000000`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: address })
      expect(res.statusCode, address).toBe(404)
      expect(firstLoad(res.body), address).toEqual({
        replies: null,
        image: null,
        modulePreloads: [],
      })
    }
    const landing = firstLoad((await t.app.inject({ method: 'GET', url: '/' })).body)
    // SPEC §2.2: the first businesses, as the landing's carousel asks for them.
    const featuredBusinesses = `/api/businesses?page=1&pageSize=${LIMITS.featuredBusinesses}`
    expect(landing).toEqual({
      replies: { [featuredBusinesses]: await publicRead(t, featuredBusinesses) },
      image: null,
      modulePreloads: ['/assets/landing-1.js'],
    })
    const login = firstLoad((await t.app.inject({ method: 'GET', url: '/auth/login' })).body)
    expect(login.modulePreloads).toEqual([])
  })
})

/** A stand-in for the web build's server entry: records what it is asked, answers `reply`. */
function standInRenderer(reply: (url: string) => Promise<{ html: string; state: unknown } | null>) {
  const calls: { url: string; replies: Record<string, unknown> }[] = []
  const renderer: PageRenderer = {
    renderPage(url, replies) {
      calls.push({ url, replies: Object.fromEntries(replies) })
      return reply(url)
    },
  }
  return { renderer, calls }
}

/** The server state block (null when the page has none). */
function serverState(html: string): unknown {
  const block = new RegExp(
    `<script type="application/json" id="${SERVER_STATE_ID}">([\\s\\S]*?)</script>`,
  ).exec(html)
  return block ? (JSON.parse(block[1]!) as unknown) : null
}

describe('a page rendered on the server (ADR 017)', () => {
  const rendering = standInRenderer(async (url) => {
    if (url.includes('/productos')) throw new Error('render failed')
    if (url.endsWith('/redirige')) return null
    return { html: '<main><h1>Renderizada</h1></main>', state: { note: '</script><!--' } }
  })
  const t = useTestApp(
    { RATE_LIMIT: 'false', WEB_DIST: webDist },
    { pageRenderer: rendering.renderer },
  )
  let business: Business

  beforeAll(async () => {
    const owner = await registerAndLogin(t.app)
    business = await createTestBusiness(t.app, owner, { name: 'Almacén Renderizado' })
  })

  it('puts the rendered page in #root with its state, instead of the replies', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${business.identifier}?ver=1` })
    expect(res.statusCode).toBe(200)
    // Exactly the rendered nodes in the root: no whitespace or placeholder around them.
    expect(res.body).toContain('<div id="root"><main><h1>Renderizada</h1></main></div>')
    expect(res.body).not.toContain('Cargando…')
    expect(serverState(res.body)).toEqual({ note: '</script><!--' })
    expect(res.body).not.toContain('</script><!--"')
    expect(firstLoad(res.body).replies).toBeNull()
    // Asked with the address at the public URL and the replies the page would have carried.
    const call = rendering.calls.at(-1)!
    expect(call.url).toBe(`http://vitrina.test/${business.identifier}?ver=1`)
    expect(Object.keys(call.replies)).toContain(`/api/businesses/${business.identifier}/identifier`)
  })

  it('renders the landing from its featured businesses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' })
    expect(res.body).toContain('<h1>Renderizada</h1>')
    expect(Object.keys(rendering.calls.at(-1)!.replies)).toEqual([
      `/api/businesses?page=1&pageSize=${LIMITS.featuredBusinesses}`,
    ])
  })

  it('falls back to the browser when the render fails, and renders no other page', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/${business.identifier}/productos` })
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain('Cargando…')
    expect(serverState(list.body)).toBeNull()
    expect(Object.keys(firstLoad(list.body).replies!)).toContain(
      `/api/businesses/${business.identifier}/identifier`,
    )

    const asked = rendering.calls.length
    for (const address of ['/auth/login', '/no-existe-este-negocio']) {
      const res = await t.app.inject({ method: 'GET', url: address })
      expect(res.body, address).toContain('Cargando…')
      expect(serverState(res.body), address).toBeNull()
    }
    expect(rendering.calls).toHaveLength(asked)
  })
})
