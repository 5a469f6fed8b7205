/**
 * Issue 41: without JavaScript the product list's filters still work. The panel is a GET form;
 * the applied filters' chips and 'Limpiar filtros' are links to the list without them, built with
 * the same address codec the app uses (contracts' storefront-address.public.ts).
 */
import { expect, test } from './support/test'

const STORE = 'cafe-del-puerto'
const LIST = `/${STORE}/productos`

test.describe('the product list without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a chip removes its filter and "Limpiar filtros" clears them all', async ({ page }) => {
    await page.goto(`${LIST}?categoria=Caf%C3%A9s&oferta=true&search=molido&sort=cheapest&page=1`)
    const results = page.getByRole('region', { name: 'Productos' })
    const chips = results.getByRole('list', { name: 'Filtros aplicados' })
    await expect(chips.getByRole('link')).toHaveCount(3)

    // The chip's link leads to the list without that filter (the other filters and the sort kept).
    await chips.getByRole('link', { name: 'Quitar filtro En oferta' }).click()
    await expect(page).toHaveURL(`${LIST}?categoria=Caf%C3%A9s&search=molido&sort=cheapest`)
    await expect(chips.getByRole('link')).toHaveCount(2)
    await expect(chips.getByRole('link', { name: 'Quitar filtro En oferta' })).toHaveCount(0)
    await expect(page.getByRole('checkbox', { name: 'En oferta' })).not.toBeChecked()
    await expect(results.locator('article')).not.toHaveCount(0)

    // 'Limpiar filtros' beside the chips: everything, the sort too (SPEC §4).
    await results.getByRole('link', { name: 'Limpiar filtros' }).click()
    await expect(page).toHaveURL(LIST)
    await expect(results.getByRole('list', { name: 'Filtros aplicados' })).toHaveCount(0)
    await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('newest')
    await expect(results.locator('article')).not.toHaveCount(0)
  })

  test("the panel's 'Limpiar filtros' clears them too, on a phone as on a computer", async ({
    page,
  }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${LIST}?nuevo=true&sort=expensive`)
      const panel = page.getByRole('complementary', { name: 'Filtros' })
      await expect(panel.getByRole('checkbox', { name: 'Nuevos' })).toBeChecked()
      await panel.getByRole('link', { name: 'Limpiar filtros' }).click()
      await expect(page).toHaveURL(LIST)
      await expect(panel.getByRole('checkbox', { name: 'Nuevos' })).not.toBeChecked()
    }
  })
})
