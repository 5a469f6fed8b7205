/**
 * Issue 27 §3: readable product addresses. A shopper opens a product at /{identifier}/productos/
 * {slug}; the old id address answers 301 and ends at the slug address; cards link by slug and
 * the page's canonical link is the slug address. An owner renames a product (the address stays),
 * then asks for the address from the new name: the old address leads to the new one.
 */
import { expect, test } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { listBusinesses } from './support/demo'
import { imageFolder, pngFile } from './support/images'
import { createBusinessViaApi, createProductViaApi } from './support/owner-api'

const ID_SHAPE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

interface Listed {
  _id: string
  slug: string
  name: string
}

test('a shopper opens products by their slug, and old id addresses end there', async ({
  page,
  request,
  baseURL,
}) => {
  const business = (await listBusinesses(request))[0]!
  const res = await request.get(`/api/products/${business._id}/business?pageSize=1`)
  const product = ((await res.json()) as { items: Listed[] }).items[0]!
  expect(product.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  const address = `/${business.identifier}/productos/${product.slug}`

  // The old address: a permanent redirect, answered by the server.
  const old = await request.get(`/${business.identifier}/productos/${product._id}`, {
    maxRedirects: 0,
  })
  expect(old.status()).toBe(301)
  expect(old.headers()['location']).toBe(address)

  await page.goto(`/${business.identifier}/productos/${product._id}`)
  await expect(page).toHaveURL(`${baseURL}${address}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}${address}`,
  )

  // The list's cards link by slug.
  await page.goto(`/${business.identifier}/productos`)
  const card = page.getByRole('region', { name: 'Productos' }).locator('article a[href]').first()
  const href = await card.getAttribute('href')
  expect(href).toMatch(new RegExp(`^/${business.identifier}/productos/[a-z0-9-]+$`))
  expect(href).not.toMatch(ID_SHAPE)
})

test('an owner renames a product, then moves its address to the new name', async ({
  page,
  request,
  baseURL,
}) => {
  const folder = await imageFolder()
  const image = await pngFile(folder, 'direccion', { width: 320, height: 320, color: '#92400e' })
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const suffix = owner.email.split('@')[0]!.replace(/[^a-z0-9]/g, '')
  const business = await createBusinessViaApi(request, token, {
    name: `Tostadero ${suffix}`,
    identifier: `tostadero-${suffix}`,
  })
  const product = await createProductViaApi(request, token, {
    businessId: business._id,
    name: 'Café de Especialidad',
    price: 650,
    category: 'General',
    image,
  })
  const first = `/${business.identifier}/productos/cafe-de-especialidad`
  await page.goto(first)
  await expect(page.getByRole('heading', { level: 1, name: 'Café de Especialidad' })).toBeVisible()

  await page.goto(`/admin/producto/editar/${product._id}`)
  const name = page.getByRole('textbox', { name: 'Nombre del producto' })
  await expect(name).toHaveValue('Café de Especialidad')
  await expect(page.getByTestId('direccion-producto')).toHaveText('cafe-de-especialidad')
  await name.fill('Café Tostado Ñandú')
  // A rename alone keeps the address…
  await expect(page.getByTestId('direccion-producto')).toHaveText('cafe-de-especialidad')
  // …until the owner asks for the new one.
  await page.getByRole('switch', { name: 'Actualizar la dirección con el nombre' }).click()
  await expect(page.getByTestId('direccion-producto')).toHaveText('cafe-tostado-nandu')
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await page.getByRole('button', { name: 'Actualizar producto' }).click()
  await expect(page).toHaveURL(/\/admin\/mi-negocio$/)

  const moved = await request.get(first, { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers()['location']).toBe(`/${business.identifier}/productos/cafe-tostado-nandu`)
  await page.goto(first)
  await expect(page).toHaveURL(`${baseURL}/${business.identifier}/productos/cafe-tostado-nandu`)
  await expect(page.getByRole('heading', { level: 1, name: 'Café Tostado Ñandú' })).toBeVisible()
})
