/**
 * Issue 27 §2, end to end: an owner selects two products in the dashboard, raises their prices
 * by 10 % in one bulk edit and sees the new prices on the storefront; then chooses the manual
 * order, moves a product to the front by keyboard drag (dnd-kit) and the storefront follows.
 * Issue 25 §2: a product hidden from the toolbar stays in the dashboard, marked 'Oculto' and
 * found with the 'Visibilidad' filter, and is shown again from its card.
 */
import {
  BULK_MESSAGES as T,
  PLAN_MESSAGES,
  PLAN_TEXTS,
  PRODUCT_VISIBILITY_TEXTS as VISIBILITY,
  VARIANT_MESSAGES as VARIANTS,
} from '@vitrina/contracts'
import { expect, test, type Page } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { imageFolder, pngFile } from './support/images'
import { createBusinessViaApi, createProductViaApi } from './support/owner-api'
import { keepScreenshot, screenshotScreens } from './support/screens'

const storefrontNames = async (page: Page, identifier: string) => {
  await page.goto(`/${identifier}/productos`)
  const headings = page.getByRole('article').getByRole('heading')
  await expect(headings.first()).toBeVisible()
  return headings.allTextContents()
}

/** The products section at a phone's and a desktop's width (kept with VITRINA_E2E_SHOTS). */
const shoot = (page: Page, name: string) =>
  screenshotScreens(page.locator('section[aria-labelledby="productos"]'), test.info(), name)

test('an owner raises two prices by 10 % and orders the storefront by hand', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const folder = await imageFolder()
  const image = await pngFile(folder, 'bulk', { width: 320, height: 320, color: '#0f766e' })
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const suffix = owner.email.split('@')[0]!.replace(/[^a-z0-9]/g, '')
  const business = await createBusinessViaApi(request, token, {
    name: `Masivo ${suffix}`,
    identifier: `masivo-${suffix}`,
    categories: [{ name: 'Hogar', subCategories: [] }],
  })
  for (const [name, price] of [
    ['Taza azul', 100],
    ['Plato hondo', 200],
    ['Jarra grande', 300],
  ] as const) {
    await createProductViaApi(request, token, {
      businessId: business._id,
      name,
      price,
      category: 'Hogar',
      image,
    })
  }

  // Select two products and raise their prices by 10 %.
  await page.goto('/admin/mi-negocio')
  await page.getByRole('checkbox', { name: T.selectProduct('Taza azul') }).check()
  await page.getByRole('checkbox', { name: T.selectProduct('Plato hondo') }).check()
  const toolbar = page.getByRole('toolbar', { name: T.toolbarLabel })
  await expect(toolbar.getByText(T.selected(2))).toBeVisible()
  await shoot(page, 'toolbar')
  // Two rows on a phone (the count, then six icon-over-word buttons); one on a desktop.
  await page.setViewportSize({ width: 375, height: 900 })
  expect((await toolbar.boundingBox())!.height).toBeLessThan(120)
  await page.setViewportSize({ width: 1280, height: 900 })
  expect((await toolbar.boundingBox())!.height).toBeLessThan(80)
  await toolbar.getByRole('button', { name: T.changePrice }).click()
  const dialog = page.getByRole('dialog', { name: T.priceDialogTitle })
  await dialog.getByLabel(T.priceValue).fill('10')
  await keepScreenshot(page, test.info(), 'price-dialog-1280.png')
  await dialog.getByRole('button', { name: T.apply }).click()
  await expect(page.getByText(T.done(2))).toBeVisible()

  await page.goto(`/${business.identifier}/productos`)
  const card = (name: string) => page.getByRole('article').filter({ hasText: name })
  await expect(card('Taza azul').getByText('$ 110,00')).toBeVisible()
  await expect(card('Plato hondo').getByText('$ 220,00')).toBeVisible()
  await expect(card('Jarra grande').getByText('$ 300,00')).toBeVisible()
  expect(await storefrontNames(page, business.identifier)).toEqual([
    'Jarra grande',
    'Plato hondo',
    'Taza azul',
  ])

  // Hidden from the toolbar: still in the dashboard (marked), off the storefront.
  await page.goto('/admin/mi-negocio')
  await page.getByRole('checkbox', { name: T.selectProduct('Jarra grande') }).check()
  await toolbar.getByRole('button', { name: T.hide }).click()
  await expect(page.getByText(T.done(1))).toBeVisible()
  const jarra = page.getByRole('article').filter({ hasText: 'Jarra grande' })
  await expect(jarra.getByText(VARIANTS.hiddenBadge)).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(3)
  expect(await storefrontNames(page, business.identifier)).toEqual(['Plato hondo', 'Taza azul'])
  // Found with the filter, and shown again from its card.
  await page.goto('/admin/mi-negocio')
  await page.getByRole('combobox', { name: VISIBILITY.filterLabel }).click()
  await page.getByRole('option', { name: VISIBILITY.hidden }).click()
  await expect(page).toHaveURL(/estado=ocultos/)
  await expect(page.getByRole('article')).toHaveCount(1)
  await page.getByRole('button', { name: PLAN_TEXTS.showProduct('Jarra grande') }).click()
  await expect(page.getByText(PLAN_MESSAGES.productShown)).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)

  // The manual order, and 'Taza azul' (last) moved to the front with the keyboard.
  await page.goto('/admin/mi-negocio')
  await page.getByRole('combobox', { name: T.orderLabel }).selectOption({ label: T.orderManual })
  await expect(page.getByText(T.orderHint)).toBeVisible()
  const handle = page.getByRole('button', { name: T.dragHandle('Taza azul') })
  await handle.focus()
  await page.keyboard.press('Space')
  await expect(handle).toHaveAttribute('aria-pressed', 'true')
  // Each step is announced in Spanish (dnd-kit's live region) before the next key.
  const live = page.locator('[aria-live="assertive"]')
  await expect(live).toContainText(T.dragStart('Taza azul', 3, 3))
  await page.keyboard.press('ArrowLeft')
  await expect(live).toContainText(T.dragOver('Taza azul', 2, 3))
  await page.keyboard.press('ArrowLeft')
  await expect(live).toContainText(T.dragOver('Taza azul', 1, 3))
  await page.keyboard.press('Space')
  await expect(live).toContainText(T.dragEnd('Taza azul', 1, 3))
  await expect(page.getByText(T.orderSaved).first()).toBeVisible()
  await shoot(page, 'manual')

  expect(await storefrontNames(page, business.identifier)).toEqual([
    'Taza azul',
    'Jarra grande',
    'Plato hondo',
  ])
})

