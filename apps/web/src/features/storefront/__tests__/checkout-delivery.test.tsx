/**
 * Issue 44: the checkout's delivery by zone, parcel agency and pickup point. The shopper picks
 * the method, then the place / the agency's branch / the point; the price shown is the API's own
 * rule (contracts' resolveDelivery + orderAmounts) and the order carries no price.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_TEXTS, DELIVERY_MESSAGES, DELIVERY_TEXTS } from '@vitrina/contracts'
import type { Business, CreatedOrder } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { renderApp } from '../../../test/render'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { addToCart } from '../../../lib/cart'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 30_000 })

const coffee = makeProduct({ name: 'Café de Colombia', price: 420 })

const business = makeBusiness({
  deliveryOptions: {
    pickup: false,
    delivery: { enabled: true, fee: {} },
    zones: [
      {
        id: 'mvd',
        name: 'Montevideo',
        places: ['dep:Montevideo'],
        price: { UYU: 150 },
        freeFrom: { UYU: 3000 },
        eta: '24 h',
        enabled: true,
      },
      {
        id: 'can',
        name: 'Canelones',
        places: ['dep:Canelones'],
        price: { UYU: 250 },
        enabled: true,
      },
    ],
    agencies: [{ id: 'dac', name: 'DAC', charge: 'destination', enabled: true }],
    pickupPoints: [
      {
        id: 'centro',
        name: 'Local Centro',
        address: 'Av. 18 de Julio 1234',
        hours: {
          mon: [{ from: '10:00', to: '18:00' }],
          tue: [],
          wed: [],
          thu: [],
          fri: [],
          sat: [],
          sun: [],
        },
        note: 'Tocar timbre',
      },
    ],
  },
  paymentMethods: [{ type: 'efectivo' }],
})

function created(b: Business): CreatedOrder {
  return {
    code: 'P-7K3Q',
    token: 'tok123',
    status: 'nuevo',
    createdAt: '2026-11-25T15:00:00.000Z',
    business: { _id: b._id, name: b.name, identifier: b.identifier },
    items: [],
    subtotals: { UYU: 840 },
    deliveryFee: {},
    totals: { UYU: 840 },
    customer: { name: 'Ana Pérez', phone: '099 123 456' },
    delivery: { method: 'delivery' },
    payment: { type: 'efectivo' },
    whatsappUrl: 'https://wa.me/59899123456?text=pedido',
    publicUrl: 'https://vitrina.test/almacen-lucia/pedido/P-7K3Q?t=tok123',
  }
}

async function openCheckout(
  shop: Business = business,
  extra: Parameters<typeof installStorefrontApi>[0]['extra'] = {},
) {
  const fake = installStorefrontApi({
    business: shop,
    extra: {
      [`POST /api/businesses/${shop._id}/orders`]: () => ({
        status: 201,
        body: created(shop),
      }),
      ...extra,
    },
  })
  const view = renderApp('/almacen-lucia')
  const ui = userEvent.setup()
  await ui.click(await screen.findByRole('button', { name: /^Carrito/ }))
  const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
  await ui.click(within(drawer).getByRole('button', { name: CHECKOUT_TEXTS.start }))
  const form = await screen.findByRole('form', { name: CHECKOUT_TEXTS.formTitle })
  await ui.type(within(form).getByLabelText(/Nombre/), 'Ana Pérez')
  await ui.type(within(form).getByLabelText(/Teléfono/), '099 123 456')
  const delivery = within(form).getByRole('radiogroup', { name: CHECKOUT_TEXTS.delivery })
  const summary = () => screen.getByRole('region', { name: 'Resumen del pedido' })
  const orders = () => fake.callsTo(`POST /api/businesses/${shop._id}/orders`)
  const submit = () => ui.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.submit }))
  return { ...view, ui, form, delivery, summary, orders, submit }
}

beforeEach(() => {
  addToCart({
    businessIdentifier: 'almacen-lucia',
    productId: coffee._id,
    name: coffee.name,
    price: coffee.price,
    currency: coffee.currency,
    quantity: 2,
  })
  vi.spyOn(window, 'open').mockImplementation(() => null)
})

afterEach(() => window.localStorage.clear())

describe('checkout delivery by zone, agency and pickup point (issue 44)', () => {
  it('asks for the place, says plainly when it is in no zone, and prices the zone as the API', async () => {
    const { ui, form, delivery, summary, container } = await openCheckout()
    expect(
      within(delivery)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      expect.stringContaining('Retiro en Local Centro'),
      expect.stringContaining('Envío a domicilio'),
      expect.stringContaining('Envío por DAC'),
    ])
    await ui.click(within(delivery).getByRole('radio', { name: /Envío a domicilio/ }))
    const place = within(form).getByLabelText(new RegExp(DELIVERY_TEXTS.placeLabel))
    await ui.selectOptions(place, 'dep:Salto')
    expect(within(form).getByText(DELIVERY_MESSAGES.placeOutside)).toBeInTheDocument()
    expect(within(summary()).getByText(CHECKOUT_TEXTS.shippingPending)).toBeInTheDocument()

    await ui.selectOptions(place, 'mvd:Pocitos')
    expect(within(form).getByText('Costo de envío: $ 150,00 · llega en 24 h')).toBeInTheDocument()
    expect(within(summary()).getByText('$ 150,00')).toBeInTheDocument()
    expect(within(summary()).getByText('$ 990,00')).toBeInTheDocument()
    await ui.selectOptions(place, 'dep:Canelones')
    expect(within(summary()).getByText('$ 1.090,00')).toBeInTheDocument()
    expect(await axeViolations(container)).toEqual([])
  })

  it('a zone priced by weight bands shows the band of the parcel’s weight the quote says', async () => {
    const zones = business.deliveryOptions.zones!
    const weighed = {
      ...business,
      deliveryOptions: {
        ...business.deliveryOptions,
        zones: [
          {
            ...zones[0]!,
            weightBands: [
              { upToGrams: 1000, price: { UYU: 90 } },
              { upToGrams: 5000, price: { UYU: 180 } },
            ],
          },
          zones[1]!,
        ],
      },
    }
    const { ui, form, delivery, summary } = await openCheckout(weighed, {
      // The server's figure for these lines: 2 × 600 g.
      [`POST /api/businesses/${weighed._id}/promotions/quote`]: () => ({
        body: { discounts: [], freeDelivery: false, parcelGrams: 1200 },
      }),
    })
    await ui.click(within(delivery).getByRole('radio', { name: /Envío a domicilio/ }))
    await ui.selectOptions(
      within(form).getByLabelText(new RegExp(DELIVERY_TEXTS.placeLabel)),
      'mvd:Pocitos',
    )
    expect(
      await within(form).findByText('Costo de envío: $ 180,00 · llega en 24 h'),
    ).toBeInTheDocument()
    expect(within(summary()).getByText('$ 1.020,00')).toBeInTheDocument()
  })

  it('sends the place and the address, never a price', async () => {
    const { ui, form, delivery, orders, submit } = await openCheckout()
    await ui.click(within(delivery).getByRole('radio', { name: /Envío a domicilio/ }))
    await ui.selectOptions(
      within(form).getByLabelText(new RegExp(DELIVERY_TEXTS.placeLabel)),
      'mvd:Pocitos',
    )
    await ui.type(within(form).getByLabelText(/Dirección de entrega/), 'Bvar. España 2000')
    await ui.click(within(form).getByRole('radio', { name: /Efectivo/ }))
    await submit()
    expect(orders()[0]?.body).toMatchObject({
      delivery: { method: 'delivery', address: 'Bvar. España 2000', place: 'mvd:Pocitos' },
    })
    expect(JSON.stringify(orders()[0]?.body)).not.toMatch(/fee|total|price/i)
  })

  it('an agency paid at destination: asks for the branch and says it is paid there', async () => {
    const { ui, form, delivery, summary, orders, submit, container } = await openCheckout()
    await ui.click(within(delivery).getByRole('radio', { name: /Envío por DAC/ }))
    expect(within(form).queryByLabelText(new RegExp(DELIVERY_TEXTS.placeLabel))).toBeNull()
    await ui.type(
      within(form).getByLabelText(new RegExp(DELIVERY_TEXTS.branchLabel)),
      'DAC Salto centro',
    )
    expect(within(summary()).getByText(DELIVERY_TEXTS.payAtDestination)).toBeInTheDocument()
    expect(await axeViolations(container)).toEqual([])
    await submit()
    expect(orders()[0]?.body).toMatchObject({
      delivery: { method: 'delivery', address: 'DAC Salto centro', agencyId: 'dac' },
    })
  })

  it('a pickup point shows its address, hours and note, and is sent by its id', async () => {
    const { ui, delivery, orders, submit } = await openCheckout()
    const point = within(delivery).getByRole('radio', { name: /Retiro en Local Centro/ })
    expect(point.closest('label')).toHaveTextContent('Av. 18 de Julio 1234')
    expect(point.closest('label')).toHaveTextContent('Tocar timbre')
    await ui.click(point)
    await submit()
    expect(orders()[0]?.body).toMatchObject({
      delivery: { method: 'pickup', pickupPointId: 'centro' },
    })
  })
})
