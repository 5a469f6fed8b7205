/**
 * Issue 24 §1: the ordering settings in step 2 of the edit screen and of the wizard — the
 * WhatsApp number, delivery options, payment methods and opening hours — validated with the
 * contracts' Spanish messages before anything is sent, and sent as the API's parts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SHOP_SETTINGS_MESSAGES, VARIANT_MESSAGES } from '@vitrina/contracts'
import type { OwnerBusiness } from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import {
  formEntries,
  installUploadsOverFetch,
  makeBusiness,
  signInOwner,
  stubObjectUrls,
} from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

type Ui = ReturnType<typeof userEvent.setup>
const required = (label: string) => `${label}*`

async function openContactStep(overrides: Partial<OwnerBusiness> = {}) {
  const business = makeBusiness(overrides)
  signInOwner()
  stubObjectUrls()
  installUploadsOverFetch()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    [`PATCH /api/businesses/${business._id}`]: () => ({ body: business }),
    'GET /api/businesses/tienda-ana/identifier': () => ({ body: business }),
  })
  const view = renderApp('/admin/mi-negocio/editar/tienda-ana')
  const ui = userEvent.setup({ applyAccept: false, delay: null })
  // The edit screen's route module may load cold (the first test to open it).
  await screen.findByLabelText(required('Nombre del negocio'), {}, { timeout: 15_000 })
  await ui.click(
    within(screen.getByRole('navigation', { name: 'Pasos' })).getByRole('button', {
      name: /Información de Contacto/,
    }),
  )
  await screen.findByRole('heading', { level: 2, name: 'Información de Contacto' })
  const patches = () => fake.callsTo(`PATCH /api/businesses/${business._id}`)
  return { business, fake, view, ui, patches }
}

const save = (ui: Ui) => ui.click(screen.getByRole('button', { name: 'Guardar cambios' }))

function sentParts(body: unknown): Record<string, string> {
  return Object.fromEntries(formEntries(body))
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('WhatsApp number', () => {
  it('is prefilled from a mobile phone, follows it until the owner types one, and explains the fallback', async () => {
    const { ui } = await openContactStep()
    const whatsapp = screen.getByLabelText('Número de WhatsApp')
    expect(whatsapp).toHaveValue('+59899123456')
    expect(whatsapp).toHaveAccessibleDescription(/Tomado de tu teléfono/)
    expect(whatsapp).toHaveAccessibleDescription(/van a tu teléfono/)

    const phone = screen.getByLabelText(required('Teléfono'))
    await ui.clear(phone)
    await ui.type(phone, '098 765 432')
    expect(whatsapp).toHaveValue('+59898765432')

    // A landline gives no WhatsApp.
    await ui.clear(phone)
    await ui.type(phone, '2901 2345')
    expect(whatsapp).toHaveValue('')

    await ui.type(whatsapp, '+54 9 11 2345 6789')
    await ui.clear(phone)
    await ui.type(phone, '099 111 222')
    expect(whatsapp).toHaveValue('+54 9 11 2345 6789')
  })

  it('keeps a stored number and leaves a landline business without one', async () => {
    await openContactStep({ phone: '2901 2345', whatsapp: null })
    expect(screen.getByLabelText('Número de WhatsApp')).toHaveValue('')
  })

  it('shows the contracts message for a number that cannot be E.164, and sends nothing', async () => {
    const { ui, patches } = await openContactStep({ whatsapp: '+59891000111' })
    const whatsapp = screen.getByLabelText('Número de WhatsApp')
    expect(whatsapp).toHaveValue('+59891000111')
    await ui.clear(whatsapp)
    await ui.type(whatsapp, 'hola')
    await ui.tab()
    expect(await screen.findByText(SHOP_SETTINGS_MESSAGES.whatsappInvalid)).toBeInTheDocument()
    expect(whatsapp).toHaveAttribute('aria-invalid', 'true')
    await save(ui)
    expect(patches()).toHaveLength(0)
  })
})

describe('delivery options', () => {
  it('shows the pickup address, asks for at least one way, and validates the amounts', async () => {
    const { ui, patches } = await openContactStep()
    expect(screen.getByText('Tus clientes retiran en: Av. Italia 1234')).toBeInTheDocument()

    await ui.click(screen.getByRole('checkbox', { name: 'Retiro en el local' }))
    await save(ui)
    expect(await screen.findByText(SHOP_SETTINGS_MESSAGES.deliveryRequired)).toBeInTheDocument()
    expect(patches()).toHaveLength(0)

    await ui.click(screen.getByRole('checkbox', { name: 'Envío a domicilio' }))
    await waitFor(() =>
      expect(screen.queryByText(SHOP_SETTINGS_MESSAGES.deliveryRequired)).not.toBeInTheDocument(),
    )
    await ui.type(screen.getByLabelText('Costo del envío en $'), '12,345')
    await save(ui)
    expect(await screen.findByText(SHOP_SETTINGS_MESSAGES.feeInvalid)).toBeInTheDocument()
    expect(screen.getByLabelText('Costo del envío en $')).toHaveAttribute('aria-invalid', 'true')
    await ui.clear(screen.getByLabelText('Costo del envío en $'))
    await ui.type(screen.getByLabelText('Envío gratis desde US$'), 'mucho')
    await save(ui)
    expect(await screen.findByText(SHOP_SETTINGS_MESSAGES.feeInvalid)).toBeInTheDocument()
    expect(screen.getByLabelText('Envío gratis desde US$')).toHaveAttribute('aria-invalid', 'true')
    expect(patches()).toHaveLength(0)
  })

  it('sends delivery with fees per currency, a free threshold and a note', async () => {
    const { ui, patches } = await openContactStep()
    await ui.click(screen.getByRole('checkbox', { name: 'Envío a domicilio' }))
    await ui.type(screen.getByLabelText('Costo del envío en $'), '150,50')
    await ui.type(screen.getByLabelText('Costo del envío en US$'), '5')
    await ui.type(screen.getByLabelText('Envío gratis desde $'), '2000')
    await ui.type(screen.getByLabelText('Zonas y días de envío (opcional)'), 'Montevideo, martes')
    await save(ui)
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(JSON.parse(sentParts(patches()[0]?.body).deliveryOptions ?? '')).toEqual({
      pickup: true,
      delivery: {
        enabled: true,
        fee: { UYU: 150.5, USD: 5 },
        freeFrom: { UYU: 2000 },
        note: 'Montevideo, martes',
      },
    })
  })
})

describe('payment methods', () => {
  it('asks for at least one, and for the details of transferencia and Mercado Pago', async () => {
    const { ui, patches } = await openContactStep()
    await ui.click(screen.getByRole('checkbox', { name: 'Efectivo' }))
    await save(ui)
    expect(
      await screen.findByText(SHOP_SETTINGS_MESSAGES.paymentMethodsRequired),
    ).toBeInTheDocument()

    await ui.click(screen.getByRole('checkbox', { name: 'Transferencia bancaria' }))
    await ui.click(screen.getByRole('checkbox', { name: 'Mercado Pago' }))
    await save(ui)
    expect(
      await screen.findByText(
        SHOP_SETTINGS_MESSAGES.paymentInstructionsRequired('Transferencia bancaria'),
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText(SHOP_SETTINGS_MESSAGES.paymentInstructionsRequired('Mercado Pago')),
    ).toBeInTheDocument()
    expect(patches()).toHaveLength(0)
    // Errors shown, every field still labelled and described.
    expect(await axeViolations()).toEqual([])

    await ui.type(
      screen.getByLabelText(required('Instrucciones para Transferencia bancaria')),
      'BROU 001234567-00001',
    )
    await ui.type(
      screen.getByLabelText(required('Instrucciones para Mercado Pago')),
      'alias tienda.ana',
    )
    await ui.click(screen.getByRole('checkbox', { name: 'Tarjeta en el local' }))
    await save(ui)
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(JSON.parse(sentParts(patches()[0]?.body).paymentMethods ?? '')).toEqual([
      { type: 'transferencia', instructions: 'BROU 001234567-00001' },
      { type: 'mercadopago', instructions: 'alias tienda.ana' },
      { type: 'tarjeta' },
    ])
  })

  it('brings back the instructions of a method unticked by mistake', async () => {
    const { ui } = await openContactStep({
      paymentMethods: [{ type: 'efectivo' }, { type: 'mercadopago', instructions: 'alias x' }],
    })
    const box = screen.getByRole('checkbox', { name: 'Mercado Pago' })
    expect(box).toBeChecked()
    await ui.click(box)
    expect(screen.queryByLabelText(required('Instrucciones para Mercado Pago'))).toBeNull()
    await ui.click(box)
    expect(screen.getByLabelText(required('Instrucciones para Mercado Pago'))).toHaveValue(
      'alias x',
    )
  })
})

describe('opening hours', () => {
  it('sets hours per day, copies one day to all, and clears them with "Sin horario"', async () => {
    const { ui, patches } = await openContactStep()
    expect(screen.getByText(/Sin horario: tu tienda no muestra/)).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: 'Indicar horarios' }))
    expect(screen.getByRole('checkbox', { name: 'Lunes' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Domingo' })).not.toBeChecked()

    fireEvent.change(screen.getByLabelText('Lunes, horario 1: cierre'), {
      target: { value: '13:00' },
    })
    await ui.click(screen.getByRole('button', { name: 'Agregar un horario al lunes' }))
    fireEvent.change(screen.getByLabelText('Lunes, horario 2: apertura'), {
      target: { value: '15:00' },
    })
    fireEvent.change(screen.getByLabelText('Lunes, horario 2: cierre'), {
      target: { value: '19:00' },
    })
    await ui.click(screen.getByRole('button', { name: 'Agregar un horario al lunes' }))
    // At most three a day.
    expect(screen.queryByRole('button', { name: 'Agregar un horario al lunes' })).toBeNull()
    await ui.click(screen.getByRole('button', { name: 'Quitar el horario 3 del lunes' }))
    await ui.click(
      screen.getByRole('button', { name: 'Copiar el horario del lunes a todos los días' }),
    )
    await ui.click(screen.getByRole('checkbox', { name: 'Domingo' }))
    expect(await axeViolations()).toEqual([])
    await save(ui)
    await waitFor(() => expect(patches()).toHaveLength(1))
    const week = [
      { from: '09:00', to: '13:00' },
      { from: '15:00', to: '19:00' },
    ]
    expect(JSON.parse(sentParts(patches()[0]?.body).openingHours ?? '')).toEqual({
      mon: week,
      tue: week,
      wed: week,
      thu: week,
      fri: week,
      sat: week,
      sun: [],
    })
  })

  it('shows the contracts messages for a missing time and an empty interval', async () => {
    const { ui, patches } = await openContactStep({
      openingHours: {
        mon: [{ from: '09:00', to: '18:00' }],
        tue: [],
        wed: [],
        thu: [],
        fri: [],
        sat: [],
        sun: [],
      },
    })
    fireEvent.change(screen.getByLabelText('Lunes, horario 1: apertura'), {
      target: { value: '' },
    })
    await save(ui)
    expect(await screen.findByText(SHOP_SETTINGS_MESSAGES.timeInvalid)).toBeInTheDocument()
    expect(screen.getByLabelText('Lunes, horario 1: apertura')).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    fireEvent.change(screen.getByLabelText('Lunes, horario 1: apertura'), {
      target: { value: '18:00' },
    })
    expect(await screen.findByText(SHOP_SETTINGS_MESSAGES.intervalEmpty)).toBeInTheDocument()
    expect(patches()).toHaveLength(0)

    await ui.click(screen.getByRole('button', { name: 'Sin horario' }))
    await save(ui)
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(sentParts(patches()[0]?.body).openingHours).toBe('null')
  })
})

describe('wizard step 2', () => {
  it('offers the same settings and keeps "Siguiente" until they are valid', async () => {
    signInOwner()
    stubObjectUrls()
    installUploadsOverFetch()
    installFakeApi({
      'GET /api/businesses/user/me': () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'x' },
      }),
      'GET /api/businesses/check/latiendadeana': () => ({ body: { available: true } }),
    })
    renderApp('/plataforma/nuevo')
    const ui = userEvent.setup({ applyAccept: false, delay: null })
    await ui.type(
      await screen.findByLabelText(required('Nombre del negocio'), {}, { timeout: 15_000 }),
      'La Tienda de Ana',
    )
    await ui.click(screen.getByRole('combobox', { name: 'Categoría' }))
    await ui.click(await screen.findByRole('option', { name: 'Moda y accesorios' }))
    await ui.type(screen.getByLabelText(required('Descripción')), 'Ropa hecha a mano.')
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    await screen.findByRole('heading', { level: 2, name: 'Información de Contacto' })

    await ui.type(screen.getByLabelText(required('Teléfono')), '2901 2345')
    await ui.type(screen.getByLabelText(required('Correo electrónico')), 'hola@tienda.uy')
    expect(screen.getByLabelText('Número de WhatsApp')).toHaveValue('')
    expect(screen.getByText(/Agrega la dirección del local/)).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Efectivo' })).toBeChecked()
    await ui.click(screen.getByRole('checkbox', { name: 'Transferencia bancaria' }))
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    expect(
      await screen.findByText(
        SHOP_SETTINGS_MESSAGES.paymentInstructionsRequired('Transferencia bancaria'),
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { level: 2, name: 'Información de Contacto' }),
    ).toBeInTheDocument()

    await ui.type(
      screen.getByLabelText(required('Instrucciones para Transferencia bancaria')),
      'BROU 123',
    )
    await ui.click(screen.getByRole('button', { name: 'Siguiente' }))
    await screen.findByRole('heading', { level: 2, name: 'Apariencia' })
  })
})

describe('main currency and exchange rate (issue 25)', () => {
  it("shows that the platform's rate applies, refuses a bad rate in Spanish, and sends both", async () => {
    const { ui, patches } = await openContactStep({ exchangeRate: 40.5, exchangeRateDate: null })
    const rate = screen.getByLabelText(VARIANT_MESSAGES.exchangeRateLabel)
    expect(rate).toHaveValue('')
    expect(rate).toHaveAccessibleDescription(
      `${VARIANT_MESSAGES.exchangeRateHint}. ${VARIANT_MESSAGES.exchangeRateDefault('40,5')}`,
    )
    const main = screen.getByLabelText(VARIANT_MESSAGES.mainCurrencyLabel)
    expect(main).toHaveValue('UYU')
    expect(
      within(main)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pesos uruguayos ($)', 'Dólares (US$)'])

    await ui.type(rate, '0,5')
    await save(ui)
    expect(await screen.findByText(VARIANT_MESSAGES.exchangeRateInvalid)).toBeInTheDocument()
    expect(patches()).toHaveLength(0)

    await ui.clear(rate)
    await ui.type(rate, '41,25')
    await ui.selectOptions(main, 'USD')
    await save(ui)
    await waitFor(() => expect(patches()).toHaveLength(1))
    const parts = sentParts(patches()[0]?.body)
    expect(parts.mainCurrency).toBe('USD')
    expect(parts.exchangeRate).toBe('41.25')
    expect(await axeViolations()).toEqual([])
  })

  it('shows the date the owner set the rate', async () => {
    await openContactStep({ exchangeRate: 42, exchangeRateDate: '2026-11-20' })
    const rate = screen.getByLabelText(VARIANT_MESSAGES.exchangeRateLabel)
    expect(rate).toHaveValue('42')
    expect(rate).toHaveAccessibleDescription(/Fijada el 20\/11\/2026/)
  })
})

describe('clearing the exchange rate (issue 25)', () => {
  it("sends null, so the platform's rate applies again", async () => {
    const { ui, patches } = await openContactStep({
      exchangeRate: 42,
      exchangeRateDate: '2026-11-20',
    })
    await ui.clear(screen.getByLabelText(VARIANT_MESSAGES.exchangeRateLabel))
    await save(ui)
    await waitFor(() => expect(patches()).toHaveLength(1))
    expect(sentParts(patches()[0]?.body).exchangeRate).toBe('null')
  })
})
