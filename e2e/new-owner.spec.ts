/**
 * Journey 1: a new owner registers through the form (meeting every registration error once),
 * activates the account through the mailed link, logs in, creates a business through the five
 * wizard steps with a logo and two cover images, and lands on a storefront in the chosen colours.
 */
import { AUTH_MESSAGES, DRAFT_MESSAGES, deriveIdentifier } from '@vitrina/contracts'
import { expect, test, type Page } from './support/test'
import { newOwner, loginThroughUi } from './support/accounts'
import { imageFolder, pngFile } from './support/images'
import { readActivationLink } from './support/mail'

/** 'Verde turquesa' (PALETTES): the bar takes the primary colour. */
const PALETTE = { name: 'Verde turquesa', primary: 'rgb(15, 118, 110)' }

async function fillRegistration(
  page: Page,
  values: { name: string; email: string; password: string; confirm: string },
) {
  await page.getByRole('textbox', { name: 'Nombre' }).fill(values.name)
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(values.email)
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(values.password)
  await page.getByRole('textbox', { name: 'Confirmar contraseña' }).fill(values.confirm)
  await page.getByRole('button', { name: 'Crear cuenta' }).click()
}

test('a new owner registers, activates, logs in and creates a business', async ({
  page,
  request,
}) => {
  const owner = newOwner('nueva')
  const taken = newOwner('tomada')
  const res = await request.post('/api/auth/register', {
    data: { name: taken.name, email: taken.email, password: taken.password },
  })
  expect(res.status()).toBe(201)

  // Registration: every rule once, then success.
  await page.goto('/auth/register')
  await expect(page.getByRole('heading', { name: 'Crear cuenta' })).toBeVisible()
  const form = { name: owner.name, email: owner.email }

  await fillRegistration(page, { ...form, password: 'Ab1', confirm: 'Ab1' })
  await expect(page.getByText(AUTH_MESSAGES.passwordMin)).toBeVisible()

  await fillRegistration(page, { ...form, password: 'minusculas1', confirm: 'minusculas1' })
  await expect(page.getByText(AUTH_MESSAGES.passwordCase).first()).toBeVisible()
  await expect(page.getByText(AUTH_MESSAGES.registrationErrorTitle).first()).toBeVisible()

  await fillRegistration(page, { ...form, password: owner.password, confirm: `${owner.password}x` })
  await expect(page.getByText(AUTH_MESSAGES.passwordsMismatch).first()).toBeVisible()

  await fillRegistration(page, {
    name: owner.name,
    email: taken.email,
    password: owner.password,
    confirm: owner.password,
  })
  await expect(page.getByText(AUTH_MESSAGES.emailInUse).first()).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/register$/)

  await fillRegistration(page, { ...form, password: owner.password, confirm: owner.password })
  await expect(page.getByText(AUTH_MESSAGES.registrationSuccess)).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/activar-notificacion$/)

  // Activation through the link of the mail, then login.
  const link = await readActivationLink(owner.email)
  await page.goto(new URL(link).pathname)
  await expect(page.getByText('¡Cuenta activada con éxito!')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 5_000 })
  await loginThroughUi(page, owner)

  // Wizard, five steps.
  const images = await imageFolder()
  const logo = await pngFile(images, 'logo', { width: 400, height: 400, color: '#0F766E' })
  const covers = await Promise.all([
    pngFile(images, 'portada-1', { width: 1280, height: 720, color: '#CCFBF1' }),
    pngFile(images, 'portada-2', { width: 1280, height: 720, color: '#134E4A' }),
  ])
  const businessName = `Vivero ${owner.name.split(' ')[1]}`
  const identifier = deriveIdentifier(businessName)

  await page.goto('/plataforma/nuevo')
  await expect(page.getByText('Paso 1 de 5')).toBeVisible()
  await page.getByRole('textbox', { name: 'Nombre del negocio' }).fill(businessName)
  await expect(page.getByRole('textbox', { name: 'Identificador' })).toHaveValue(identifier)
  await page.getByRole('combobox', { name: 'Categoría' }).click()
  await page.getByRole('option', { name: 'Alimentos y bebidas' }).click()
  await page
    .getByRole('textbox', { name: 'Descripción' })
    .fill('Plantas de interior y huerta, cultivadas sin químicos.')
  await page.getByRole('button', { name: 'Siguiente' }).click()

  await expect(page.getByText('Paso 2 de 5')).toBeVisible()
  await page.getByLabel('Logo', { exact: true }).setInputFiles(logo)
  await expect(page.getByRole('img', { name: 'Vista previa del logo' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Teléfono' }).fill('+598 99 123 456')
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(owner.email)
  await page.getByRole('textbox', { name: 'Dirección' }).fill('Av. Italia 3200, Montevideo')
  await page.getByRole('button', { name: 'Siguiente' }).click()

  await expect(page.getByText('Paso 3 de 5')).toBeVisible()
  await page.getByRole('button', { name: PALETTE.name }).click()
  await expect(page.getByRole('button', { name: PALETTE.name })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.getByLabel('Agregar imágenes de portada').setInputFiles(covers)
  await expect(page.getByRole('button', { name: 'Eliminar portada 2' })).toBeVisible()

  // Issue 41 §4: a reload (F5, a phone killing the tab) keeps the draft — texts, step, images.
  await expect(page.getByRole('button', { name: DRAFT_MESSAGES.discard })).toBeVisible()
  await page.waitForTimeout(1_000) // the draft is written a moment after the last change
  await page.reload()
  await expect(page.getByText(DRAFT_MESSAGES.restored)).toBeVisible()
  await expect(page.getByText('Paso 3 de 5')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Eliminar portada 2' })).toBeVisible()
  await expect(page.getByRole('button', { name: PALETTE.name })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.getByRole('button', { name: 'Anterior' }).click()
  await expect(page.getByText('Paso 2 de 5')).toBeVisible()
  await expect(page.getByRole('img', { name: 'Vista previa del logo' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Teléfono' })).toHaveValue('+598 99 123 456')
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await expect(page.getByText('Paso 3 de 5')).toBeVisible()
  await page.getByRole('button', { name: 'Siguiente' }).click()

  await expect(page.getByText('Paso 4 de 5')).toBeVisible()
  await page.getByRole('switch', { name: 'Tienda Física' }).click()
  await page.getByRole('textbox', { name: 'Nombre de la categoría' }).fill('Plantas')
  await page.getByRole('textbox', { name: 'Nombre de la categoría' }).press('Enter')
  const subCategory = page.getByRole('textbox', { name: 'Nueva subcategoría de Plantas' })
  await subCategory.fill('Interior')
  await subCategory.press('Enter')
  await expect(page.getByRole('list', { name: 'Subcategorías de Plantas' })).toContainText(
    'Interior',
  )
  await page.getByRole('button', { name: 'Siguiente' }).click()

  await expect(page.getByText('Paso 5 de 5')).toBeVisible()
  await expect(page.getByText('Faltan campos obligatorios:')).toHaveCount(0)
  await page.getByRole('button', { name: 'Crear negocio' }).click()

  // The storefront, in the chosen palette.
  await expect(page).toHaveURL(new RegExp(`/${identifier}$`), { timeout: 20_000 })
  await expect(page.getByRole('heading', { name: businessName, level: 1 })).toBeVisible()
  const header = page.getByRole('banner')
  await expect(header).toHaveCSS('background-color', PALETTE.primary)
  // Primary-coloured controls: the search button of the bar's search form.
  await expect(header.getByRole('button', { name: 'Buscar' }).filter({ visible: true })).toHaveCSS(
    'background-color',
    PALETTE.primary,
  )
  // The uploaded logo, served from the media store (decorative beside the name: alt="").
  await expect(header.locator('img').first()).toBeVisible()
  await expect(header.locator('img').first()).toHaveAttribute('src', /\/media\//)

  const business = (await (
    await request.get(`/api/businesses/${identifier}/identifier`)
  ).json()) as {
    slides: unknown[]
    logo: { url: string } | null
    features: Record<string, boolean>
  }
  expect(business.slides).toHaveLength(2)
  expect(business.logo?.url).toBeTruthy()
  expect(business.features.physical_store).toBe(true)
})
