/**
 * Issue 23 §3 — the operator console: the demo operator suspends a demo storefront with a reason,
 * visitors see 'Negocio no disponible', its owner reads the reason on the dashboard, the operator
 * lifts it and the storefront is back. Then every console screen at 375 and 1280 px: axe finds no
 * serious or critical violation.
 */
import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import { signIn } from './support/accounts'
import {
  axeViolations,
  isSerious,
  keepScreenshot,
  screenshotScreens,
  wcagAA,
} from './support/screens'
import { DEMO_OPERATOR, demoOwner } from './support/session'
import { expect, test, type Page } from './support/test'

// No other journey reads this demo storefront, so suspending it for a moment disturbs none.
const STORE = 'libreria-rayuela'
const STORE_NAME = 'Librería Rayuela'
const REASON = 'Publicaciones que infringen derechos de autor'

async function expectAxeClean(page: Page, what: string) {
  // A toast fading in is measured at part opacity (a false contrast failure): wait until shown.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
          (toast) => getComputedStyle(toast).opacity === '1',
        ),
      ),
    )
    .toBe(true)
  const serious = (await axeViolations(page, wcagAA))
    .filter(isSerious)
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
  expect(serious, `${what}: serious or critical axe violations`).toEqual([])
}

test('an operator suspends a storefront with a reason, the owner reads it, and it comes back', async ({
  browser,
  baseURL,
}, testInfo) => {
  const operatorContext = await browser.newContext({ baseURL })
  const visitorContext = await browser.newContext({ baseURL })
  const ownerContext = await browser.newContext({ baseURL })
  try {
    const operator = await operatorContext.newPage()
    await signIn(operator, DEMO_OPERATOR)
    // The header says who is signed in as an operator, and leads to the console.
    await operator.goto('/')
    await expect(operator.getByRole('button', { name: /Menú de/ })).toContainText(M.roleLabel)
    await operator.goto('/operador')
    await expect(operator).toHaveURL(/\/operador\/negocios$/)
    await operator.getByRole('searchbox', { name: M.searchLabel, exact: true }).fill('rayuela')
    await operator.getByRole('button', { name: M.searchLabel, exact: true }).click()
    await operator.getByRole('link', { name: STORE_NAME }).click()
    await expect(operator.getByRole('heading', { name: STORE_NAME })).toBeVisible()
    await expectAxeClean(operator, 'business detail')

    await operator.getByRole('textbox', { name: /Motivo/ }).fill(REASON)
    await operator.getByRole('button', { name: M.suspendSubmit }).click()
    await expect(operator.getByRole('button', { name: M.unsuspendSubmit })).toBeVisible()
    await expect(operator.getByText(REASON).first()).toBeVisible()
    // (Once the confirmation toast is gone: axe would catch it mid-animation.)
    await expect(operator.locator('[data-sonner-toast]')).toHaveCount(0)
    await expectAxeClean(operator, 'business detail while suspended')
    await screenshotScreens(operator, testInfo, 'negocio-suspendido')

    // A visitor: the storefront (server-rendered and in the browser) says it is not available.
    const visitor = await visitorContext.newPage()
    await visitor.goto(`/${STORE}`)
    await expect(visitor.getByRole('heading', { name: M.businessUnavailable })).toBeVisible()
    await expectAxeClean(visitor, 'suspended storefront')
    await screenshotScreens(visitor, testInfo, 'tienda-suspendida')
    expect((await visitor.request.get(`/api/businesses/${STORE}/identifier`)).status()).toBe(404)

    // The owner still has the dashboard, with the reason.
    const owner = await ownerContext.newPage()
    await signIn(owner, demoOwner('libros'))
    await owner.goto('/admin/mi-negocio')
    const notice = owner.getByRole('alert').filter({ hasText: M.ownerSuspendedTitle })
    await expect(notice).toContainText(REASON)
    await expect(owner.getByRole('heading', { name: STORE_NAME })).toBeVisible()
    await expectAxeClean(owner, 'owner dashboard while suspended')
    await screenshotScreens(owner, testInfo, 'panel-suspendido')
    await owner.goto('/plataforma/dashboard')
    await expect(owner.getByRole('alert').filter({ hasText: REASON })).toBeVisible()
    await expectAxeClean(owner, 'owner summary while suspended')
    await owner.goto('/admin/mi-negocio')

    // The operator lifts it; the storefront is back and the owner's notice gone.
    await operator.getByRole('button', { name: M.unsuspendSubmit }).click()
    await expect(operator.getByRole('button', { name: M.suspendSubmit })).toBeVisible()
    await expect(operator.getByRole('region', { name: M.historyTitle })).toContainText(
      'Levantó una suspensión',
    )
    await visitor.goto(`/${STORE}`)
    await expect(visitor.getByRole('heading', { level: 1, name: STORE_NAME })).toBeVisible()
    await owner.reload()
    await expect(owner.getByRole('heading', { name: STORE_NAME })).toBeVisible()
    await expect(owner.getByText(M.ownerSuspendedTitle)).toHaveCount(0)
  } finally {
    await Promise.all([operatorContext.close(), visitorContext.close(), ownerContext.close()])
  }
})

test('every console screen at 375 and 1280 px: readable and axe clean', async ({
  browser,
  baseURL,
}, testInfo) => {
  // Twelve screens, each with axe (and a full-page screenshot with VITRINA_E2E_SHOTS): over a
  // minute on a busy machine.
  test.setTimeout(150_000)
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await signIn(page, DEMO_OPERATOR)
    const screens = [
      { name: 'negocios', path: '/operador/negocios', heading: M.businessesTitle },
      { name: 'destacados', path: '/operador/destacados', heading: M.featuredTitle },
      { name: 'mensajes', path: '/operador/mensajes', heading: M.messagesTitle },
      { name: 'correos', path: '/operador/correos', heading: M.mailTitle },
      { name: 'auditoria', path: '/operador/auditoria', heading: M.auditTitle },
    ]
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      for (const screen of screens) {
        await page.goto(screen.path)
        await expect(page.getByRole('heading', { level: 2, name: screen.heading })).toBeVisible()
        await expect(page.getByText('Cargando…')).toHaveCount(0)
        await keepScreenshot(page, testInfo, `${screen.name}-${width}.png`, { fullPage: true })
        await expectAxeClean(page, `${screen.path} at ${width} px`)
      }
      await page.goto('/operador/negocios')
      await page.getByRole('link', { name: STORE_NAME }).click()
      await expect(page.getByRole('heading', { name: STORE_NAME })).toBeVisible()
      await keepScreenshot(page, testInfo, `negocio-${width}.png`, { fullPage: true })
      await expectAxeClean(page, `business detail at ${width} px`)
    }
  } finally {
    await context.close()
  }
})
