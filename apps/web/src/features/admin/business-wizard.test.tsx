import { render, screen, waitFor, within } from '@testing-library/react'
import { clear, keys } from 'idb-keyval'
import { useEffect } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ADMIN_MESSAGES,
  API_MESSAGES,
  BUSINESS_MESSAGES,
  DRAFT_MESSAGES,
  FIELD_MESSAGES,
  LEAVE_MESSAGES,
  PAYMENT_FEATURES_NOTE,
  PALETTES,
  STORAGE_KEYS,
} from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import {
  formEntries,
  imageFile,
  installUploadsOverFetch,
  makeBusiness,
  owner,
  signInOwner,
  stubObjectUrls,
} from '../../test/owner-kit'
import { SummaryStep } from './components/business-form/summary-step'
import { newBusinessValues } from './lib/business-form'
import type { BusinessFormValues } from './lib/business-form'

type Ui = ReturnType<typeof userEvent.setup>

/** A required field's label ends with the '*' mark. */
const required = (label: string) => `${label}*`

// Journeys through a five-step form in jsdom take a few seconds each.
vi.setConfig({ testTimeout: 30_000 })
type Routes = Parameters<typeof installFakeApi>[0]

const notFound = { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'x' } }
const available = () => ({ body: { available: true } })

function openWizard(path = '/plataforma/nuevo', routes: Routes = {}) {
  signInOwner()
  stubObjectUrls()
  const uploads = installUploadsOverFetch()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => notFound,
    'GET /api/businesses/check/la-tienda-de-ana': available,
    ...routes,
  })
  const view = renderApp(path)
  const ui = userEvent.setup({ applyAccept: false, delay: null })
  return { fake, view, ui, uploads }
}

/** The summary step alone, on a form holding `values` (and an error, when asked). */
function SummaryHarness({
  values,
  error = false,
}: {
  values: BusinessFormValues
  error?: boolean
}) {
  const form = useForm<BusinessFormValues>({ values })
  const { setError } = form
  useEffect(() => {
    if (error) setError('categories', { type: 'server', message: 'x' })
  }, [error, setError])
  return (
    <FormProvider {...form}>
      <SummaryStep />
    </FormProvider>
  )
}

const next = (ui: Ui) => ui.click(screen.getByRole('button', { name: 'Siguiente' }))
const stepHeading = (title: string) => screen.findByRole('heading', { level: 2, name: title })

async function chooseCategory(ui: Ui, label: string) {
  await ui.click(screen.getByRole('combobox', { name: 'Categoría' }))
  await ui.click(await screen.findByRole('option', { name: label }))
}

async function fillBasic(ui: Ui, name = 'La Tienda de Ana') {
  await ui.type(await screen.findByLabelText(required('Nombre del negocio')), name)
  await chooseCategory(ui, 'Moda y accesorios')
  await ui.type(screen.getByLabelText(required('Descripción')), 'Ropa hecha a mano en Montevideo.')
}

async function fillContact(ui: Ui) {
  await ui.type(await screen.findByLabelText(required('Teléfono')), '+598 99 123 456')
  await ui.type(screen.getByLabelText(required('Correo electrónico')), 'Hola@Tienda-Ana.uy')
}

async function addCategory(ui: Ui, name: string, description = '') {
  await ui.type(screen.getByLabelText('Nombre de la categoría'), name)
  if (description) await ui.type(screen.getByLabelText('Descripción (opcional)'), description)
  await ui.keyboard('{Enter}')
}

/** Fills every step up to and including `last` ('contact', 'appearance', 'features'). */
async function reachStep(ui: Ui, last: 'contact' | 'appearance' | 'features' | 'summary') {
  await fillBasic(ui)
  await next(ui)
  await stepHeading('Información de Contacto')
  if (last === 'contact') return
  await fillContact(ui)
  await next(ui)
  await stepHeading('Apariencia')
  if (last === 'appearance') return
  await next(ui)
  await stepHeading('Características')
  if (last === 'features') return
  await addCategory(ui, 'Ropa')
  await next(ui)
  await stepHeading('Resumen')
}

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  // Issue 41 §4: every test starts without a draft.
  await clear()
})

