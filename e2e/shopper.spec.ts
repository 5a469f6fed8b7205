/**
 * Journey 3: a shopper finds a demo business from the landing page, browses its carousels,
 * filters and sorts the product list (the address is the state: back/forward restores it), opens
 * a product and puts it in the cart; cart and favourites survive a reload.
 */
import { expect, test, type Locator, type Page } from './support/test'
import { scrollThroughCarousels } from './support/storefront'

const STORE = 'cafe-del-puerto'
const STORE_NAME = 'Café del Puerto'

/** 'Productos' results region of the product list. */
function results(page: Page): Locator {
  return page.getByRole('region', { name: 'Productos' })
}

function cardNames(page: Page): Promise<string[]> {
  return results(page).locator('article').getByRole('heading').allInnerTexts()
}

/** Final price of every card ('$ 1.450,00' in es-UY → 1450). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await results(page).locator('article').allInnerTexts()
  return texts.map((text) => {
    const match = /\$\s*([\d.]+,\d{2})/.exec(text)
    if (!match?.[1]) throw new Error(`no price in card: ${text}`)
    return Number(match[1].replaceAll('.', '').replace(',', '.'))
  })
}

async function expectCount(page: Page, count: number) {
  await expect(results(page).locator('article')).toHaveCount(count)
}

async function expectNames(page: Page, names: string[]) {
  await expect.poll(async () => (await cardNames(page)).sort()).toEqual([...names].sort())
}

function isSorted(prices: number[], direction: 1 | -1): boolean {
  return (
    prices.length > 1 &&
    prices.every((p, i) => i === 0 || (p - (prices[i - 1] ?? 0)) * direction >= 0)
  )
}

/** Searches from the header; resolves once the list shows the names the API answered. */
async function searchFromHeader(page: Page, text: string): Promise<string[]> {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/products/') && r.url().includes(`search=${encodeURIComponent(text)}`),
  )
  const box = page.getByRole('banner').getByRole('searchbox').filter({ visible: true })
  await box.fill(text)
  await box.press('Enter')
  await expect(page).toHaveURL(
    new RegExp(`/${STORE}/productos\\?search=${encodeURIComponent(text)}`),
  )
  const { items } = (await (await answered).json()) as { items: { name: string }[] }
  const names = items.map((item) => item.name).sort()
  await expectNames(page, names)
  return names
}

