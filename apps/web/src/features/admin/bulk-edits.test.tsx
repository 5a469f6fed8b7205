/**
 * Issue 27 §2 in the owner's dashboard: selecting products, the bulk toolbar and its dialogs,
 * the delete confirmation with the count, and the storefront's order setting.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BULK_MESSAGES } from '@vitrina/contracts'
import type { OwnerBusiness } from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import {
  BUSINESS_ID,
  formEntries,
  installUploadsOverFetch,
  makeBusiness,
  makeProduct,
  signInOwner,
} from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const LIST = `GET /api/products/${BUSINESS_ID}/business`
const products = [
  makeProduct({ name: 'Camisa Oxford' }),
  makeProduct({ name: 'Pantalón chino' }),
  makeProduct({ name: 'Zapatillas', category: 'Calzado' }),
]

function open(business: Partial<OwnerBusiness> = {}, total = products.length) {
  signInOwner()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness(business) }),
    [LIST]: () => ({ body: { items: products, total, page: 1, pageSize: 12, priceMax: 1000 } }),
    'POST /api/products/bulk': () => ({ body: { updated: 2 } }),
  })
  renderApp('/admin/mi-negocio')
  return { fake, ui: userEvent.setup({ delay: null }) }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('bulk edits in the owner’s list', () => {
  it('raises the price of two selected products by 10 %', async () => {
    const { fake, ui } = open()
    await ui.click(await screen.findByRole('checkbox', { name: 'Seleccionar Camisa Oxford' }))
    await ui.click(screen.getByRole('checkbox', { name: 'Seleccionar Zapatillas' }))
    const toolbar = screen.getByRole('toolbar', { name: BULK_MESSAGES.toolbarLabel })
    expect(within(toolbar).getByText('2 productos seleccionados')).toBeInTheDocument()
    expect(await axeViolations(toolbar)).toEqual([])

    await ui.click(within(toolbar).getByRole('button', { name: BULK_MESSAGES.changePrice }))
    const dialog = await screen.findByRole('dialog', { name: BULK_MESSAGES.priceDialogTitle })
    // Nothing typed: the rule's Spanish message, nothing sent.
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(BULK_MESSAGES.percentInvalid)
    expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(0)

    await ui.type(within(dialog).getByLabelText(BULK_MESSAGES.priceValue), '10')
    // Issue 41 §3: the confirmation says what will happen.
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 productos subirán un 10 %')
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    await waitFor(() => expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(1))
    expect(fake.callsTo('POST /api/products/bulk')[0]!.body).toEqual({
      ids: [products[0]!._id, products[2]!._id],
      action: 'price',
      change: { percent: 10, direction: 'raise' },
    })
    expect(await screen.findByText(BULK_MESSAGES.done(2))).toBeInTheDocument()
    // The selection is cleared once saved.
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument())
  })

  it('"Subir" with −5 is refused, never sent as a lowering (issue 41 §3)', async () => {
    const { fake, ui } = open()
    await ui.click(await screen.findByRole('checkbox', { name: 'Seleccionar Camisa Oxford' }))
    await ui.click(screen.getByRole('button', { name: BULK_MESSAGES.changePrice }))
    const dialog = await screen.findByRole('dialog', { name: BULK_MESSAGES.priceDialogTitle })
    expect(within(dialog).getByRole('radio', { name: BULK_MESSAGES.priceRaise })).toBeChecked()
    await ui.type(within(dialog).getByLabelText(BULK_MESSAGES.priceValue), '-5')
    expect(within(dialog).getByRole('status')).toHaveTextContent('')
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(BULK_MESSAGES.valueSigned)
    expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(0)
    // "Bajar" says so and sends the magnitude with its direction.
    await ui.click(within(dialog).getByRole('radio', { name: BULK_MESSAGES.priceLower }))
    await ui.clear(within(dialog).getByLabelText(BULK_MESSAGES.priceValue))
    await ui.type(within(dialog).getByLabelText(BULK_MESSAGES.priceValue), '12,5')
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 producto bajará un 12,5 %')
    expect(await axeViolations(dialog)).toEqual([])
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    await waitFor(() => expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(1))
    expect(fake.callsTo('POST /api/products/bulk')[0]!.body).toMatchObject({
      change: { percent: 12.5, direction: 'lower' },
    })
  })

  it('lowers by an amount, sets an offer with its discount and moves to a category', async () => {
    const { fake, ui } = open()
    await ui.click(await screen.findByRole('checkbox', { name: 'Seleccionar Pantalón chino' }))
    const toolbar = screen.getByRole('toolbar')
    await ui.click(within(toolbar).getByRole('button', { name: BULK_MESSAGES.changePrice }))
    let dialog = await screen.findByRole('dialog')
    await ui.click(within(dialog).getByRole('radio', { name: BULK_MESSAGES.priceAmount }))
    await ui.click(within(dialog).getByRole('radio', { name: BULK_MESSAGES.priceLower }))
    await ui.type(within(dialog).getByLabelText(BULK_MESSAGES.priceValue), '1.050,5')
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '1 producto bajará 1.050,50 (en la moneda de cada uno)',
    )
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    await waitFor(() => expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(1))
    expect(fake.callsTo('POST /api/products/bulk')[0]!.body).toMatchObject({
      action: 'price',
      change: { amount: 1050.5, direction: 'lower' },
    })

    await ui.click(await screen.findByRole('checkbox', { name: 'Seleccionar Pantalón chino' }))
    await ui.click(screen.getByRole('button', { name: BULK_MESSAGES.flags }))
    dialog = await screen.findByRole('dialog', { name: BULK_MESSAGES.flagsDialogTitle })
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(BULK_MESSAGES.flagsRequired)
    const offer = within(dialog).getByRole('group', { name: BULK_MESSAGES.flagOffer })
    await ui.click(within(offer).getByRole('radio', { name: BULK_MESSAGES.flagSet }))
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent(BULK_MESSAGES.discountRequired)
    await ui.type(within(dialog).getByLabelText(BULK_MESSAGES.discountLabel), '15')
    const featured = within(dialog).getByRole('group', { name: BULK_MESSAGES.flagFeatured })
    await ui.click(within(featured).getByRole('radio', { name: BULK_MESSAGES.flagClear }))
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    await waitFor(() => expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(2))
    expect(fake.callsTo('POST /api/products/bulk')[1]!.body).toMatchObject({
      action: 'flags',
      change: { isFeatured: false, isOffer: true, discount: 15 },
    })

    await ui.click(await screen.findByRole('checkbox', { name: 'Seleccionar Pantalón chino' }))
    await ui.click(screen.getByRole('button', { name: BULK_MESSAGES.moveToCategory }))
    dialog = await screen.findByRole('dialog', { name: BULK_MESSAGES.categoryDialogTitle })
    await ui.selectOptions(within(dialog).getByLabelText(BULK_MESSAGES.categoryLabel), 'Ropa')
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.apply }))
    await waitFor(() => expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(3))
    expect(fake.callsTo('POST /api/products/bulk')[2]!.body).toMatchObject({
      action: 'category',
      change: { category: 'Ropa', subCategory: null },
    })
  })

  it('selects every product matching the filter and asks before deleting them', async () => {
    const { fake, ui } = open({}, 30)
    await ui.click(await screen.findByRole('checkbox', { name: BULK_MESSAGES.selectPage }))
    expect(screen.getByText('3 productos seleccionados')).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: BULK_MESSAGES.selectAllMatching(30) }))
    expect(screen.getByText('30 productos seleccionados')).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: BULK_MESSAGES.delete }))
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar 30 productos?' })
    expect(within(dialog).getByText('Esta acción no se puede deshacer.')).toBeInTheDocument()
    // Cancel sends nothing.
    await ui.click(within(dialog).getByRole('button', { name: BULK_MESSAGES.cancel }))
    expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(0)
    await ui.click(screen.getByRole('button', { name: BULK_MESSAGES.delete }))
    await ui.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: BULK_MESSAGES.deleteConfirm,
      }),
    )
    await waitFor(() => expect(fake.callsTo('POST /api/products/bulk')).toHaveLength(1))
    // Issue 25 §2: the dashboard's list holds every product, hidden ones too; so does the filter.
    expect(fake.callsTo('POST /api/products/bulk')[0]!.body).toEqual({
      filter: { status: 'all' },
      action: 'delete',
      change: {},
    })
    expect(await screen.findByText(BULK_MESSAGES.deleted(2))).toBeInTheDocument()
  })

  it('shows the API’s Spanish refusal', async () => {
    const { fake, ui } = open()
    fake.fetchMock.mockClear()
    installFakeApi({
      'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
      [LIST]: () => ({ body: { items: products, total: 3, page: 1, pageSize: 12, priceMax: 1 } }),
      'POST /api/products/bulk': () => ({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: BULK_MESSAGES.showOverLimit(0) },
      }),
    })
    await ui.click(await screen.findByRole('checkbox', { name: 'Seleccionar Zapatillas' }))
    await ui.click(screen.getByRole('button', { name: BULK_MESSAGES.show }))
    expect(await screen.findByText(BULK_MESSAGES.showOverLimit(0))).toBeInTheDocument()
    expect(screen.getByRole('toolbar')).toBeInTheDocument()
  })
})

describe('the storefront’s order', () => {
  it('is chosen in the dashboard; the manual order shows drag handles', async () => {
    installUploadsOverFetch()
    const { fake, ui } = open()
    fake.fetchMock.mockClear()
    const manual = makeBusiness({ productOrder: 'manual' })
    const again = installFakeApi({
      'GET /api/businesses/user/me': () => ({ body: manual }),
      [LIST]: () => ({ body: { items: products, total: 3, page: 1, pageSize: 12, priceMax: 1 } }),
      [`PATCH /api/businesses/${BUSINESS_ID}`]: () => ({ body: manual }),
    })
    const select = await screen.findByRole('combobox', { name: BULK_MESSAGES.orderLabel })
    expect(screen.queryByRole('button', { name: 'Mover Camisa Oxford' })).not.toBeInTheDocument()
    await ui.selectOptions(select, BULK_MESSAGES.orderManual)
    await waitFor(() =>
      expect(again.callsTo(`PATCH /api/businesses/${BUSINESS_ID}`)).toHaveLength(1),
    )
    expect(formEntries(again.callsTo(`PATCH /api/businesses/${BUSINESS_ID}`)[0]!.body)).toEqual([
      ['productOrder', 'manual'],
    ])
    const handle = await screen.findByRole('button', { name: 'Mover Camisa Oxford' })
    expect(handle).toHaveAttribute('aria-roledescription', 'producto ordenable')
    expect(screen.getByText(BULK_MESSAGES.orderHint)).toBeInTheDocument()
  })
})
