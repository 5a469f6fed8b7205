/**
 * Every route of SPEC §2.1 at 375 px and 1280 px: axe (WCAG 2 A/AA) finds no serious or critical
 * violation, and with VITRINA_E2E_SHOTS a screenshot of each is kept in the test output folder
 * (full page, except the long legal texts, which keep the first screen). Public pages run signed out; the owner area and
 * the account pages as a demo owner (logged in once through the form, the state reused); the
 * wizard as a fresh owner without a business.
 *
 * Speed: one test per group walks its routes with one page per width in one context (assets
 * cached, the two widths' waits overlapping), each route loaded once per width and audited as
 * soon as a specific element shows; axe runs in the page (legacy mode: no helper tab per run, our
 * pages have no frames) and collects violations only; screenshots are JPEG. The groups share
 * nothing, so they may also run in parallel workers. A route's violations are reported under its
 * name and width (soft assertions), so one bad page does not hide the others. Set
 * VITRINA_E2E_TIMINGS=1 to print load/screenshot/axe milliseconds per route (always attached).
 */
import { expect, test, type BrowserContext, type Page, type TestInfo } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { firstProduct, listBusinesses } from './support/demo'
import { demoOwner, signedInState } from './support/session'
import { axeViolations, isSerious, keepScreenshot, wcagAA } from './support/screens'
import { scrollThroughCarousels } from './support/storefront'

const STORE = 'cafe-del-puerto'
const WIDTHS = [375, 1280] as const
type Width = (typeof WIDTHS)[number]

interface RouteCase {
  name: string
  /** The address, or how to find it (demo ids are looked up, never hard-coded). */
  path: string | ((page: Page) => Promise<string>)
  /** Something the finished screen shows. */
  ready: (page: Page) => Promise<void>
  /** Long texts: the screenshot keeps the first screen only. */
  long?: boolean
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible()
}

async function demoProductPath(page: Page): Promise<string> {
  const business = (await listBusinesses(page.request)).find((b) => b.identifier === STORE)
  if (!business) throw new Error(`demo business ${STORE} missing`)
  const product = await firstProduct(page.request, business._id)
  return `/${STORE}/productos/${product._id}`
}

async function ownProductEditPath(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'))
  const res = await page.request.get('/api/businesses/user/me', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.ok()).toBe(true)
  const { _id } = (await res.json()) as { _id: string }
  const product = await firstProduct(page.request, _id)
  return `/admin/producto/editar/${product._id}`
}

const publicRoutes: RouteCase[] = [
  { name: 'inicio', path: '/', ready: heading('Negocios destacados') },
  { name: 'negocios', path: '/plataforma/negocios', ready: heading('Negocios') },
  { name: 'planes', path: '/plataforma/planes', ready: heading('Planes de Suscripción') },
  { name: 'contacto', path: '/plataforma/contacto', ready: heading('Contáctanos') },
  { name: 'terminos', path: '/terminos', ready: heading(/Términos/), long: true },
  { name: 'privacidad', path: '/privacidad', ready: heading(/Privacidad/i), long: true },
  { name: 'cookies', path: '/cookies', ready: heading(/Cookies/i), long: true },
  { name: 'login', path: '/auth/login', ready: heading('Bienvenido') },
  { name: 'registro', path: '/auth/register', ready: heading('Crear cuenta') },
  {
    name: 'activar-notificacion',
    path: '/auth/activar-notificacion',
    ready: async (page) => {
      await expect(
        page.getByRole('link', { name: /inicio de sesión|Iniciar sesión/i }).first(),
      ).toBeVisible()
    },
  },
  {
    name: 'activar-error',
    path: '/auth/activar/token-que-no-existe',
    ready: heading('Error de activación'),
  },
  // Its carousels scrolled into view, as a shopper sees them.
  { name: 'tienda', path: `/${STORE}`, ready: scrollThroughCarousels },
  {
    name: 'tienda-productos',
    path: `/${STORE}/productos`,
    ready: async (page) => {
      await expect(
        page.getByRole('region', { name: 'Productos' }).locator('article').first(),
      ).toBeVisible()
    },
  },
  { name: 'tienda-producto', path: demoProductPath, ready: heading('Especificaciones') },
  {
    name: 'tienda-no-encontrada',
    path: '/negocio-que-no-existe',
    ready: heading('Negocio no encontrado'),
  },
]

