/**
 * Issue 43 §6: paying with Mercado Pago, end to end, against the simulator the e2e run starts
 * (apps/api/test/helpers/mercadopago-simulator-cli.ts). The owner of a demo shop connects it in
 * «Pagos en línea» (/admin/pagos) by pasting the simulator account's access token and public
 * key, and «Probar conexión» names the account (axe and screenshots at 375 and 1280 px); a shopper
 * orders, chooses «Pagar con Mercado Pago», pays on the simulator's page and comes back to «Pago
 * aprobado»; the owner's order is confirmed and paid. Another shopper's payment is rejected and the
 * retry approved. The shop is disconnected after.
 */
import { demoOwner } from './support/session'
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { firstProduct, listBusinesses } from './support/demo'
import { loginThroughApi, signIn } from './support/accounts'
import { expectAccessibleScreens, screenshotScreens } from './support/screens'

const STORE = 'flor-de-ceibo'
const CREDENTIALS = {
  accessToken: 'APP_USR-e2e0000000000000-424242',
  publicKey: 'APP_USR-e2epublica000000000',
}

/** The cart with one product, the checkout filled, «Pagar con Mercado Pago» chosen and sent. */
async function orderAndPay(page: Page, productId: string, name: string) {
  await page.goto(`/${STORE}/productos/${productId}`)
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
  await form.getByRole('textbox', { name: 'Nombre' }).fill(name)
  await form.getByRole('textbox', { name: 'Teléfono' }).fill('099 555 123')
  // The shop only ships.
  const ship = form.getByRole('radio', { name: /Envío a domicilio/ })
  if ((await ship.count()) > 0) await ship.first().check()
  await form.getByRole('textbox', { name: 'Dirección de entrega' }).fill('Sarandí 500, apto 3')
  await form.getByRole('radio', { name: 'Pagar con Mercado Pago' }).check()
  await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
  // Saved first, then Mercado Pago's checkout (the simulator's page).
  await expect(page.getByRole('heading', { name: 'Mercado Pago (simulador)' })).toBeVisible()
}

test.describe('Mercado Pago', () => {
  let token: string

  test.beforeAll(async ({ browser, baseURL, request }, testInfo) => {
    test.setTimeout(90_000)
    token = (await loginThroughApi(request, demoOwner('cosmetica'))).access_token
    // A run that stopped half-way may have left the shop connected: start from the form.
    await request.delete('/api/payments/mercadopago', {
      headers: { authorization: `Bearer ${token}` },
    })
    // The owner connects the shop in «Pagos en línea», pasting the account's credentials.
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    await signIn(page, demoOwner('cosmetica'))
    await page.goto('/admin/pagos')
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos en línea' })).toBeVisible()
    const form = page.getByRole('region', { name: 'Con tus credenciales' })
    // Nothing pasted: the form says what is missing, in Spanish, and sends nothing.
    await form.getByRole('button', { name: 'Conectar con mis credenciales' }).click()
    await expect(form.getByText('Pegá el access token de tu cuenta de Mercado Pago.')).toBeVisible()
    await form.getByLabel('Access token').fill(CREDENTIALS.accessToken)
    await form.getByLabel('Public key').fill(CREDENTIALS.publicKey)
    await form.getByRole('button', { name: 'Conectar con mis credenciales' }).click()
    await expect(page.getByText('Conectamos tu cuenta de Mercado Pago.')).toBeVisible()
    const connected = page.getByRole('region', { name: 'Mercado Pago conectado' })
    await expect(connected.getByText('Conectada con tus credenciales.')).toBeVisible()
    // The token is never shown back, not even in the form it was typed in.
    expect(await page.content()).not.toContain(CREDENTIALS.accessToken)
    // «Probar conexión» asks Mercado Pago (the simulator) and names the account.
    await connected.getByRole('button', { name: 'Probar conexión' }).click()
    await expect(connected.getByRole('status')).toHaveText(
      'La conexión funciona: cuenta «Flor de Ceibo».',
    )
    await expect(page.getByText('Conectamos tu cuenta de Mercado Pago.')).toBeHidden({
      timeout: 15_000,
    })
    await expectAccessibleScreens(page, testInfo, { name: 'pagos-conectado' })
    await context.close()
  })

  test.afterAll(async ({ request }) => {
    await request.delete('/api/payments/mercadopago', {
      headers: { authorization: `Bearer ${token}` },
    })
  })

  test('a shopper pays on Mercado Pago, returns to «Pago aprobado»; the owner sees it paid', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    const business = (await listBusinesses(request)).find((b) => b.identifier === STORE)
    if (!business) throw new Error(`demo business ${STORE} missing`)
    const product = await firstProduct(request, business._id)

    await orderAndPay(page, product._id, 'Lucía Pérez')
    await page.getByRole('button', { name: 'Aprobar' }).click()
    // Back on the order page: the state is the API's (the notification), not the return URL's.
    await expect(page).toHaveURL(new RegExp(`/${STORE}/pedido/P-`))
    const code = /\/pedido\/(P-[A-Z0-9]+)/.exec(page.url())![1]!
    await expect(page.getByRole('status').filter({ hasText: 'Pago aprobado' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page.getByText('Confirmado', { exact: true })).toBeVisible({ timeout: 10_000 })
    await expect(page.getByRole('button', { name: 'Reintentar el pago' })).toHaveCount(0)

    // The owner: the order confirmed, paid, with Mercado Pago's payment id.
    const list = await request.get(`/api/orders?search=${code}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const found = (
      (await list.json()) as {
        items: {
          code: string
          status: string
          onlinePayment?: { status: string; paymentId?: string }
        }[]
      }
    ).items.find((o) => o.code === code)
    expect(found).toMatchObject({ status: 'confirmado', onlinePayment: { status: 'aprobado' } })
    expect(found?.onlinePayment?.paymentId).toMatch(/^\d+$/)
  })

  test('a rejected payment, then «Reintentar el pago» approved', async ({ page, request }) => {
    test.setTimeout(120_000)
    const business = (await listBusinesses(request)).find((b) => b.identifier === STORE)
    if (!business) throw new Error(`demo business ${STORE} missing`)
    const product = await firstProduct(request, business._id)

    await orderAndPay(page, product._id, 'Martín Gómez')
    await page.getByRole('button', { name: 'Rechazar' }).click()
    await expect(page).toHaveURL(new RegExp(`/${STORE}/pedido/P-`))
    await expect(page.getByRole('status').filter({ hasText: 'Pago rechazado' })).toBeVisible({
      timeout: 20_000,
    })
    await page.getByRole('button', { name: 'Reintentar el pago' }).click()
    await expect(page.getByRole('heading', { name: 'Mercado Pago (simulador)' })).toBeVisible()
    await page.getByRole('button', { name: 'Aprobar' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Pago aprobado' })).toBeVisible({
      timeout: 20_000,
    })
    await screenshotScreens(page, test.info(), 'pago-aprobado')
  })
})
