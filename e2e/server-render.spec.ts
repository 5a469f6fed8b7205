/**
 * Journey 7: server-rendered pages (ADR 017). The landing and the storefront's pages arrive as
 * HTML with their content, readable without JavaScript; in the browser they make no read the
 * page already carries, and the app takes over the server's HTML (the same elements, not a new
 * render) at the visitor's first pointer, touch or key — or at once when this device has stored
 * something the page shows.
 */
import { gzipSync } from 'node:zlib'
import { STILL_STYLE_ID } from '@vitrina/contracts'
import { expect, test, type Page } from './support/test'
import { demoStoreAndProduct } from './support/demo'
import { renderEverySection } from './support/screens'

const STORE = 'cafe-del-puerto'
const STORE_NAME = 'Café del Puerto'

/** Public reads the page made after its HTML (the carried ones must not be among them). */
function recordReads(page: Page): string[] {
  const reads: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    // Reads only: the insights beacon (a POST sent when the page is idle) is not one.
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      reads.push(`${url.pathname}${url.search}`)
    }
  })
  return reads
}

/** Console errors and uncaught exceptions, which a hydration gone wrong would show. */
function recordErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the landing and a storefront’s home, list and product are readable', async ({
    page,
    request,
  }) => {
    const { product } = await demoStoreAndProduct(request, STORE)

    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The featured businesses came with the page (newest first: other journeys add some).
    const featured = page.getByRole('region', { name: 'Negocios destacados' })
    await expect(featured.locator('article').first()).toBeAttached()

    await page.goto(`/${STORE}`)
    await expect(page.getByRole('heading', { level: 1, name: STORE_NAME })).toBeVisible()
    await expect(page.locator('main article').first()).toBeAttached()

    await page.goto(`/${STORE}/productos`)
    await expect(
      page.getByRole('region', { name: 'Productos' }).locator('article'),
    ).not.toHaveCount(0)

    await page.goto(`/${STORE}/productos/${product._id}`)
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
    // Plain links work without the app: the breadcrumb leads back to the list.
    await page
      .getByRole('navigation', { name: 'Ruta de navegación' })
      .getByRole('link', { name: 'Productos' })
      .click()
    await expect(page).toHaveURL(new RegExp(`/${STORE}/productos$`))
    await expect(
      page.getByRole('region', { name: 'Productos' }).locator('article'),
    ).not.toHaveCount(0)
  })
})

test('a storefront hydrates its server HTML at the first pointer and works from there', async ({
  page,
}) => {
  const errors = recordErrors(page)
  const reads = recordReads(page)
  await page.goto(`/${STORE}`)
  await page.waitForLoadState('networkidle')
  // Everything the first screen shows came with the HTML.
  expect(reads).toEqual([])

  // Keep the server's elements, to tell a hydration (same nodes) from a new render.
  await page.evaluate(() => {
    const marked = window as unknown as { serverHeading?: Element | null }
    marked.serverHeading = document.querySelector('h1')
  })
  const favorite = page.getByRole('button', { name: 'Añadir a favoritos' }).first()
  await expect(favorite).toHaveAttribute('aria-pressed', 'false')
  await favorite.click()
  await expect(favorite).toHaveAttribute('aria-pressed', 'true')
  expect(
    await page.evaluate(() => {
      const marked = window as unknown as { serverHeading?: Element | null }
      return marked.serverHeading === document.querySelector('h1')
    }),
  ).toBe(true)

  // The app runs: the cart opens as a dialog, and links navigate without a page load.
  await page.getByRole('button', { name: /^Carrito/ }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  expect(errors).toEqual([])
})

test('a storefront’s first visit loads ≤ 140 KB gzip of JavaScript, and no form library', async ({
  browser,
  request,
}) => {
  const { product } = await demoStoreAndProduct(request, STORE)
  for (const path of [`/${STORE}`, `/${STORE}/productos`, `/${STORE}/productos/${product.slug}`]) {
    // A new visitor each time: nothing in the browser's cache.
    const context = await browser.newContext()
    const page = await context.newPage()
    const scripts = new Map<string, number>()
    page.on('response', async (response) => {
      const { pathname } = new URL(response.url())
      if (!pathname.endsWith('.js')) return
      scripts.set(pathname, gzipSync(await response.body(), { level: 9 }).length)
    })
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    // The app's code arrives when the browser is idle; the first pointer starts it.
    await page.mouse.move(5, 5)
    await page.waitForLoadState('networkidle')
    await expect.poll(() => scripts.size).toBeGreaterThan(0)
    const names = [...scripts.keys()]
    // Issue 21 §3; zod and the form helpers come with the screens that have forms (the cart's
    // checkout, the owner area), not with a storefront's first visit.
    expect(
      names.filter((name) => /\/(forms|password-dictionary)-/.test(name)),
      path,
    ).toEqual([])
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0)
    // Issue 42 §4 (was 160 KB, issue 21 §3): React Router's navigation engine is not in it.
    expect(total, `${path}: ${names.join(', ')}`).toBeLessThanOrEqual(140 * 1024)
    await context.close()
  }
})

