/**
 * Journey (issue 23 §2): an owner at the free plan's 20 products is shown the limit before any
 * work, asks for the Plan Premium (Pago pendiente), the demo operator confirms the payment in
 * /operador/pagos, and the owner adds the 21st product through the form.
 */
import { LIMITS, PLAN_TEXTS, PRODUCT_MESSAGES, ADMIN_MESSAGES } from '@vitrina/contracts'
import { expect, test } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { imageFolder, pngFile } from './support/images'
import { createBusinessViaApi, createProductViaApi } from './support/owner-api'
import { DEMO_OPERATOR } from './support/session'

test('an owner at 20/20 upgrades, an operator confirms, the 21st product is accepted', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const folder = await imageFolder()
  const image = await pngFile(folder, 'relleno', { width: 320, height: 320, color: '#888888' })

  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const identifier = `premium-${Date.now().toString(36)}`
  const business = await createBusinessViaApi(request, token, {
    name: `Tienda Premium ${identifier}`,
    identifier,
  })
  const limit = LIMITS.freePlanProductLimit
  for (let i = 0; i < limit; i++) {
    await createProductViaApi(request, token, {
      businessId: business._id,
      name: `Producto ${i + 1}`,
      price: 100 + i,
      category: 'General',
      image,
    })
  }

  // 20 of 20: 'Agregar producto' shows the limit and the upgrade, not an empty form.
  await page.goto('/admin/mi-negocio')
  await expect(page.getByTestId('uso-del-plan')).toHaveText(PLAN_TEXTS.usage(limit, limit))
  await page.getByRole('button', { name: 'Agregar producto' }).click()
  const dialog = page.getByRole('dialog', { name: PLAN_TEXTS.upgradeTitle })
  await expect(dialog.getByText(PRODUCT_MESSAGES.planLimitReached)).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/mi-negocio$/)
  await dialog.getByRole('radio', { name: '3 meses' }).check()
  await expect(dialog.getByText(/Total/)).toContainText('$ 600 / US$ 15')
  await dialog.getByRole('button', { name: PLAN_TEXTS.submit }).click()
  await expect(dialog).toBeHidden()
  const panel = page.getByTestId('plan-del-negocio')
  await expect(panel.getByText(PLAN_TEXTS.pending)).toBeVisible()

  // The demo operator confirms the payment in the console.
  const operatorContext = await browser.newContext({ baseURL })
  try {
    const console_ = await operatorContext.newPage()
    await signIn(console_, DEMO_OPERATOR)
    await console_.goto('/operador/pagos')
    const request_ = console_.getByRole('article', { name: business.name })
    await expect(request_).toContainText('$ 600 / US$ 15')
    await request_.getByRole('button', { name: PLAN_TEXTS.confirm }).click()
    await request_.getByLabel(/Referencia del pago/).fill('BROU 998877')
    await request_.getByRole('button', { name: PLAN_TEXTS.confirm }).click()
    await expect(console_.getByRole('article', { name: business.name })).toHaveCount(0)
  } finally {
    await operatorContext.close()
  }

  // The owner is Premium now: the form opens and the 21st product is accepted.
  await page.reload()
  await expect(panel.getByText(PLAN_TEXTS.unlimited)).toBeVisible()
  await expect(panel.getByText(/Activo hasta el/)).toBeVisible()
  await page.getByRole('link', { name: 'Agregar producto' }).first().click()
  await expect(page.getByRole('heading', { name: 'Crear Nuevo Producto' })).toBeVisible()
  await page.getByRole('textbox', { name: /Nombre del producto/ }).fill('Producto veintiuno')
  await page.getByRole('textbox', { name: /Descripción corta/ }).fill('El primero de Premium.')
  await page.getByRole('textbox', { name: /^Precio/ }).fill('990')
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page
    .getByLabel('Imagen principal', { exact: true })
    .and(page.locator('input[type=file]'))
    .setInputFiles(image)
  await expect(page.getByRole('img', { name: 'Imagen principal' })).toBeVisible()
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page.getByRole('combobox', { name: 'Categoría', exact: true }).click()
  await page.getByRole('option', { name: 'General', exact: true }).click()
  await page.getByRole('button', { name: 'Guardar producto' }).click()
  await expect(page).toHaveURL(/\/admin\/mi-negocio$/)
  await expect(page.getByText(ADMIN_MESSAGES.productCreated).first()).toBeVisible()
  await expect(page.getByText(`${limit + 1} productos en total`)).toBeVisible()
})
