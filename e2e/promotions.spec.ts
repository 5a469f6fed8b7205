/**
 * Issue 45: coupons and promotions, end to end. The owner creates a 3x2 on a product (chosen by
 * name) and a first-purchase coupon at /admin/promociones (axe and screenshots at 375 and
 * 1280 px); a shopper takes three units, applies the coupon in the cart and sees both discounts,
 * orders (the WhatsApp message lists them); the owner sees the discounts on the order, the
 * coupon's use, and its orders and revenue in the insights.
 * The 3x2's badge is on the product's card and on its page, server-rendered (in the HTML before
 * any script runs), with its words for screen readers.
 */
import { demoOwner, signedInState } from './support/session'
import { expect, test } from './support/test'
import { expectAccessibleScreens, stubWhatsApp } from './support/screens'
import { demoStoreAndProduct } from './support/demo'

const STORE = 'cafe-del-puerto'

test('a 3x2 and a first-purchase coupon: created by the owner, applied in the cart, shown on the order', async ({
  browser,
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  const { product } = await demoStoreAndProduct(request, STORE)
  const detail = (await (await request.get(`/api/products/${product._id}`)).json()) as {
    category: string
  }
  const state = await signedInState(browser, baseURL as string, demoOwner('cafe'))
  const owner = await browser.newContext({ baseURL, storageState: state })
  try {
    const admin = await owner.newPage()
    await admin.goto('/admin/promociones')
    await expect(admin.getByRole('heading', { name: 'Promociones', level: 1 })).toBeVisible()

    // A 3x2 on the product, chosen by name (Llevá 3, pagá 2 is the form's default).
    await admin.getByRole('button', { name: 'Nueva promoción' }).click()
    const promo = admin.getByRole('form', { name: 'Nueva promoción' })
    await promo.getByLabel('Nombre', { exact: true }).fill('3x2 de la casa')
    await promo.getByRole('searchbox', { name: 'Buscar productos por nombre' }).fill(product.name)
    await promo
      .getByRole('list', { name: 'Resultados de la búsqueda' })
      .getByRole('checkbox', { name: product.name, exact: true })
      .check()
    await expect(
      promo.getByRole('list', { name: 'Productos elegidos' }).getByText(product.name),
    ).toBeVisible()
    await promo.getByRole('button', { name: 'Guardar' }).click()
    const promotions = admin.getByRole('region', { name: 'Promociones automáticas' })
    await expect(promotions.getByText('3x2 de la casa')).toBeVisible()

    // Editing it shows the chosen product by name (the form at 375 and 1280 px, axe-clean).
    await promotions.getByRole('button', { name: 'Editar 3x2 de la casa' }).click()
    const editForm = admin.getByRole('form', { name: 'Editar 3x2 de la casa' })
    await expect(
      editForm.getByRole('list', { name: 'Productos elegidos' }).getByText(product.name),
    ).toBeVisible()
    await expectAccessibleScreens(admin, testInfo, { name: 'promotion-form', include: 'form' })
    await editForm.getByRole('button', { name: 'Cancelar' }).click()

    // A first-purchase coupon of 10 %.
    await admin.getByRole('button', { name: 'Nuevo cupón' }).click()
    const couponForm = admin.getByRole('form', { name: 'Nuevo cupón' })
    await couponForm.getByLabel('Código').fill('BIENVENIDA')
    await couponForm.getByLabel('Porcentaje (%)').fill('10')
    await couponForm.getByLabel('Solo primera compra').check()
    await couponForm.getByRole('button', { name: 'Guardar' }).click()
    const coupons = admin.getByRole('region', { name: 'Cupones' })
    await expect(coupons.getByText('BIENVENIDA', { exact: true })).toBeVisible()
    await expect(admin.getByText('Guardado')).toHaveCount(0, { timeout: 15_000 })

    await expectAccessibleScreens(admin, testInfo, { name: 'promotions' })

    // The badge: on the product's card (its category's list) and on its page, in the server's
    // HTML (no script needed), with what it means for screen readers.
    const listPath = `/${STORE}/productos?categoria=${encodeURIComponent(detail.category)}`
    const html = await (await request.get(listPath)).text()
    expect(html).toContain('Promoción: llevá 3, pagá 2')
    await page.goto(listPath)
    const card = page.getByRole('article').filter({ hasText: product.name })
    await expect(card.first().getByText('3x2', { exact: true })).toBeVisible()
    await expect(card.first().getByText('Promoción: llevá 3, pagá 2')).toHaveClass(/sr-only/)
    await expectAccessibleScreens(page, testInfo, { name: 'badge-card', include: 'main' })

    // The shopper: three units, the coupon in the cart, both discounts shown.
    await stubWhatsApp(page.context())
    await page.goto(`/${STORE}/productos/${product.slug}`)
    await expect(page.getByRole('main').getByText('3x2', { exact: true }).first()).toBeVisible()
    await expectAccessibleScreens(page, testInfo, { name: 'badge-product', include: 'main' })
    await page.getByRole('button', { name: 'Añadir al carrito' }).click()
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Carrito:/ })
      .first()
      .click()
    const drawer = page.getByRole('dialog', { name: 'Tu carrito' })
    const more = drawer.getByRole('button', { name: 'Agregar una unidad' }).first()
    await more.click()
    await more.click()
    await expect(drawer.getByText('Promoción 3x2').first()).toBeVisible()
    await drawer.getByRole('textbox', { name: 'Cupón de descuento' }).fill('bienvenida')
    await drawer.getByRole('button', { name: 'Aplicar' }).click()
    await expect(drawer.getByText('Cupón BIENVENIDA aplicado')).toBeVisible()
    await expect(drawer.getByText('Cupón BIENVENIDA', { exact: true })).toBeVisible()
    await expectAccessibleScreens(page, testInfo, {
      name: 'cart-coupon',
      include: '[role="dialog"]',
    })

    await drawer.getByRole('button', { name: 'Enviar pedido por WhatsApp' }).click()
    const checkout = page.getByRole('dialog', { name: 'Enviar pedido por WhatsApp' })
    const form = checkout.getByRole('form', { name: 'Tus datos' })
    await form.getByRole('textbox', { name: 'Nombre' }).fill('Sofía Núñez')
    const phone = `099 ${String(Date.now()).slice(-6)}`
    await form.getByRole('textbox', { name: 'Teléfono' }).fill(phone)
    await form.getByRole('radio', { name: /Retiro en el local/ }).check()
    await form.getByRole('radio', { name: /Efectivo/ }).check()
    const popup = page.waitForEvent('popup')
    await checkout.getByRole('button', { name: 'Enviar pedido' }).click()
    const whatsapp = await popup
    await whatsapp.waitForURL(/^https:\/\/wa\.me\//)
    const message = new URL(whatsapp.url()).searchParams.get('text') ?? ''
    const code = /P-[23456789A-Z]{4,8}/.exec(message)?.[0]
    expect(code, message).toBeTruthy()
    expect(message).toContain('Promoción 3x2 — -$')
    expect(message).toContain('Cupón BIENVENIDA — -$')
    await whatsapp.close()
    await expect(page.getByText('Cupón BIENVENIDA', { exact: true })).toBeVisible()

    // The owner sees the discounts on the order, and the coupon's use on «Promociones».
    await admin.setViewportSize({ width: 1280, height: 900 })
    await admin.goto('/admin/pedidos')
    await admin.getByRole('searchbox', { name: 'Buscar por código o cliente' }).fill(code!)
    await admin.getByRole('button', { name: `Ver el pedido ${code}` }).click()
    await expect(admin.getByText('Promoción 3x2').first()).toBeVisible()
    await expect(admin.getByText('Cupón BIENVENIDA', { exact: true })).toBeVisible()
    await admin.goto('/admin/promociones')
    await expect(admin.getByText(/^1 uso · 1 pedido/)).toBeVisible()

    // Insights count the coupon's orders and revenue.
    await admin.goto('/admin/estadisticas')
    const couponSales = admin.getByRole('region', { name: 'Cupones' })
    await expect(couponSales.getByRole('rowheader', { name: 'BIENVENIDA' })).toBeVisible()
    await expectAccessibleScreens(admin, testInfo, { name: 'insights-coupons', include: 'main' })
  } finally {
    await owner.close()
  }
})
