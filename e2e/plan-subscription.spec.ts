/**
 * Journey (issue 43 §5, ADR 040): an owner subscribes to Premium monthly with Mercado Pago —
 * «Pasar a Premium», dollars, «Suscribirme con Mercado Pago» — authorizes on the simulator's
 * page, comes back to the dashboard and sees Premium active until a date once the signed
 * notifications arrive (never from the return address's query); then cancels, and Premium stays
 * until that date. The operator console lists the subscription. Screens at 375 and 1280 px.
 */
import { PLAN_TEXTS, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_TEXTS } from '@vitrina/contracts'
import { expect, test } from './support/test'
import { createActiveOwner, signIn } from './support/accounts'
import { createBusinessViaApi } from './support/owner-api'
import { expectAccessibleScreens } from './support/screens'
import { DEMO_OPERATOR } from './support/session'

test('an owner subscribes on Mercado Pago, comes back Premium, then cancels', async ({
  page,
  request,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(150_000)
  const owner = await createActiveOwner(page, request)
  const token = await signIn(page, owner)
  const identifier = `suscripta-${Date.now().toString(36)}`
  const business = await createBusinessViaApi(request, token, {
    name: `Tienda Suscripta ${identifier}`,
    identifier,
  })

  await page.goto('/admin/mi-negocio')
  await page.getByRole('button', { name: PLAN_TEXTS.upgrade }).click()
  const dialog = page.getByRole('dialog', { name: PLAN_TEXTS.upgradeTitle })
  const offer = dialog.getByRole('region', { name: SUBSCRIPTION_TEXTS.title })
  await expect(offer).toBeVisible()
  await expectAccessibleScreens(page, info, {
    name: 'oferta-suscripcion',
    include: '[role=dialog]',
  })
  await offer.getByRole('radio', { name: SUBSCRIPTION_TEXTS.currencyOption('USD') }).check()
  await offer.getByRole('button', { name: SUBSCRIPTION_TEXTS.subscribe }).click()

  // Mercado Pago's page (the simulator): the monthly amount, and «Autorizar».
  await expect(page.getByTestId('total')).toHaveText('USD 5.00')
  await page.getByRole('button', { name: 'Autorizar' }).click()

  // Back on the dashboard: the notifications, not the query, make the shop Premium.
  await expect(page).toHaveURL(/\/admin\/mi-negocio\?preapproval_id=/)
  const panel = page.getByTestId('plan-del-negocio')
  const subscription = page.getByTestId('suscripcion')
  await expect(subscription.getByText(SUBSCRIPTION_TEXTS.status.authorized)).toBeVisible({
    timeout: 20_000,
  })
  await expect(panel.getByText(/^Activo hasta el \d{2}\/\d{2}\/\d{4}$/)).toBeVisible({
    timeout: 20_000,
  })
  await expect(subscription.getByText(/Próximo cobro: \d{2}\/\d{2}\/\d{4}/)).toBeVisible()
  // The plan panel (the header's and the product list's search forms are not this issue's).
  await expectAccessibleScreens(page, info, {
    name: 'plan-suscripto',
    include: '[data-testid=plan-del-negocio]',
  })

  // The owner cancels: no more charges, Premium stays until its date.
  const until = (await panel.getByText(/^Activo hasta el/).textContent())!.replace(
    'Activo hasta el ',
    '',
  )
  await subscription.getByRole('button', { name: SUBSCRIPTION_TEXTS.cancel }).click()
  const confirm = page.getByRole('dialog', { name: SUBSCRIPTION_TEXTS.cancelConfirm })
  await expectAccessibleScreens(page, info, {
    name: 'cancelar-suscripcion',
    include: '[role=dialog]',
  })
  await confirm.getByRole('button', { name: SUBSCRIPTION_TEXTS.cancel }).click()
  await expect(page.getByText(SUBSCRIPTION_MESSAGES.cancelled)).toBeVisible()
  await expect(subscription.getByText(SUBSCRIPTION_TEXTS.cancelledUntil(until))).toBeVisible()
  await expect(panel.getByText(PLAN_TEXTS.activeUntil(until), { exact: true })).toBeVisible()

  // The operator console lists it, cancelled, with its last payment.
  const operatorContext = await browser.newContext({ baseURL })
  try {
    const console_ = await operatorContext.newPage()
    await signIn(console_, DEMO_OPERATOR)
    await console_.goto('/operador/pagos')
    const item = console_
      .getByRole('region', { name: SUBSCRIPTION_TEXTS.listTitle })
      .getByRole('article', { name: business.name })
    await expect(item.getByText(SUBSCRIPTION_TEXTS.status.cancelled)).toBeVisible()
    await expect(item.getByText(/^aprobado, /)).toBeVisible()
    await expectAccessibleScreens(console_, info, { name: 'operador-suscripciones' })
  } finally {
    await operatorContext.close()
  }
})
