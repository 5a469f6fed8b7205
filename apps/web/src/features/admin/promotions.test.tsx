/**
 * Issue 45 §3: /admin/promociones — «Promociones»: the list with status, uses, orders and
 * revenue; a coupon created (the API's Spanish refusal beside its field first), a 3x2 created,
 * pause and duplicate; an edit that chooses products by name (the picker) and a refused pause;
 * and axe at 375 and 1280 px.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  PROMOTION_MESSAGES as M,
  PROMOTION_PAGE_TEXTS as T,
  PROMOTION_STATUS_LABELS,
  type Coupon,
  type Promotion,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { BUSINESS_ID, makeBusiness, makeProduct, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const COUPON: Coupon = {
  _id: '1d1e2d3f-4a5b-4c6d-8e7f-000000000001',
  code: 'BIENVENIDA',
  kind: 'percent',
  percent: 10,
  amounts: {},
  minSubtotal: {},
  startsOn: null,
  endsOn: null,
  maxUses: 50,
  uses: 3,
  oncePerShopper: false,
  firstPurchaseOnly: true,
  productIds: [],
  categories: [],
  paused: false,
  status: 'active',
  orders: 3,
  revenue: { UYU: 4500 },
}

const PROMO: Promotion = {
  _id: '2d1e2d3f-4a5b-4c6d-8e7f-000000000002',
  name: '3x2 en remeras',
  kind: 'take_pay',
  take: 3,
  pay: 2,
  percent: null,
  productIds: [],
  categories: ['Remeras'],
  startsOn: null,
  endsOn: null,
  paused: false,
  badge: '3x2',
  status: 'active',
  orders: 2,
  revenue: { UYU: 2000 },
}

function open(routes: Parameters<typeof installFakeApi>[0]) {
  signInOwner()
  const ui = userEvent.setup({ delay: null })
  const api = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    'GET /api/orders/counts': () => ({ body: { counts: {} } }),
    ...routes,
  })
  renderApp('/admin/promociones')
  return { ui, api }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('/admin/promociones', () => {
  it('lists coupons and promotions with status, uses, orders and revenue; pauses and duplicates', async () => {
    const { ui, api } = open({
      'GET /api/promotions': () => ({ body: { coupons: [COUPON], promotions: [PROMO] } }),
      [`PATCH /api/promotions/coupons/${COUPON._id}`]: () => ({
        body: { ...COUPON, paused: true, status: 'paused' },
      }),
      [`POST /api/promotions/automatic/${PROMO._id}/duplicate`]: () => ({
        status: 201,
        body: PROMO,
      }),
    })
    expect(await screen.findByRole('heading', { name: T.title, level: 1 })).toBeInTheDocument()
    const coupons = await screen.findByRole('region', { name: T.couponsTitle }, { timeout: 10_000 })
    expect(within(coupons).getByText('BIENVENIDA', { selector: '.font-semibold' })).toBeVisible()
    expect(within(coupons).getByText(PROMOTION_STATUS_LABELS.active)).toBeInTheDocument()
    expect(
      within(coupons).getByText('3 de 50 usos · 3 pedidos · Ventas: $ 4.500,00'),
    ).toBeInTheDocument()
    const promos = screen.getByRole('region', { name: T.promotionsTitle })
    expect(within(promos).getByText('3x2')).toBeInTheDocument()
    expect(within(promos).getByText('2 pedidos · Ventas: $ 2.000,00')).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])

    await ui.click(within(coupons).getByRole('button', { name: `${T.pause} BIENVENIDA` }))
    expect(api.callsTo(`PATCH /api/promotions/coupons/${COUPON._id}`).at(-1)?.body).toEqual({
      paused: true,
    })
    await ui.click(within(promos).getByRole('button', { name: `${T.duplicate} 3x2 en remeras` }))
    expect(api.callsTo(`POST /api/promotions/automatic/${PROMO._id}/duplicate`)).toHaveLength(1)
  })

  it('creates a coupon: the API’s Spanish refusal beside the field, then saved', async () => {
    let tries = 0
    const { ui, api } = open({
      'GET /api/promotions': () => ({ body: { coupons: [], promotions: [] } }),
      'POST /api/promotions/coupons': () => {
        tries += 1
        if (tries === 1) {
          return {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              message: M.codeTaken,
              errors: [{ path: 'code', message: M.codeTaken }],
            },
          }
        }
        return { status: 201, body: COUPON }
      },
    })
    await ui.click(await screen.findByRole('button', { name: T.newCoupon }))
    const form = screen.getByRole('form', { name: T.newCoupon })
    await ui.type(within(form).getByLabelText(T.code), 'bienvenida')
    await ui.type(within(form).getByLabelText(T.percent), '10')
    await ui.click(within(form).getByLabelText(T.firstPurchaseOnly))
    await ui.click(within(form).getByRole('button', { name: T.save }))
    const code = within(form).getByLabelText(T.code)
    expect(await within(form).findByText(M.codeTaken, { selector: 'p[id]' })).toBeVisible()
    expect(code).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolations()).toEqual([])
    await ui.click(within(form).getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.saved)).toBeInTheDocument()
    expect(api.callsTo('POST /api/promotions/coupons').at(-1)?.body).toMatchObject({
      code: 'bienvenida',
      kind: 'percent',
      percent: 10,
      firstPurchaseOnly: true,
    })
  })

  it('a fixed-amount coupon in pesos and dollars: each currency’s refusal by its field, then both saved', async () => {
    let tries = 0
    const { ui, api } = open({
      'GET /api/promotions': () => ({ body: { coupons: [], promotions: [] } }),
      'POST /api/promotions/coupons': () => {
        tries += 1
        if (tries === 1) {
          return {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: M.amountInvalid,
              errors: [{ path: 'amounts.USD', message: M.amountInvalid }],
            },
          }
        }
        return { status: 201, body: COUPON }
      },
    })
    await ui.click(await screen.findByRole('button', { name: T.newCoupon }))
    const form = screen.getByRole('form', { name: T.newCoupon })
    await ui.type(within(form).getByLabelText(T.code), 'MENOS200')
    await ui.selectOptions(within(form).getByLabelText(T.kind), 'fixed')
    await ui.type(within(form).getByLabelText(T.amount), '200')
    await ui.type(within(form).getByLabelText(T.amountUsd), '5,555')
    await ui.type(within(form).getByLabelText(T.minimumUsd), '50')
    expect(within(form).getByText(T.amountsHint)).toBeVisible()
    await ui.click(within(form).getByRole('button', { name: T.save }))
    // The dollars' refusal is by the dollars' field only.
    expect(await within(form).findByText(M.amountInvalid, { selector: 'p[id]' })).toBeVisible()
    expect(within(form).getByLabelText(T.amountUsd)).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).getByLabelText(T.amount)).not.toHaveAttribute('aria-invalid')
    expect(await axeViolations()).toEqual([])

    await ui.clear(within(form).getByLabelText(T.amountUsd))
    await ui.type(within(form).getByLabelText(T.amountUsd), '5,5')
    await ui.click(within(form).getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.saved)).toBeInTheDocument()
    expect(api.callsTo('POST /api/promotions/coupons').at(-1)?.body).toMatchObject({
      code: 'MENOS200',
      kind: 'fixed',
      amounts: { UYU: 200, USD: 5.5 },
      minSubtotal: { USD: 50 },
    })
  })

  it('creates a 3x2 on a category', async () => {
    const { ui, api } = open({
      'GET /api/promotions': () => ({ body: { coupons: [], promotions: [] } }),
      'POST /api/promotions/automatic': () => ({ status: 201, body: PROMO }),
    })
    await ui.click(await screen.findByRole('button', { name: T.newPromotion }))
    const form = screen.getByRole('form', { name: T.newPromotion })
    await ui.type(within(form).getByLabelText(T.name), '3x2 en remeras')
    await ui.type(within(form).getByLabelText(T.categories), 'Remeras')
    await ui.click(within(form).getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.saved)).toBeInTheDocument()
    expect(api.callsTo('POST /api/promotions/automatic').at(-1)?.body).toMatchObject({
      name: '3x2 en remeras',
      kind: 'take_pay',
      take: 3,
      pay: 2,
      categories: ['Remeras'],
    })
    expect(await axeViolations()).toEqual([])
  })
})

/** jsdom lays nothing out: the width is what media queries and the page's code see. */
function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

