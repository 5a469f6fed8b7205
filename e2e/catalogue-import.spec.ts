/**
 * Issue 27 §1: an owner exports their catalogue, imports a small CSV written here (one product
 * updated by its code, one created with an image by URL) and sees the products in the
 * dashboard. The image names this very server (a loopback address): the production server
 * refuses to download it (SSRF guard) and says so per row, and the row is imported anyway —
 * hidden, since it has no image left (issue 41).
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CATALOGUE_COLUMNS as H, IMPORT_MESSAGES as T } from '@vitrina/contracts'
import { expect, test } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { imageFolder, pngFile } from './support/images'
import { createBusinessViaApi } from './support/owner-api'
import { keepScreenshot } from './support/screens'

test('an owner exports, imports a CSV and sees the products', async ({ page, request }, info) => {
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const identifier = `io-${Date.now().toString(36)}`
  const business = await createBusinessViaApi(request, token, { name: 'Tienda IO', identifier })
  const folder = await imageFolder()
  const image = await pngFile(folder, 'buzo', { width: 200, height: 200, color: '#335577' })
  const created = await request.post('/api/products', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      name: 'Buzo gris',
      price: '1200',
      description: 'Buzo de algodón',
      code: 'BUZ-1',
      businessId: business._id,
      category: 'General',
      image: { name: 'buzo.png', mimeType: 'image/png', buffer: await readFile(image) },
    },
  })
  expect(created.status(), await created.text()).toBe(201)

  await page.goto('/admin/mi-negocio')
  await expect(page.getByRole('heading', { name: 'Productos' })).toBeVisible()

  // Export: a CSV with a BOM, `;` and the Spanish headers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: T.exportCsv }).click(),
  ])
  const exported = await readFile((await download.path())!)
  expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  expect(exported.toString('utf8')).toContain(`${H.code};${H.name};${H.description}`)
  expect(exported.toString('utf8')).toContain('BUZ-1;Buzo gris')

  // Import a CSV written here: BUZ-1 gets a new price, a new product arrives with an image URL.
  const imageUrl = new URL('/favicon.svg', page.url()).href
  const csv = [
    [H.code, H.name, H.description, H.price, H.category, H.images].join(';'),
    ['BUZ-1', 'Buzo gris', 'Buzo de algodón', '1350', 'General', ''].join(';'),
    ['GOR-1', 'Gorro de lana', 'Gorro tejido a mano', '450,50', 'General', imageUrl].join(';'),
  ].join('\r\n')
  const file = path.join(folder, 'productos.csv')
  await writeFile(file, `\uFEFF${csv}`)

  await page.getByRole('button', { name: T.importLabel }).click()
  const dialog = page.getByRole('dialog', { name: T.title })
  await dialog.getByLabel(T.fileLabel).setInputFiles(file)
  await page.setViewportSize({ width: 375, height: 800 })
  await dialog.getByRole('button', { name: T.preview }).click()
  await expect(dialog.getByText(T.toCreate(1))).toBeVisible()
  await expect(dialog.getByText(T.toUpdate(1))).toBeVisible()
  await keepScreenshot(page, info, 'import-preview-375.png')
  await page.setViewportSize({ width: 1280, height: 800 })
  await keepScreenshot(page, info, 'import-preview-1280.png')
  await dialog.getByRole('button', { name: T.confirm }).click()

  // The images' progress reaches the end; the refused image is listed, the row imported.
  const bar = dialog.getByRole('progressbar', { name: T.imagesProgress })
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 })
  await expect(dialog.getByText(T.doneSummary(1, 1))).toBeVisible()
  await expect(dialog.getByText(T.imageFailureLine(3, imageUrl, T.imageBlocked))).toBeVisible()
  // Left with no image, the product is hidden rather than shown broken (issue 41), and says so.
  await expect(
    dialog.getByText(T.imageFailureLine(3, imageUrl, T.productHiddenNoImage)),
  ).toBeVisible()
  await keepScreenshot(page, info, 'import-done-1280.png')
  await dialog.getByRole('button', { name: T.close }).click()

  await expect(page.getByText('Gorro de lana')).toBeVisible()
  await expect(page.getByText('Buzo gris')).toBeVisible()
  await page.setViewportSize({ width: 375, height: 800 })
  await keepScreenshot(page, info, 'dashboard-375.png')

  const list = await request.get(`/api/products/${business._id}/business`)
  const items = ((await list.json()) as { items: { name: string; price: number }[] }).items
  expect(items.find((p) => p.name === 'Buzo gris')?.price).toBe(1350)
  expect(items.find((p) => p.name === 'Gorro de lana')).toBeUndefined()
})