describe('wizard guards (SPEC §2.13, §6)', () => {
  it('sends a signed-out visitor to the login', async () => {
    installFakeApi({})
    const { location } = renderApp('/plataforma/nuevo')
    await waitFor(() => expect(location()).toBe('/auth/login'))
  })

  it("shows 'Verificando información...' while checking, then sends an owner with a business to /admin/mi-negocio", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { view } = openWizard('/plataforma/nuevo', {
      'GET /api/businesses/user/me': async () => {
        await gate
        return { body: makeBusiness() }
      },
      'GET /api/products/5a0c3f2e-8d4b-4c6a-9e1f-2b7d6c5a4e30/business': () => ({
        body: { items: [], total: 0, page: 1, pageSize: 12, priceMax: 0 },
      }),
    })
    expect(await screen.findByText(ADMIN_MESSAGES.checkingAccess)).toBeInTheDocument()
    release()
    await waitFor(() => expect(view.location()).toBe('/admin/mi-negocio'))
  })

  it('shows the five steps with the first one current and the later ones disabled', async () => {
    openWizard()
    await stepHeading('Información Básica')
    expect(screen.getByText('Paso 1 de 5')).toBeInTheDocument()
    const steps = within(screen.getByRole('navigation', { name: 'Pasos' })).getAllByRole('button')
    expect(steps.map((b) => b.textContent?.replace(/^\d/, ''))).toEqual([
      'Información Básica',
      'Información de Contacto',
      'Apariencia',
      'Características',
      'Resumen',
    ])
    expect(steps[0]).toHaveAttribute('aria-current', 'step')
    for (const later of steps.slice(1)) expect(later).toBeDisabled()
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/')
  })
})

