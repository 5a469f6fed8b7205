/**
 * Issue 41: what a new shopper tripped over. §1 — the total the checkout shows is the total the
 * saved order has, delivery included. §6 — "Quedan 3" stops the quantity at 3, the server refuses
 * 4 with the Spanish reason, and an order whose stock another confirmed order took tells its
 * shopper on its page. And at 1280×800 the product page's favourite heart is not under the
 * floating WhatsApp button; a product card's name shows its focus.
 */
import type { APIRequestContext } from '@playwright/test'
import { formatPrice } from '@vitrina/contracts'
import { accessToken } from './support/owner-api'
import { demoOwner, signedInState } from './support/session'
import { expect, test } from './support/test'
import { stubWhatsApp } from './support/screens'
import { listBusinesses } from './support/demo'

interface ListedProduct {
  _id: string
  name: string
  slug: string
  finalPrice: number
  currency: string
  variants: { _id: string; options: Record<string, string> }[]
}

async function productsOf(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/products/${id}/business?pageSize=48`)
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { items: ListedProduct[] }).items
}

async function businessNamed(request: APIRequestContext, id: string) {
  const business = (await listBusinesses(request)).find((b) => b.identifier === id)
  if (!business) throw new Error(`demo business ${id} missing`)
  return business
}

test("the checkout's total is the saved order's, delivery included (issue 41 §1)", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const store = 'cafe-del-puerto'
  const business = await businessNamed(request, store)
  // A peso product below the $ 2.000 free-delivery threshold: the $ 120 fee applies.
  const product = (await productsOf(request, business._id)).find(
    (p) => p.currency === 'UYU' && p.finalPrice < 1500 && p.variants.length === 0,
  )
  if (!product) throw new Error('no cheap product in the demo café')
  await stubWhatsApp(page.context())

  await page.goto(`/${store}/productos/${product.slug}`)
  await page.getByRole('button', { name: 'Añadir al carrito' }).click()
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Carrito:/ })
    .first()
    .click()
  const drawer = page.getByRole('dialog', { name: 'Tu carrito' })
  await drawer.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click()
  const checkout = page.getByRole('dialog', { name: 'Enviar pedido por WhatsApp' })
  const form = checkout.getByRole('form', { name: 'Tus datos' })
  // The checkout opens on its first field.
  await expect(form.getByRole('textbox', { name: 'Nombre' })).toBeFocused()
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Lucía Pérez')
  await form.getByRole('textbox', { name: 'Teléfono' }).fill('099 555 123')
  await form.getByRole('radio', { name: /Envío a domicilio/ }).check()
  await form.getByRole('textbox', { name: 'Dirección de entrega' }).fill('Sarandí 500')
  await form.getByRole('radio', { name: /Efectivo/ }).check()

  const summary = checkout.getByRole('region', { name: 'Resumen del pedido' })
  const row = (label: string) =>
    summary
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .last()
      .locator('dd')
  await expect(row('Envío')).toHaveText('$ 120,00')
  const shown = (await row('Total').textContent())?.trim()
  const cents = Math.round(product.finalPrice * 100) + 12000
  expect(shown).toBe(formatPrice(cents / 100, '$'))

  const popup = page.waitForEvent('popup')
  await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
  await (await popup).close()
  await expect(page.getByRole('heading', { level: 1, name: /^Pedido P-/ })).toBeVisible()
  // The saved order (its page, and its reply) has the total the checkout showed.
  const items = page.getByRole('region', { name: 'Productos' })
  await expect(
    items
      .locator('div')
      .filter({ has: page.getByText('Total', { exact: true }) })
      .last()
      .locator('dd'),
  ).toHaveText(shown!)
  const url = new URL(page.url())
  const code = url.pathname.split('/').pop()!
  const saved = await request.get(`/api/orders/${code}?t=${url.searchParams.get('t')}`)
  expect((await saved.json()).totals).toEqual({ UYU: cents / 100 })
})

test('the shopper cannot order more than is left; a short order says so (issue 41 §6)', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const store = 'tejidos-de-la-colonia'
  const business = await businessNamed(request, store)
  const poncho = (await productsOf(request, business._id)).find((p) => p.name.startsWith('Poncho'))
  if (!poncho) throw new Error('no poncho in the demo shop')

  // The page says "Quedan 3" for M, and the quantity stops there with the reason.
  await page.goto(`/${store}/productos/${poncho.slug}`)
  await page
    .getByRole('group', { name: /^Talle/ })
    .getByRole('button', { name: /^M/ })
    .click()
  await expect(page.getByTestId('disponibilidad')).toHaveText('Quedan 3')
  const quantity = page.getByRole('textbox', { name: 'Cantidad:' })
  await quantity.fill('4')
  await expect(quantity).toHaveValue('3')
  await expect(page.getByText('Solo quedan 3 unidades')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Aumentar cantidad' })).toBeDisabled()

  // The server refuses 4 with the reason, whatever the page allowed.
  const detail = await (await request.get(`/api/products/${poncho._id}`)).json()
  const m = (detail as ListedProduct).variants.find((v) => v.options.Talle === 'M')!
  const body = (quantity: number) => ({
    items: [{ productId: poncho._id, variantId: m._id, quantity }],
    customer: { name: 'Ana Pérez', phone: '099 123 456' },
    delivery: { method: 'pickup' },
    paymentMethod: 'efectivo',
  })
  const orders = `/api/businesses/${business._id}/orders`
  const refused = await request.post(orders, { data: body(4) })
  expect(refused.status()).toBe(400)
  expect((await refused.json()).message).toMatch(/^Solo quedan 3 unidades de «Poncho.*\(M\)»/)

  // Two orders of the last 3; the owner confirms the second: the first's page says so.
  const first = await (await request.post(orders, { data: body(3) })).json()
  const second = await (await request.post(orders, { data: body(3) })).json()
  const state = await signedInState(browser, baseURL as string, demoOwner('colonia'))
  const owner = await browser.newContext({ baseURL, storageState: state })
  try {
    const admin = await owner.newPage()
    await admin.goto('/admin/pedidos')
    const token = await accessToken(admin)
    const headers = { authorization: `Bearer ${token}` }
    const list = await (await request.get(`/api/orders?search=${second.code}`, { headers })).json()
    const id = list.items[0]._id as string
    const confirm = await request.patch(`/api/orders/${id}`, {
      headers,
      data: { status: 'confirmado' },
    })
    expect(confirm.status(), await confirm.text()).toBe(200)

    await page.goto(`/${store}/pedido/${first.code}?t=${first.token}`)
    const notice = page.getByRole('status', { name: 'Falta stock para tu pedido' })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(/Poncho.*\(M\)/)

    // The demo's stock back as it was (a cancellation gives back what the confirmation took).
    const cancel = await request.patch(`/api/orders/${id}`, {
      headers,
      data: { status: 'cancelado', reason: 'Prueba' },
    })
    expect(cancel.status(), await cancel.text()).toBe(200)
  } finally {
    await owner.close()
  }
})

test('at 1280×800 the heart is clickable and a card name shows its focus (issue 41)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const store = 'cafe-del-puerto'
  const business = await businessNamed(request, store)
  const [product] = await productsOf(request, business._id)
  await page.goto(`/${store}/productos/${product!.slug}`)
  const heart = page.getByRole('main').getByRole('button', { name: 'Añadir a favoritos' })
  await expect(heart).toBeVisible()
  const box = (await heart.boundingBox())!
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(hit).toBe('Añadir a favoritos')
  await expect(page.getByRole('link', { name: /por WhatsApp/ })).toHaveCount(0)

  // A card's name, reached by keyboard, draws a ring inside the card.
  await page.goto(`/${store}/productos`)
  const link = page.getByRole('article').first().getByRole('heading').getByRole('link')
  await link.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  const ring = await link.evaluate((el) => getComputedStyle(el, '::after').boxShadow)
  expect(ring).toMatch(/inset/)
})
