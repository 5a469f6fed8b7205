/**
 * Every route of SPEC §2.1 at 375 px and 1280 px: axe (WCAG 2 A/AA) finds no serious or critical
 * violation, and a full-page screenshot of each is kept in the test output folder. Public pages
 * run signed out; the owner area and the account pages as a demo owner (logged in once through
 * the form, the state reused); the wizard as a fresh owner without a business.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { createActiveOwner } from './support/accounts'
import { firstProduct, listBusinesses } from './support/demo'
import { demoOwner, signedInState } from './support/session'

const STORE = 'cafe-del-puerto'
const WIDTHS = [375, 1280] as const

interface RouteCase {
  name: string
  /** The address, or how to find it (demo ids are looked up, never hard-coded). */
  path: string | ((page: Page) => Promise<string>)
  /** Something the finished screen shows. */
  ready: (page: Page) => Promise<void>
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
  { name: 'terminos', path: '/terminos', ready: heading(/Términos/) },
  { name: 'privacidad', path: '/privacidad', ready: heading(/Privacidad/i) },
  { name: 'cookies', path: '/cookies', ready: heading(/Cookies/i) },
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
  { name: 'tienda', path: `/${STORE}`, ready: heading('Productos Destacados') },
  {
    name: 'tienda-productos',
    path: `/${STORE}/productos`,
    ready: async (page) => {
      await expect(
        page.getByRole('region', { name: 'Productos' }).locator('article').first(),
      ).toBeVisible()
    },
  },
  {
    name: 'tienda-producto',
    path: demoProductPath,
    ready: heading('Especificaciones'),
  },
  {
    name: 'tienda-no-encontrada',
    path: '/negocio-que-no-existe',
    ready: heading('Negocio no encontrado'),
  },
]

const ownerRoutes: RouteCase[] = [
  // /admin/mi-negocio joins this list when the owner dashboard lands (still a spinner placeholder).
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
          .getByRole('button', { name: 'Actualizar Producto' })
          .or(page.getByRole('button', { name: 'Siguiente' }))
          .first(),
      ).toBeVisible()
    },
  },
]

/** Opens the route at each width, keeps a full-page screenshot and runs axe. */
async function auditAndCapture(page: Page, route: RouteCase, testInfo: TestInfo) {
  const target = typeof route.path === 'string' ? route.path : await route.path(page)
  const problems: unknown[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 640 ? 812 : 900 })
    await page.goto(target)
    await route.ready(page)
    await page.screenshot({
      path: testInfo.outputPath(`${route.name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    })
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    for (const v of violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue
      problems.push({
        width,
        id: v.id,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
      })
    }
  }
  expect(problems, `${target}: serious or critical axe violations`).toEqual([])
}

test.describe('signed out', () => {
  for (const route of publicRoutes) {
    test(route.name, async ({ page }, testInfo) => {
      await auditAndCapture(page, route, testInfo)
    })
  }
})

test.describe('signed in as a demo owner', () => {
  let state: Awaited<ReturnType<typeof signedInState>>
  test.beforeAll(async ({ browser, baseURL }) => {
    state = await signedInState(browser, baseURL as string, demoOwner('cafe'))
  })

  for (const route of ownerRoutes) {
    test(route.name, async ({ browser, baseURL }, testInfo) => {
      const context = await browser.newContext({ baseURL, storageState: state, locale: 'es-UY' })
      try {
        const page = await context.newPage()
        // Tokens live in localStorage: open the origin before an address that reads them.
        await page.goto('/')
        await auditAndCapture(page, route, testInfo)
      } finally {
        await context.close()
      }
    })
  }
})

test('business wizard (a new owner) at both widths', async ({ page, request }, testInfo) => {
  const owner = await createActiveOwner(page, request)
  await page.goto('/auth/login')
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(owner.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(owner.password)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(page).toHaveURL(/\/$/)
  await auditAndCapture(
    page,
    { name: 'nuevo-negocio', path: '/plataforma/nuevo', ready: heading('Información Básica') },
    testInfo,
  )
})