describe('step 1 — Información Básica (SPEC §5)', () => {
  it('requires name, identifier, category and description, with the SPEC messages', async () => {
    const { ui, fake } = openWizard()
    await stepHeading('Información Básica')
    await next(ui)
    expect(await screen.findByText(BUSINESS_MESSAGES.nameRequired)).toBeInTheDocument()
    expect(screen.getByText(BUSINESS_MESSAGES.identifierRequired)).toBeInTheDocument()
    expect(screen.getByText(BUSINESS_MESSAGES.categoryRequired)).toBeInTheDocument()
    expect(screen.getByText(BUSINESS_MESSAGES.descriptionRequired)).toBeInTheDocument()
    expect(screen.getByText('Paso 1 de 5')).toBeInTheDocument()
    expect(fake.callsTo('GET /api/businesses/check/la-tienda-de-ana')).toHaveLength(0)
  })

  it('refuses a blank (spaces only) name and an identifier with other characters', async () => {
    const { ui } = openWizard()
    await ui.type(await screen.findByLabelText(required('Nombre del negocio')), '   ')
    const identifier = screen.getByLabelText(required('Identificador'))
    await ui.clear(identifier)
    await ui.type(identifier, 'Mi_Tienda')
    await next(ui)
    expect(await screen.findByText(BUSINESS_MESSAGES.nameRequired)).toBeInTheDocument()
    expect(screen.getByText(BUSINESS_MESSAGES.identifierFormat)).toBeInTheDocument()
  })

  it('derives the identifier from the name until the owner edits it (SPEC §4, §5)', async () => {
    const { ui } = openWizard()
    const name = await screen.findByLabelText(required('Nombre del negocio'))
    const identifier = screen.getByLabelText(required('Identificador'))
    await ui.type(name, 'Café  Niño -- Feliz!')
    expect(identifier).toHaveValue('cafe-nino-feliz')

    await ui.clear(name)
    expect(identifier).toHaveValue('')
    await ui.type(name, 'Almacén Sol')
    expect(identifier).toHaveValue('almacen-sol')

    await ui.clear(identifier)
    await ui.type(identifier, 'mi-almacen')
    await ui.type(name, ' y Luna')
    expect(identifier).toHaveValue('mi-almacen')

    // Cleared by hand, it follows the name again.
    await ui.clear(identifier)
    await ui.type(name, 's')
    expect(identifier).toHaveValue('almacen-sol-y-lunas')
  })

  it('shows the category descriptions and moves on once the identifier is available', async () => {
    const { ui, fake } = openWizard()
    await fillBasic(ui)
    expect(screen.getByText('Ropa, calzado, carteras y complementos para todos los estilos'))
    await next(ui)
    expect(await stepHeading('Información de Contacto')).toBeInTheDocument()
    expect(screen.getByText('Paso 2 de 5')).toBeInTheDocument()
    expect(fake.callsTo('GET /api/businesses/check/la-tienda-de-ana')).toHaveLength(1)
  })

  it("stays on step 1 with the 'unavailable' flag and message when the identifier is taken", async () => {
    const { ui } = openWizard('/plataforma/nuevo', {
      'GET /api/businesses/check/la-tienda-de-ana': () => ({
        body: { available: false, reason: 'taken' },
      }),
      'GET /api/businesses/check/la-tienda-de-ana2': available,
    })
    await fillBasic(ui)
    await next(ui)
    expect(await screen.findByText(BUSINESS_MESSAGES.identifierTaken)).toBeInTheDocument()
    expect(screen.getByTestId('identificador-no-disponible')).toHaveTextContent('No disponible')
    expect(screen.getByLabelText(required('Identificador'))).toHaveFocus()
    expect(screen.getByText('Paso 1 de 5')).toBeInTheDocument()

    await ui.type(screen.getByLabelText(required('Identificador')), '2')
    expect(screen.queryByTestId('identificador-no-disponible')).not.toBeInTheDocument()
    expect(screen.queryByText(BUSINESS_MESSAGES.identifierTaken)).not.toBeInTheDocument()
    await next(ui)
    expect(await stepHeading('Información de Contacto')).toBeInTheDocument()
  })

  it('continues when the availability check itself fails (only logged)', async () => {
    const { ui } = openWizard('/plataforma/nuevo', {
      'GET /api/businesses/check/la-tienda-de-ana': () => ({ status: 500, body: { message: 'x' } }),
    })
    await fillBasic(ui)
    await next(ui)
    expect(await stepHeading('Información de Contacto')).toBeInTheDocument()
    expect(console.error).toHaveBeenCalledWith(
      'No se pudo comprobar la disponibilidad del identificador',
      expect.anything(),
    )
  })
})

