import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ADMIN_MESSAGES,
  GENERIC_MESSAGES,
  PLAN_MESSAGES,
  PLAN_TEXTS,
  PRODUCT_MESSAGES,
  PRODUCT_VISIBILITY_TEXTS,
  VARIANT_MESSAGES,
} from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import type { RecordedCall } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { BUSINESS_ID, makeBusiness, makeProduct, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const LIST = `GET /api/products/${BUSINESS_ID}/business`
const products = [
  makeProduct({ name: 'Camisa Oxford', discount: 10, finalPrice: 900, isOffer: true }),
  makeProduct({ name: 'Pantalón chino', isNew: true }),
  makeProduct({ name: 'Zapatillas', category: 'Calzado' }),
]

function listReply(call: RecordedCall) {
  const query = new URL(call.path, 'http://localhost').searchParams
  if (query.get('pageSize') === '1') {
    return { body: { items: products.slice(0, 1), total: 3, page: 1, pageSize: 1, priceMax: 1000 } }
  }
  const items = query.get('isOffer') === 'true' ? products.filter((p) => p.isOffer) : products
  return { body: { items, total: items.length, page: 1, pageSize: 12, priceMax: 1000 } }
}

function open(routes: Parameters<typeof installFakeApi>[0] = {}) {
  signInOwner()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    [LIST]: listReply,
    ...routes,
  })
  const view = renderApp('/admin/mi-negocio')
  return { fake, view, ui: userEvent.setup({ delay: null }) }
}

