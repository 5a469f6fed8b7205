/**
 * Issue 23 §2 on the owner's screens: the 18/20 warning, the 20/20 block of 'Agregar producto'
 * (dashboard and /admin/nuevo-producto opened directly), the upgrade dialog (price, months, total,
 * payment instructions, the request sent), 'Pago pendiente' with its cancellation, and the hidden
 * products an expiry left, shown again within the limit.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PLAN_MESSAGES,
  PLAN_TEXTS,
  PRODUCT_MESSAGES,
  PRODUCT_VISIBILITY_TEXTS,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { BUSINESS_ID, makeBusiness, makePlan, makeProduct, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const LIST = `GET /api/products/${BUSINESS_ID}/business`
const PAYMENT_INFO = {
  price: { uyu: 200, usd: 5 },
  months: [1, 3, 6, 12],
  instructions: {
    bankTransfer: 'BROU 001234567-00001, Vitrina SAS',
    mercadoPagoUrl: 'https://mpago.la/vitrina',
    wallet: 'Prex 1234 5678',
  },
}

const pendingPlan = makePlan({
  requested: 'pro',
  status: 'pending_payment',
  usage: { products: 20 },
  pendingRequest: {
    id: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    plan: 'pro',
    months: 3,
    amount: { uyu: 600, usd: 15 },
    requestedAt: '2026-11-25T12:00:00.000Z',
  },
})

function open(
  path: string,
  business: OwnerBusiness,
  routes: Parameters<typeof installFakeApi>[0] = {},
) {
  signInOwner()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    [LIST]: () => ({
      body: { items: [makeProduct()], total: 1, page: 1, pageSize: 12, priceMax: 1000 },
    }),
    'GET /api/plans/payment': () => ({ body: PAYMENT_INFO }),
    ...routes,
  })
  const view = renderApp(path)
  return { fake, view, ui: userEvent.setup({ delay: null }) }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('owner plan (issue 23 §2)', () => {
  it('warns at 18 of 20 and still opens the product form', async () => {
    open('/admin/mi-negocio', makeBusiness({ plan: makePlan({ usage: { products: 18 } }) }))
    expect(
      await screen.findByText(PLAN_TEXTS.nearLimit(18, 20), { exact: false }),
    ).toBeInTheDocument()
    expect(screen.getByTestId('uso-del-plan')).toHaveTextContent('18 de 20 productos')
    expect(screen.getAllByRole('link', { name: /Agregar producto/ })[0]).toHaveAttribute(
      'href',
      '/admin/nuevo-producto',
    )
    expect(screen.queryByText(PRODUCT_MESSAGES.planLimitReached)).not.toBeInTheDocument()
  })

  it('at 20 of 20, Agregar producto shows the limit and the upgrade, which records the request', async () => {
    let business = makeBusiness({ plan: makePlan({ usage: { products: 20 } }) })
    const { fake, view, ui } = open('/admin/mi-negocio', business, {
      'GET /api/businesses/user/me': () => ({ body: business }),
      [`POST /api/businesses/${BUSINESS_ID}/plan`]: () => {
        business = makeBusiness({ plan: pendingPlan })
        return { status: 201, body: business }
      },
    })
    const add = await screen.findByRole('button', { name: /Agregar producto/ })
    await ui.click(add)
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXTS.upgradeTitle })
    expect(view.location()).toBe('/admin/mi-negocio')
    expect(within(dialog).getByText(PLAN_TEXTS.limitTitle)).toBeInTheDocument()
    expect(within(dialog).getByText('$ 200')).toBeInTheDocument()
    expect(within(dialog).getByText(/Total/)).toHaveTextContent('$ 200 / US$ 5')
    await ui.click(within(dialog).getByRole('radio', { name: '3 meses' }))
    expect(within(dialog).getByText(/Total/)).toHaveTextContent('$ 600 / US$ 15')
    expect(await within(dialog).findByText(PAYMENT_INFO.instructions.bankTransfer)).toBeVisible()
    expect(within(dialog).getByText(PAYMENT_INFO.instructions.wallet)).toBeVisible()
    expect(
      within(dialog).getByRole('link', { name: PLAN_TEXTS.payWithMercadoPago }),
    ).toHaveAttribute('href', PAYMENT_INFO.instructions.mercadoPagoUrl)
    expect(within(dialog).getByText('tienda-ana')).toBeInTheDocument()

    await ui.click(within(dialog).getByRole('button', { name: PLAN_TEXTS.submit }))
    await waitFor(() =>
      expect(fake.callsTo(`POST /api/businesses/${BUSINESS_ID}/plan`)).toHaveLength(1),
    )
    expect(fake.callsTo(`POST /api/businesses/${BUSINESS_ID}/plan`)[0]!.body).toEqual({
      plan: 'pro',
      months: 3,
    })
    expect(await screen.findByText(PLAN_MESSAGES.requestSent)).toBeInTheDocument()
    const panel = screen.getByTestId('plan-del-negocio')
    expect(within(panel).getByText(PLAN_TEXTS.pending)).toBeInTheDocument()
    expect(
      within(panel).getByText(PLAN_TEXTS.pendingDetail(3, '$ 600 / US$ 15')),
    ).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: PLAN_TEXTS.upgrade })).toBeNull()
  })

  it("shows 'Pago pendiente' and cancels the request", async () => {
    let business = makeBusiness({ plan: pendingPlan })
    const { fake, ui } = open('/admin/mi-negocio', business, {
      'GET /api/businesses/user/me': () => ({ body: business }),
      [`DELETE /api/businesses/${BUSINESS_ID}/plan`]: () => {
        business = makeBusiness({ plan: makePlan({ usage: { products: 20 } }) })
        return { body: business }
      },
    })
    const panel = await screen.findByTestId('plan-del-negocio')
    expect(within(panel).getByText(PLAN_TEXTS.pending)).toBeInTheDocument()
    await ui.click(within(panel).getByRole('button', { name: PLAN_TEXTS.cancelRequest }))
    await waitFor(() =>
      expect(fake.callsTo(`DELETE /api/businesses/${BUSINESS_ID}/plan`)).toHaveLength(1),
    )
    expect(await screen.findByText(PLAN_MESSAGES.requestCancelled)).toBeInTheDocument()
    expect(
      await within(panel).findByRole('button', { name: PLAN_TEXTS.upgrade }),
    ).toBeInTheDocument()
  })

  it('shows the API refusal when a request is already pending', async () => {
    const { ui } = open(
      '/admin/mi-negocio',
      makeBusiness({ plan: makePlan({ usage: { products: 5 } }) }),
      {
        [`POST /api/businesses/${BUSINESS_ID}/plan`]: () => ({
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: PLAN_MESSAGES.requestPending },
        }),
      },
    )
    await ui.click(await screen.findByRole('button', { name: PLAN_TEXTS.upgrade }))
    const dialog = await screen.findByRole('dialog')
    await ui.click(within(dialog).getByRole('button', { name: PLAN_TEXTS.submit }))
    expect(await screen.findByText(PLAN_MESSAGES.requestPending)).toBeInTheDocument()
  })

  it('tells the owner to write to support when no payment method is configured', async () => {
    const { ui } = open(
      '/admin/mi-negocio',
      makeBusiness({ plan: makePlan({ usage: { products: 5 } }) }),
      { 'GET /api/plans/payment': () => ({ body: { ...PAYMENT_INFO, instructions: {} } }) },
    )
    await ui.click(await screen.findByRole('button', { name: PLAN_TEXTS.upgrade }))
    const dialog = await screen.findByRole('dialog')
    expect(
      await within(dialog).findByText(PLAN_TEXTS.noPaymentMethods('soporte@vitrina.uy')),
    ).toBeInTheDocument()
  })

  it('guards /admin/nuevo-producto opened directly at the limit', async () => {
    open('/admin/nuevo-producto', makeBusiness({ plan: makePlan({ usage: { products: 20 } }) }))
    expect(await screen.findByRole('heading', { name: PLAN_TEXTS.limitTitle })).toBeInTheDocument()
    expect(screen.getByText(PRODUCT_MESSAGES.planLimitReached)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: PLAN_TEXTS.upgrade })).toBeInTheDocument()
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
  })

  it('explains what an expiry hid, filters the list to them and shows one again (or says why not)', async () => {
    const hidden = [makeProduct({ name: 'Poncho', status: 'hidden' })]
    const { fake, view, ui } = open(
      '/admin/mi-negocio',
      makeBusiness({
        plan: makePlan({
          status: 'expired',
          paidUntil: '2026-11-01T12:00:00.000Z',
          usage: { products: 21, hidden: 1 },
        }),
      }),
      {
        [LIST]: (call) => {
          const status = new URL(call.path, 'http://localhost').searchParams.get('status')
          const items = status === 'hidden' ? hidden : [makeProduct(), ...hidden]
          return { body: { items, total: items.length, page: 1, pageSize: 12, priceMax: 1000 } }
        },
        [`PATCH /api/products/${hidden[0]!._id}/visibility`]: () => ({
          status: 403,
          body: { statusCode: 403, error: 'Forbidden', message: PLAN_MESSAGES.visibleLimitReached },
        }),
      },
    )
    expect(await screen.findByText(PLAN_TEXTS.expired)).toBeInTheDocument()
    const section = await screen.findByRole('region', { name: /Productos ocultos/ })
    expect(section).toHaveTextContent(PRODUCT_VISIBILITY_TEXTS.hiddenCount(1))
    expect(section).toHaveTextContent(PRODUCT_VISIBILITY_TEXTS.planHides(20))
    // No second list of them: the dashboard's list, filtered to 'Ocultos'.
    expect(fake.callsTo(`GET /api/businesses/${BUSINESS_ID}/products/hidden`)).toHaveLength(0)
    await ui.click(within(section).getByRole('link', { name: PRODUCT_VISIBILITY_TEXTS.seeHidden }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio?estado=ocultos'))
    expect(
      await screen.findByRole('combobox', { name: PRODUCT_VISIBILITY_TEXTS.filterLabel }),
    ).toHaveTextContent(PRODUCT_VISIBILITY_TEXTS.hidden)
    expect(
      within(section).queryByRole('link', { name: PRODUCT_VISIBILITY_TEXTS.seeHidden }),
    ).not.toBeInTheDocument()
    await waitFor(() =>
      expect(fake.callsTo(LIST).some((c) => c.path.includes('status=hidden'))).toBe(true),
    )

    await ui.click(await screen.findByRole('button', { name: PLAN_TEXTS.showProduct('Poncho') }))
    await waitFor(() =>
      expect(fake.callsTo(`PATCH /api/products/${hidden[0]!._id}/visibility`)).toHaveLength(1),
    )
    expect(fake.callsTo(`PATCH /api/products/${hidden[0]!._id}/visibility`)[0]!.body).toEqual({
      status: 'active',
    })
    expect(await screen.findByText(PLAN_MESSAGES.visibleLimitReached)).toBeInTheDocument()
  })

  it('says a Premium business’s products are hidden without the plan’s limit', async () => {
    open(
      '/admin/mi-negocio',
      makeBusiness({
        plan: makePlan({
          effective: 'pro',
          requested: 'pro',
          usage: { products: 30, hidden: 2, limit: null },
        }),
      }),
    )
    const section = await screen.findByRole('region', { name: /Productos ocultos/ })
    expect(section).toHaveTextContent(PRODUCT_VISIBILITY_TEXTS.hiddenCount(2))
    expect(section).not.toHaveTextContent(PRODUCT_VISIBILITY_TEXTS.planHides(20))
  })
})

describe('what the plan panel says (issue 41)', () => {
  it('a product hidden by hand under the limit says nothing of the free plan’s 20', async () => {
    open(
      '/admin/mi-negocio',
      makeBusiness({ plan: makePlan({ usage: { products: 5, hidden: 1 } }) }),
    )
    const notice = await screen.findByRole('region', { name: /Productos ocultos/ })
    expect(notice).toHaveTextContent(PRODUCT_VISIBILITY_TEXTS.hiddenCount(1))
    expect(notice).not.toHaveTextContent(PRODUCT_VISIBILITY_TEXTS.planHides(20))
  })

  it('a Premium shop renews its plan instead of passing to it', async () => {
    const { ui } = open(
      '/admin/mi-negocio',
      makeBusiness({
        plan: makePlan({
          requested: 'pro',
          effective: 'pro',
          paidUntil: '2027-01-01T12:00:00.000Z',
          usage: { products: 40, limit: null },
        }),
      }),
    )
    const panel = await screen.findByTestId('plan-del-negocio')
    expect(within(panel).queryByRole('button', { name: PLAN_TEXTS.upgrade })).toBeNull()
    await ui.click(within(panel).getByRole('button', { name: PLAN_TEXTS.renew }))
    expect(await screen.findByRole('dialog', { name: PLAN_TEXTS.renewTitle })).toBeVisible()
  })
})
