/**
 * SPEC §5 / §8 owner-area messages that the screen suites beside this file do not drive: each
 * test reaches the message through the real screen (fake API at the network boundary) and checks
 * the exact Spanish text.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FormProvider, useForm } from 'react-hook-form'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '../../test/fake-api'
import { renderApp, renderWithProviders } from '../../test/render'
import { SummaryStep } from './components/business-form/summary-step'
import { newBusinessValues } from './lib/business-form'
import type { BusinessFormValues } from './lib/business-form'
import { Component as EditBusiness } from './routes/edit-business'
import {
  BUSINESS_ID,
  imageFile,
  installUploadsOverFetch,
  makeBusiness,
  makeProduct,
  signInOwner,
  stubObjectUrls,
} from '../../test/owner-kit'

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
    await screen.findByAltText('Imagen principal') // once its bytes are checked
    await nextTo(ui, 'Detalles')
    expect(screen.queryByText('La categoría es obligatoria')).not.toBeInTheDocument()

    await ui.click(screen.getByRole('button', { name: 'Guardar producto' }))
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
    await ui.click(screen.getByRole('button', { name: 'Guardar producto' }))
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
    expect(screen.queryByRole('button', { name: 'Actualizar producto' })).not.toBeInTheDocument()
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

/**
 * The suites beside this file compare with the shared constants, so they would not notice the
 * text itself drifting from SPEC §5 / §8; these compare the screens with the SPEC's words.
 */
describe('SPEC wording, word for word', () => {
  it('business wizard steps 1 and 2 (SPEC §5)', async () => {
    signInOwner()
    stubObjectUrls()
    installFakeApi({
      'GET /api/businesses/user/me': () => ({ status: 404, body: { message: 'x' } }),
      'GET /api/businesses/check/tienda': () => ({ body: { available: true } }),
    })
    renderApp('/plataforma/nuevo')
    const ui = userEvent.setup({ delay: null })
    await screen.findByRole('heading', { level: 2, name: 'Información Básica' })
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(await screen.findByText('El nombre del negocio es obligatorio')).toBeInTheDocument()
    expect(screen.getByText('El identificador es obligatorio')).toBeInTheDocument()
    expect(screen.getByText('La categoría es obligatoria')).toBeInTheDocument()
    expect(screen.getByText('La descripción es obligatoria')).toBeInTheDocument()

    await ui.type(screen.getByLabelText('Identificador*'), 'Mi Tienda!')
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(
      await screen.findByText('Solo se permiten letras minúsculas, números y guiones'),
    ).toBeInTheDocument()

    await ui.type(screen.getByLabelText('Nombre del negocio*'), 'Tienda')
    await ui.clear(screen.getByLabelText('Identificador*'))
    await ui.type(screen.getByLabelText('Identificador*'), 'tienda')
    await ui.click(screen.getByRole('combobox', { name: 'Categoría' }))
    await ui.click(await screen.findByRole('option', { name: 'Moda y accesorios' }))
    await ui.type(screen.getByLabelText('Descripción*'), 'Ropa hecha a mano.')
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    await screen.findByRole('heading', { level: 2, name: 'Información de Contacto' })
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(await screen.findByText('El teléfono es obligatorio')).toBeInTheDocument()
    expect(screen.getByText('El correo electrónico es obligatorio')).toBeInTheDocument()
    await ui.type(screen.getByLabelText('Correo electrónico*'), 'hola@')
    expect(await screen.findByText('Ingresa un correo electrónico válido')).toBeInTheDocument()
  })

  it("the summary's missing list and alert (SPEC §5)", () => {
    function Summary({ values }: { values: BusinessFormValues }) {
      const form = useForm<BusinessFormValues>({ values })
      return (
        <FormProvider {...form}>
          <SummaryStep />
        </FormProvider>
      )
    }
    render(<Summary values={{ ...newBusinessValues(), name: 'Tienda', phone: '099 123 456' }} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(
      'Por favor completa todos los campos obligatorios marcados con * para continuar.',
    )
    expect(within(alert).getByText('Faltan campos obligatorios:')).toBeInTheDocument()
  })

  it('product form basics and images (SPEC §5)', async () => {
    const { ui } = open('/admin/nuevo-producto')
    await screen.findByLabelText('Nombre del producto*')
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(await screen.findByText(FORM_BLOCKED)).toBeInTheDocument()
    const field = (label: string) => screen.getByLabelText(label)
    expect(field('Nombre del producto*')).toHaveAccessibleDescription(
      'El nombre del producto es obligatorio',
    )
    expect(field('Descripción corta*')).toHaveAccessibleDescription(
      expect.stringContaining('La descripción es obligatoria'),
    )
    expect(field('Precio*')).toHaveAccessibleDescription(
      expect.stringContaining('El precio debe ser mayor que cero'),
    )
    await ui.type(field('Nombre del producto*'), 'Camisa')
    await ui.type(field('Descripción corta*'), 'Fresca')
    await ui.type(field('Precio*'), '10')
    await nextTo(ui, 'Imágenes')
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(
      (await screen.findAllByText('La imagen principal es obligatoria')).length,
    ).toBeGreaterThan(0)
    expect(screen.getAllByText('PNG, JPG o WEBP (máx. 5MB)').length).toBeGreaterThan(0)
  })

  it('owner dashboard load failure (SPEC §2.14, §8)', async () => {
    open('/admin/mi-negocio', {
      'GET /api/businesses/user/me': () => ({ status: 500, body: { message: 'x' } }),
    })
    expect(
      await screen.findByText(
        'Error al cargar los datos del negocio. Por favor, intenta de nuevo más tarde.',
      ),
    ).toBeInTheDocument()
  })
})
