/**
 * SPEC §5 / §8 owner-area messages that the screen suites beside this file do not drive: each
 * test reaches the message through the real screen (fake API at the network boundary) and checks
 * the exact Spanish text.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '../../test/fake-api'
import { renderApp, renderWithProviders } from '../../test/render'
import { Component as EditBusiness } from './routes/edit-business'
import {
  BUSINESS_ID,
  imageFile,
  installUploadsOverFetch,
  makeBusiness,
  makeProduct,
  signInOwner,
  stubObjectUrls,
} from './test/owner-kit'

type Routes = Parameters<typeof installFakeApi>[0]
type Ui = ReturnType<typeof userEvent.setup>

vi.setConfig({ testTimeout: 30_000 })

const FORM_BLOCKED = 'Por favor, corrige los errores antes de continuar'
const emptyList = () => ({ body: { items: [], total: 0, page: 1, pageSize: 12, priceMax: 0 } })

function open(path: string, routes: Routes = {}) {
  signInOwner()
  stubObjectUrls()
  installUploadsOverFetch()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    [`GET /api/products/${BUSINESS_ID}/business`]: emptyList,
    ...routes,
  })
  const view = renderApp(path)
  return { fake, view, ui: userEvent.setup({ applyAccept: false, delay: null }) }
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) })

async function nextTo(ui: Ui, name: string) {
  await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
  await waitFor(() => expect(tab(name)).toHaveAttribute('aria-selected', 'true'))
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('product form: category required (SPEC §5 "Category required")', () => {
  it("saving without a category says 'La categoría es obligatoria', blocks and sends nothing", async () => {
    const { ui, fake, view } = open('/admin/nuevo-producto', {
      'POST /api/products': () => ({ status: 201, body: makeProduct() }),
    })
    await ui.type(await screen.findByLabelText('Nombre del producto*'), 'Camisa de lino')
    await ui.type(screen.getByLabelText('Descripción corta*'), 'Fresca y liviana')
    await ui.type(screen.getByLabelText('Precio*'), '1200')
    await nextTo(ui, 'Imágenes')
    await ui.upload(screen.getByLabelText('Imagen principal'), imageFile('camisa.png'))
    await nextTo(ui, 'Detalles')
    expect(screen.queryByText('La categoría es obligatoria')).not.toBeInTheDocument()

    await ui.click(screen.getByRole('button', { name: 'Guardar Producto' }))
    // Under the field (its accessible description) and in the preview panel's error list.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Categoría' })).toHaveAccessibleDescription(
        'La categoría es obligatoria',
      ),
    )
    expect(screen.getByRole('combobox', { name: 'Categoría' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(screen.getAllByText('La categoría es obligatoria')).toHaveLength(2)
    expect(screen.getByText(FORM_BLOCKED)).toBeInTheDocument()
    expect(screen.getByTestId('punto-error-details')).toBeInTheDocument()
    expect(fake.callsTo('POST /api/products')).toHaveLength(0)
    expect(view.location()).toBe('/admin/nuevo-producto')

    // Choosing one clears the message and the product can be saved.
    await ui.click(screen.getByRole('combobox', { name: 'Categoría' }))
    await ui.click(await screen.findByRole('option', { name: 'Calzado' }))
    await waitFor(() =>
      expect(screen.queryByText('La categoría es obligatoria')).not.toBeInTheDocument(),
    )
    await ui.click(screen.getByRole('button', { name: 'Guardar Producto' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
    expect(fake.callsTo('POST /api/products')).toHaveLength(1)
  })
})

describe('edit product load failure (SPEC §2.16, §8)', () => {
  const product = makeProduct()
  const path = `/admin/producto/editar/${product._id}`

  it.each([
    ['a server error', () => ({ status: 500, body: { message: 'Error interno del servidor' } })],
    ['an empty result', () => ({ body: null })],
  ])('%s shows the SPEC text and a way back, never the form', async (_case, reply) => {
    open(path, { [`GET /api/products/${product._id}`]: reply })
    expect(
      await screen.findByText('No se pudo cargar el producto. Por favor, inténtelo de nuevo.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toContainElement(
      screen.getByRole('link', { name: 'Volver a mi negocio' }),
    )
    expect(screen.queryByRole('button', { name: 'Actualizar Producto' })).not.toBeInTheDocument()
  })
})

describe('edit business without an identifier (SPEC §2.15, §8)', () => {
  it("says 'Identificador no proporcionado' and loads nothing", async () => {
    // The route table always supplies {identifier} (a bare /admin/mi-negocio/editar redirects to
    // /), so the screen is mounted on a route without the parameter to reach the branch.
    signInOwner()
    const fake = installFakeApi({
      'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    })
    renderWithProviders(<EditBusiness />, { path: '/admin/mi-negocio/editar' })
    expect(await screen.findByText('Identificador no proporcionado')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
    expect(fake.callsTo('GET /api/businesses/user/me')).toHaveLength(0)
  })

  it('with an identifier, the same screen loads the business instead', async () => {
    signInOwner()
    stubObjectUrls()
    const fake = installFakeApi({
      'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    })
    renderWithProviders(<p>otra ruta</p>, {
      path: '/admin/mi-negocio/editar/tienda-ana',
      extraRoutes: [{ path: '/admin/mi-negocio/editar/:identifier', element: <EditBusiness /> }],
    })
    expect(await screen.findByLabelText('Nombre del negocio*')).toHaveValue('La Tienda de Ana')
    expect(screen.queryByText('Identificador no proporcionado')).not.toBeInTheDocument()
    expect(fake.callsTo('GET /api/businesses/user/me')).toHaveLength(1)
  })
})
