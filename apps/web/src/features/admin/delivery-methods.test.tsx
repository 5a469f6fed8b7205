/**
 * Issue 44 §1: the owner's zones, parcel agencies and pickup points in the business form's
 * ordering settings — added, validated with the contracts' Spanish messages before anything is
 * sent, and sent in the deliveryOptions part (the single fee as the zone 'Todo el país').
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DELIVERY_ADMIN_TEXTS as T, DELIVERY_SETTINGS_MESSAGES } from '@vitrina/contracts'
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
  await screen.findByLabelText('Nombre del negocio*', {}, { timeout: 15_000 })
  await ui.click(
    within(screen.getByRole('navigation', { name: 'Pasos' })).getByRole('button', {
      name: /Información de Contacto/,
    }),
  )
  await screen.findByRole('heading', { level: 2, name: 'Información de Contacto' })
  const patches = () => fake.callsTo(`PATCH /api/businesses/${business._id}`)
  const save = () => ui.click(screen.getByRole('button', { name: 'Guardar cambios' }))
  const group = () => screen.getByRole('group', { name: T.legend })
  return { business, view, ui, patches, save, group }
}

function sentDelivery(body: unknown) {
  const parts = Object.fromEntries(formEntries(body))
  return JSON.parse(parts.deliveryOptions!) as Record<string, unknown>
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('zones, agencies and pickup points (issue 44)', () => {
  it('adds a zone, an agency and a pickup point and sends them with the single fee as a zone', async () => {
    const { ui, patches, save, group, view } = await openContactStep({
      deliveryOptions: { pickup: true, delivery: { enabled: true, fee: { UYU: 200 } } },
    })
    await ui.click(within(group()).getByRole('button', { name: T.addZone }))
    await ui.type(within(group()).getByLabelText(T.zoneName), 'Costa')
    await ui.selectOptions(within(group()).getByLabelText(T.zonePlaces), [
      'dep:Canelones',
      'mvd:Carrasco',
    ])
    await ui.type(within(group()).getByLabelText(T.zonePrice('$')), '250')
    await ui.type(within(group()).getByLabelText(T.zoneEta), '2 a 4 días hábiles')
    await ui.click(within(group()).getByRole('button', { name: T.addAgency }))
    await ui.type(within(group()).getByLabelText(T.agencyName), 'DAC')
    await ui.click(within(group()).getByRole('button', { name: T.addPoint }))
    await ui.type(within(group()).getByLabelText(T.pointName), 'Local Centro')
    await ui.type(within(group()).getByLabelText(T.pointAddress), 'Av. 18 de Julio 1234')
    expect(await axeViolations(view.container)).toEqual([])
    await save()
    await vi.waitFor(() => expect(patches()).toHaveLength(1))
    const sent = sentDelivery(patches()[0]!.body)
    expect(sent.zones).toEqual([
      expect.objectContaining({
        name: 'Costa',
        places: ['dep:Canelones', 'mvd:Carrasco'],
        price: { UYU: 250 },
        eta: '2 a 4 días hábiles',
        enabled: true,
      }),
      expect.objectContaining({ id: 'todo', places: ['*'], price: { UYU: 200 } }),
    ])
    expect(sent.agencies).toEqual([
      expect.objectContaining({ name: 'DAC', charge: 'destination', enabled: true }),
    ])
    expect(sent.pickupPoints).toEqual([
      expect.objectContaining({ name: 'Local Centro', address: 'Av. 18 de Julio 1234' }),
    ])
  })

  it('shows the Spanish messages and sends nothing while a zone or agency is incomplete', async () => {
    const { ui, patches, save, group } = await openContactStep({
      deliveryOptions: { pickup: true, delivery: { enabled: true, fee: { UYU: 200 } } },
    })
    await ui.click(within(group()).getByRole('button', { name: T.addZone }))
    await ui.click(within(group()).getByRole('button', { name: T.addAgency }))
    await ui.type(within(group()).getByLabelText(T.agencyName), 'UES')
    await ui.selectOptions(within(group()).getByLabelText(T.agencyCharge), 'fixed')
    await save()
    expect(await screen.findByText(DELIVERY_SETTINGS_MESSAGES.zoneNameRequired)).toBeInTheDocument()
    expect(screen.getByText(DELIVERY_SETTINGS_MESSAGES.zonePlacesRequired)).toBeInTheDocument()
    expect(screen.getByText(DELIVERY_SETTINGS_MESSAGES.agencyFeeRequired)).toBeInTheDocument()
    expect(patches()).toHaveLength(0)
  })

  it('prices a zone by weight bands: out of order is refused in Spanish, then the bands are sent and kept', async () => {
    const { ui, patches, save, group, view } = await openContactStep({
      deliveryOptions: {
        pickup: true,
        delivery: { enabled: true, fee: {} },
        zones: [
          {
            id: 'int',
            name: 'Interior',
            places: ['dep:Salto'],
            price: { UYU: 400 },
            enabled: true,
            weightBands: [{ upToGrams: 1000, price: { UYU: 150 } }],
          },
        ],
      },
    })
    // The stored band is shown, then a second one lighter than the first: refused.
    const band = (n: number) => within(group()).getByRole('group', { name: T.band(n) })
    expect(within(band(1)).getByLabelText(T.bandUpTo)).toHaveValue('1000')
    expect(within(band(1)).getByLabelText(T.bandPrice('$'))).toHaveValue('150')
    await ui.click(within(group()).getByRole('button', { name: T.addBand }))
    await ui.type(within(band(2)).getByLabelText(T.bandUpTo), '500')
    await ui.type(within(band(2)).getByLabelText(T.bandPrice('$')), '290')
    await save()
    expect(
      await within(group()).findByText(DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid),
    ).toBeInTheDocument()
    expect(patches()).toHaveLength(0)

    await ui.clear(within(band(2)).getByLabelText(T.bandUpTo))
    await ui.type(within(band(2)).getByLabelText(T.bandUpTo), '5000')
    expect(await axeViolations(view.container)).toEqual([])
    await save()
    await vi.waitFor(() => expect(patches()).toHaveLength(1))
    const sent = sentDelivery(patches()[0]!.body)
    expect(sent.zones).toEqual([
      expect.objectContaining({
        id: 'int',
        price: { UYU: 400 },
        weightBands: [
          { upToGrams: 1000, price: { UYU: 150 } },
          { upToGrams: 5000, price: { UYU: 290 } },
        ],
      }),
    ])
  })
})
