/**
 * Issue 27 §4: a storefront installs as an app and opens offline. Chromium's own installability
 * check (CDP `Page.getInstallabilityErrors`, the one Lighthouse reads) finds nothing missing; the
 * service worker controls the storefront once registered (after load, when idle); a page seen
 * once opens again without network, with the 'Sin conexión' notice, and a page never seen shows
 * the worker's 'Sin conexión' page.
 */
import { STOREFRONT_APP_TEXTS } from '@vitrina/contracts'
import { expect, test } from './support/test'
import { listBusinesses } from './support/demo'

interface Manifest {
  name: string
  short_name: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  icons: { src: string; sizes: string; type: string; purpose: string }[]
}

test('a storefront is installable and opens offline with "Sin conexión"', async ({
  page,
  context,
  request,
}) => {
  const business = (await listBusinesses(request)).find((b) => b.logo)
  expect(business, 'the demo data has a business with a logo').toBeDefined()
  if (!business) return
  const home = `/${business.identifier}`

  await page.goto(home)
  // The manifest is linked and valid: name, icons of 192 and 512 px, start_url within scope.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe(`${home}/manifest.webmanifest`)
  const reply = await request.get(href!)
  expect(reply.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await reply.json()) as Manifest
  expect(manifest).toMatchObject({
    name: business.name,
    start_url: home,
    scope: home,
    display: 'standalone',
  })
  expect(manifest.short_name.length).toBeGreaterThan(0)
  const sizes = manifest.icons.map((icon) => icon.sizes)
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src)
    expect(png.status(), icon.src).toBe(200)
    expect(png.headers()['content-type']).toBe('image/png')
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
    'content',
    manifest.theme_color,
  )

  // The worker comes after load, when idle, and takes the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
  const cdp = await context.newCDPSession(page)
  const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
  expect(parsed.url).toContain(`${home}/manifest.webmanifest`)
  expect(parsed.errors).toEqual([])
  // A CDP session left attached undoes the offline emulation at the next navigation.
  await cdp.detach()
  // (Chromium's installability check itself runs in a profile of its own, below: Playwright's
  // contexts are incognito, which that check refuses as such.)

  // The page the visitor is on was kept (it loaded before the worker existed).
  await expect
    .poll(() => page.evaluate(async () => (await caches.match(location.href)) !== undefined), {
      timeout: 20_000,
    })
    .toBe(true)

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await expect(
      page.getByRole('status').filter({ hasText: STOREFRONT_APP_TEXTS.offline }),
    ).toBeVisible()
    // A page never seen: the worker's own page, in Spanish, with a way back.
    await page.goto(`${home}/productos?pagina-nunca-vista=1`)
    await expect(
      page.getByRole('heading', { level: 1, name: STOREFRONT_APP_TEXTS.offline }),
    ).toBeVisible()
    await expect(
      page.getByRole('link', { name: STOREFRONT_APP_TEXTS.offlineHome }),
    ).toHaveAttribute('href', home)
  } finally {
    await context.setOffline(false)
  }
  // Back online: the notice goes.
  await page.goto(home)
  await expect(page.getByText(STOREFRONT_APP_TEXTS.offlineDescription)).toHaveCount(0)
})

test("Chromium's installability check finds nothing missing", async ({
  playwright,
  launchOptions,
  baseURL,
  request,
}, testInfo) => {
  const business = (await listBusinesses(request)).find((b) => b.logo)
  if (!business) throw new Error('the demo data has no business with a logo')
  // A real profile (not incognito), as an installed app would have.
  const context = await playwright.chromium.launchPersistentContext(
    testInfo.outputPath('profile'),
    {
      ...launchOptions,
      baseURL,
    },
  )
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`/${business.identifier}`)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    })
    const cdp = await context.newCDPSession(page)
    // The check Lighthouse's installability audit reads: manifest (name, icons of 144 px or
    // more, start_url, display), a service worker with a fetch handler, a secure origin.
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
            .installabilityErrors,
        { timeout: 20_000 },
      )
      .toEqual([])
  } finally {
    await context.close()
  }
})

test('the platform pages link no manifest and register no worker', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0)
  await page.waitForLoadState('load')
  await page.waitForTimeout(1500)
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
  ).toBe(0)
})
