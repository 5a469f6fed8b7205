import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PRICE_INPUT_MESSAGES, VARIANT_MESSAGES } from '@vitrina/contracts'
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
  stubObjectUrls,
} from '../../test/owner-kit'
import { removedRowCount, syncVariantRows } from './lib/product-form'

type Ui = ReturnType<typeof userEvent.setup>

vi.setConfig({ testTimeout: 30_000 })

const T = VARIANT_MESSAGES
const product = makeProduct({
  name: 'Buzo canguro',
  price: 1200,
  category: 'Ropa',
  image: { url: '/media/buzo-640.webp' },
  images: [{ url: '/media/buzo-2-640.webp' }],
})
const path = `/admin/producto/editar/${product._id}`

function open(stored = product) {
  signInOwner()
  stubObjectUrls()
  installUploadsOverFetch()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    [`GET /api/products/${BUSINESS_ID}/business`]: () => ({
      body: { items: [], total: 0, page: 1, pageSize: 12, priceMax: 0 },
    }),
    [`GET /api/products/${product._id}`]: () => ({ body: stored }),
    [`PATCH /api/products/${product._id}`]: () => ({ body: stored }),
  })
  const view = renderApp(path)
  const ui = userEvent.setup({ applyAccept: false, delay: null })
  return { fake, view, ui }
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) })

async function openVariants(ui: Ui) {
  await screen.findByDisplayValue('Buzo canguro')
  await ui.click(tab('Variantes'))
  await waitFor(() => expect(tab('Variantes')).toHaveAttribute('aria-selected', 'true'))
}

/** Adds an option: name, then each value with Enter. */
async function addOption(ui: Ui, position: number, name: string, values: string[]) {
  await ui.click(screen.getByRole('button', { name: T.addOption }))
  const names = screen.getAllByLabelText(T.optionName)
  await ui.type(names[position]!, name)
  const inputs = screen.getAllByLabelText(T.optionValues)
  for (const value of values) await ui.type(inputs[position]!, `${value}{Enter}`)
}

const rowLabels = () =>
  within(screen.getByRole('list', { name: T.variantsTab }))
    .getAllByRole('group')
    .map((group) => group.getAttribute('aria-label') ?? group.querySelector('legend')?.textContent)

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('rows follow the options (syncVariantRows)', () => {
  const talle = { name: 'Talle', values: ['S', 'M'] }
  const row = (options: Record<string, string>, price = '') => ({
    options,
    price,
    code: '',
    stock: '',
    imageIndex: '',
  })

  it('keeps what a combination held, and a new option extends rows with its first value', () => {
    const rows = syncVariantRows([talle], [row({ Talle: 'M' }, '900')])
    expect(rows.map((r) => [r.options, r.price])).toEqual([
      [{ Talle: 'S' }, ''],
      [{ Talle: 'M' }, '900'],
    ])
    const withColor = syncVariantRows([talle, { name: 'Color', values: ['Azul', 'Rojo'] }], rows)
    expect(withColor.map((r) => [r.options, r.price])).toEqual([
      [{ Talle: 'S', Color: 'Azul' }, ''],
      [{ Talle: 'S', Color: 'Rojo' }, ''],
      [{ Talle: 'M', Color: 'Azul' }, '900'],
      [{ Talle: 'M', Color: 'Rojo' }, ''],
    ])
  })

  it('leaves an option without values out, so adding one keeps the grid', () => {
    const rows = syncVariantRows([talle], [row({ Talle: 'M' }, '900')])
    const kept = syncVariantRows([talle, { name: 'Color', values: [] }], rows)
    expect(kept.map((r) => [r.options, r.price])).toEqual([
      [{ Talle: 'S' }, ''],
      [{ Talle: 'M' }, '900'],
    ])
  })

  it('counts the combinations a change removes', () => {
    const rows = syncVariantRows([talle], [])
    expect(removedRowCount([{ name: 'Talle', values: ['S'] }], rows)).toBe(1)
    expect(removedRowCount([{ name: 'Talle', values: ['S', 'M', 'L'] }], rows)).toBe(0)
  })
})

