/**
 * Issue 44 §3: the checkout's optional e-mail — «Correo electrónico (opcional)» with its hint,
 * refused in Spanish (contracts' message) before anything is sent when it is not an address,
 * sent as the order's customer.email, remembered on this device, and the API's 400 shown at the
 * field. Axe clean at 375 and 1280 px.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_TEXTS, SHOPPER_EMAIL_TEXTS, SHOPPER_MAIL_MESSAGES } from '@vitrina/contracts'
import type { Business, CreatedOrder } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { renderApp } from '../../../test/render'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { addToCart } from '../../../lib/cart'
import { CART_CUSTOMER_STORAGE_KEY } from '../../../lib/cart-customer'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 30_000 })

const coffee = makeProduct({ name: 'Café de Colombia', price: 420 })
const business: Business = makeBusiness({
  deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
  paymentMethods: [{ type: 'efectivo' }],
})

function created(email?: string): CreatedOrder {
  return {
    code: 'P-7K3Q',
    token: 'tok123',
    status: 'nuevo',
    createdAt: '2026-11-25T15:00:00.000Z',
    business: { _id: business._id, name: business.name, identifier: business.identifier },
    items: [],
    subtotals: { UYU: 840 },
    deliveryFee: {},
    totals: { UYU: 840 },
    customer: { name: 'Ana Pérez', phone: '099 123 456', ...(email ? { email } : {}) },
    delivery: { method: 'pickup' },
    payment: { type: 'efectivo' },
    whatsappUrl: 'https://wa.me/59899123456?text=pedido',
    publicUrl: 'https://vitrina.test/almacen-lucia/pedido/P-7K3Q?t=tok123',
  }
}

type OrderReply = { status?: number; body?: unknown }

async function openCheckout(
  reply: () => OrderReply = () => ({ status: 201, body: created('ana@ejemplo.com') }),
) {
  const fake = installStorefrontApi({
    business,
    extra: { [`POST /api/businesses/${business._id}/orders`]: () => reply() },
  })
  renderApp('/almacen-lucia')
  const ui = userEvent.setup()
  await ui.click(await screen.findByRole('button', { name: /^Carrito/ }))
  const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
  await ui.click(within(drawer).getByRole('button', { name: CHECKOUT_TEXTS.start }))
  const form = await screen.findByRole('form', { name: CHECKOUT_TEXTS.formTitle })
  const email = within(form).getByRole('textbox', { name: SHOPPER_EMAIL_TEXTS.label })
  const fillRequired = async () => {
    await ui.type(within(form).getByLabelText(/Nombre/), 'Ana Pérez')
    await ui.type(within(form).getByLabelText(/Teléfono/), '099 123 456')
  }
  const submit = () => ui.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.submit }))
  const orders = () => fake.callsTo(`POST /api/businesses/${business._id}/orders`)
  return { ui, form, email, fillRequired, submit, orders }
}

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
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
  vi.spyOn(window, 'open').mockImplementation(
    () =>
      ({
        opener: window,
        closed: false,
        close: () => {},
        location: { href: '' },
      }) as unknown as Window,
  )
})

afterEach(() => {
  window.localStorage.clear()
  vi.restoreAllMocks()
})

describe('the checkout e-mail (issue 44 §3)', () => {
  for (const width of [375, 1280]) {
    it(`is optional, labelled and explained (axe at ${width} px)`, async () => {
      atWidth(width)
      const { email } = await openCheckout()
      expect(email).toHaveAttribute('type', 'email')
      expect(email).toHaveAttribute('autocomplete', 'email')
      expect(email).not.toBeRequired()
      expect(email).toHaveAccessibleDescription(SHOPPER_EMAIL_TEXTS.hint)
      expect(await axeViolations()).toEqual([])
    })
  }

  it('refuses what is not an address in Spanish before sending, at the field', async () => {
    const { ui, email, fillRequired, submit, orders } = await openCheckout()
    await fillRequired()
    await ui.type(email, 'ana@correo')
    await submit()
    expect(await screen.findByText(SHOPPER_MAIL_MESSAGES.emailInvalid)).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(email).toHaveFocus())
    expect(orders()).toHaveLength(0)
    // Editing the field clears its message.
    await ui.type(email, '.com')
    expect(screen.queryByText(SHOPPER_MAIL_MESSAGES.emailInvalid)).toBeNull()
  })

  it('sends it with the order and remembers it on this device', async () => {
    const { ui, email, fillRequired, submit, orders } = await openCheckout()
    await fillRequired()
    await ui.type(email, '  Ana@Ejemplo.com ')
    await submit()
    await waitFor(() => expect(orders()).toHaveLength(1))
    expect((orders()[0]!.body as { customer: unknown }).customer).toEqual({
      name: 'Ana Pérez',
      phone: '099 123 456',
      email: 'ana@ejemplo.com',
    })
    await screen.findByRole('heading', { level: 1, name: 'Pedido P-7K3Q' })
    expect(JSON.parse(window.localStorage.getItem(CART_CUSTOMER_STORAGE_KEY)!)).toMatchObject({
      email: 'Ana@Ejemplo.com',
    })
  })

  it('is prefilled from this device; the API 400 at customer.email shows at the field', async () => {
    window.localStorage.setItem(
      CART_CUSTOMER_STORAGE_KEY,
      JSON.stringify({ name: 'Ana Pérez', phone: '099 123 456', email: 'ana@ejemplo.com' }),
    )
    const { email, submit, orders } = await openCheckout(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: SHOPPER_MAIL_MESSAGES.emailInvalid,
        errors: [{ path: 'customer.email', message: SHOPPER_MAIL_MESSAGES.emailInvalid }],
      },
    }))
    expect(email).toHaveValue('ana@ejemplo.com')
    await submit()
    await waitFor(() => expect(orders()).toHaveLength(1))
    expect(await screen.findByText(SHOPPER_MAIL_MESSAGES.emailInvalid)).toBeInTheDocument()
    expect(email).toHaveAttribute('aria-invalid', 'true')
  })
})
