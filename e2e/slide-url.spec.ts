/**
 * Issue 41, end to end: a cover image URL that does not load is no longer saved as a blank
 * slide. The owner adds one in the business editor; the server tries to download it, refuses the
 * save naming the slide, the editor shows why on the slides, and the storefront keeps its covers.
 */
import { BUSINESS_MESSAGES, IMPORT_MESSAGES } from '@vitrina/contracts'
import { expect, test } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { createBusinessViaApi } from './support/owner-api'
import { screenshotScreens } from './support/screens'

test('a slide URL that does not load is refused with the reason, and nothing changes', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const suffix = owner.email.split('@')[0]!.replace(/[^a-z0-9]/g, '')
  const business = await createBusinessViaApi(request, token, {
    name: `Portadas ${suffix}`,
    identifier: `portadas-${suffix}`,
  })

  await page.goto(`/admin/mi-negocio/editar/${business.identifier}`)
  await page
    .getByRole('navigation', { name: 'Pasos' })
    .getByRole('button', { name: /Apariencia/ })
    .click()
  // `.invalid` never resolves (RFC 2606): the download fails as a dead link would.
  await page.getByLabel('URL de una imagen de portada').fill('https://imagenes.invalid/portada.jpg')
  await page.getByRole('button', { name: 'Agregar URL' }).click()
  await expect(page.getByRole('button', { name: 'Eliminar portada 1' })).toBeVisible()
  await page.getByRole('button', { name: 'Guardar cambios' }).click()

  const reason = BUSINESS_MESSAGES.slideUrlFailed(
    1,
    'imagenes.invalid',
    IMPORT_MESSAGES.imageUnreachable,
  )
  const slides = page.locator('fieldset').filter({ hasText: 'Imágenes de portada (opcional)' })
  await expect(slides.getByRole('alert')).toHaveText(reason)
  await screenshotScreens(slides, test.info(), 'slide-url-error')

  const stored = await request.get(`/api/businesses/${business.identifier}/identifier`)
  expect(((await stored.json()) as { slides: unknown[] }).slides).toEqual([])

  // Removing the slide takes the reason away, and the edit saves.
  await page.getByRole('button', { name: 'Eliminar portada 1' }).click()
  await expect(slides.getByRole('alert')).toHaveCount(0)
})
