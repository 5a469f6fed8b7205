/**
 * Issue 25 on the storefront: the variant picker of the product page (disabled values, the price
 * and availability follow the choice, 'Añadir al carrito' needs a complete one), the cart line
 * named with the variant, the cards' 'Agotado' / 'Quedan N' / 'desde', ISO currencies written
 * as '$' / 'US$', and the option filter.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { VARIANT_MESSAGES as T } from '@vitrina/contracts'
import type { ProductVariant } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { renderApp } from '../../../test/render'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { getCartItems } from '../../../lib/cart'
import { installStorefrontApi, listQueries } from './storefront-api'

vi.setConfig({ testTimeout: 20_000 })

const business = makeBusiness()

let variantSequence = 0
function variant(
  options: Record<string, string>,
  overrides: Partial<ProductVariant> = {},
): ProductVariant {
  variantSequence += 1
  const price = overrides.price ?? 1200
  return {
    _id: `5d0c7a10-0000-4000-8000-${String(variantSequence).padStart(12, '0')}`,
    options,
    price,
    finalPrice: price,
    code: null,
    available: true,
    lowStock: null,
    imageIndex: null,
    ...overrides,
  }
}

const sweater = makeProduct({
  name: 'Buzo canguro',
  price: 1200,
  options: [
    { name: 'Talle', values: ['S', 'M', 'L'] },
    { name: 'Color', values: ['Azul', 'Negro'] },
  ],
  variants: [
    variant({ Talle: 'S', Color: 'Azul' }),
    variant({ Talle: 'S', Color: 'Negro' }, { available: false }),
    variant({ Talle: 'M', Color: 'Azul' }, { price: 1350, finalPrice: 1350, lowStock: 2 }),
    variant({ Talle: 'M', Color: 'Negro' }),
    variant({ Talle: 'L', Color: 'Azul' }, { available: false }),
    variant({ Talle: 'L', Color: 'Negro' }, { available: false }),
  ],
  trackStock: true,
  priceFrom: 1200,
})

async function openDetail() {
  const fake = installStorefrontApi({ business, products: [sweater] })
  renderApp(`/almacen-lucia/productos/${sweater.slug}`)
  await screen.findByRole('heading', { level: 1, name: 'Buzo canguro' })
  return { fake, ui: userEvent.setup() }
}

const addButton = () => screen.getByRole('button', { name: /Añadir al carrito/ })
const choice = (option: string, value: string) =>
  within(screen.getByRole('group', { name: new RegExp(`^${option}`) })).getByRole('button', {
    name: new RegExp(`^${value}`),
  })

describe('variant picker (product page)', () => {
  it('needs a complete choice; unavailable values are disabled; the price follows', async () => {
    const { ui } = await openDetail()
    expect(screen.getByText(T.priceFrom)).toBeInTheDocument()
    expect(addButton()).toBeDisabled()
    expect(addButton()).toHaveAccessibleDescription(T.chooseOptions)
    // No available L at all: shown, disabled.
    expect(choice('Talle', 'L')).toBeDisabled()

    await ui.click(choice('Talle', 'S'))
    expect(choice('Talle', 'S')).toHaveAttribute('aria-pressed', 'true')
    // S comes only in Azul.
    expect(choice('Color', 'Negro')).toBeDisabled()
    expect(addButton()).toBeDisabled()

    await ui.click(choice('Talle', 'M'))
    await ui.click(choice('Color', 'Azul'))
    expect(screen.getAllByText('$ 1.350,00').length).toBeGreaterThan(0)
    expect(screen.getByTestId('disponibilidad')).toHaveTextContent(T.lowStock(2))
    expect(addButton()).toBeEnabled()
    expect(await axeViolations()).toEqual([])

    await ui.click(addButton())
    const [line] = getCartItems('almacen-lucia')
    expect(line).toMatchObject({
      productId: sweater._id,
      variantId: sweater.variants[2]!._id,
      variantLabel: 'M / Azul',
      price: 1350,
      currency: 'UYU',
    })
    expect(await screen.findByText('1 × Buzo canguro (M / Azul)')).toBeInTheDocument()
  })

  it('uses a select for an option with many values, disabling the sold-out ones', async () => {
    const sizes = ['34', '35', '36', '37', '38', '39', '40']
    const shoe = makeProduct({
      name: 'Zapatilla',
      options: [{ name: 'Número', values: sizes }],
      variants: sizes.map((n) => variant({ Número: n }, { available: n !== '36' })),
    })
    installStorefrontApi({ business, products: [shoe] })
    renderApp(`/almacen-lucia/productos/${shoe.slug}`)
    const select = await screen.findByRole('combobox', { name: 'Número' })
    expect(within(select).getByRole('option', { name: `36 (${T.soldOut})` })).toBeDisabled()
    const ui = userEvent.setup()
    await ui.selectOptions(select, '38')
    expect(addButton()).toBeEnabled()
  })

  it("shows 'Agotado' and refuses the cart when nothing is left", async () => {
    const gone = makeProduct({ name: 'Taza', trackStock: true, available: false })
    installStorefrontApi({ business, products: [gone] })
    renderApp(`/almacen-lucia/productos/${gone.slug}`)
    await screen.findByRole('heading', { level: 1, name: 'Taza' })
    expect(screen.getAllByText(T.soldOut).length).toBeGreaterThan(0)
    expect(addButton()).toBeDisabled()
  })
})

describe('variant picker (quick view)', () => {
  it('picks a variant and adds it to the cart from the card', async () => {
    const fake = installStorefrontApi({ business, products: [sweater] })
    renderApp('/almacen-lucia/productos')
    const ui = userEvent.setup()
    const card = (await screen.findByRole('link', { name: 'Buzo canguro' })).closest('article')!
    await ui.click(within(card as HTMLElement).getByRole('button', { name: 'Vista rápida' }))
    const dialog = await screen.findByRole('dialog', { name: 'Buzo canguro' })
    const add = within(dialog).getByRole('button', { name: /Añadir al carrito/ })
    expect(add).toBeDisabled()
    // The list's card has no variants: the view reads the product's detail for them.
    await within(dialog).findByRole('group', { name: /^Talle/ })
    expect(fake.callsTo(`GET /api/products/${sweater._id}`)).toHaveLength(1)
    expect(add).toBeDisabled()
    const pick = (option: string, value: string) =>
      within(within(dialog).getByRole('group', { name: new RegExp(`^${option}`) })).getByRole(
        'button',
        { name: new RegExp(`^${value}`) },
      )
    expect(pick('Talle', 'L')).toBeDisabled()
    await ui.click(pick('Talle', 'M'))
    await ui.click(pick('Color', 'Negro'))
    await ui.click(add)
    expect(getCartItems('almacen-lucia')).toMatchObject([
      { variantId: sweater.variants[3]!._id, variantLabel: 'M / Negro', price: 1200 },
    ])
  })
})

describe('cards and list (issue 25)', () => {
  it("show 'Agotado', 'Quedan 3', 'desde' and each product's own currency", async () => {
    const products = [
      makeProduct({ name: 'Taza agotada', available: false, trackStock: true }),
      makeProduct({ name: 'Pocos', lowStock: 3, trackStock: true }),
      makeProduct({ name: 'Con talles', price: 900, priceFrom: 800 }),
      makeProduct({ name: 'Teléfono', price: 224, currency: 'USD' }),
    ]
    installStorefrontApi({ business: makeBusiness({ mainCurrency: 'USD' }), products })
    renderApp('/almacen-lucia/productos')
    const card = async (name: string) =>
      within((await screen.findByRole('link', { name })).closest('article')!)
    expect((await card('Taza agotada')).getByText(T.soldOut)).toBeInTheDocument()
    expect((await card('Pocos')).getByText(T.lowStock(3))).toBeInTheDocument()
    expect((await card('Con talles')).getByText(T.priceFrom)).toBeInTheDocument()
    expect((await card('Con talles')).getByText(/\$ 800,00/)).toBeInTheDocument()
    expect((await card('Teléfono')).getByText('US$ 224,00')).toBeInTheDocument()
    // The price bounds are in the business's main currency.
    const panel = within(screen.getByRole('complementary', { name: 'Filtros' }))
    expect(panel.getByLabelText('Mínimo (US$)')).toBeInTheDocument()
  })

  it('filters by an option value through the address (option=Talle:M)', async () => {
    const fake = installStorefrontApi({
      business,
      products: [sweater],
      extra: {
        [`GET /api/products/${business._id}/options`]: () => ({
          body: [{ name: 'Talle', values: ['S', 'M', 'L'] }],
        }),
      },
    })
    const view = renderApp('/almacen-lucia/productos')
    const panel = within(await screen.findByRole('complementary', { name: 'Filtros' }))
    const ui = userEvent.setup()
    await ui.click(await panel.findByRole('link', { name: 'M' }))
    await waitFor(() => expect(view.location()).toBe('/almacen-lucia/productos?option=Talle%3AM'))
    await waitFor(() =>
      expect(listQueries(fake, business._id).at(-1)?.getAll('option')).toEqual(['Talle:M']),
    )
    expect(screen.getByRole('link', { name: 'Quitar filtro Talle: M' })).toBeInTheDocument()
  })

  it('shows no option filter when the business has no options', async () => {
    installStorefrontApi({
      business,
      products: [makeProduct({ name: 'Simple' })],
      extra: { [`GET /api/products/${business._id}/options`]: () => ({ body: [] }) },
    })
    renderApp('/almacen-lucia/productos')
    await screen.findByRole('link', { name: 'Simple' })
    expect(screen.queryByText(T.optionFilterTitle)).not.toBeInTheDocument()
  })
})
