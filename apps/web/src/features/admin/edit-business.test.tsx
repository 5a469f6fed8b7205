import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN_MESSAGES, GENERIC_MESSAGES, LEAVE_MESSAGES, STORAGE_KEYS } from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import {
  formEntries,
  imageFile,
  installUploadsOverFetch,
  makeBusiness,
  signInOwner,
  stubObjectUrls,
} from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const business = makeBusiness()
const required = (label: string) => `${label}*`

function open(
  path = '/admin/mi-negocio/editar/tienda-ana',
  routes: Parameters<typeof installFakeApi>[0] = {},
) {
  signInOwner()
  stubObjectUrls()
  installUploadsOverFetch()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    ...routes,
  })
  const view = renderApp(path)
  return { fake, view, ui: userEvent.setup({ applyAccept: false, delay: null }) }
}

const goToStep = async (ui: ReturnType<typeof userEvent.setup>, title: string) => {
  await ui.click(
    within(screen.getByRole('navigation', { name: 'Pasos' })).getByRole('button', {
      name: new RegExp(title),
    }),
  )
  await screen.findByRole('heading', { level: 2, name: title })
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('edit business (SPEC §2.15)', () => {
  it('loads the business into four steps, every one reachable', async () => {
    open()
    expect(await screen.findByLabelText(required('Nombre del negocio'))).toHaveValue(
      'La Tienda de Ana',
    )
    expect(screen.getByText('Paso 1 de 4')).toBeInTheDocument()
    expect(screen.getByLabelText(required('Identificador'))).toHaveValue('tienda-ana')
    const steps = within(screen.getByRole('navigation', { name: 'Pasos' })).getAllByRole('button')
    expect(steps).toHaveLength(4)
    for (const step of steps) expect(step).toBeEnabled()
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute(
      'href',
      '/admin/mi-negocio',
    )
    // One main action per row: saving in the primary colour, moving on beside it outlined.
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toHaveClass('bg-primary')
    expect(screen.getByRole('button', { name: 'Siguiente' })).not.toHaveClass('bg-primary')
    expect(screen.queryByRole('button', { name: 'Crear negocio' })).not.toBeInTheDocument()
  })

  it('saves the changes with slidesToDelete and category renames, then opens the storefront', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const saved = makeBusiness({ name: 'Tienda Ana' })
    const { ui, fake, view } = open(undefined, {
      [`PATCH /api/businesses/${business._id}`]: async () => {
        await gate
        return { body: saved }
      },
      'GET /api/businesses/tienda-ana/identifier': () => ({ body: saved }),
    })
    const name = await screen.findByLabelText(required('Nombre del negocio'))
    await ui.clear(name)
    await ui.type(name, 'Tienda Ana')
    // Renaming an existing business never moves its address.
    expect(screen.getByLabelText(required('Identificador'))).toHaveValue('tienda-ana')

    await goToStep(ui, 'Información de Contacto')
    await ui.clear(screen.getByLabelText('Dirección'))
    await goToStep(ui, 'Apariencia')
    await ui.click(screen.getByRole('button', { name: 'Eliminar portada 1' }))
    await ui.upload(screen.getByLabelText('Agregar imágenes de portada'), imageFile('nueva.png'))
    await screen.findByAltText('Portada 2') // once its bytes are checked
    await goToStep(ui, 'Características')
    await ui.click(screen.getByRole('button', { name: 'Renombrar categoría Ropa' }))
    const rename = screen.getByLabelText('Nuevo nombre de categoría Ropa')
    await ui.clear(rename)
    await ui.type(rename, 'Indumentaria{Enter}')
    await ui.click(screen.getByRole('button', { name: 'Guardar cambios' }))

    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeDisabled()
    release()
    await waitFor(() => expect(view.location()).toBe('/tienda-ana'))

    const [call] = fake.callsTo(`PATCH /api/businesses/${business._id}`)
    expect(fake.calls.some((c) => c.path.startsWith('/api/businesses/check/'))).toBe(false)
    const entries = formEntries(call?.body)
    expect(Object.fromEntries(entries.filter(([n]) => n !== 'slides'))).toEqual({
      name: 'Tienda Ana',
      identifier: 'tienda-ana',
      description: business.description,
      phone: business.phone,
      email: business.email,
      category: 'moda',
      features: JSON.stringify({ ...business.features }),
      primaryColor: '#1D4ED8',
      secondaryColor: '#DBEAFE',
      bgColor: '#1D4ED8',
      socialLinks: JSON.stringify({ instagram: 'https://instagram.com/tiendaana' }),
      address: '',
      // Issue 24 §1: the stored settings, and the mobile phone as WhatsApp (none was stored).
      whatsapp: '+59899123456',
      deliveryOptions: JSON.stringify({ pickup: true, delivery: { enabled: false, fee: {} } }),
      paymentMethods: JSON.stringify([{ type: 'efectivo' }]),
      openingHours: 'null',
      // Issue 25: the main currency (no exchange rate set: the platform's applies).
      mainCurrency: 'UYU',
      categories: JSON.stringify([
        {
          name: 'Indumentaria',
          description: 'Prendas',
          subCategories: [{ name: 'Camisas' }, { name: 'Pantalones' }],
          previousName: 'Ropa',
        },
        { name: 'Calzado', subCategories: [] },
      ]),
      slideOrder: JSON.stringify(['/media/slide-b-1280.webp', 0]),
      slidesToDelete: JSON.stringify(['/media/slide-a-1280.webp']),
    })
    expect(entries.filter(([n]) => n === 'slides')).toEqual([['slides', 'file:nueva.png']])
    expect(entries.some(([n]) => ['logo', 'removeLogo', 'planType'].includes(n))).toBe(false)
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.business) ?? 'null')).toMatchObject({
      name: 'Tienda Ana',
    })
  })

  it('removes the logo (removeLogo) and keeps a slide replaced in place where it was (slideOrder)', async () => {
    const { ui, fake, view } = open(undefined, {
      [`PATCH /api/businesses/${business._id}`]: () => ({ body: { ...business, logo: null } }),
      'GET /api/businesses/tienda-ana/identifier': () => ({ body: { ...business, logo: null } }),
    })
    await screen.findByLabelText(required('Nombre del negocio'))
    await goToStep(ui, 'Información de Contacto')
    expect(screen.getByAltText('Vista previa del logo')).toHaveAttribute(
      'src',
      '/media/logo-640.webp',
    )
    await ui.click(screen.getByRole('button', { name: 'Quitar logo' }))
    expect(screen.queryByAltText('Vista previa del logo')).not.toBeInTheDocument()
    await goToStep(ui, 'Apariencia')
    // Replace the first stored slide by a file, add a URL after the second.
    await ui.upload(screen.getByLabelText('Reemplazar portada 1'), imageFile('primera.png'))
    await waitFor(() =>
      expect(screen.getByAltText('Portada 1')).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    )
    await ui.type(
      screen.getByLabelText('URL de una imagen de portada'),
      'https://cdn.example.com/ultima.jpg{Enter}',
    )
    expect(screen.getByAltText('Portada 1')).toHaveAttribute('src', expect.stringMatching(/^blob:/))
    await ui.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    await waitFor(() => expect(view.location()).toBe('/tienda-ana'))

    const entries = formEntries(fake.callsTo(`PATCH /api/businesses/${business._id}`)[0]?.body)
    const sent = (name: string) => entries.filter(([n]) => n === name).map(([, v]) => v)
    expect(sent('removeLogo')).toEqual(['true'])
    expect(sent('logo')).toEqual([])
    expect(sent('slides')).toEqual(['file:primera.png', 'https://cdn.example.com/ultima.jpg'])
    expect(sent('slidesToDelete')).toEqual([JSON.stringify(['/media/slide-a-1280.webp'])])
    expect(sent('slideOrder')).toEqual([
      JSON.stringify([0, '/media/slide-b-1280.webp', 'https://cdn.example.com/ultima.jpg']),
    ])
  })

  it('checks a changed identifier before leaving the first step', async () => {
    const { ui, fake } = open(undefined, {
      'GET /api/businesses/check/ana': () => ({ body: { available: false, reason: 'taken' } }),
    })
    const identifier = await screen.findByLabelText(required('Identificador'))
    await ui.clear(identifier)
    await ui.type(identifier, 'ana')
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(await screen.findByTestId('identificador-no-disponible')).toBeInTheDocument()
    expect(fake.callsTo('GET /api/businesses/check/ana')).toHaveLength(1)
  })

  it('tells the owner when saving fails', async () => {
    const { ui } = open(undefined, {
      [`PATCH /api/businesses/${business._id}`]: () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message:
            'No puedes eliminar la categoría porque tiene productos. Reasígnalos o elimínalos primero.',
        },
      }),
    })
    await screen.findByLabelText(required('Nombre del negocio'))
    await ui.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByText(ADMIN_MESSAGES.businessUpdateFailed)).toBeInTheDocument()
    expect(screen.getByText(/No puedes eliminar la categoría/)).toBeInTheDocument()
  })

  it('a network failure is logged and toasted too, and the form can be saved again', async () => {
    const { ui } = open(undefined, {
      [`PATCH /api/businesses/${business._id}`]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await screen.findByLabelText(required('Nombre del negocio'))
    await ui.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByText(ADMIN_MESSAGES.businessUpdateFailed)).toBeInTheDocument()
    expect(screen.getByText(GENERIC_MESSAGES.tryAgainLater)).toBeInTheDocument()
    expect(console.error).toHaveBeenCalledWith(
      ADMIN_MESSAGES.businessUpdateFailed,
      expect.anything(),
    )
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled()
  })

  it("says 'No se pudo cargar la información del negocio' with 'Volver al inicio' when loading fails", async () => {
    open(undefined, {
      'GET /api/businesses/user/me': () => ({ status: 500, body: { message: 'x' } }),
    })
    expect(await screen.findByText(GENERIC_MESSAGES.editBusinessLoadFailed)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })

  it("corrects an address holding an old identifier to the owner's business", async () => {
    const { view } = open('/admin/mi-negocio/editar/nombre-viejo')
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio/editar/tienda-ana'))
  })
})

