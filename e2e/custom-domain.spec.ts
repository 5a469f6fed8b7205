/**
 * Issue 46 §1: a demo owner opens «Dominio propio» from the menu, is refused the platform's own
 * host in Spanish, saves a domain and reads the DNS records to create (CNAME and TXT) and its
 * pending state; the page passes axe on a phone and a desktop (screenshots kept with VITRINA_E2E_SHOTS).
 * The HTTPS journey through Caddy, the storefront at the domain's root: e2e/custom-domain-https.spec.ts
 * (and apps/api/test/domains-caddy.test.ts).
 */
import { expectAccessibleScreens } from './support/screens'
import { demoOwner, signedInState } from './support/session'
import { expect, test } from './support/test'

test('the owner connects a domain and reads the DNS records to create', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000)
  const state = await signedInState(browser, baseURL as string, demoOwner('mascotas'))
  const owner = await browser.newContext({ baseURL, storageState: state })
  try {
    const page = await owner.newPage()
    await page.goto('/admin/mi-negocio')
    await page.getByRole('button', { name: /Sofía/ }).click()
    await page.getByRole('menuitem', { name: 'Dominio propio' }).click()
    await expect(page).toHaveURL(/\/admin\/dominio$/)
    await expect(page.getByRole('heading', { name: 'Dominio propio', level: 1 })).toBeVisible()

    const field = page.getByLabel('Tu dominio')
    await field.fill('127.0.0.1')
    await page.getByRole('button', { name: 'Guardar dominio' }).click()
    await expect(page.getByRole('alert')).toContainText('Ese dominio no es válido')

    await field.fill('Tienda.Huellitas.com.uy')
    await page.getByRole('button', { name: 'Guardar dominio' }).click()
    const records = page.getByRole('region', { name: 'Registros DNS para crear' })
    await expect(records.getByRole('row')).toHaveCount(3)
    await expect(records.getByRole('cell', { name: 'CNAME' })).toBeVisible()
    await expect(
      records.getByRole('cell', { name: '_vitrina.tienda.huellitas.com.uy' }),
    ).toBeVisible()
    await expect(page.getByText('Estado: Pendiente')).toBeVisible()
    await expect(page.getByText('Guardamos tu dominio')).toBeHidden({ timeout: 15_000 })

    await expectAccessibleScreens(page, testInfo, { name: 'custom-domain' })
  } finally {
    await owner.close()
  }
})