test('the Variantes tab reorders values with the same keyboard drag', async ({ page, request }) => {
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const suffix = owner.email.split('@')[0]!.replace(/[^a-z0-9]/g, '')
  await createBusinessViaApi(request, token, {
    name: `Chips ${suffix}`,
    identifier: `chips-${suffix}`,
    categories: [{ name: 'Ropa', subCategories: [] }],
  })
  const image = await pngFile(await imageFolder(), 'chips', {
    width: 320,
    height: 320,
    color: '#7c3aed',
  })
  const next = () => page.getByRole('button', { name: 'Siguiente' }).click()
  await page.goto('/admin/nuevo-producto')
  await page.getByRole('textbox', { name: /Nombre del producto/ }).fill('Remera')
  await page.getByRole('textbox', { name: /Descripción corta/ }).fill('Algodón.')
  await page.getByRole('textbox', { name: /^Precio/ }).fill('500')
  await next()
  await page
    .getByLabel('Imagen principal', { exact: true })
    .and(page.locator('input[type=file]'))
    .setInputFiles(image)
  await expect(page.getByRole('img', { name: 'Imagen principal' })).toBeVisible()
  await next()
  await page.getByRole('combobox', { name: 'Categoría', exact: true }).click()
  await page.getByRole('option', { name: 'Ropa', exact: true }).click()
  await page.getByRole('button', { name: 'Variantes' }).click()
  await page.getByRole('button', { name: VARIANTS.addOption }).click()
  await page.getByLabel(VARIANTS.optionName).fill('Talle')
  const values = page.getByLabel(VARIANTS.optionValues, { exact: true })
  for (const size of ['S', 'M', 'L']) await values.fill(size).then(() => values.press('Enter'))
  const chips = page.getByRole('list', { name: `${VARIANTS.optionValues} de Talle` })
  await chips.getByRole('button', { name: T.dragHandle('L'), exact: true }).focus()
  await page.keyboard.press('Space')
  const live = page.locator('[aria-live="assertive"]')
  await expect(live).toContainText(T.dragStart('L', 3, 3))
  await page.keyboard.press('ArrowLeft')
  await expect(live).toContainText(T.dragOver('L', 2, 3))
  await page.keyboard.press('ArrowLeft')
  await expect(live).toContainText(T.dragOver('L', 1, 3))
  await page.keyboard.press('Space')
  await expect(chips.getByRole('listitem')).toHaveText(['L', 'S', 'M'])
  await screenshotScreens(chips, test.info(), 'chips')
})