const listCalls = (fake: ReturnType<typeof installFakeApi>) =>
  fake
    .callsTo(LIST)
    .map((c) => new URL(c.path, 'http://localhost').searchParams)
    .filter((q) => q.get('pageSize') !== '1')

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('owner dashboard (SPEC §2.14)', () => {
  it('sends a signed-out visitor to the login', async () => {
    installFakeApi({})
    const { location } = renderApp('/admin/mi-negocio')
    await waitFor(() => expect(location()).toBe('/auth/login'))
  })

  it('sends an owner without a business (404) to the creation wizard', async () => {
    const { view } = open({
      'GET /api/businesses/user/me': () => ({ status: 404, body: { message: 'x' } }),
    })
    await waitFor(() => expect(view.location()).toBe('/plataforma/nuevo'))
  })

  it("explains any other load failure and offers 'Intentar de nuevo'", async () => {
    open({ 'GET /api/businesses/user/me': () => ({ status: 500, body: { message: 'x' } }) })
    expect(await screen.findByText(GENERIC_MESSAGES.adminBusinessLoadFailed)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument()
  })

  it('shows the business, its buttons, the plan usage and the products', async () => {
    open()
    expect(await screen.findByRole('heading', { name: 'La Tienda de Ana' })).toBeInTheDocument()
    expect(screen.getByAltText('Logo de La Tienda de Ana')).toHaveAttribute(
      'src',
      '/media/logo-640.webp',
    )
    expect(screen.getByText(/\/tienda-ana/)).toBeInTheDocument()
    expect(screen.getByText('Ropa y accesorios hechos a mano.')).toBeInTheDocument()
    expect(
      within(screen.getByRole('list', { name: 'Características' })).getByText('Tienda Física'),
    ).toBeInTheDocument()
    const contact = within(screen.getByRole('list', { name: 'Contacto' }))
    expect(contact.getByText('+598 99 123 456')).toBeInTheDocument()
    expect(contact.getByText('hola@tienda-ana.uy')).toBeInTheDocument()
    expect(contact.getByText('Av. Italia 1234')).toBeInTheDocument()
    expect(contact.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/tiendaana',
    )
    expect(contact.queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument()

    expect(screen.getByRole('link', { name: 'Visitar negocio' })).toHaveAttribute(
      'href',
      '/tienda-ana',
    )
    expect(screen.getByRole('link', { name: 'Modificar negocio' })).toHaveAttribute(
      'href',
      '/admin/mi-negocio/editar/tienda-ana',
    )
    expect(screen.getAllByRole('link', { name: /Agregar producto/ })[0]).toHaveAttribute(
      'href',
      '/admin/nuevo-producto',
    )
    // The main action in the primary colour (steel #415A77 read as a disabled button).
    expect(screen.getAllByRole('link', { name: /Agregar producto/ })[0]).toHaveClass('bg-primary')
    expect(screen.getByRole('link', { name: 'Modificar negocio' })).not.toHaveClass('bg-primary')
    expect(screen.getByText('Plan Básico')).toBeInTheDocument()
    expect(await screen.findByTestId('uso-del-plan')).toHaveTextContent('3 de 20 productos')
    expect(screen.getByText('3 productos en total')).toBeInTheDocument()

    await screen.findByText('Camisa Oxford')
    const links = screen.getAllByRole('link', { name: /Modificar producto/ })
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      products.map((p) => `/admin/producto/editar/${p._id}`),
    )
    // Issue 41: the actions are a row under each card, not buttons piled on its image.
    for (const link of links) expect(link.closest('article')).toBeNull()
    const item = screen.getByRole('heading', { name: 'Camisa Oxford' }).closest('li')!
    expect(
      within(item)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(
      expect.arrayContaining(['Eliminar Camisa Oxford', PLAN_TEXTS.hideProduct('Camisa Oxford')]),
    )
  })

  it("names the platform dashboard 'Panel' in the user menu (issue 41: not 'Dashboard')", async () => {
    const { ui } = open()
    await screen.findByText('Camisa Oxford')
    await ui.click(await screen.findByRole('button', { name: /^Menú de Ana/ }))
    expect(await screen.findByRole('menuitem', { name: 'Panel' })).toHaveAttribute(
      'href',
      '/plataforma/dashboard',
    )
    expect(screen.queryByRole('menuitem', { name: 'Dashboard' })).toBeNull()
  })

  it('names each search form: the header’s and the products’ are distinct landmarks (axe landmark-unique)', async () => {
    open()
    await screen.findByText('Camisa Oxford')
    const names = screen.getAllByRole('search').map((form) => form.getAttribute('aria-label'))
    expect(names).toEqual(expect.arrayContaining(['Buscar negocios', 'Buscar productos']))
    expect(new Set(names).size).toBe(names.length)
  })

  it("says 'Sin logo' when the business has none", async () => {
    open({ 'GET /api/businesses/user/me': () => ({ body: makeBusiness({ logo: null }) }) })
    expect(await screen.findByText('Sin logo')).toBeInTheDocument()
  })

  it('filters and sorts through the address, and refuses a search under 3 characters', async () => {
    const { fake, view, ui } = open()
    await screen.findByText('Camisa Oxford')
    await ui.click(screen.getByRole('button', { name: 'Ofertas' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio?oferta=true'))
    await waitFor(() => expect(listCalls(fake).at(-1)?.get('isOffer')).toBe('true'))
    expect(screen.getByRole('button', { name: 'Ofertas' })).toHaveAttribute('aria-pressed', 'true')
    await waitFor(() => expect(screen.queryByText('Zapatillas')).not.toBeInTheDocument())
    expect(screen.getByText(/1 con estos filtros/)).toBeInTheDocument()

    await ui.click(screen.getByRole('combobox', { name: 'Ordenar por' }))
    await ui.click(await screen.findByRole('option', { name: 'Precio: menor a mayor' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio?oferta=true&sort=cheapest'))
    await waitFor(() => expect(listCalls(fake).at(-1)?.get('sort')).toBe('cheapest'))

    const calls = listCalls(fake).length
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar productos' }), 'ca{Enter}')
    expect(await screen.findByText(GENERIC_MESSAGES.searchMin)).toBeInTheDocument()
    expect(listCalls(fake)).toHaveLength(calls)
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar productos' }), 'misa{Enter}')
    await waitFor(() => expect(listCalls(fake).at(-1)?.get('search')).toBe('camisa'))

    await ui.click(screen.getByRole('button', { name: 'Limpiar filtros' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
  })

  it("names the default sort 'Recomendados' when the storefront is in manual order", async () => {
    const { ui } = open({
      'GET /api/businesses/user/me': () => ({ body: makeBusiness({ productOrder: 'manual' }) }),
    })
    await screen.findByText('Camisa Oxford')
    await ui.click(screen.getByRole('combobox', { name: 'Ordenar por' }))
    expect(await screen.findByRole('option', { name: 'Recomendados' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Más recientes' })).toBeNull()
  })

  it('deletes a product after confirming', async () => {
    const { fake, ui } = open({
      [`DELETE /api/products/${products[1]!._id}`]: () => ({ status: 204 }),
    })
    await screen.findByText('Pantalón chino')
    await ui.click(screen.getByRole('button', { name: 'Eliminar Pantalón chino' }))
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar producto' })
    expect(dialog).toHaveTextContent('«Pantalón chino»')
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(fake.callsTo(`DELETE /api/products/${products[1]!._id}`)).toHaveLength(0)

    await ui.click(screen.getByRole('button', { name: 'Eliminar Pantalón chino' }))
    await ui.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    )
    expect(await screen.findByText(ADMIN_MESSAGES.productDeleted)).toBeInTheDocument()
    expect(fake.callsTo(`DELETE /api/products/${products[1]!._id}`)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('duplicates a product, and shows the plan’s refusal (issue 27 §2)', async () => {
    const source = products[0]!
    let refuse = false
    const { fake, ui } = open({
      [`POST /api/products/${source._id}/duplicate`]: () =>
        refuse
          ? { status: 403, body: { message: PRODUCT_MESSAGES.planLimitReached } }
          : { status: 201, body: { ...source, name: 'Camisa Oxford (copia)' } },
    })
    await screen.findByText('Camisa Oxford')
    const listed = listCalls(fake).length
    await ui.click(screen.getByRole('button', { name: 'Duplicar Camisa Oxford' }))
    expect(await screen.findByText(PRODUCT_MESSAGES.duplicated)).toBeInTheDocument()
    expect(screen.getByText('Camisa Oxford (copia)')).toBeInTheDocument()
    // The list is read again, with the copy in it.
    await waitFor(() => expect(listCalls(fake).length).toBeGreaterThan(listed))

    refuse = true
    await ui.click(screen.getByRole('button', { name: 'Duplicar Camisa Oxford' }))
    expect(await screen.findByText(PRODUCT_MESSAGES.duplicateFailed)).toBeInTheDocument()
    expect(screen.getByText(PRODUCT_MESSAGES.planLimitReached)).toBeInTheDocument()
    expect(fake.callsTo(`POST /api/products/${source._id}/duplicate`)).toHaveLength(2)
  })

  it("shows hidden products with 'Oculto' and 'Mostrar', and filters by 'Visibilidad' (issue 25 §2)", async () => {
    const poncho = makeProduct({ name: 'Poncho', status: 'hidden' })
    const shown = products[0]!
    const { fake, view, ui } = open({
      [LIST]: (call) => {
        const status = new URL(call.path, 'http://localhost').searchParams.get('status')
        const items =
          status === 'hidden' ? [poncho] : status === 'active' ? [shown] : [poncho, shown]
        return { body: { items, total: items.length, page: 1, pageSize: 12, priceMax: 1000 } }
      },
      [`PATCH /api/products/${poncho._id}/visibility`]: () => ({
        body: { ...poncho, status: 'active' },
      }),
    })
    // Every product by default, hidden ones included, in the count too.
    // Issue 41: each card's actions are a row under it, in the same list item.
    const card = (await screen.findByRole('heading', { name: 'Poncho' })).closest('li')!
    expect(within(card).getByText(VARIANT_MESSAGES.hiddenBadge)).toBeInTheDocument()
    expect(listCalls(fake).at(-1)?.get('status')).toBe('all')
    expect(
      fake
        .callsTo(LIST)
        .some((c) => c.path.includes('pageSize=1') && c.path.includes('status=all')),
    ).toBe(true)
    const visibleCard = screen.getByRole('heading', { name: 'Camisa Oxford' }).closest('li')!
    expect(within(visibleCard).queryByText(VARIANT_MESSAGES.hiddenBadge)).not.toBeInTheDocument()
    expect(
      within(visibleCard).getByRole('button', { name: PLAN_TEXTS.hideProduct('Camisa Oxford') }),
    ).toBeInTheDocument()
    expect(
      within(card).queryByRole('button', { name: PLAN_TEXTS.hideProduct('Poncho') }),
    ).not.toBeInTheDocument()

    // 'Mostrar' on the hidden card shows it.
    await ui.click(within(card).getByRole('button', { name: PLAN_TEXTS.showProduct('Poncho') }))
    await waitFor(() =>
      expect(fake.callsTo(`PATCH /api/products/${poncho._id}/visibility`)).toHaveLength(1),
    )
    expect(fake.callsTo(`PATCH /api/products/${poncho._id}/visibility`)[0]!.body).toEqual({
      status: 'active',
    })
    expect(await screen.findByText(PLAN_MESSAGES.productShown)).toBeInTheDocument()

    // The labelled filter, through the address.
    const filter = screen.getByRole('combobox', { name: PRODUCT_VISIBILITY_TEXTS.filterLabel })
    expect(filter).toHaveTextContent(PRODUCT_VISIBILITY_TEXTS.all)
    await ui.click(filter)
    await ui.click(await screen.findByRole('option', { name: PRODUCT_VISIBILITY_TEXTS.hidden }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio?estado=ocultos'))
    await waitFor(() => expect(listCalls(fake).at(-1)?.get('status')).toBe('hidden'))
    await waitFor(() => expect(screen.queryByText('Camisa Oxford')).not.toBeInTheDocument())
    expect(screen.getByText(/1 con estos filtros/)).toBeInTheDocument()

    await ui.click(screen.getByRole('combobox', { name: PRODUCT_VISIBILITY_TEXTS.filterLabel }))
    await ui.click(await screen.findByRole('option', { name: PRODUCT_VISIBILITY_TEXTS.visible }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio?estado=visibles'))
    await waitFor(() => expect(listCalls(fake).at(-1)?.get('status')).toBe('active'))
    await waitFor(() => expect(screen.queryByText('Poncho')).not.toBeInTheDocument())

    await ui.click(screen.getByRole('button', { name: 'Limpiar filtros' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
    // Every product again (the first reply, kept by the query cache).
    expect(await screen.findByText('Poncho')).toBeInTheDocument()
    expect(screen.getByText('Camisa Oxford')).toBeInTheDocument()
  })
})
