// @vitest-environment node
/**
 * The server's render (ADR 017, 021), in Node as the API runs it: each page's route loaders read
 * through the `fetch` the API gives (here a stand-in answering from a table of replies), and the
 * page comes back with the query cache and router state the browser hydrates it with. With the
 * real API: apps/api/test/pages-render.test.ts; what the browser does with that HTML is tested in
 * Chromium (e2e/server-render.spec.ts).
 */
import { within } from '@testing-library/react'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import {
  CONSENT_BANNER_SCRIPT,
  CONSENT_BANNER_TEXTS,
  DEFAULT_SORT,
  LIMITS,
  SERVER_STATE_ID,
  STILL_STYLE,
  STILL_STYLE_ID,
  STOREFRONT_MESSAGES,
  WEEKDAYS,
  pixelConsentCookie,
} from '@vitrina/contracts'
import type { Business, Product, ProductListResponse } from '@vitrina/contracts'
import { makeBusiness, makeProduct } from '../components/storefront/__tests__/fixtures'
import { RENDER_TIME_KEY } from '../lib/render-time'
import { renderPage } from './entry-server'
import { readDocument, TEST_TEMPLATE } from './test-document'

const ORIGIN = 'https://vitrina.test'
const business = makeBusiness()
const featured = [makeProduct({ name: 'Café de Colombia', isFeatured: true })]
const offers = [makeProduct({ name: 'Lemon pie', price: 980, discount: 20 })]
const listed = [makeProduct({ name: 'Yerba orgánica' }), makeProduct({ name: 'Té verde' })]

const reads = {
  business: `/api/businesses/${business.identifier}/identifier`,
  carousels: `/api/products/${business._id}/carousels`,
  list: `/api/products/${business._id}/business?${new URLSearchParams({
    sort: DEFAULT_SORT,
    page: '1',
    pageSize: String(LIMITS.productPageSizeDefault),
  })}`,
  /** Issue 27 §3: a product by the storefront's identifier and its address. */
  product: (at: string) => `/api/products/${business.identifier}/slug/${at}`,
  featuredBusinesses: '/api/businesses/featured',
}

/** An address with its query parameters in order, so the same read matches however written. */
function normalized(address: string): string {
  const url = new URL(address, ORIGIN)
  url.searchParams.sort()
  return `${url.pathname}${url.search}`
}

/** The API as a table of GET replies: 200 with the body, 404 for anything else. */
function carried(entries: [string, unknown][]) {
  const replies = new Map(entries.map(([address, body]) => [normalized(address), body]))
  const asked: string[] = []
  const fetch = (input: RequestInfo | URL) => {
    const address = normalized(String(input))
    asked.push(address)
    const body = replies.get(address)
    return Promise.resolve(
      body === undefined
        ? Response.json({ message: 'No encontrado' }, { status: 404 })
        : Response.json(body),
    )
  }
  return { fetch, asked }
}
type Api = ReturnType<typeof carried>

const homeReplies = (b: Business = business) =>
  carried([
    [reads.business, b],
    [reads.carousels, { featured, new: [], offer: offers }],
  ])

function listReply(items: Product[]): ProductListResponse {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: LIMITS.productPageSizeDefault,
    priceMax: Math.max(...items.map((p) => p.finalPrice)),
  }
}

/** The rendered HTML as a document, queried like a page. */
async function render(path: string, api: Api) {
  const answer = await renderPage(`${ORIGIN}${path}`, { ...api, template: TEST_TEMPLATE })
  const { head, body, state } = readDocument(answer)
  if (body === null || state === null || 'redirect' in answer) {
    throw new Error(`${path} was not rendered`)
  }
  const { document } = new JSDOM(`<div id="root">${body}</div>`).window
  return { page: { ...answer, state, html: body, head }, view: within(document.body), document }
}

/** The answer for `path` with the stand-in API (a redirect, or a document). */
const answer = (path: string, api: Api) =>
  renderPage(`${ORIGIN}${path}`, { ...api, template: TEST_TEMPLATE })

/** Whether the answer is the shell the browser renders into (not the server's render). */
const isShell = (page: Awaited<ReturnType<typeof answer>>) =>
  !('redirect' in page) && readDocument(page).body === null

/** The query keys the dehydrated cache holds. */
const cachedKeys = (state: { queries: { queries: { queryKey: unknown }[] } }) =>
  state.queries.queries.map((query) => JSON.stringify(query.queryKey))