/**
 * Holds the app's scripts until `release()`: the page is the server's HTML with no app behind
 * it, as on a slow phone before the code has arrived.
 */
async function holdScripts(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let requested!: () => void
  const isRequested = new Promise<void>((resolve) => (requested = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    requested()
    await released
    await route.continue()
  })
  return { requested: isRequested, release }
}

test('a button tapped before the app’s code has arrived acts once it has', async ({ page }) => {
  const held = await holdScripts(page)
  await page.goto(`/${STORE}`, { waitUntil: 'load' })
  await held.requested
  const favorite = page.getByRole('button', { name: 'Añadir a favoritos' }).first()
  await expect(favorite).toHaveAttribute('aria-pressed', 'false')
  await favorite.click()
  // Nothing can act yet: the app is not there.
  await page.waitForTimeout(300)
  await expect(favorite).toHaveAttribute('aria-pressed', 'false')
  held.release()
  await expect(favorite).toHaveAttribute('aria-pressed', 'true')
  // Once, not twice: a second toggle would have taken it back.
  await page.waitForTimeout(500)
  await expect(favorite).toHaveAttribute('aria-pressed', 'true')
})

test('a key pressed while the code is on its way (requested when idle) starts the app', async ({
  page,
}) => {
  const errors = recordErrors(page)
  const held = await holdScripts(page)
  await page.goto(`/${STORE}`, { waitUntil: 'load' })
  // The browser went idle: the boot script asked for the code without any use of the page.
  await held.requested
  await page.keyboard.press('Shift')
  held.release()
  // No other use follows: the app hydrates the server's elements on its own (React marks the
  // elements it owns), as the key asked.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const heading = document.querySelector('h1')
        return heading ? Object.keys(heading).some((key) => key.startsWith('__react')) : false
      }),
    )
    .toBe(true)
  expect(errors).toEqual([])
})

test('transitions are held at load and let go when the browser is idle, with none started', async ({
  page,
}) => {
  const errors = recordErrors(page)
  // Every transition the page starts, counted from the first byte.
  await page.addInitScript(() => {
    const started: string[] = []
    Object.assign(window, { __transitions: started })
    addEventListener('transitionrun', (event) => started.push(event.propertyName), true)
  })
  // The style is in the document as served, before the stylesheet.
  const response = await page.request.get(`/${STORE}`)
  const html = await response.text()
  expect(html.indexOf(`<style id="${STILL_STYLE_ID}">`)).toBeGreaterThan(-1)
  expect(html.indexOf(`<style id="${STILL_STYLE_ID}">`)).toBeLessThan(
    html.indexOf('rel="stylesheet"'),
  )
  // Read, not used: once the browser is idle after the load, the style goes — before any use, so
  // that the first use does not pay for the restyle — and nothing has hydrated.
  await page.goto(`/${STORE}`, { waitUntil: 'load' })
  await expect(page.locator(`style#${STILL_STYLE_ID}`)).toHaveCount(0)
  // React marks the elements it owns: none yet.
  expect(
    await page.evaluate(() =>
      Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__react')),
    ),
  ).toBe(false)
  // The page started no transition by itself, neither at load nor when the style went.
  expect(
    await page.evaluate(() => (window as unknown as { __transitions: string[] }).__transitions),
  ).toEqual([])
  expect(errors).toEqual([])
})

