/**
 * Issue 25: a product with sizes, end to end. A new owner creates a sweater through the product
 * form's 'Variantes' tab (Talle S / M / L, stock kept, S sold out); the storefront shows S
 * disabled, 'Añadir al carrito' waits for a size; the shopper picks M, the cart names the line
 * 'Buzo canguro (M)', and the order is placed with that variant.
 */
import { VARIANT_MESSAGES as T } from '@vitrina/contracts'
import { expect, test, type Page } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { imageFolder, pngFile } from './support/images'
import { createBusinessViaApi } from './support/owner-api'

const next = (page: Page) => page.getByRole('button', { name: 'Siguiente' }).click()

test('an owner sells a sweater in S, M and L; a shopper orders an M', async ({ page, request }) => {
  test.setTimeout(120_000)
  const folder = await imageFolder()
  const image = await pngFile(folder, 'buzo', { width: 480, height: 480, color: '#1d4ed8' })
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const suffix = owner.email.split('@')[0]!.replace(/[^a-z0-9]/g, '')
  const business = await createBusinessViaApi(request, token, {
    name: `Talles ${suffix}`,
    identifier: `talles-${suffix}`,
    categories: [{ name: 'Ropa', subCategories: [] }],
  })

  // The product form: basic data, image, category, then the 'Variantes' tab.
  await page.goto('/admin/nuevo-producto')
  await page.getByRole('textbox', { name: /Nombre del producto/ }).fill('Buzo canguro')
  await page.getByRole('textbox', { name: /Descripción corta/ }).fill('Algodón, con capucha.')
  await page.getByRole('textbox', { name: /^Precio/ }).fill('1200')
  await next(page)
  await page
    .getByLabel('Imagen principal', { exact: true })
    .and(page.locator('input[type=file]'))
    .setInputFiles(image)
  await expect(page.getByRole('img', { name: 'Imagen principal' })).toBeVisible()
  await next(page)
  await page.getByRole('combobox', { name: 'Categoría', exact: true }).click()
  await page.getByRole('option', { name: 'Ropa', exact: true }).click()
  await page.getByRole('button', { name: 'Variantes' }).click()
  await expect(page.getByRole('tab', { name: 'Variantes' })).toHaveAttribute(
    'aria-selected',
    'true',
  )

  await page.getByRole('button', { name: T.addOption }).click()
  await page.getByLabel(T.optionName).fill('Talle')
  const values = page.getByLabel(T.optionValues, { exact: true })
  for (const size of ['S', 'M', 'L']) await values.fill(size).then(() => values.press('Enter'))
  await expect(page.getByRole('heading', { name: T.combinationsTitle(3) })).toBeVisible()
  await page.getByRole('switch', { name: T.trackStock }).click()
  await page.getByRole('textbox', { name: T.applyStockToAll }).fill('4')
  await page.getByRole('button', { name: `${T.applyToAll}: ${T.applyStockToAll}` }).click()
  await page.getByRole('textbox', { name: `${T.variantStock} de S` }).fill('0')
  await page.getByRole('textbox', { name: `${T.variantPrice} de L` }).fill('1350')
  await page.getByRole('button', { name: 'Guardar producto' }).click()
  await expect(page).toHaveURL(/\/admin\/mi-negocio$/)
  await expect(page.getByText(`${T.productStock}: ${T.stockUnits(8)}`)).toBeVisible()

  // The storefront: 'desde', S disabled, a size needed before the cart.
  await page.goto(`/${business.identifier}/productos`)
  const card = page.getByRole('article').filter({ hasText: 'Buzo canguro' })
  await expect(card.getByText(T.priceFrom)).toBeVisible()
  await card.getByRole('link', { name: 'Buzo canguro' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Buzo canguro' })).toBeVisible()
  const sizes = page.getByRole('group', { name: /^Talle/ })
  await expect(sizes.getByRole('button', { name: /^S/ })).toBeDisabled()
  const add = page.getByRole('button', { name: 'Añadir al carrito' })
  await expect(add).toBeDisabled()
  await expect(page.getByTestId('disponibilidad')).toHaveText(T.chooseOptions)
  await sizes.getByRole('button', { name: /^L/ }).click()
  await expect(page.getByText('$ 1.350,00').first()).toBeVisible()
  await sizes.getByRole('button', { name: /^M/ }).click()
  await expect(page.getByText('$ 1.200,00').first()).toBeVisible()
  await add.click()

  // The cart names the variant; the order goes through with it.
  await page
    .context()
    .route(/^https:\/\/wa\.me\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    )
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Carrito:/ })
    .first()
    .click()
  const drawer = page.getByRole('dialog', { name: 'Tu carrito' })
  await expect(drawer.getByRole('link', { name: 'Buzo canguro (M)' })).toBeVisible()
  await drawer.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click()
  const checkout = page.getByRole('dialog', { name: 'Enviar pedido por WhatsApp' })
  const form = checkout.getByRole('form', { name: 'Tus datos' })
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Lucía Pérez')
  await form.getByRole('textbox', { name: 'Teléfono' }).fill('099 555 123')
  const popup = page.waitForEvent('popup')
  await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
  const whatsapp = await popup
  await whatsapp.waitForURL(/^https:\/\/wa\.me\//)
  expect(new URL(whatsapp.url()).searchParams.get('text')).toContain('1 × Buzo canguro (M)')
  await whatsapp.close()
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido P-/ })).toBeVisible()
  await expect(page.getByText('Buzo canguro (M)', { exact: true })).toBeVisible()
})