describe('leaving with unsaved changes (issue 41 §4)', () => {
  it("'Cancelar' asks before discarding edits; without edits it just leaves", async () => {
    const { ui, view } = open()
    const name = await screen.findByLabelText(required('Nombre del negocio'))
    // Nothing changed: no question.
    await ui.click(screen.getByRole('link', { name: 'Cancelar' }))
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
    view.unmount()

    const again = open()
    const field = await screen.findByLabelText(required('Nombre del negocio'))
    expect(field).not.toBe(name)
    await again.ui.type(field, ' Uy')
    const leaving = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(leaving)
    expect(leaving.defaultPrevented).toBe(true)
    await again.ui.click(screen.getByRole('link', { name: 'Cancelar' }))
    const dialog = await screen.findByRole('alertdialog', { name: LEAVE_MESSAGES.title })
    await again.ui.click(within(dialog).getByRole('button', { name: LEAVE_MESSAGES.stay }))
    expect(again.view.location()).toBe('/admin/mi-negocio/editar/tienda-ana')
    expect(field).toHaveValue('La Tienda de Ana Uy')
    await again.ui.click(screen.getByRole('link', { name: 'Cancelar' }))
    await again.ui.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: LEAVE_MESSAGES.leave,
      }),
    )
    await waitFor(() => expect(again.view.location()).toBe('/admin/mi-negocio'))
  })
})
