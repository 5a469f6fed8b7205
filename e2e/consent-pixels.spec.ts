/**
 * Issue 46 §3 (ADR 039), in Chromium against the production server: an owner enters a GA4
 * measurement id and a Meta Pixel id in 'Canales de venta'; on the storefront, before the shopper
 * answers the consent banner nothing is asked of googletagmanager.com or connect.facebook.net;
 * 'Aceptar' loads both (the network is closed here: the requests are answered with small stand-in
 * scripts that record the calls into window, as gtag.js and fbevents.js read their queues) and an
 * add to cart reaches them as add_to_cart / AddToCart with value, currency and the item; a second
 * shopper's 'Rechazar' loads nothing, also on the next page, and «Preferencias de cookies» asks
 * again; a shop without ids shows no banner and asks for no consent code. The banner is in the
 * page's HTML (it paints with the page, not after the app's code: ADR 039), works before that code
 * arrives, and is not shown without JavaScript. Axe and screenshots at 375 and 1280 px for the
 * settings and the banner.
 */
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext } from '@playwright/test'
import { expect, test } from './support/test'
import { expectAccessibleScreens } from './support/screens'
import { createActiveOwner, signIn } from './support/accounts'
import { imageFolder, pngFile } from './support/images'
import { createBusinessViaApi, createProductViaApi } from './support/owner-api'

const GA4 = 'G-E2ETEST123'
const PIXEL = '123456789012345'
const THIRD_PARTY =
  /googletagmanager\.com|connect\.facebook\.net|google-analytics\.com|facebook\.com\/tr/

// What gtag.js and fbevents.js do with the queues the storefront set up, reduced to recording.
const GTAG_STUB = `(function () {
  var calls = (window.__ga = window.__ga || []);
  var layer = (window.dataLayer = window.dataLayer || []);
  var record = function (args) { calls.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(args)))); };
  layer.forEach(record);
  var push = layer.push;
  layer.push = function (args) { record(args); return push.call(layer, args); };
})();`
const FBEVENTS_STUB = `(function () {
  var calls = (window.__fb = window.__fb || []);
  var fbq = window.fbq;
  (fbq.queue || []).forEach(function (args) { calls.push(Array.prototype.slice.call(args)); });
  fbq.callMethod = function () { calls.push(Array.prototype.slice.call(arguments)); };
})();`

/** Answers the two services with the stand-ins and lists every request made to them. */
async function interceptPixels(context: BrowserContext): Promise<string[]> {
  const asked: string[] = []
  await context.route(THIRD_PARTY, async (route) => {
    const url = route.request().url()
    asked.push(url)
    const body = url.includes('googletagmanager.com/gtag/js')
      ? GTAG_STUB
      : url.includes('fbevents.js')
        ? FBEVENTS_STUB
        : ''
    await route.fulfill({ status: 200, contentType: 'text/javascript', body })
  })
  return asked
}

/**
 * The JavaScript a first visit downloads from Vitrina (gzip -9 of each script, as bench/pages.mjs
 * counts it), with the page left alone until the network is quiet: the banner is up by then. The
 * document's inline scripts count too (the boot script; with ids, the banner's).
 */
async function firstVisitJs(browser: Browser, baseURL: string, url: string): Promise<number> {
  const context = await browser.newContext({ baseURL })
  await interceptPixels(context)
  const page = await context.newPage()
  const sizes: Promise<number>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().startsWith(baseURL))
      return
    sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length))
  })
  await page.goto(url)
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1500)
  const inline = await page.evaluate(() =>
    Array.from(document.querySelectorAll('script:not([src]):not([type])'), (s) => s.textContent),
  )
  for (const text of inline) sizes.push(Promise.resolve(gzipSync(text ?? '', { level: 9 }).length))
  const total = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0)
  await context.close()
  return total
}

