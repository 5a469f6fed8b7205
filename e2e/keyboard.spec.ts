/**
 * Keyboard only (no mouse click anywhere): the login form, the wizard's first step and the
 * product list filters. Every control reached shows a visible focus indicator.
 */
import { expect, test, type Locator, type Page } from './support/test'
import { createActiveOwner, type TestOwner } from './support/accounts'

/** Tabs (forwards, or backwards with Shift) until `target` has the focus, at most `limit` times. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectVisibleFocus(page)
      return
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`focus never reached ${target.toString()}`)
}

/** The focused element draws an outline or a ring (box-shadow), i.e. focus is visible. */
async function expectVisibleFocus(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return null
    const css = getComputedStyle(el)
    return {
      outline: css.outlineStyle !== 'none' && css.outlineWidth !== '0px',
      shadow: css.boxShadow !== 'none',
      tag: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30) ?? ''}`,
    }
  })
  expect(style, 'something has the focus').not.toBeNull()
  expect(style?.outline || style?.shadow, `focus visible on ${style?.tag}`).toBe(true)
}

async function loginWithKeyboard(page: Page, owner: TestOwner) {
  await page.goto('/auth/login')
  const email = page.getByRole('textbox', { name: 'Correo electrónico' })
  await tabTo(page, email)
  await page.keyboard.type(owner.email)
  const password = page.getByRole('textbox', { name: 'Contraseña', exact: true })
  await tabTo(page, password)
  await page.keyboard.type(owner.password)
  // Back to the e-mail with Shift+Tab to check it kept the text, then submit with Enter.
  await tabTo(page, email, { back: true })
  await expect(email).toHaveValue(owner.email)
  await tabTo(page, page.getByRole('button', { name: 'Iniciar sesión' }))
  await page.keyboard.press('Enter')
  // An owner without a business lands on the wizard (issue 41).
  await expect(page).toHaveURL(/\/plataforma\/nuevo$/)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('refresh_token'))).toBeTruthy()
}

test('login and the first wizard step with the keyboard alone', async ({ page, request }) => {
  const owner = await createActiveOwner(page, request)
  await loginWithKeyboard(page, owner)

  await page.goto('/plataforma/nuevo')
  await expect(page.getByText('Paso 1 de 5')).toBeVisible()
  await tabTo(page, page.getByRole('textbox', { name: 'Nombre del negocio' }))
  await page.keyboard.type('Taller Teclado')
  await expect(page.getByRole('textbox', { name: 'Identificador' })).toHaveValue('taller-teclado')

  const category = page.getByRole('combobox', { name: 'Categoría' })
  await tabTo(page, category)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toBeHidden()
  await expect(category).not.toHaveText('Elige una categoría')

  await tabTo(page, page.getByRole('textbox', { name: 'Descripción' }))
  await page.keyboard.type('Reparaciones hechas sin tocar el ratón.')
  await tabTo(page, page.getByRole('button', { name: 'Siguiente' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Paso 2 de 5')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toBeVisible()
})

test('product list filters with the keyboard alone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/cafe-del-puerto/productos')
  const results = page.getByRole('region', { name: 'Productos' })
  await expect(results.locator('article').first()).toBeVisible()
  const filters = page.getByRole('complementary', { name: 'Filtros' })

  await tabTo(page, filters.getByRole('button', { name: 'Cafés' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/categoria=Caf%C3%A9s/)

  await tabTo(page, filters.getByRole('button', { name: 'Molido' }))
  await page.keyboard.press('Space')
  await expect(page).toHaveURL(/subcategoria=Molido/)
  await expect(results.locator('article')).toHaveCount(2)

  const offer = filters.getByRole('checkbox', { name: 'En oferta' })
  await tabTo(page, offer)
  await page.keyboard.press('Space')
  await expect(offer).toBeChecked()
  await expect(page).toHaveURL(/oferta=true/)
  await expect(results.locator('article')).toHaveCount(1)

  // Back up to the subcategory with Shift+Tab and deselect it.
  await tabTo(page, filters.getByRole('button', { name: 'Molido' }), { back: true })
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(/subcategoria/)

  await tabTo(page, filters.getByRole('textbox', { name: 'Máximo' }))
  await page.keyboard.type('450')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/maxPrice=450/)

  const sort = page.getByRole('combobox', { name: 'Ordenar por' })
  await tabTo(page, sort)
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/sort=oldest/)

  await tabTo(page, filters.getByRole('link', { name: 'Limpiar filtros' }), { back: true })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/cafe-del-puerto\/productos$/)
  await expect(offer).not.toBeChecked()
})
