import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../test/render'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { installStorefrontApi, listQueries } from './storefront-api'

// Route modules load lazily, as in the browser; the first test of a cold run pays for that.
vi.setConfig({ testTimeout: 20_000 })

const business = makeBusiness()
const products = [
  makeProduct({ name: 'Café de Colombia', price: 420 }),
  makeProduct({ name: 'Cafetera italiana', price: 1890, discount: 10 }),
]
const BASE = '/almacen-lucia/productos'

async function renderList(
  entry = BASE,
  options: Parameters<typeof installStorefrontApi>[0] = { business, products },
) {
  const fake = installStorefrontApi(options)
  const view = renderApp(entry)
  await screen.findByRole('heading', { level: 1, name: 'Productos' })
  const panel = within(screen.getByRole('complementary', { name: 'Filtros' }))
  const lastQuery = () => listQueries(fake, business._id).at(-1)?.toString()
  /** The address after a change has been navigated to (a navigation settles asynchronously). */
  const settlesAt = (expected: string) => waitFor(() => expect(view.location()).toBe(expected))
  return { ...view, fake, panel, ui: userEvent.setup(), lastQuery, settlesAt }
}

describe('product list: address → filters → API (SPEC §2.7, §7)', () => {
  it('reads every filter from the address and asks the API for exactly that', async () => {
    const { lastQuery, panel } = await renderList(
      `${BASE}?categoria=Bebidas&subcategoria=T%C3%A9&oferta=true&destacado=true&nuevo=true&search=verde&minPrice=100&maxPrice=900.5&sort=cheapest&page=2`,
    )
    await waitFor(() =>
      expect(lastQuery()).toBe(
        'sort=cheapest&minPrice=100&maxPrice=900.5&category=Bebidas&subCategory=T%C3%A9&isOffer=true&isFeatured=true&isNew=true&search=verde&page=2&pageSize=12',
      ),
    )
    expect(panel.getByRole('button', { name: 'Bebidas' })).toHaveAttribute('aria-pressed', 'true')
    expect(panel.getByRole('button', { name: 'Té' })).toHaveAttribute('aria-pressed', 'true')
    expect(panel.getByRole('checkbox', { name: 'En oferta' })).toBeChecked()
    expect(panel.getByLabelText('Mínimo ($)')).toHaveValue('100')
    expect(panel.getByLabelText('Máximo ($)')).toHaveValue('900.5')
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('cheapest')
  })

  it('shows the products with the total', async () => {
    await renderList()
    expect(await screen.findByRole('link', { name: 'Café de Colombia' })).toBeInTheDocument()
    expect(screen.getByText('2 productos')).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: 'Cafetera italiana' }).closest('article'),
    ).toHaveTextContent('$ 1.701,00')
  })

  it('fetches once for the settled address when it changes twice within the 10 ms debounce', async () => {
    const { router, fake, lastQuery } = await renderList()
    await waitFor(() => expect(listQueries(fake, business._id)).toHaveLength(1))
    act(() => {
      void router.navigate(`${BASE}?oferta=true`)
      void router.navigate(`${BASE}?nuevo=true`)
    })
    await waitFor(() => expect(lastQuery()).toBe('sort=newest&isNew=true&page=1&pageSize=12'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(listQueries(fake, business._id).map((q) => q.get('isOffer'))).not.toContain('true')
    expect(listQueries(fake, business._id)).toHaveLength(2)
  })
})