test('a shopper browses, filters, fills the cart and keeps cart and favourites', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // Landing → 'Ver todos' → the business card.
  await page.goto('/')
  const featured = page.getByRole('region', { name: 'Negocios destacados' })
  await featured.getByRole('link', { name: 'Ver todos' }).click()
  await expect(page).toHaveURL(/\/plataforma\/negocios$/)
  await expect(page.getByRole('heading', { name: 'Negocios', level: 1 })).toBeVisible()
  // The directory lists the newest first, and other journeys add businesses: the shopper looks
  // the shop up by name with the header's search.
  const search = page.getByRole('searchbox', { name: 'Buscar negocios' })
  await search.fill(STORE_NAME)
  await search.press('Enter')
  await expect(page).toHaveURL(/\/plataforma\/negocios\?search=/)
  await page.getByRole('link', { name: STORE_NAME, exact: true }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${STORE}$`))

  // Home carousels.
  await expect(page.getByRole('heading', { name: STORE_NAME, level: 1 })).toBeVisible()
  const featuredProducts = page.getByRole('region', { name: 'Productos Destacados' }).first()
  await scrollThroughCarousels(page)
  // Carousels: move every one that can move, then follow the featured 'Ver todos'.
  const nextButtons = page.getByRole('button', { name: /: siguientes$/ })
  for (const next of await nextButtons.all()) {
    if (await next.isEnabled()) await next.click()
  }
  const featuredCount = await featuredProducts.locator('article').count()
  await featuredProducts.getByRole('link', { name: 'Ver todos', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/${STORE}/productos\\?destacado=true$`))
  await expectCount(page, featuredCount)

  // The whole list: 14 products on two pages of 12.
  await page.goto(`/${STORE}/productos`)
  await expect(page.getByText('14 productos', { exact: true })).toBeVisible()
  await expectCount(page, 12)
  const pagination = page.getByRole('navigation', { name: 'Paginación' })
  await pagination.getByRole('link', { name: 'Página 2' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expectCount(page, 2)
  await page.goBack()
  await expect(page).not.toHaveURL(/page=2/)
  await expectCount(page, 12)

  // Category, then subcategory, then the offer flag: each one an entry in the history.
  const filters = page.getByRole('complementary', { name: 'Filtros' })
  await filters.getByRole('button', { name: 'Cafés' }).click()
  await expect(page).toHaveURL(/categoria=Caf%C3%A9s/)
  await expect(page.getByText('6 productos', { exact: true })).toBeVisible()
  await expectCount(page, 6)
  await filters.getByRole('button', { name: 'Molido' }).click()
  await expect(page).toHaveURL(/subcategoria=Molido/)
  await expectNames(page, ['Café molido descafeinado 250 g', 'Café molido para moka 250 g'])
  await filters.getByRole('checkbox', { name: 'En oferta' }).check()
  await expect(page).toHaveURL(/oferta=true/)
  await expectNames(page, ['Café molido descafeinado 250 g'])

  await page.goBack()
  await expect(page).not.toHaveURL(/oferta=true/)
  await expect(filters.getByRole('checkbox', { name: 'En oferta' })).not.toBeChecked()
  await expect(filters.getByRole('button', { name: 'Molido' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expectNames(page, ['Café molido descafeinado 250 g', 'Café molido para moka 250 g'])
  await page.goBack()
  await expect(page).not.toHaveURL(/subcategoria/)
  await expect(page.getByText('6 productos', { exact: true })).toBeVisible()
  await expectCount(page, 6)
  await page.goForward()
  await page.goForward()
  await expect(page).toHaveURL(/oferta=true/)
  await expect(filters.getByRole('checkbox', { name: 'En oferta' })).toBeChecked()
  await expectNames(page, ['Café molido descafeinado 250 g'])

  // Price range (final prices), then sorting, on the whole catalogue.
  await filters.getByRole('link', { name: 'Limpiar filtros' }).click()
  await expect(page).toHaveURL(new RegExp(`/${STORE}/productos$`))
  await expectCount(page, 12)
  await filters.getByRole('textbox', { name: 'Mínimo' }).fill('300')
  await filters.getByRole('textbox', { name: 'Máximo' }).fill('450')
  await filters.getByRole('button', { name: 'Aplicar' }).click()
  await expect(page).toHaveURL(/minPrice=300/)
  await expect(page).toHaveURL(/maxPrice=450/)
  await expect
    .poll(async () => {
      const prices = await cardPrices(page)
      return prices.length > 0 && prices.length < 12 && prices.every((p) => p >= 300 && p <= 450)
    })
    .toBe(true)
  await filters.getByRole('button', { name: 'Quitar' }).click()
  await expect(page).not.toHaveURL(/minPrice|maxPrice/)
  await expectCount(page, 12)

  const sort = page.getByRole('combobox', { name: 'Ordenar por' })
  await sort.selectOption({ label: 'Precio: menor a mayor' })
  await expect(page).toHaveURL(/sort=cheapest/)
  await expect.poll(async () => isSorted(await cardPrices(page), 1)).toBe(true)
  const cheapest = (await cardPrices(page))[0] ?? 0
  await sort.selectOption({ label: 'Precio: mayor a menor' })
  await expect(page).toHaveURL(/sort=expensive/)
  await expect.poll(async () => isSorted(await cardPrices(page), -1)).toBe(true)
  expect((await cardPrices(page))[0]).toBeGreaterThan(cheapest)

  // Text search from the header, with and without the accent.
  const withoutAccent = await searchFromHeader(page, 'cafe')
  expect(withoutAccent.length).toBeGreaterThan(1)
  expect(await searchFromHeader(page, 'café')).toEqual(withoutAccent)

  // Product detail: gallery, quantity, favourite and cart.
  const productName = 'Café de Colombia Huila 250 g'
  await page.getByRole('link', { name: productName }).click()
  await expect(page.getByRole('heading', { name: productName, level: 1 })).toBeVisible()
  const thumbnails = page.getByRole('list', { name: 'Miniaturas' }).filter({ visible: true })
  const third = thumbnails.getByRole('button', { name: 'Ver imagen 3 de 3' })
  await expect(thumbnails.getByRole('button', { name: 'Ver imagen 1 de 3' })).toHaveAttribute(
    'aria-current',
    'true',
  )
  await third.click()
  await expect(third).toHaveAttribute('aria-current', 'true')

  await page.getByRole('button', { name: 'Aumentar cantidad' }).click()
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click()
  await expect(page.getByRole('textbox', { name: 'Cantidad:' })).toHaveValue('3')
  await page.getByRole('button', { name: 'Disminuir cantidad' }).click()
  await expect(page.getByRole('textbox', { name: 'Cantidad:' })).toHaveValue('2')

  const favourite = page.getByRole('main').getByRole('button', { name: 'Añadir a favoritos' })
  await favourite.click()
  await expect(favourite).toHaveAttribute('aria-pressed', 'true')

  await page.getByRole('button', { name: 'Añadir al carrito' }).click()
  const cartButton = page
    .getByRole('banner')
    .getByRole('button', { name: /^Carrito:/ })
    .first()
  await expect(cartButton).toHaveAccessibleName('Carrito: 2 productos')

  // The cart's total and its way out: the checkout (the order journey: orders.spec.ts).
  async function expectOrderLink() {
    await cartButton.click()
    const drawer = page.getByRole('dialog', { name: 'Tu carrito' })
    await expect(drawer.getByText('$ 840,00').first()).toBeVisible()
    await expect(drawer.getByRole('button', { name: 'Enviar pedido por WhatsApp' })).toBeEnabled()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
  }
  await expectOrderLink()

  // Reload: cart and favourite are still there.
  await page.reload()
  await expect(page.getByRole('heading', { name: productName, level: 1 })).toBeVisible()
  await expect(favourite).toHaveAttribute('aria-pressed', 'true')
  await expect(cartButton).toHaveAccessibleName('Carrito: 2 productos')
  await expectOrderLink()
})