describe('server render (ADR 017, 021)', () => {
  it('renders the storefront home from its replies, signed out, with every card', async () => {
    const { page, view } = await render('/almacen-lucia', homeReplies())
    expect(view.getByRole('heading', { level: 1, name: business.name })).toBeTruthy()
    expect(view.getByText(business.description)).toBeTruthy()
    // Cards below the fold are rendered too: the visitor may never run the script.
    expect(view.getAllByText('Café de Colombia').length).toBeGreaterThan(0)
    expect(view.getAllByText('Lemon pie').length).toBeGreaterThan(0)
    expect(view.queryByRole('status', { name: 'Cargando…' })).toBeNull()
    expect(view.getAllByRole('link', { name: 'Iniciar sesión' }).length).toBeGreaterThan(0)
    expect(page.state.complete).toBe(true)
    expect(cachedKeys(page.state)).toEqual(
      expect.arrayContaining([
        JSON.stringify(['businesses', 'identifier', business.identifier]),
        JSON.stringify(['products', 'carousels', business._id]),
      ]),
    )
    // The matched routes' loader results, keyed as the browser's router keys them.
    expect(Object.keys(page.state.router.loaderData ?? {}).length).toBeGreaterThan(0)
  })

  it('renders the opening status with the render time the browser hydrates with (issue 41)', async () => {
    const always = { from: '00:00', to: '23:59' }
    const open = makeBusiness({
      openingHours: Object.fromEntries(WEEKDAYS.map((day) => [day, [always]])) as never,
    })
    const { page, view } = await render('/almacen-lucia', homeReplies(open))
    expect(view.getByText('Abierto ahora · cierra a las 23:59')).toBeTruthy()
    // The server's clock travels with the page, so the hydration renders the same status.
    expect(cachedKeys(page.state)).toContain(JSON.stringify(RENDER_TIME_KEY))
  })

  it("renders a product's thumbnails on the server, not a blank band (issue 41)", async () => {
    const product = makeProduct({
      name: 'Taza esmaltada',
      images: [
        { url: '/media/extra-1.webp', width: 640, height: 640 },
        { url: '/media/extra-2.webp', width: 640, height: 640 },
      ],
    })
    const { document } = await render(
      `/almacen-lucia/productos/${product.slug}`,
      carried([
        [reads.business, business],
        [reads.product(product.slug), product],
      ]),
    )
    const strip = document.querySelector('[data-thumbnails]')
    expect(strip?.querySelectorAll('img')).toHaveLength(3)
  })

  it('renders the product list and a product', async () => {
    const list = await render(
      '/almacen-lucia/productos',
      carried([
        [reads.business, business],
        [reads.list, listReply(listed)],
      ]),
    )
    expect(list.view.getByText('Yerba orgánica')).toBeTruthy()
    expect(list.view.getByText('Té verde')).toBeTruthy()
    expect(list.page.state.complete).toBe(true)

    const product = listed[0]!
    const detail = await render(
      `/almacen-lucia/productos/${product.slug}`,
      carried([
        [reads.business, business],
        [reads.product(product.slug), product],
      ]),
    )
    expect(detail.view.getByRole('heading', { level: 1, name: 'Yerba orgánica' })).toBeTruthy()
    // The order message links the product at the address the page is served from.
    const order = detail.document.querySelector<HTMLAnchorElement>('a[href^="https://wa.me/"]')
    expect(decodeURIComponent(order?.href ?? '')).toContain(
      `${ORIGIN}/almacen-lucia/productos/${product.slug}`,
    )
    expect(detail.page.state.complete).toBe(true)

    // A gallery's carousel loads lazily in the browser; the server shows its main image.
    const pictured = makeProduct({ name: 'Mate de calabaza', images: [listed[1]!.image] })
    const gallery = await render(
      `/almacen-lucia/productos/${pictured.slug}`,
      carried([
        [reads.business, business],
        [reads.product(pictured.slug), pictured],
      ]),
    )
    expect(gallery.view.getByRole('heading', { level: 1, name: 'Mate de calabaza' })).toBeTruthy()
    expect(gallery.view.getByRole('img', { name: 'Mate de calabaza' })).toBeTruthy()
  })

  it('renders the landing with the featured businesses it carries', async () => {
    const other = makeBusiness({ _id: 'a3c6e3a4-0000-4000-8000-000000000001', name: 'Punta Tech' })
    const { page, view } = await render('/', carried([[reads.featuredBusinesses, [other]]]))
    expect(view.getByRole('heading', { name: 'Punta Tech' })).toBeTruthy()
    // The contact form is the server's too (its code loads in the browser when idle).
    expect(view.getByRole('textbox', { name: /Mensaje/ })).toBeTruthy()
    // Every part in place: nothing outlined behind a script that would move it.
    expect(page.html).not.toContain('<template')
    expect(page.state.complete).toBe(true)
  })

  it('reads each first-screen query once, through the loaders, and nothing more', async () => {
    const api = homeReplies()
    await render('/almacen-lucia', api)
    expect([...api.asked].sort()).toEqual([reads.business, reads.carousels].sort())
  })

  it('leaves a page whose read failed to the browser, which shows the failure', async () => {
    const failed = await answer('/almacen-lucia', carried([[reads.business, business]]))
    expect(isShell(failed)).toBe(true)
    // An unknown shop: its 404, not indexed, and the browser shows 'Negocio no encontrado'.
    const unknown = await answer('/no-existe', carried([]))
    expect(isShell(unknown)).toBe(true)
    expect(unknown).toMatchObject({ status: 404 })
    expect(readDocument(unknown).head).toContain('<meta name="robots" content="noindex" />')
  })

  it('answers a redirect of the routes as a redirect', async () => {
    expect(await answer('/Almacen-Lucia', homeReplies())).toEqual({
      redirect: '/almacen-lucia',
      status: 301,
    })
  })

  // Issue 41: the accented address reaches the shop; unknown paths go home as a 301 (SPEC §2.1).
  it('answers an accented storefront address and unknown paths with a 301', async () => {
    expect(
      await answer('/Alma%C3%A7%C3%A9n-Luc%C3%ADa/productos?oferta=true', carried([])),
    ).toEqual({ redirect: '/almacen-lucia/productos?oferta=true', status: 301 })
    for (const path of ['/algo/raro/muy/profundo', '/plataforma/no-existe', '/productos']) {
      expect(await answer(path, carried([])), path).toEqual({
        redirect: '/',
        status: 301,
      })
    }
  })

  it('answers an old product address (its id, an earlier slug) with a 301 to its slug', async () => {
    const product = listed[0]!
    for (const old of [product._id, 'yerba-organica-vieja']) {
      const api = carried([
        [reads.business, business],
        [reads.product(old), product],
      ])
      expect(await answer(`/almacen-lucia/productos/${old}?ref=chat`, api)).toEqual({
        redirect: `/almacen-lucia/productos/${product.slug}?ref=chat`,
        status: 301,
      })
    }
    // Capitals: asked in lower case, then sent to the real address.
    const upper = await answer(
      `/almacen-lucia/productos/${product.slug.toUpperCase()}`,
      carried([
        [reads.business, business],
        [reads.product(product.slug), product],
      ]),
    )
    expect(upper).toEqual({ redirect: `/almacen-lucia/productos/${product.slug}`, status: 301 })
  })

  it('leaves the owner area and the auth pages to the browser', async () => {
    for (const path of ['/admin/mi-negocio', '/auth/login', '/perfil']) {
      const page = await answer(path, carried([]))
      expect(isShell(page), path).toBe(true)
      expect(page, path).toMatchObject({ status: 200 })
      // The browser's pages never hold transitions (the boot script that lets them go is not there).
      expect(readDocument(page).head, path).not.toContain(STILL_STYLE_ID)
    }
  })

  it("holds transitions still until the app's script runs: the style comes before the stylesheet", async () => {
    const page = await answer('/almacen-lucia', homeReplies())
    const { head } = readDocument(page)
    const still = head.indexOf(`<style id="${STILL_STYLE_ID}">${STILL_STYLE}</style>`)
    expect(still).toBeGreaterThan(-1)
    expect(still).toBeLessThan(
      head.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-1.css">'),
    )
  })

  it('renders the directory, plans and contact pages', async () => {
    const other = makeBusiness({ name: 'Punta Tech' })
    const directory = await render(
      '/plataforma/negocios?page=2',
      carried([
        [
          `/api/businesses?page=2&pageSize=${LIMITS.businessPageSizeDefault}`,
          { items: [other], total: 13, page: 2, pageSize: LIMITS.businessPageSizeDefault },
        ],
      ]),
    )
    expect(directory.view.getByRole('heading', { name: 'Punta Tech' })).toBeTruthy()
    const plans = await render('/plataforma/planes', carried([]))
    expect(
      plans.view.getByRole('heading', { level: 1, name: 'Planes de Suscripción' }),
    ).toBeTruthy()
    const contact = await render('/plataforma/contacto', carried([]))
    expect(contact.view.getByRole('textbox', { name: /Mensaje/ })).toBeTruthy()
  })

  it('renders a store without any product as empty, signed out (the owner’s prompt comes after)', async () => {
    const { page, view } = await render(
      '/almacen-lucia',
      carried([
        [reads.business, business],
        [reads.carousels, { featured: [], new: [], offer: [] }],
        [
          `/api/products/${business._id}/business?pageSize=1`,
          { items: [], total: 0, page: 1, pageSize: 1, priceMax: 0 },
        ],
      ]),
    )
    expect(view.getByText(STOREFRONT_MESSAGES.emptyStoreTitle)).toBeTruthy()
    expect(view.queryByText(STOREFRONT_MESSAGES.ownerEmptyStoreTitle)).toBeNull()
    expect(page.state.complete).toBe(true)
  })

  it('keeps each page to its own replies when renders overlap', async () => {
    const other = makeBusiness({ name: 'Almacén Norte', identifier: 'almacen-norte' })
    const otherReplies = carried([
      [`/api/businesses/almacen-norte/identifier`, other],
      [reads.carousels, { featured: [], new: [], offer: [] }],
      [`/api/products/${other._id}/business?pageSize=1`, listReply(listed.slice(0, 1))],
    ])
    const [first, second] = await Promise.all([
      render('/almacen-lucia', homeReplies()),
      render('/almacen-norte', otherReplies),
    ])
    expect(first.view.getByRole('heading', { level: 1, name: business.name })).toBeTruthy()
    expect(second.view.getByRole('heading', { level: 1, name: 'Almacén Norte' })).toBeTruthy()
    expect(second.view.queryByText('Café de Colombia')).toBeNull()
    // One route tree serves every render; each render's loaders fill that render's own cache.
    expect(cachedKeys(first.page.state).filter((key) => key.includes('almacen-norte'))).toEqual([])
    expect(cachedKeys(second.page.state).filter((key) => key.includes('almacen-lucia'))).toEqual([])
    expect(cachedKeys(second.page.state)).toContain(
      JSON.stringify(['businesses', 'identifier', 'almacen-norte']),
    )
  })

  it('writes a shop’s consent banner after the page, hidden, with its script — only with ids (issue 46 §3)', async () => {
    const withIds = makeBusiness({
      pixels: { ga4MeasurementId: 'G-ABCD1234', metaPixelId: '123456789' },
    })
    const page = await answer('/almacen-lucia', homeReplies(withIds))
    if ('redirect' in page) throw new Error('not a document')
    // After the boot script, outside the app's root: the page hydrates without it.
    const after = page.html.slice(page.html.indexOf(`id="${SERVER_STATE_ID}"`))
    const { document } = new JSDOM(page.html).window
    const host = document.querySelector<HTMLElement>(`[data-consent-banner="${withIds._id}"]`)
    expect(host).not.toBeNull()
    expect(document.getElementById('root')!.contains(host)).toBe(false)
    expect(after).toContain('data-consent-banner')
    // Hidden until its script has looked for this browser's answer (no JavaScript: no banner).
    expect(host!.hidden).toBe(true)
    expect(host!.dataset.cookie).toBe(pixelConsentCookie(withIds._id))
    expect(host!.nextElementSibling?.outerHTML).toBe(`<script>${CONSENT_BANNER_SCRIPT}</script>`)
    // The banner itself: the region named by its title, the shop and both services, two choices.
    const region = within(host!).getByRole('region', { hidden: true, name: 'Cookies de medición' })
    expect(region.textContent).toContain(
      CONSENT_BANNER_TEXTS.body(withIds.name, CONSENT_BANNER_TEXTS.services.both),
    )
    expect(
      within(region)
        .getAllByRole('button', { hidden: true })
        .map((button) => [button.textContent, button.dataset.consentChoice]),
    ).toEqual([
      ['Rechazar', 'denied'],
      ['Aceptar', 'granted'],
    ])

    // A shop without ids: nothing of it.
    const plain = await answer('/almacen-lucia', homeReplies())
    if ('redirect' in plain) throw new Error('not a document')
    expect(plain.html).not.toContain('data-consent-banner')
    expect(plain.html).not.toContain(CONSENT_BANNER_SCRIPT)
  })
})