test('pixels load only after the shopper accepts, and hear the storefront’s events', async ({
  page,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(150_000)
  // The owner: a new shop with one product, and the ids entered in 'Canales de venta'.
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const suffix = owner.email.split('@')[0]!.replace(/[^a-z0-9]/g, '')
  const business = await createBusinessViaApi(request, token, {
    name: `Medida ${suffix}`,
    identifier: `medida-${suffix}`,
    categories: [{ name: 'Hogar', subCategories: [] }],
  })
  const image = await pngFile(await imageFolder(), 'taza', {
    width: 800,
    height: 800,
    color: '#1d4ed8',
  })
  const product = await createProductViaApi(request, token, {
    businessId: business._id,
    name: 'Taza azul',
    price: 350,
    category: 'Hogar',
    image,
  })

  await page.goto('/admin/canales-de-venta')
  const settings = page.getByRole('region', { name: 'Medición de visitas y anuncios' })
  await settings.getByLabel('ID de medición de Google Analytics 4').fill('ua-123')
  await settings.getByRole('button', { name: 'Guardar' }).click()
  await expect(settings.getByText(/empieza con «G-»/)).toBeVisible()
  await settings.getByLabel('ID de medición de Google Analytics 4').fill(GA4.toLowerCase())
  await settings.getByLabel('ID del píxel de Meta').fill(PIXEL)
  await settings.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('IDs de medición guardados')).toBeVisible()
  await expect(settings.getByLabel('ID de medición de Google Analytics 4')).toHaveValue(GA4)
  await expect(page.getByText('IDs de medición guardados')).toBeHidden({ timeout: 15_000 })
  await settings.scrollIntoViewIfNeeded()
  await expectAccessibleScreens(page, testInfo, { name: 'settings', fullPage: false })

  const productPage = `${baseURL}/${business.identifier}/productos/${product._id}`

  // A shopper who accepts.
  const shopper = await browser.newContext({ baseURL })
  const asked = await interceptPixels(shopper)
  try {
    const store = await shopper.newPage()
    await store.goto(productPage)
    const banner = store.getByRole('region', { name: 'Cookies de medición' })
    await expect(banner).toBeVisible()
    await expect(store.getByRole('button', { name: 'Preferencias de cookies' })).toBeVisible()
    // Everything of the page has arrived and run: still nothing asked of either service.
    await store.waitForLoadState('networkidle')
    expect(asked).toEqual([])
    expect(await store.evaluate(() => 'gtag' in window || 'fbq' in window)).toBe(false)
    // The whole page with its banner (at 1280 px this also holds the header's and the footer's
    // navigations to different names: axe's landmark-unique).
    await expectAccessibleScreens(store, testInfo, { name: 'banner', fullPage: false })

    await banner.getByRole('button', { name: 'Aceptar' }).click()
    await expect(banner).toBeHidden()
    await expect
      .poll(() => asked.map((url) => new URL(url).host).sort())
      .toEqual(['connect.facebook.net', 'www.googletagmanager.com'])
    const ga = () => store.evaluate(() => (window as unknown as { __ga?: unknown[][] }).__ga ?? [])
    const fb = () => store.evaluate(() => (window as unknown as { __fb?: unknown[][] }).__fb ?? [])
    await expect.poll(ga).toContainEqual(['config', GA4, { send_page_view: false }])
    expect(await ga()).toContainEqual(expect.arrayContaining(['event', 'view_item']))
    expect(await fb()).toContainEqual(['init', PIXEL])
    expect(await fb()).toContainEqual(['trackSingle', PIXEL, 'PageView'])

    await store.getByRole('button', { name: 'Añadir al carrito' }).click()
    await expect(store.getByText('Producto añadido al carrito')).toBeVisible()
    await expect.poll(ga).toContainEqual([
      'event',
      'add_to_cart',
      {
        currency: 'UYU',
        value: 350,
        items: [{ item_id: product._id, item_name: 'Taza azul', price: 350, quantity: 1 }],
        send_to: GA4,
      },
    ])
    expect(await fb()).toContainEqual([
      'trackSingle',
      PIXEL,
      'AddToCart',
      {
        currency: 'UYU',
        value: 350,
        content_ids: [product._id],
        contents: [{ id: product._id, quantity: 1 }],
        content_type: 'product',
      },
    ])

    // The next visit remembers the answer: no banner, the scripts again.
    // (The stand-ins may come from the browser's cache: what they record is what counts.)
    await store.reload()
    await expect.poll(ga).toContainEqual(['config', GA4, { send_page_view: false }])
    await expect.poll(fb).toContainEqual(['trackSingle', PIXEL, 'PageView'])
    await expect(store.getByRole('region', { name: 'Cookies de medición' })).toBeHidden()
  } finally {
    await shopper.close()
  }

  // The banner is in the page's HTML and paints with it, before any of the app's code (here none
  // arrives at all); a tap hides it at once. Without JavaScript it is not shown: nothing could
  // load, there is nothing to ask.
  const noApp = await browser.newContext({ baseURL })
  const noAppAsked = await interceptPixels(noApp)
  try {
    await noApp.route(/\/assets\/.*\.js$/, (route) => route.abort())
    const store = await noApp.newPage()
    await store.goto(productPage)
    const banner = store.getByRole('region', { name: 'Cookies de medición' })
    await expect(banner).toBeVisible()
    await expect(banner).toContainText(`Medida ${suffix} usa Google Analytics y el píxel de Meta`)
    await banner.getByRole('button', { name: 'Rechazar' }).click()
    await expect(banner).toBeHidden()
    // Kept at once: the next page does not ask again.
    const kept = (await noApp.cookies()).find((c) => c.name.startsWith('vitrina_consent_'))
    expect(kept?.value).toBe('denied')
    expect(noAppAsked).toEqual([])
  } finally {
    await noApp.close()
  }
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false })
  try {
    const store = await noScript.newPage()
    await store.goto(productPage)
    await expect(store.getByRole('heading', { level: 1, name: 'Taza azul' })).toBeVisible()
    await expect(store.getByRole('region', { name: 'Cookies de medición' })).toBeHidden()
  } finally {
    await noScript.close()
  }

  // A shopper who rejects: nothing, also on the next page; the footer link asks again.
  const other = await browser.newContext({ baseURL })
  const otherAsked = await interceptPixels(other)
  try {
    const store = await other.newPage()
    await store.goto(productPage)
    const banner = store.getByRole('region', { name: 'Cookies de medición' })
    await banner.getByRole('button', { name: 'Rechazar' }).click()
    await expect(banner).toBeHidden()
    await store.goto(`${baseURL}/${business.identifier}`)
    await store.waitForLoadState('networkidle')
    await store.waitForTimeout(1000)
    await expect(store.getByRole('region', { name: 'Cookies de medición' })).toBeHidden()
    expect(otherAsked).toEqual([])

    const preferences = store.getByRole('button', { name: 'Preferencias de cookies' })
    await preferences.scrollIntoViewIfNeeded()
    await preferences.click()
    await expect(banner).toBeVisible()
    await expect(banner).toBeFocused()
    expect(otherAsked).toEqual([])
  } finally {
    await other.close()
  }

  // The first visit's JavaScript with the ids, then without them (the owner empties both): the
  // difference is what a shop's ids cost a shopper before answering (issue 46: at most 2 KB).
  const withIds = await firstVisitJs(browser, baseURL as string, productPage)
  const cleared = await request.put(`/api/businesses/${business._id}/pixels`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  })
  expect(cleared.status()).toBe(200)
  const withoutIds = await firstVisitJs(browser, baseURL as string, productPage)
  testInfo.annotations.push({
    type: 'first-visit JS (gzip -9)',
    description: `with ids ${withIds} B, without ${withoutIds} B, +${withIds - withoutIds} B`,
  })
  console.log(`first-visit JS: with ids ${withIds} B, without ${withoutIds} B`)
  expect(withIds - withoutIds).toBeLessThanOrEqual(2048)

  // A shop without ids: no banner, no footer link, no consent code, nothing asked.
  const plain = await browser.newContext({ baseURL })
  const plainAsked = await interceptPixels(plain)
  try {
    const store = await plain.newPage()
    const scripts: string[] = []
    store.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    await store.goto('/tejidos-de-la-colonia')
    await store.waitForLoadState('networkidle')
    await store
      .getByRole('link', { name: /Productos/ })
      .first()
      .hover()
    await store.waitForTimeout(1000)
    await expect(store.getByRole('region', { name: 'Cookies de medición' })).toHaveCount(0)
    await expect(store.getByRole('button', { name: 'Preferencias de cookies' })).toHaveCount(0)
    expect(scripts.filter((url) => /consent|tags-/.test(url))).toEqual([])
    expect(plainAsked).toEqual([])
  } finally {
    await plain.close()
  }
})