test('a device with a cart sees it at once, without touching the page', async ({ page }) => {
  const errors = recordErrors(page)
  await page.addInitScript((store) => {
    const line = {
      businessIdentifier: store,
      productId: 'p1',
      name: 'Café',
      price: 100,
      quantity: 3,
    }
    localStorage.setItem('vitrina:cart', JSON.stringify([line]))
  }, STORE)
  await page.goto(`/${STORE}`)
  await expect(page.getByRole('button', { name: /^Carrito: 3/ })).toBeVisible()
  expect(errors).toEqual([])
})

test('the keyboard alone starts the app on a server-rendered page', async ({ page }) => {
  const errors = recordErrors(page)
  await page.goto(`/${STORE}`)
  await page.waitForLoadState('networkidle')
  // Tab until the cart button has focus, then open it with Enter.
  const cart = page.getByRole('button', { name: /^Carrito/ })
  for (let i = 0; i < 15 && !(await cart.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(cart).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(errors).toEqual([])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true })

  test('the tap that starts the app moves the cover it was on, and nothing shifts', async ({
    page,
  }) => {
    const errors = recordErrors(page)
    await page.goto(`/${STORE}`)
    await page.waitForLoadState('networkidle')
    const cover = page.getByRole('region', { name: `Portada de ${STORE_NAME}` })
    const page1 = cover.getByRole('button', { name: /^Ir a la página 1 de/ })
    const page2 = cover.getByRole('button', { name: /^Ir a la página 2 de/ })
    // The server's HTML already has the arrows and dots the carousels will have: nothing below
    // them moves when the app starts.
    const footerTop = () =>
      page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top + scrollY)
    // Every section at its real size (those below the screen wait for it otherwise).
    await renderEverySection(page)
    const before = await footerTop()
    await expect(page1).toHaveAttribute('aria-current', 'true')
    await cover.getByRole('button', { name: 'Siguiente' }).tap()
    await expect(page2).toHaveAttribute('aria-current', 'true')
    await expect(page1).not.toHaveAttribute('aria-current')
    // Every product carousel can move (their arrows, for wider screens, loop), a tap on its
    // heading changes nothing, and nothing below it moves either.
    for (const next of await page.locator('button[aria-label$=": siguientes"]').all()) {
      const title = (await next.getAttribute('aria-label'))!.replace(/: siguientes$/, '')
      await page.getByRole('heading', { level: 2, name: title, exact: true }).tap()
      await expect(next).toBeEnabled()
    }
    expect(await footerTop()).toBe(before)
    expect(errors).toEqual([])
  })

  test('a product row swiped as its first use moves (the browser scrolls it)', async ({ page }) => {
    const errors = recordErrors(page)
    await page.goto(`/${STORE}`)
    await page.waitForLoadState('networkidle')
    // The app starts at a first use elsewhere; the row has nothing of its own to start.
    await page.getByRole('heading', { level: 1 }).tap()
    await page.waitForFunction(
      () => (window as { __vitrinaClicks?: unknown }).__vitrinaClicks === null,
    )
    const row = page.locator('[aria-roledescription="carrusel"][aria-label="Productos Destacados"]')
    await row.scrollIntoViewIfNeeded()
    const page1 = row.getByRole('button', { name: /^Ir a la página 1 de/ })
    const page2 = row.getByRole('button', { name: /^Ir a la página 2 de/ })
    await expect(page1).toHaveAttribute('aria-current', 'true')
    const box = (await row.getByRole('group').first().boundingBox())!
    const y = box.y + box.height / 2
    const touch = await page.context().newCDPSession(page)
    const at = (x: number) => [{ x, y }]
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(300) })
    for (let x = 280; x >= 60; x -= 20)
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x) })
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await expect(page2).toHaveAttribute('aria-current', 'true')
    expect(errors).toEqual([])
  })

  test('a tap on the cover’s arrow before the code has arrived moves it once the app starts', async ({
    page,
  }) => {
    const held = await holdScripts(page)
    await page.goto(`/${STORE}`, { waitUntil: 'load' })
    await held.requested
    const cover = page.getByRole('region', { name: `Portada de ${STORE_NAME}` })
    const page2 = cover.getByRole('button', { name: /^Ir a la página 2 de/ })
    await cover.getByRole('button', { name: 'Siguiente' }).tap()
    await page.waitForTimeout(300)
    await expect(page2).not.toHaveAttribute('aria-current')
    held.release()
    await expect(page2).toHaveAttribute('aria-current', 'true')
  })
})
