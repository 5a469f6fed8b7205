/**
 * Issue 24: an order through WhatsApp, end to end. A shopper fills the cart of a demo shop, sends
 * the order from the cart's checkout (the server saves it first, then WhatsApp opens with its
 * code), lands on the order's page; the owner finds it at /admin/pedidos, confirms it, and the
 * shopper's page shows the new status.
 */
import { demoOwner, signedInState } from './support/session'
import { expect, test } from './support/test'
import { stubWhatsApp } from './support/screens'
import { firstProduct, listBusinesses } from './support/demo'

const STORE = 'cafe-del-puerto'

test('a shopper sends an order, the owner confirms it, the shopper sees it confirmed', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const business = (await listBusinesses(request)).find((b) => b.identifier === STORE)
  if (!business) throw new Error(`demo business ${STORE} missing`)
  const product = await firstProduct(request, business._id)
  await stubWhatsApp(page.context())

  // The cart, then the checkout form in the same drawer.
  await page.goto(`/${STORE}/productos/${product._id}`)
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

  // Nothing is sent before the form is complete; the Spanish messages say what is missing.
  await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
  await expect(form.getByText('Ingresa tu nombre')).toBeVisible()
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Lucía Pérez')
  await form.getByRole('textbox', { name: 'Teléfono' }).fill('099 555 123')
  await form.getByRole('radio', { name: /Envío a domicilio/ }).check()
  await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
  await expect(form.getByText('Ingresa la dirección de entrega')).toBeVisible()
  await form.getByRole('textbox', { name: 'Dirección de entrega' }).fill('Sarandí 500, apto 3')
  await form.getByRole('radio', { name: /Transferencia bancaria/ }).check()

  // Saved first, then WhatsApp opens (a window opened on the click) with the order's code.
  const popup = page.waitForEvent('popup')
  await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
  const whatsapp = await popup
  await whatsapp.waitForURL(/^https:\/\/wa\.me\/59898150200\?text=/)
  const message = new URL(whatsapp.url()).searchParams.get('text') ?? ''
  const code = /P-[23456789A-Z]{4,8}/.exec(message)?.[0]
  expect(code, message).toBeTruthy()
  expect(message).toContain(`1 × ${product.name}`)
  expect(message).toContain('Nombre: Lucía Pérez')
  expect(message).toContain('Sarandí 500, apto 3')
  expect(message).toContain('Pago: Transferencia bancaria')
  await whatsapp.close()

  // The order's page: the code, its status and how to pay.
  await expect(page).toHaveURL(new RegExp(`/${STORE}/pedido/${code}\\?t=`))
  await expect(page.getByRole('heading', { level: 1, name: `Pedido ${code}` })).toBeVisible()
  await expect(page.getByText('Nuevo', { exact: true })).toBeVisible()
  await expect(page.getByText(/BROU caja de ahorro/)).toBeVisible()
  const orderPage = page.url()

  // The owner: the order in /admin/pedidos, confirmed.
  const state = await signedInState(browser, baseURL as string, demoOwner('cafe'))
  const owner = await browser.newContext({ baseURL, storageState: state })
  try {
    const admin = await owner.newPage()
    await admin.goto('/admin/pedidos')
    await expect(admin.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible()
    await admin.getByRole('searchbox', { name: 'Buscar por código o cliente' }).fill(code!)
    await admin.getByRole('button', { name: `Ver el pedido ${code}` }).click()
    await expect(admin.getByText('Lucía Pérez').first()).toBeVisible()
    await admin.getByRole('button', { name: 'Marcar como «Confirmado»' }).click()
    await expect(admin.getByText('Pasó a «Confirmado»')).toBeVisible()
  } finally {
    await owner.close()
  }

  // The shopper's page, opened again, says so (the server keeps no copy of it).
  await page.goto(orderPage)
  await expect(page.getByText('Confirmado', { exact: true })).toBeVisible()
})
