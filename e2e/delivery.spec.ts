/**
 * Issue 44 §4: delivery, end to end. A new owner sets two zones (one priced by weight bands), a
 * parcel agency paid at destination and a pickup point in the business form; a shopper in the
 * interior orders through the agency, giving its branch; the owner confirms the order and ships
 * it with a tracking code; the shopper's page shows the timeline, the code and the carrier's
 * link. Axe and screenshots at 375 and 1280 px of the settings, the checkout's delivery step, the
 * «Enviado» dialog and the shopper's timeline.
 *
 * Issue 44 §3: the shopper leaves an e-mail at checkout; the owner's «Avisos por correo a tus
 * clientes» switches are on; the «enviado» mail (read from the outbox through the operator's
 * console, as stored: its link holds `{{token}}`, rendered only when sent) carries the carrier,
 * the code, the tracking link and the link to the shopper's own order page.
 */
import { createBusinessViaApi, createProductViaApi } from './support/owner-api'
import { createActiveOwner, signIn } from './support/accounts'
import { imageFolder, pngFile } from './support/images'
import { expectAccessibleScreens, stubWhatsApp } from './support/screens'
import { DEMO_OPERATOR } from './support/session'
import { expect, test } from './support/test'

test('two zones, an agency and a pickup point; an order through the agency, shipped with a tracking code', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000)
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const suffix = owner.email.split('@')[0]!.replace(/[^a-z0-9]/g, '')
  const business = await createBusinessViaApi(request, token, {
    name: `Envíos ${suffix}`,
    identifier: `envios-${suffix}`,
    categories: [{ name: 'Almacén', subCategories: [] }],
  })
  const image = await pngFile(await imageFolder(), 'yerba', {
    width: 800,
    height: 800,
    color: '#15803d',
  })
  const product = await createProductViaApi(request, token, {
    businessId: business._id,
    name: 'Yerba 1 kg',
    price: 250,
    category: 'Almacén',
    image,
  })

  // The owner's settings: delivery on, only to the zones' places, two zones, an agency, a point.
  await page.goto(`/admin/mi-negocio/editar/${business.identifier}`)
  await page
    .getByRole('navigation', { name: 'Pasos' })
    .getByRole('button', { name: /Información de Contacto/ })
    .click()
  await page.getByRole('checkbox', { name: 'Envío a domicilio' }).check()
  const methods = page.getByRole('group', { name: 'Zonas, agencias y puntos de retiro' })
  await methods.getByRole('checkbox', { name: /Enviar al resto del país/ }).uncheck()

  const zone = async (
    index: number,
    name: string,
    places: string[],
    price: string,
    eta: string,
  ) => {
    await methods.getByRole('button', { name: 'Agregar zona' }).click()
    await methods.getByLabel('Nombre de la zona').nth(index).fill(name)
    await methods.getByLabel('Lugares de la zona').nth(index).selectOption(places)
    await methods.getByLabel('Costo en $', { exact: true }).nth(index).fill(price)
    await methods.getByLabel('Tiempo estimado').nth(index).fill(eta)
  }
  await zone(0, 'Montevideo', ['dep:Montevideo'], '150', '24 h')
  await zone(1, 'Interior', ['dep:Salto', 'dep:Paysandú'], '400', '2 a 4 días hábiles')
  // The interior priced by weight: up to 2 kg, $ 220.
  await methods.getByRole('button', { name: 'Agregar tramo de peso' }).nth(1).click()
  const band = methods.getByRole('group', { name: 'Tramo 1' })
  await band.getByLabel('Hasta (gramos)').fill('2000')
  await band.getByLabel('Costo en $', { exact: true }).fill('220')
  await methods.getByRole('button', { name: 'Agregar agencia' }).click()
  await methods.getByLabel('Agencia', { exact: true }).fill('DAC')
  await methods.getByRole('button', { name: 'Agregar punto de retiro' }).click()
  await methods.getByLabel('Nombre del punto').fill('Local Centro')
  await methods.getByLabel('Dirección', { exact: true }).fill('Av. 18 de Julio 1234')
  await expectAccessibleScreens(page, testInfo, {
    name: 'delivery-settings',
    include: 'fieldset',
    prepare: () => methods.scrollIntoViewIfNeeded(),
    fullPage: false,
  })
  const saved = page.waitForResponse(
    (res) =>
      res.request().method() === 'PATCH' && res.url().endsWith(`/api/businesses/${business._id}`),
  )
  // Issue 44 §3: the shopper's mails, each on by default, switched on or off at once.
  const mails = page.getByRole('region', { name: 'Avisos por correo a tus clientes' })
  await expect(
    mails.getByRole('switch', { name: 'Pedido enviado (con el código de seguimiento)' }),
  ).toBeChecked()
  await expect(mails.getByRole('switch')).toHaveCount(6)
  await expectAccessibleScreens(page, testInfo, {
    name: 'shopper-mail-switches',
    include: 'main',
    prepare: () => mails.scrollIntoViewIfNeeded(),
    fullPage: false,
  })
  // Issue 44 §3: the shop's own WhatsApp text for «enviado», saved by its own button.
  const texts = page.getByRole('region', { name: 'Mensajes de WhatsApp para tus clientes' })
  await texts
    .getByRole('textbox', { name: 'Pedido enviado' })
    .fill('¡Hola {nombre}! Tu pedido {pedido} de {tienda} salió por {seguimiento}')
  const savedText = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && res.url().endsWith('/whatsapp-templates'),
  )
  await texts.getByRole('button', { name: 'Guardar el mensaje «Pedido enviado»' }).click()
  expect((await savedText).status()).toBe(200)
  await expect(texts.getByText('Mensaje propio')).toBeVisible()
  await expectAccessibleScreens(page, testInfo, {
    name: 'whatsapp-templates',
    include: 'main',
    prepare: () => texts.scrollIntoViewIfNeeded(),
    fullPage: false,
  })
  await page.getByRole('button', { name: 'Guardar cambios' }).click()
  expect((await saved).status()).toBe(200)

  // A shopper in Salto orders through DAC, paid at the agency.
  const shopper = await browser.newContext({ baseURL })
  await stubWhatsApp(shopper)
  const store = await shopper.newPage()
  await store.goto(`/${business.identifier}/productos/${product._id}`)
  await store.getByRole('button', { name: 'Añadir al carrito' }).click()
  await store
    .getByRole('banner')
    .getByRole('button', { name: /^Carrito:/ })
    .first()
    .click()
  const drawer = store.getByRole('dialog', { name: 'Tu carrito' })
  await drawer.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click()
  const checkout = store.getByRole('dialog', { name: 'Enviar pedido por WhatsApp' })
  const form = checkout.getByRole('form', { name: 'Tus datos' })
  await form.getByRole('textbox', { name: 'Nombre' }).fill('Marcos Silva')
  await form.getByRole('textbox', { name: 'Teléfono' }).fill('099 444 321')
  const shopperEmail = `marcos-${suffix}@example.com`
  const emailField = form.getByRole('textbox', { name: 'Correo electrónico (opcional)' })
  await emailField.fill(shopperEmail)
  await expectAccessibleScreens(store, testInfo, {
    name: 'checkout-email',
    include: '[role="dialog"]',
    prepare: () => emailField.scrollIntoViewIfNeeded(),
    fullPage: false,
  })
  const delivery = form.getByRole('radiogroup', { name: /Entrega/ })
  await expect(delivery.getByRole('radio', { name: /Retiro en Local Centro/ })).toBeVisible()
  // The zone's price for Salto, before the order: the weight band is not used (no weight).
  await delivery.getByRole('radio', { name: /Envío a domicilio/ }).check()
  await form.getByLabel(/Barrio o departamento/).selectOption('dep:Salto')
  await expect(form.getByText(/\$ 400,00 · llega en 2 a 4 días hábiles/)).toBeVisible()
  await delivery.getByRole('radio', { name: /Envío por DAC/ }).check()
  await form.getByLabel(/Sucursal de la agencia o dirección/).fill('DAC Salto, Uruguay 651')
  await expect(
    checkout
      .getByRole('region', { name: 'Resumen del pedido' })
      .getByText('Se paga al recibir en la agencia'),
  ).toBeVisible()
  await form.getByRole('radio', { name: /Efectivo/ }).check()
  await expectAccessibleScreens(store, testInfo, {
    name: 'checkout-agency',
    include: '[role="dialog"]',
    fullPage: false,
  })
  const popup = store.waitForEvent('popup')
  await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
  const whatsapp = await popup
  await whatsapp.waitForURL(/^https:\/\/wa\.me\//)
  const message = new URL(whatsapp.url()).searchParams.get('text') ?? ''
  const code = /P-[23456789A-Z]{4,8}/.exec(message)?.[0]
  expect(code, message).toBeTruthy()
  expect(message).toContain('DAC')
  await whatsapp.close()
  await expect(store).toHaveURL(new RegExp(`/${business.identifier}/pedido/${code}\\?t=`))
  const orderPage = store.url()

  // The owner confirms it, then ships it with DAC's tracking code.
  await page.goto('/admin/pedidos')
  await page.getByRole('searchbox', { name: 'Buscar por código o cliente' }).fill(code!)
  await page.getByRole('button', { name: `Ver el pedido ${code}` }).click()
  await expect(page.getByText('DAC Salto, Uruguay 651').first()).toBeVisible()
  await page.getByRole('button', { name: 'Marcar como «Confirmado»' }).click()
  await expect(page.getByText('Pasó a «Confirmado»')).toBeVisible()
  await page.getByRole('button', { name: 'Marcar como «Enviado»' }).click()
  const ship = page.getByRole('dialog', { name: `Enviar el pedido ${code}` })
  await expect(ship.getByLabel('Agencia o transportista')).toHaveValue('DAC')
  await ship.getByLabel('Código de seguimiento').fill('DAC123456789')
  await expectAccessibleScreens(page, testInfo, {
    name: 'ship-dialog',
    include: '[role="dialog"]',
    fullPage: false,
  })
  await ship.getByRole('button', { name: 'Marcar como «Enviado»' }).click()
  await expect(ship).toBeHidden()

  // One WhatsApp link per status the order went through; «Enviado» carries the tracking code.
  const notify = page.getByRole('region', { name: 'Avisar al cliente por WhatsApp' })
  const shipped = notify.getByRole('link', { name: 'Avisar «Enviado» al cliente por WhatsApp' })
  await expect(shipped).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*DAC123456789/)
  // The shop's own text saved in its settings.
  await expect(shipped).toHaveAttribute('href', /sali%C3%B3(%20|\+)por/)
  await expect(notify.getByRole('link')).toHaveCount(3)
  // The whole order page (its headings go down one level at a time since issue 44's cleanup).
  await expectAccessibleScreens(page, testInfo, { name: 'status-whatsapp', include: 'main' })

  // The shopper's page: the timeline up to «enviado», the code and DAC's tracking link.
  await store.goto(orderPage)
  await expect(store.getByText('DAC: DAC123456789')).toBeVisible()
  const link = store.getByRole('link', { name: /Seguir el envío/ })
  await expect(link).toHaveAttribute('href', /dac\.com\.uy.*DAC123456789/)
  await expect(store.getByText('Pedido enviado').first()).toBeVisible()
  await expectAccessibleScreens(store, testInfo, { name: 'order-timeline', include: 'main' })
  await shopper.close()

  // The shopper's mails, read from the outbox as the operator's console shows them (stored, so
  // the order page's token is `{{token}}`: the sender derives it when the mail leaves).
  const operatorContext = await browser.newContext({ baseURL })
  const operator = await operatorContext.newPage()
  const operatorToken = await signIn(operator, DEMO_OPERATOR)
  type Mail = { to: string; kind: string; subject: string; text: string }
  let shopperMails: Mail[] = []
  await expect
    .poll(async () => {
      const res = await request.get('/api/operator/mail?pageSize=48', {
        headers: { authorization: `Bearer ${operatorToken}` },
      })
      expect(res.status(), await res.text()).toBe(200)
      shopperMails = ((await res.json()) as { items: Mail[] }).items.filter(
        (m) => m.to === shopperEmail,
      )
      return shopperMails.map((m) => m.kind).sort()
    })
    .toEqual(['shopper-confirmado', 'shopper-enviado'])
  await operatorContext.close()
  const shippedMail = shopperMails.find((m) => m.kind === 'shopper-enviado')!
  expect(shippedMail.subject).toBe(`Envíos ${suffix}: tu pedido ${code} va en camino`)
  expect(shippedMail.text).toContain('Envío por: DAC')
  expect(shippedMail.text).toContain('Código de seguimiento: DAC123456789')
  expect(shippedMail.text).toMatch(/Síguelo en: https:\/\/\S*dac\.com\.uy\S*DAC123456789/)
  // Its link is the shopper's own order page once the token is in place.
  const pageUrl = new URL(orderPage)
  const mailed = /Mira tu pedido en: (\S+)/.exec(shippedMail.text)?.[1]
  expect(mailed).toBe(`${pageUrl.origin}${pageUrl.pathname}?t={{token}}`)
  expect(shippedMail.text).not.toContain(pageUrl.searchParams.get('t')!)
})