describe('product list: SPEC §4 filter transitions, mirrored to the address', () => {
  // Each step waits, like a visitor, until the screen shows the previous change.
  it('selecting a category clears the subcategory and the page; reselecting it deselects both', async () => {
    const { panel, ui, settlesAt } = await renderList(
      `${BASE}?categoria=Bebidas&subcategoria=Caf%C3%A9&page=3`,
    )
    await ui.click(panel.getByRole('button', { name: 'Dulces' }))
    await settlesAt(`${BASE}?categoria=Dulces`)
    await ui.click(await panel.findByRole('button', { name: 'Chocolates' }))
    await settlesAt(`${BASE}?categoria=Dulces&subcategoria=Chocolates`)
    await waitFor(() =>
      expect(panel.getByRole('button', { name: 'Chocolates' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    )
    await ui.click(panel.getByRole('button', { name: 'Dulces' }))
    await settlesAt(BASE)
    await waitFor(() =>
      expect(panel.getByRole('button', { name: 'Dulces' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    )
    expect(panel.queryByRole('button', { name: 'Chocolates' })).not.toBeInTheDocument()
  })

  it('offer, featured and new toggles are true or absent, and reset the page', async () => {
    const { panel, ui, settlesAt, lastQuery } = await renderList(`${BASE}?page=2`)
    const toggle = async (name: string, checked: boolean) => {
      const box = panel.getByRole<HTMLInputElement>('checkbox', { name })
      await ui.click(box)
      await waitFor(() => expect(box.checked).toBe(checked))
    }
    await toggle('En oferta', true)
    await settlesAt(`${BASE}?oferta=true`)
    await toggle('Destacados', true)
    await toggle('Nuevos', true)
    await settlesAt(`${BASE}?oferta=true&destacado=true&nuevo=true`)
    await toggle('En oferta', false)
    await settlesAt(`${BASE}?destacado=true&nuevo=true`)
    await waitFor(() =>
      expect(lastQuery()).toBe('sort=newest&isFeatured=true&isNew=true&page=1&pageSize=12'),
    )
  })

  it('price inputs take digits and one point; bounds apply as numbers and leave when cleared', async () => {
    const { panel, ui, settlesAt, lastQuery } = await renderList(`${BASE}?page=4`)
    const max = panel.getByLabelText('Máximo ($)')
    // SPEC §9: the highest price of the results is the maximum's placeholder.
    await waitFor(() => expect(max).toHaveAttribute('placeholder', '1701'))
    await ui.type(panel.getByLabelText('Mínimo ($)'), 'a1b2.3.4$')
    expect(panel.getByLabelText('Mínimo ($)')).toHaveValue('12.34')
    await ui.type(max, '2.000,5')
    expect(max).toHaveValue('2.0005')
    await ui.clear(max)
    await ui.type(max, '500')
    await ui.click(panel.getByRole('button', { name: 'Aplicar' }))
    await settlesAt(`${BASE}?minPrice=12.34&maxPrice=500`)
    await waitFor(() => expect(lastQuery()).toContain('minPrice=12.34&maxPrice=500'))

    await ui.click(await panel.findByRole('button', { name: 'Quitar' }))
    await settlesAt(BASE)
    await waitFor(() => expect(panel.getByLabelText('Mínimo ($)')).toHaveValue(''))
    expect(panel.getByLabelText('Máximo ($)')).toHaveValue('')
  })

  it('bounds typed the wrong way round are swapped in the address, the chip and the inputs', async () => {
    const { panel, ui, settlesAt } = await renderList()
    const min = panel.getByLabelText('Mínimo ($)')
    const max = panel.getByLabelText('Máximo ($)')
    await ui.type(min, '3000')
    await ui.type(max, '1000')
    await ui.click(panel.getByRole('button', { name: 'Aplicar' }))
    await settlesAt(`${BASE}?minPrice=1000&maxPrice=3000`)
    expect(
      await screen.findByRole('link', { name: 'Quitar filtro $ 1.000,00 – $ 3.000,00' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(panel.getByLabelText('Mínimo ($)')).toHaveValue('1000'))
    expect(panel.getByLabelText('Máximo ($)')).toHaveValue('3000')
    // Nothing left to apply: the inputs show what is applied.
    expect(panel.getByRole('button', { name: 'Aplicar' })).toBeDisabled()

    // The same range typed backwards again (the applied bounds do not change) swaps too.
    await ui.clear(panel.getByLabelText('Mínimo ($)'))
    await ui.type(panel.getByLabelText('Mínimo ($)'), '3000')
    await ui.clear(panel.getByLabelText('Máximo ($)'))
    await ui.type(panel.getByLabelText('Máximo ($)'), '1000')
    await ui.click(panel.getByRole('button', { name: 'Aplicar' }))
    await waitFor(() => expect(panel.getByLabelText('Mínimo ($)')).toHaveValue('1000'))
    expect(panel.getByLabelText('Máximo ($)')).toHaveValue('3000')
    await settlesAt(`${BASE}?minPrice=1000&maxPrice=3000`)
  })

  it('changing the sort resets the page; clearing resets the sort to newest', async () => {
    const { panel, ui, settlesAt } = await renderList(`${BASE}?categoria=Bebidas&page=3`)
    const sort = screen.getByRole('combobox', { name: 'Ordenar por' })
    await ui.selectOptions(sort, 'expensive')
    await settlesAt(`${BASE}?categoria=Bebidas&sort=expensive`)
    await waitFor(() => expect(sort).toHaveValue('expensive'))
    await ui.click(panel.getByRole('link', { name: 'Limpiar filtros' }))
    await settlesAt(BASE)
    await waitFor(() => expect(sort).toHaveValue('newest'))
  })

  it("names the default sort 'Recomendados' when the owner set a manual order (issue 27 §2)", async () => {
    await renderList(BASE, { business: { ...business, productOrder: 'manual' }, products })
    const sort = screen.getByRole('combobox', { name: 'Ordenar por' })
    expect(sort).toHaveValue('newest')
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Recomendados', 'Más antiguos', 'Precio: menor a mayor', 'Precio: mayor a menor'])
  })

  it('removes one applied filter from its chip', async () => {
    const { ui, settlesAt } = await renderList(`${BASE}?search=colombia&nuevo=true`)
    const chips = within(screen.getByRole('list', { name: 'Filtros aplicados' }))
    await ui.click(chips.getByRole('link', { name: 'Quitar filtro «colombia»' }))
    await settlesAt(`${BASE}?nuevo=true`)
  })

  it('back and forward restore the filters (the address is the source of truth)', async () => {
    const { panel, ui, router, settlesAt, lastQuery } = await renderList()
    await ui.click(panel.getByRole('button', { name: 'Bebidas' }))
    await panel.findByRole('button', { name: 'Café' })
    await ui.click(panel.getByRole('checkbox', { name: 'Nuevos' }))
    await settlesAt(`${BASE}?categoria=Bebidas&nuevo=true`)
    await waitFor(() => expect(panel.getByRole('checkbox', { name: 'Nuevos' })).toBeChecked())

    await act(() => router.navigate(-1))
    await settlesAt(`${BASE}?categoria=Bebidas`)
    await waitFor(() => expect(panel.getByRole('checkbox', { name: 'Nuevos' })).not.toBeChecked())
    await act(() => router.navigate(-1))
    await settlesAt(BASE)
    await waitFor(() =>
      expect(panel.getByRole('button', { name: 'Bebidas' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    )
    await act(() => router.navigate(2))
    await waitFor(() => expect(panel.getByRole('checkbox', { name: 'Nuevos' })).toBeChecked())
    await waitFor(() =>
      expect(lastQuery()).toBe('sort=newest&category=Bebidas&isNew=true&page=1&pageSize=12'),
    )
  })

  it('paginates with links that keep the filters', async () => {
    const { ui, settlesAt } = await renderList(`${BASE}?oferta=true`, {
      business,
      products,
      list: () => ({ total: 30 }),
    })
    const pagination = within(await screen.findByRole('navigation', { name: 'Paginación' }))
    expect(pagination.getByRole('link', { name: 'Página 3' })).toHaveAttribute(
      'href',
      `${BASE}?oferta=true&page=3`,
    )
    await ui.click(pagination.getByRole('link', { name: 'Página 2' }))
    await settlesAt(`${BASE}?oferta=true&page=2`)
  })
})

describe('product list: empty result (SPEC §2.7)', () => {
  it("says so and offers 'Limpiar filtros'", async () => {
    const { ui, settlesAt } = await renderList(`${BASE}?search=inexistente&sort=oldest`, {
      business,
      products: [],
    })
    expect(
      await screen.findByText('No se encontraron productos con los filtros seleccionados.'),
    ).toBeInTheDocument()
    const main = within(screen.getByRole('main'))
    const links = main.getAllByRole('link', { name: 'Limpiar filtros' })
    expect(links[0]).toHaveAttribute('href', BASE)
    await ui.click(links[0]!)
    await settlesAt(BASE)
  })
})