describe("'Variantes' tab (issue 25)", () => {
  it('generates the grid, applies a price and stock to all, and sends options and variants', async () => {
    const { ui, fake, view } = open()
    await openVariants(ui)
    await addOption(ui, 0, 'Talle', ['S', 'M', 'L'])
    expect(screen.getByRole('heading', { name: T.combinationsTitle(3) })).toBeInTheDocument()
    expect(rowLabels()).toEqual(['S', 'M', 'L'])

    await ui.type(screen.getByLabelText(T.applyPriceToAll), '1500')
    await ui.click(screen.getByRole('button', { name: `${T.applyToAll}: ${T.applyPriceToAll}` }))
    for (const size of ['S', 'M', 'L']) {
      expect(screen.getByLabelText(`${T.variantPrice} de ${size}`)).toHaveValue('1.500,00')
    }

    await ui.click(screen.getByRole('switch', { name: T.trackStock }))
    await ui.type(screen.getByLabelText(T.applyStockToAll), '3')
    await ui.click(screen.getByRole('button', { name: `${T.applyToAll}: ${T.applyStockToAll}` }))
    await ui.clear(screen.getByLabelText(`${T.variantStock} de M`))
    await ui.type(screen.getByLabelText(`${T.variantStock} de M`), '0')
    await ui.type(screen.getByLabelText(`${T.variantCode} de L`), 'BUZ-L')
    await ui.selectOptions(screen.getByLabelText(`${T.variantImage} de L`), T.variantImageNumber(1))
    expect(await axeViolations()).toEqual([])

    await ui.click(screen.getByRole('button', { name: 'Actualizar producto' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
    const entries = new Map(
      formEntries(fake.callsTo(`PATCH /api/products/${product._id}`)[0]?.body),
    )
    expect(JSON.parse(entries.get('options')!)).toEqual([
      { name: 'Talle', values: ['S', 'M', 'L'] },
    ])
    expect(JSON.parse(entries.get('variants')!)).toEqual([
      { options: { Talle: 'S' }, price: 1500, stock: 3, imageIndex: null },
      { options: { Talle: 'M' }, price: 1500, stock: 0, imageIndex: null },
      { options: { Talle: 'L' }, price: 1500, code: 'BUZ-L', stock: 3, imageIndex: 1 },
    ])
    expect(entries.get('trackStock')).toBe('true')
  })

  it('takes a variant price with a decimal comma (issue 41 §2)', async () => {
    const { ui, fake, view } = open()
    await openVariants(ui)
    await addOption(ui, 0, 'Talle', ['S', 'M', 'L'])
    await ui.type(screen.getByLabelText(T.applyPriceToAll), '1290,5')
    await ui.click(screen.getByRole('button', { name: `${T.applyToAll}: ${T.applyPriceToAll}` }))
    expect(screen.getByLabelText(`${T.variantPrice} de S`)).toHaveValue('1.290,50')
    const m = screen.getByLabelText(`${T.variantPrice} de M`)
    await ui.clear(m)
    await ui.type(m, '1390.75')
    await ui.tab()
    expect(m).toHaveValue('1.390,75')
    const l = screen.getByLabelText(`${T.variantPrice} de L`)
    await ui.clear(l)
    await ui.type(l, '1,2,3')
    await ui.tab()
    expect(l).toHaveValue('1,2,3')
    await ui.click(screen.getByRole('button', { name: 'Actualizar producto' }))
    expect((await screen.findAllByText(PRICE_INPUT_MESSAGES.invalid)).length).toBeGreaterThan(0)
    expect(fake.callsTo(`PATCH /api/products/${product._id}`)).toHaveLength(0)
    await ui.clear(l)
    await ui.type(l, '1.490,5')
    await ui.click(screen.getByRole('button', { name: 'Actualizar producto' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
    const entries = new Map(
      formEntries(fake.callsTo(`PATCH /api/products/${product._id}`)[0]?.body),
    )
    expect(JSON.parse(entries.get('variants')!).map((v: { price: number }) => v.price)).toEqual([
      1290.5, 1390.75, 1490.5,
    ])
  })

  it('clears the stock of a product without variants when the owner empties it', async () => {
    const { ui, fake, view } = open({ ...product, trackStock: true, stock: 4 })
    await openVariants(ui)
    const stock = screen.getByLabelText(T.productStock)
    expect(stock).toHaveValue(4)
    await ui.clear(stock)
    await ui.click(screen.getByRole('button', { name: 'Actualizar producto' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
    const entries = formEntries(fake.callsTo(`PATCH /api/products/${product._id}`)[0]?.body)
    // Blank is sent (the API clears it), not left out (which would keep the 4 units).
    expect(entries.filter(([field]) => field === 'stock' || field === 'trackStock')).toEqual([
      ['trackStock', 'true'],
      ['stock', ''],
    ])
  })

  it('asks before removing a value that removes combinations; cancelling keeps them', async () => {
    const { ui } = open()
    await openVariants(ui)
    await addOption(ui, 0, 'Talle', ['S', 'M'])
    await addOption(ui, 1, 'Color', ['Azul', 'Negro'])
    expect(rowLabels()).toEqual(['S / Azul', 'S / Negro', 'M / Azul', 'M / Negro'])

    await ui.click(screen.getByRole('button', { name: T.removeValue('M') }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent(T.removeValuesConfirm(2))
    await ui.click(within(dialog).getByRole('button', { name: T.cancel }))
    expect(rowLabels()).toHaveLength(4)

    await ui.click(screen.getByRole('button', { name: T.removeValue('M') }))
    await ui.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: T.confirm }),
    )
    await waitFor(() => expect(rowLabels()).toEqual(['S / Azul', 'S / Negro']))
  })

  it('reorders values with the keyboard alternative (the rows follow)', async () => {
    const { ui } = open()
    await openVariants(ui)
    await addOption(ui, 0, 'Talle', ['S', 'M', 'L'])
    await ui.click(screen.getByRole('button', { name: T.moveValueLeft('L') }))
    expect(rowLabels()).toEqual(['S', 'L', 'M'])
    expect(screen.getByRole('button', { name: T.moveValueLeft('S') })).toBeDisabled()
  })

  it('shows the Spanish messages at their fields', async () => {
    const { ui, fake } = open()
    await openVariants(ui)
    await addOption(ui, 0, 'Talle', ['S', 'M'])
    // A repeated value is refused where it is typed.
    await ui.type(screen.getByLabelText(T.optionValues), 's{Enter}')
    expect(screen.getByText(T.optionValueDuplicate)).toBeInTheDocument()

    await ui.type(screen.getByLabelText(`${T.variantCode} de S`), 'X1')
    await ui.type(screen.getByLabelText(`${T.variantCode} de M`), 'x1')
    await ui.click(screen.getByRole('button', { name: 'Actualizar producto' }))
    const table = () => within(screen.getByRole('list', { name: T.variantsTab }))
    expect(await table().findByText(T.variantCodeDuplicate)).toBeInTheDocument()
    expect(screen.getByTestId('punto-error-variants')).toBeInTheDocument()

    await ui.clear(screen.getByLabelText(`${T.variantCode} de M`))
    await ui.type(screen.getByLabelText(`${T.variantPrice} de S`), '-5')
    await ui.click(screen.getByRole('switch', { name: T.trackStock }))
    await ui.type(screen.getByLabelText(`${T.variantStock} de M`), '2.5')
    await ui.click(screen.getByRole('button', { name: 'Actualizar producto' }))
    expect(await table().findByText(T.stockInvalid)).toBeInTheDocument()
    expect(table().getByText('El precio debe ser mayor que cero')).toBeInTheDocument()
    expect(screen.getByLabelText(`${T.variantStock} de M`)).toHaveAccessibleDescription(
      T.stockInvalid,
    )
    expect(fake.callsTo(`PATCH /api/products/${product._id}`)).toHaveLength(0)
  })

  it('says when the options make more than 100 combinations', async () => {
    const { ui } = open()
    await openVariants(ui)
    await addOption(ui, 0, 'Talle', ['1', '2', '3', '4', '5'])
    await addOption(ui, 1, 'Color', ['a', 'b', 'c', 'd', 'e'])
    await addOption(ui, 2, 'Largo', ['v', 'w', 'x', 'y', 'z'])
    expect(await screen.findByText(T.combinationsOverMax(125))).toBeInTheDocument()
  })

  it('refuses an option without a name', async () => {
    const { ui } = open()
    await openVariants(ui)
    await ui.click(screen.getByRole('button', { name: T.addOption }))
    await ui.type(screen.getByLabelText(T.optionValues), 'Rojo{Enter}')
    await ui.click(screen.getByRole('button', { name: 'Actualizar producto' }))
    expect(await screen.findAllByText(T.optionNameRequired)).not.toHaveLength(0)
  })

  it("offers the currencies as 'Pesos uruguayos ($)' and 'Dólares (US$)' and a visible/hidden switch", async () => {
    const { ui, fake, view } = open()
    await screen.findByDisplayValue('Buzo canguro')
    await ui.click(screen.getByRole('combobox', { name: 'Moneda' }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      T.currencyNames.UYU,
      T.currencyNames.USD,
    ])
    await ui.click(screen.getByRole('option', { name: T.currencyNames.USD }))
    expect(screen.getByTestId('precio-final')).toHaveTextContent('US$ 1.200,00')
    await ui.click(screen.getByRole('switch', { name: T.statusLabel }))
    await ui.click(tab('Detalles'))
    await waitFor(() => expect(tab('Detalles')).toHaveAttribute('aria-selected', 'true'))
    await ui.click(screen.getByRole('button', { name: 'Actualizar producto' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
    const entries = new Map(
      formEntries(fake.callsTo(`PATCH /api/products/${product._id}`)[0]?.body),
    )
    expect(entries.get('currency')).toBe('USD')
    expect(entries.get('status')).toBe('hidden')
  })
})
