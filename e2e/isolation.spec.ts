/**
 * Journey 5: tenant isolation. A second owner types the first owner's admin addresses (a demo
 * business and one of its products): the UI never shows the first owner's data in a form, and a
 * forged PATCH with the second owner's token is refused with 403 and changes nothing.
 */
import { GENERIC_MESSAGES, PRODUCT_MESSAGES } from '@vitrina/contracts'
import { expect, test } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { firstProduct, listBusinesses } from './support/demo'
import { createBusinessViaApi } from './support/owner-api'

const VICTIM = 'tejidos-de-la-colonia'

test('a second owner can neither open nor save the first owner’s business and products', async ({
  page,
  request,
}) => {
  const victim = (await listBusinesses(request)).find((b) => b.identifier === VICTIM)
  if (!victim) throw new Error(`demo business ${VICTIM} missing`)
  const victimProduct = await firstProduct(request, victim._id)
  const before = {
    business: await (await request.get(`/api/businesses/${VICTIM}/identifier`)).json(),
    product: await (await request.get(`/api/products/${victimProduct._id}`)).json(),
  }

  const intruder = await createActiveOwner(page, request)
  const token = await signIn(page, intruder)

  // Without a business of their own: the edit screens refuse.
  await page.goto(`/admin/mi-negocio/editar/${VICTIM}`)
  await expect(page.getByText(GENERIC_MESSAGES.editBusinessLoadFailed)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Nombre del negocio' })).toHaveCount(0)
  await page.goto(`/admin/producto/editar/${victimProduct._id}`)
  await expect(page.getByText(PRODUCT_MESSAGES.editLoadFailed)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Actualizar producto' })).toHaveCount(0)

  // With a business of their own: the address is corrected to it, never the victim's.
  const suffix = intruder.email.split('@')[0]?.replace(/[^a-z0-9]/g, '') ?? 'intruso'
  const own = await createBusinessViaApi(request, token, {
    name: `Intruso ${suffix}`,
    identifier: `intruso-${suffix}`,
  })
  await page.goto(`/admin/mi-negocio/editar/${VICTIM}`)
  await expect(page).toHaveURL(new RegExp(`/admin/mi-negocio/editar/${own.identifier}$`))
  await expect(page.getByRole('textbox', { name: 'Nombre del negocio' })).toHaveValue(own.name)
  await page.goto(`/admin/producto/editar/${victimProduct._id}`)
  await expect(page.getByText(PRODUCT_MESSAGES.editLoadFailed)).toBeVisible()
  await expect(page.getByRole('textbox', { name: victimProduct.name })).toHaveCount(0)

  // Forged writes with the intruder's token.
  const auth = { authorization: `Bearer ${token}` }
  const patchBusiness = await request.patch(`/api/businesses/${victim._id}`, {
    headers: auth,
    multipart: { name: 'Negocio tomado', description: 'Cambiado por otra persona.' },
  })
  expect(patchBusiness.status()).toBe(403)
  const patchProduct = await request.patch(`/api/products/${victimProduct._id}`, {
    headers: auth,
    multipart: { name: 'Producto tomado', price: '1' },
  })
  expect(patchProduct.status()).toBe(403)
  const deleteProduct = await request.delete(`/api/products/${victimProduct._id}`, {
    headers: auth,
  })
  expect(deleteProduct.status()).toBe(403)

  expect(await (await request.get(`/api/businesses/${VICTIM}/identifier`)).json()).toEqual(
    before.business,
  )
  expect(await (await request.get(`/api/products/${victimProduct._id}`)).json()).toEqual(
    before.product,
  )
  await page.goto(`/${VICTIM}`)
  await expect(page.getByRole('heading', { name: victim.name, level: 1 })).toBeVisible()
})