const REMERA = makeProduct({ _id: '3d1e2d3f-4a5b-4c6d-8e7f-000000000003', name: 'Remera lisa' })
const REMERON = makeProduct({ _id: '4d1e2d3f-4a5b-4c6d-8e7f-000000000004', name: 'Remerón' })

describe('/admin/promociones: choosing products, editing, pausing', () => {
  for (const width of [375, 1280]) {
    it(`edits a 3x2: the chosen products by name, one added by a search and one removed (axe at ${width} px)`, async () => {
      atWidth(width)
      const promo = { ...PROMO, productIds: [REMERA._id], categories: [] }
      const { ui, api } = open({
        'GET /api/promotions': () => ({
          body: {
            coupons: [],
            promotions: [promo],
            products: [{ _id: REMERA._id, name: REMERA.name }],
          },
        }),
        [`GET /api/products/${BUSINESS_ID}/business`]: () => ({
          body: { items: [REMERA, REMERON], total: 2, page: 1, pageSize: 8, priceMax: 0 },
        }),
        [`PUT /api/promotions/automatic/${PROMO._id}`]: () => ({ body: promo }),
      })
      const promos = await screen.findByRole(
        'region',
        { name: T.promotionsTitle },
        { timeout: 10_000 },
      )
      await ui.click(within(promos).getByRole('button', { name: `${T.edit} 3x2 en remeras` }))
      const form = screen.getByRole('form', { name: `${T.edit} 3x2 en remeras` })
      const chosen = within(form).getByRole('list', { name: T.chosenProducts })
      expect(within(chosen).getByText('Remera lisa')).toBeInTheDocument()

      await ui.type(within(form).getByRole('searchbox', { name: T.productSearch }), 'rem')
      const results = await within(form).findByRole('list', { name: T.productResults })
      expect(within(results).getByRole('checkbox', { name: 'Remera lisa' })).toBeChecked()
      await ui.click(within(results).getByRole('checkbox', { name: 'Remerón' }))
      expect(within(chosen).getByText('Remerón')).toBeInTheDocument()
      expect(api.callsTo(`GET /api/products/${BUSINESS_ID}/business`).at(-1)?.path).toContain(
        'search=rem',
      )
      expect(await axeViolations()).toEqual([])

      await ui.click(within(chosen).getByRole('button', { name: T.removeProduct('Remera lisa') }))
      expect(within(chosen).queryByText('Remera lisa')).toBeNull()
      await ui.click(within(form).getByRole('button', { name: T.save }))
      expect(await screen.findByText(T.saved)).toBeInTheDocument()
      expect(api.callsTo(`PUT /api/promotions/automatic/${PROMO._id}`).at(-1)?.body).toMatchObject({
        name: '3x2 en remeras',
        kind: 'take_pay',
        productIds: [REMERON._id],
        categories: [],
        paused: false,
      })
    })
  }

  it('a search that finds nothing says so; the API’s refusal of a product shows by the picker', async () => {
    const { ui } = open({
      'GET /api/promotions': () => ({ body: { coupons: [], promotions: [] } }),
      [`GET /api/products/${BUSINESS_ID}/business`]: () => ({
        body: { items: [], total: 0, page: 1, pageSize: 8, priceMax: 0 },
      }),
      'POST /api/promotions/coupons': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: M.productUnknown,
          errors: [{ path: 'productIds.0', message: M.productUnknown }],
        },
      }),
    })
    await ui.click(await screen.findByRole('button', { name: T.newCoupon }))
    const form = screen.getByRole('form', { name: T.newCoupon })
    await ui.type(within(form).getByRole('searchbox', { name: T.productSearch }), 'zapato')
    expect(await within(form).findByText(T.noProductsFound)).toBeInTheDocument()
    expect(within(form).getByText(T.noChosenProducts)).toBeInTheDocument()
    await ui.type(within(form).getByLabelText(T.code), 'HOLA10')
    await ui.type(within(form).getByLabelText(T.percent), '10')
    await ui.click(within(form).getByRole('button', { name: T.save }))
    expect(await within(form).findByText(M.productUnknown, { selector: 'p[id]' })).toBeVisible()
  })

  it('a pause the API refuses is said; a resume and a duplicate are saved', async () => {
    const paused = { ...COUPON, paused: true, status: 'paused' as const }
    const { ui, api } = open({
      'GET /api/promotions': () => ({ body: { coupons: [paused], promotions: [PROMO] } }),
      [`PATCH /api/promotions/automatic/${PROMO._id}`]: () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: M.notFound },
      }),
      [`PATCH /api/promotions/coupons/${COUPON._id}`]: () => ({ body: COUPON }),
      [`POST /api/promotions/coupons/${COUPON._id}/duplicate`]: () => ({
        status: 201,
        body: { ...paused, _id: '5d1e2d3f-4a5b-4c6d-8e7f-000000000005', code: 'BIENVENIDA-2' },
      }),
    })
    const promos = await screen.findByRole(
      'region',
      { name: T.promotionsTitle },
      { timeout: 10_000 },
    )
    await ui.click(within(promos).getByRole('button', { name: `${T.pause} 3x2 en remeras` }))
    expect(await screen.findByText(M.notFound)).toBeInTheDocument()
    const coupons = screen.getByRole('region', { name: T.couponsTitle })
    expect(within(coupons).getByText(PROMOTION_STATUS_LABELS.paused)).toBeInTheDocument()
    await ui.click(within(coupons).getByRole('button', { name: `${T.resume} BIENVENIDA` }))
    expect(api.callsTo(`PATCH /api/promotions/coupons/${COUPON._id}`).at(-1)?.body).toEqual({
      paused: false,
    })
    await ui.click(within(coupons).getByRole('button', { name: `${T.duplicate} BIENVENIDA` }))
    expect(api.callsTo(`POST /api/promotions/coupons/${COUPON._id}/duplicate`)).toHaveLength(1)
    expect(await screen.findAllByText(T.saved)).not.toHaveLength(0)
  })

  it('deletes a coupon after asking; cancelling deletes nothing (axe on the question)', async () => {
    let listed = [COUPON]
    const { ui, api } = open({
      'GET /api/promotions': () => ({ body: { coupons: listed, promotions: [PROMO] } }),
      [`DELETE /api/promotions/coupons/${COUPON._id}`]: () => {
        listed = []
        return { status: 204 }
      },
    })
    const coupons = await screen.findByRole('region', { name: T.couponsTitle }, { timeout: 10_000 })
    const remove = within(coupons).getByRole('button', { name: `${T.remove} BIENVENIDA` })
    await ui.click(remove)
    let dialog = await screen.findByRole('dialog', { name: T.removeTitle('BIENVENIDA') })
    expect(within(dialog).getByText(T.removeQuestion)).toBeVisible()
    expect(await axeViolations()).toEqual([])
    await ui.click(within(dialog).getByRole('button', { name: T.cancel }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.callsTo(`DELETE /api/promotions/coupons/${COUPON._id}`)).toHaveLength(0)

    await ui.click(remove)
    dialog = await screen.findByRole('dialog', { name: T.removeTitle('BIENVENIDA') })
    await ui.click(within(dialog).getByRole('button', { name: T.remove }))
    expect(await screen.findByText(T.removed)).toBeInTheDocument()
    expect(api.callsTo(`DELETE /api/promotions/coupons/${COUPON._id}`)).toHaveLength(1)
    expect(await within(coupons).findByText(T.noCoupons)).toBeInTheDocument()
  })
})