describe('step 2 — Información de Contacto (SPEC §5)', () => {
  it('requires phone and e-mail, checks the e-mail format, keeps address and social links optional', async () => {
    const { ui } = openWizard()
    await reachStep(ui, 'contact')
    await next(ui)
    expect(await screen.findByText(BUSINESS_MESSAGES.phoneRequired)).toBeInTheDocument()
    expect(screen.getByText(BUSINESS_MESSAGES.emailRequired)).toBeInTheDocument()
    await ui.type(screen.getByLabelText(required('Correo electrónico')), 'hola@')
    expect(await screen.findByText(BUSINESS_MESSAGES.emailInvalid)).toBeInTheDocument()
    await ui.type(screen.getByLabelText(required('Correo electrónico')), 'tienda.uy')
    await ui.type(screen.getByLabelText(required('Teléfono')), '099 123 456')
    await next(ui)
    expect(await stepHeading('Apariencia')).toBeInTheDocument()
  })

  it('previews a logo and refuses files that are not images or are over 5 MB', async () => {
    const { ui } = openWizard()
    await reachStep(ui, 'contact')
    expect(screen.getByText('PNG, JPG o WEBP (máx. 5MB)')).toBeInTheDocument()
    const input = screen.getByLabelText('Logo')
    await ui.upload(input, imageFile('menu.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText(FIELD_MESSAGES.imageInvalid)).toBeInTheDocument()
    expect(screen.queryByAltText('Vista previa del logo')).not.toBeInTheDocument()
    await ui.upload(input, imageFile('enorme.png', { size: 5 * 1024 * 1024 + 1 }))
    expect(await screen.findByText(FIELD_MESSAGES.imageTooLarge)).toBeInTheDocument()
    // A text file named .png: its bytes are checked before it is accepted (not a 415 at saving).
    await ui.upload(input, imageFile('logo.png', { text: 'esto no es una imagen' }))
    expect(await screen.findByText(API_MESSAGES.unsupportedImage)).toBeInTheDocument()
    expect(screen.queryByAltText('Vista previa del logo')).not.toBeInTheDocument()
    await ui.upload(input, imageFile('logo.webp', { type: 'image/webp' }))
    expect(await screen.findByAltText('Vista previa del logo')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    // 'Quitar logo' takes it back; the keyboard stays on the logo field.
    await ui.click(screen.getByRole('button', { name: 'Quitar logo' }))
    expect(screen.queryByAltText('Vista previa del logo')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Quitar logo' })).not.toBeInTheDocument()
    expect(screen.getByText('Subir logo')).toBeInTheDocument()
    expect(input).toHaveFocus()
  })
})

describe('step 3 — Apariencia (SPEC §3, §9)', () => {
  it('starts on the default palette; a palette sets primary, secondary and the bar to the primary', async () => {
    const { ui } = openWizard()
    await reachStep(ui, 'appearance')
    const palettes = screen.getAllByRole('button', { pressed: true })
    expect(palettes).toHaveLength(1)
    expect(palettes[0]).toHaveTextContent('Azul oscuro')
    expect(screen.getAllByRole('button', { name: /./, pressed: false }).length).toBeGreaterThan(7)

    const red = PALETTES.find((p) => p.id === 'energy-red')!
    await ui.click(screen.getByRole('button', { name: red.name }))
    expect(screen.getByRole('button', { name: red.name })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText(/Color principal/)).toHaveValue(red.primaryColor.toLowerCase())
    expect(screen.getByLabelText(/Color secundario/)).toHaveValue(red.secondaryColor.toLowerCase())
    expect(screen.getByLabelText(/Fondo de la barra/)).toHaveValue(red.primaryColor.toLowerCase())
  })

  it('adds slides from files and URLs, replaces and removes them, refuses bad ones, up to 10', async () => {
    const { ui } = openWizard()
    await reachStep(ui, 'appearance')
    expect(screen.getByText(/Relación recomendada 16:9/)).toBeInTheDocument()
    const add = screen.getByLabelText('Agregar imágenes de portada')
    await ui.upload(add, [imageFile('a.png'), imageFile('b.txt', { type: 'text/plain' })])
    expect(await screen.findByText(`b.txt: ${FIELD_MESSAGES.imageInvalid}`)).toBeInTheDocument()
    expect(screen.getByText('1 de 10')).toBeInTheDocument()

    const url = screen.getByLabelText('URL de una imagen de portada')
    await ui.type(url, 'http://inseguro.com/x.jpg{Enter}')
    expect(await screen.findByText(BUSINESS_MESSAGES.urlInvalid)).toBeInTheDocument()
    await ui.clear(url)
    await ui.type(url, 'https://cdn.example.com/portada.jpg{Enter}')
    expect(screen.getByText('2 de 10')).toBeInTheDocument()
    expect(screen.getByAltText('Portada 2')).toHaveAttribute(
      'src',
      'https://cdn.example.com/portada.jpg',
    )

    await ui.upload(screen.getByLabelText('Reemplazar portada 2'), imageFile('c.png'))
    await waitFor(() =>
      expect(screen.getByAltText('Portada 2')).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    )
    await ui.click(screen.getByRole('button', { name: 'Eliminar portada 1' }))
    expect(screen.getByText('1 de 10')).toBeInTheDocument()

    await ui.upload(
      add,
      Array.from({ length: 11 }, (_, i) => imageFile(`s${i}.jpg`, { type: 'image/jpeg' })),
    )
    expect(await screen.findByText('10 de 10')).toBeInTheDocument()
    expect(screen.getAllByText(BUSINESS_MESSAGES.slidesMax).length).toBeGreaterThan(0)
    expect(screen.getByLabelText('URL de una imagen de portada')).toBeDisabled()
  })
})

describe('step 4 — Características (SPEC §5)', () => {
  it('needs at least one category; Enter adds, blanks and duplicates are refused', async () => {
    const { ui } = openWizard()
    await reachStep(ui, 'features')
    await next(ui)
    expect(await screen.findByText(BUSINESS_MESSAGES.categoriesRequired)).toBeInTheDocument()

    await ui.type(screen.getByLabelText('Nombre de la categoría'), '   {Enter}')
    expect(await screen.findByText(BUSINESS_MESSAGES.categoryNameRequired)).toBeInTheDocument()
    await ui.clear(screen.getByLabelText('Nombre de la categoría'))
    await addCategory(ui, '  Café ', 'Granos y molido')
    const list = screen.getByRole('list', { name: 'Categorías' })
    expect(within(list).getByText('Café')).toBeInTheDocument()
    expect(within(list).getByText('Granos y molido')).toBeInTheDocument()
    // The form validates again asynchronously (its resolver): the message goes a moment later.
    await waitFor(() =>
      expect(screen.queryByText(BUSINESS_MESSAGES.categoriesRequired)).not.toBeInTheDocument(),
    )

    await addCategory(ui, 'CAFE')
    expect(await screen.findByText(BUSINESS_MESSAGES.categoryNameDuplicate)).toBeInTheDocument()
  })

  it('adds, renames and removes subcategories and categories', async () => {
    const { ui } = openWizard()
    await reachStep(ui, 'features')
    await addCategory(ui, 'Ropa')
    await addCategory(ui, 'Calzado')
    const sub = screen.getByLabelText('Nueva subcategoría de Ropa')
    await ui.type(sub, 'Camisas{Enter}')
    await ui.type(sub, '  {Enter}')
    expect(await screen.findByText(BUSINESS_MESSAGES.subCategoryNameRequired)).toBeInTheDocument()
    await ui.clear(sub)
    await ui.type(sub, 'camisas{Enter}')
    expect(await screen.findByText(BUSINESS_MESSAGES.subCategoryNameDuplicate)).toBeInTheDocument()
    await ui.clear(sub)
    await ui.type(sub, 'Pantalones{Enter}')
    const subs = screen.getByRole('list', { name: 'Subcategorías de Ropa' })
    expect(
      within(subs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Camisas', 'Pantalones'])

    await ui.click(screen.getByRole('button', { name: 'Renombrar subcategoría Camisas' }))
    const rename = screen.getByLabelText('Nuevo nombre de subcategoría Camisas')
    await ui.clear(rename)
    await ui.type(rename, 'Pantalones{Enter}')
    expect(await screen.findByText(BUSINESS_MESSAGES.subCategoryNameDuplicate)).toBeInTheDocument()
    await ui.clear(rename)
    await ui.type(rename, 'Blusas{Enter}')
    await ui.click(screen.getByRole('button', { name: 'Eliminar subcategoría Pantalones' }))
    expect(
      within(subs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Blusas'])

    await ui.click(screen.getByRole('button', { name: 'Renombrar categoría Calzado' }))
    const renameCategory = screen.getByLabelText('Nuevo nombre de categoría Calzado')
    await ui.clear(renameCategory)
    await ui.type(renameCategory, 'Zapatos{Enter}')
    await ui.click(screen.getByRole('button', { name: 'Eliminar categoría Ropa' }))
    const categories = screen.getByRole('list', { name: 'Categorías' })
    expect(within(categories).getByText('Zapatos')).toBeInTheDocument()
    expect(within(categories).queryByText('Ropa')).not.toBeInTheDocument()
  })
})

describe('summary and creation (SPEC §2.13, §4, §5, §7)', () => {
  it('chooses the plan from ?plan= and lets completed steps be revisited by their tabs', async () => {
    const { ui } = openWizard('/plataforma/nuevo?plan=pro')
    await reachStep(ui, 'summary')
    expect(screen.getByRole('radio', { name: /Plan Premium/ })).toBeChecked()
    expect(screen.queryByText(BUSINESS_MESSAGES.summaryAlert)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Crear negocio' })).toHaveClass('bg-primary')

    const steps = within(screen.getByRole('navigation', { name: 'Pasos' })).getAllByRole('button')
    for (const step of steps) expect(step).toBeEnabled()
    await ui.click(steps[1]!)
    expect(await stepHeading('Información de Contacto')).toBeInTheDocument()
    await ui.clear(screen.getByLabelText(required('Teléfono')))
    // Jumping forward again validates the steps in between.
    await ui.click(steps[4]!)
    expect(await screen.findByText(BUSINESS_MESSAGES.phoneRequired)).toBeInTheDocument()
    expect(screen.getByText('Paso 2 de 5')).toBeInTheDocument()
  })

  it('lists the missing required fields and shows the alert when any error is present', () => {
    const { rerender } = render(
      <SummaryHarness values={{ ...newBusinessValues(), phone: '099' }} />,
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(BUSINESS_MESSAGES.summaryAlert)
    expect(alert).toHaveTextContent(BUSINESS_MESSAGES.missingRequiredFields)
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Nombre del negocio', 'Identificador', 'Descripción', 'Correo electrónico'])

    const complete = {
      ...newBusinessValues('pro'),
      name: 'Tienda',
      identifier: 'tienda',
      description: 'Ropa',
      phone: '099 123 456',
      email: 'a@b.uy',
    }
    rerender(<SummaryHarness values={complete} />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Plan Premium/ })).toBeChecked()

    // Any error (here one the server reported) brings the alert back, without a missing list.
    rerender(<SummaryHarness values={complete} error />)
    expect(screen.getByRole('alert')).toHaveTextContent(BUSINESS_MESSAGES.summaryAlert)
    expect(screen.queryByText(BUSINESS_MESSAGES.missingRequiredFields)).not.toBeInTheDocument()
  })

  it('sends the SPEC §7 multipart form, saves the business in the session and opens the storefront', async () => {
    const created = makeBusiness({ identifier: 'latiendadeana', name: 'La Tienda de Ana' })
    const { ui, fake, view, uploads } = openWizard('/plataforma/nuevo', {
      'POST /api/businesses': () => ({ status: 201, body: created }),
      'GET /api/businesses/latiendadeana/identifier': () => ({ body: created }),
    })
    await fillBasic(ui)
    await next(ui)
    await stepHeading('Información de Contacto')
    await fillContact(ui)
    await ui.upload(screen.getByLabelText('Logo'), imageFile('logo.png'))
    await screen.findByAltText('Vista previa del logo') // once its bytes are checked
    await ui.type(screen.getByLabelText('Instagram'), 'https://instagram.com/tiendaana')
    // Issue 41: the payment features follow these methods (step 4 no longer repeats them).
    await ui.click(screen.getByRole('checkbox', { name: 'Tarjeta en el local' }))
    await next(ui)
    await stepHeading('Apariencia')
    await ui.click(screen.getByRole('button', { name: 'Verde turquesa' }))
    await ui.upload(
      screen.getByLabelText('Agregar imágenes de portada'),
      imageFile('portada.jpg', { type: 'image/jpeg' }),
    )
    await screen.findByAltText('Portada 1')
    await ui.type(
      screen.getByLabelText('URL de una imagen de portada'),
      'https://cdn.example.com/b.jpg{Enter}',
    )
    await next(ui)
    await stepHeading('Características')
    await ui.click(screen.getByRole('switch', { name: 'Envío Nacional' }))
    expect(screen.queryByRole('switch', { name: 'Mercado Pago' })).toBeNull()
    expect(screen.queryByRole('switch', { name: 'Pago con Tarjeta' })).toBeNull()
    expect(screen.getByText(PAYMENT_FEATURES_NOTE)).toBeInTheDocument()
    await addCategory(ui, 'Ropa', 'Prendas')
    await ui.type(screen.getByLabelText('Nueva subcategoría de Ropa'), 'Camisas{Enter}')
    await next(ui)
    await stepHeading('Resumen')
    await ui.click(screen.getByRole('button', { name: 'Crear negocio' }))

    await waitFor(() => expect(view.location()).toBe('/latiendadeana'))
    const [call] = fake.callsTo('POST /api/businesses')
    expect(call?.headers.authorization).toBe('Bearer access-1')
    expect(formEntries(call?.body)).toEqual([
      ['name', 'La Tienda de Ana'],
      ['identifier', 'la-tienda-de-ana'],
      ['description', 'Ropa hecha a mano en Montevideo.'],
      ['phone', '+598 99 123 456'],
      ['email', 'hola@tienda-ana.uy'],
      ['category', 'moda'],
      [
        'features',
        JSON.stringify({
          nationwide_shipping: true,
          same_day_delivery: false,
          physical_store: false,
          card_payment: true,
          mercadopago: false,
        }),
      ],
      ['primaryColor', '#0F766E'],
      ['secondaryColor', '#CCFBF1'],
      ['bgColor', '#0F766E'],
      ['socialLinks', JSON.stringify({ instagram: 'https://instagram.com/tiendaana' })],
      ['logo', 'file:logo.png'],
      // Issue 24 §1: the defaults, and the phone as WhatsApp (a mobile).
      ['deliveryOptions', JSON.stringify({ pickup: true, delivery: { enabled: false, fee: {} } })],
      ['paymentMethods', JSON.stringify([{ type: 'efectivo' }, { type: 'tarjeta' }])],
      ['openingHours', 'null'],
      ['mainCurrency', 'UYU'],
      ['whatsapp', '+59899123456'],
      ['userId', owner._id],
      [
        'categories',
        JSON.stringify([
          { name: 'Ropa', description: 'Prendas', subCategories: [{ name: 'Camisas' }] },
        ]),
      ],
      ['planType', 'free'],
      ['slides', 'file:portada.jpg'],
      ['slides', 'https://cdn.example.com/b.jpg'],
      ['slideOrder', JSON.stringify([0, 'https://cdn.example.com/b.jpg'])],
    ])
    expect(uploads.progressEvents.length).toBeGreaterThan(0)
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.business) ?? 'null')).toMatchObject({
      _id: created._id,
      identifier: 'latiendadeana',
    })
  })

  it('tells the owner why creation failed, in Spanish, and jumps to a taken identifier', async () => {
    const { ui } = openWizard('/plataforma/nuevo', {
      'POST /api/businesses': () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: BUSINESS_MESSAGES.identifierTaken },
      }),
    })
    await reachStep(ui, 'summary')
    await ui.click(screen.getByRole('button', { name: 'Crear negocio' }))
    expect(await screen.findByText(ADMIN_MESSAGES.businessCreateFailed)).toBeInTheDocument()
    expect(await stepHeading('Información Básica')).toBeInTheDocument()
    expect(screen.getByTestId('identificador-no-disponible')).toBeInTheDocument()
    expect(screen.getAllByText(BUSINESS_MESSAGES.identifierTaken).length).toBeGreaterThan(0)
  })
})

describe('the draft (issue 41 §4)', () => {
  /** The draft is written a moment after the last change. */
  const draftWritten = () => waitFor(async () => expect(await keys()).toHaveLength(1))

  it('keeps texts, chosen images and the step across a reload, until discarded', async () => {
    const first = openWizard()
    let ui = first.ui
    expect(await screen.findByText(DRAFT_MESSAGES.kept)).toBeInTheDocument()
    await fillBasic(ui)
    await next(ui)
    await stepHeading('Información de Contacto')
    await fillContact(ui)
    await ui.upload(screen.getByLabelText('Logo'), imageFile('logo.png'))
    await screen.findByAltText('Vista previa del logo')
    await next(ui)
    await stepHeading('Apariencia')
    await ui.upload(
      screen.getByLabelText('Agregar imágenes de portada'),
      imageFile('portada.jpg', { type: 'image/jpeg' }),
    )
    await screen.findByAltText('Portada 1')
    await draftWritten()
    // Give the debounced write of the last change time to land, then "reload".
    await new Promise((resolve) => setTimeout(resolve, 600))
    first.view.unmount()

    ;({ ui } = openWizard())
    expect(await screen.findByText(DRAFT_MESSAGES.restored)).toBeInTheDocument()
    // Back on the step reached, with the cover image chosen…
    await stepHeading('Apariencia')
    expect(await screen.findByAltText('Portada 1')).toBeInTheDocument()
    // …and the earlier steps' texts and logo.
    await ui.click(screen.getByRole('button', { name: /Información de Contacto/ }))
    expect(await screen.findByLabelText(required('Teléfono'))).toHaveValue('+598 99 123 456')
    expect(await screen.findByAltText('Vista previa del logo')).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: /Información Básica/ }))
    expect(await screen.findByLabelText(required('Nombre del negocio'))).toHaveValue(
      'La Tienda de Ana',
    )

    // Discarding asks first, then starts a blank wizard and forgets the draft.
    await ui.click(screen.getByRole('button', { name: DRAFT_MESSAGES.discard }))
    const dialog = await screen.findByRole('alertdialog', { name: DRAFT_MESSAGES.discardTitle })
    await ui.click(within(dialog).getByRole('button', { name: DRAFT_MESSAGES.discardConfirm }))
    await waitFor(() =>
      expect(screen.getByLabelText(required('Nombre del negocio'))).toHaveValue(''),
    )
    expect(await keys()).toHaveLength(0)
  })

  it("asks before 'Cancelar' leaves the wizard, saying the draft is kept", async () => {
    const { ui, view } = openWizard()
    await fillBasic(ui)
    await ui.click(screen.getByRole('link', { name: 'Cancelar' }))
    const dialog = await screen.findByRole('alertdialog', { name: LEAVE_MESSAGES.wizardTitle })
    expect(dialog).toHaveTextContent(LEAVE_MESSAGES.wizardDescription)
    await ui.click(within(dialog).getByRole('button', { name: LEAVE_MESSAGES.stay }))
    expect(view.location()).toBe('/plataforma/nuevo')
    expect(screen.getByLabelText(required('Nombre del negocio'))).toHaveValue('La Tienda de Ana')
    await ui.click(screen.getByRole('link', { name: 'Cancelar' }))
    await ui.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: LEAVE_MESSAGES.wizardLeave,
      }),
    )
    await waitFor(() => expect(view.location()).toBe('/'))
    await draftWritten()
  })

  it('forgets the draft once the business is created', async () => {
    const created = makeBusiness({ identifier: 'latiendadeana', name: 'La Tienda de Ana' })
    const { ui, view } = openWizard('/plataforma/nuevo', {
      'POST /api/businesses': () => ({ status: 201, body: created }),
      'GET /api/businesses/latiendadeana/identifier': () => ({ body: created }),
    })
    await reachStep(ui, 'summary')
    await draftWritten()
    await ui.click(screen.getByRole('button', { name: 'Crear negocio' }))
    await waitFor(() => expect(view.location()).toBe('/latiendadeana'))
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await keys()).toHaveLength(0)
  })
})