const ownerRoutes: RouteCase[] = [
  {
    name: 'mi-negocio',
    path: '/admin/mi-negocio',
    ready: async (page) => {
      await expect(page.getByText(/\d+ productos? en total/)).toBeVisible()
      await expect(page.getByRole('article').first()).toBeVisible()
    },
  },
  { name: 'dashboard', path: '/plataforma/dashboard', ready: heading(/.+/) },
  { name: 'perfil', path: '/perfil', ready: heading(/.+/) },
  { name: 'favoritos', path: '/favoritos', ready: heading(/favoritos/i) },
  {
    name: 'editar-negocio',
    path: `/admin/mi-negocio/editar/${STORE}`,
    ready: heading('Información Básica'),
  },
  { name: 'nuevo-producto', path: '/admin/nuevo-producto', ready: heading('Crear Nuevo Producto') },
  {
    name: 'editar-producto',
    path: ownProductEditPath,
    ready: async (page) => {
      await expect(
        page
          .getByRole('button', { name: 'Actualizar producto' })
          .or(page.getByRole('button', { name: 'Siguiente' }))
          .first(),
      ).toBeVisible()
    },
  },
]

const wizardRoute: RouteCase = {
  name: 'nuevo-negocio',
  path: '/plataforma/nuevo',
  ready: heading('Información Básica'),
}

/**
 * Opens each route at `width` in `page`, keeps a screenshot and runs axe; a route with serious or
 * critical violations fails softly under its own name; the timings (ms) are attached.
 */
async function auditRoutes(page: Page, routes: RouteCase[], width: Width, testInfo: TestInfo) {
  await page.setViewportSize({ width, height: width < 640 ? 812 : 900 })
  const timings: string[] = []
  for (const route of routes) {
    await test.step(`${route.name} at ${width} px`, async () => {
      const started = Date.now()
      const target = typeof route.path === 'string' ? route.path : await route.path(page)
      await page.goto(target, { waitUntil: 'domcontentloaded' })
      await route.ready(page)
      const loaded = Date.now()
      await keepScreenshot(page, testInfo, `${route.name}-${width}.jpg`, {
        quality: 80,
        fullPage: !route.long,
      })
      const shot = Date.now()
      const serious = (await axeViolations(page, wcagAA)).filter(isSerious).map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
      }))
      expect
        .soft(serious, `${target} at ${width} px: serious or critical axe violations`)
        .toEqual([])
      timings.push(
        `${route.name}: load ${loaded - started}, screenshot ${shot - loaded}, axe ${Date.now() - shot}`,
      )
    })
  }
  const body = timings.join('\n')
  await testInfo.attach(`timings-${width}`, { body, contentType: 'text/plain' })
  if (process.env.VITRINA_E2E_TIMINGS) console.log(`${testInfo.title} at ${width} px\n${body}`)
}

/** Both widths at once, one page each in `context`: one width's waits overlap the other's work. */
async function auditAtBothWidths(context: BrowserContext, routes: RouteCase[], testInfo: TestInfo) {
  const pages = await Promise.all(WIDTHS.map(() => context.newPage()))
  await Promise.all(WIDTHS.map((width, i) => auditRoutes(pages[i]!, routes, width, testInfo)))
}

// Groups share nothing: with more than one worker they run side by side.
test.describe.configure({ mode: 'parallel' })

test('signed out', async ({ context }, testInfo) => {
  test.setTimeout(120_000)
  await auditAtBothWidths(context, publicRoutes, testInfo)
})

test('signed in as a demo owner', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(90_000)
  const state = await signedInState(browser, baseURL as string, demoOwner('cafe'))
  const context = await browser.newContext({ baseURL, storageState: state, locale: 'es-UY' })
  try {
    await auditAtBothWidths(context, ownerRoutes, testInfo)
  } finally {
    await context.close()
  }
})

test('business wizard (a new owner)', async ({ page, context, request }, testInfo) => {
  await signIn(page, await createActiveOwner(page, request))
  await auditAtBothWidths(context, [wizardRoute], testInfo)
})
