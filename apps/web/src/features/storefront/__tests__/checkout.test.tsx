import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_TEXTS, LIMITS, ORDER_MESSAGES, VARIANT_MESSAGES } from '@vitrina/contracts'
import type { Business, CreatedOrder, Product } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { renderApp } from '../../../test/render'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { addToCart, getCartItems } from '../../../lib/cart'
import { CART_CUSTOMER_STORAGE_KEY } from '../../../lib/cart-customer'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 30_000 })

const coffee = makeProduct({ name: 'Café de Colombia', price: 420 })
const tea = makeProduct({ name: 'Té verde', price: 15, currency: 'USD' })
const WHATSAPP_URL = 'https://wa.me/59899123456?text=pedido'

const shop = (overrides: Partial<Business> = {}) =>
  makeBusiness({
    deliveryOptions: {
      pickup: true,
      delivery: {
        enabled: true,
        fee: { UYU: 150 },
        freeFrom: { UYU: 2000 },
        note: 'Solo Montevideo',
      },
    },
    paymentMethods: [
      { type: 'efectivo' },
      { type: 'transferencia', instructions: 'BROU cuenta 001234567' },
    ],
    ...overrides,
  })

function created(business: Business): CreatedOrder {
  return {
    code: 'P-7K3Q',
    token: 'tok123',
    status: 'nuevo',
    createdAt: '2026-11-25T15:00:00.000Z',
    business: { _id: business._id, name: business.name, identifier: business.identifier },
    items: [
      {
        productId: coffee._id,
        name: coffee.name,
        code: null,
        quantity: 2,
        price: 420,
        discount: 0,
        unitPrice: 420,
        lineTotal: 840,
        currency: 'UYU',
        image: null,
      },
    ],
    subtotals: { UYU: 840 },
    deliveryFee: {},
    totals: { UYU: 840 },
    customer: { name: 'Ana Pérez', phone: '099 123 456' },
    delivery: { method: 'pickup' },
    payment: { type: 'efectivo' },
    whatsappUrl: WHATSAPP_URL,
    publicUrl: 'https://vitrina.test/almacen-lucia/pedido/P-7K3Q?t=tok123',
  }
}

function fill(products: Product[]) {
  for (const [i, p] of products.entries()) {
    addToCart({
      businessIdentifier: 'almacen-lucia',
      productId: p._id,
      name: p.name,
      price: p.price,
      currency: p.currency,
      quantity: i + 2,
    })
  }
}

type OrderReply = { status?: number; body?: unknown }

async function openCheckout({
  business = shop(),
  reply = (): OrderReply | Promise<OrderReply> => ({ status: 201, body: created(business) }),
} = {}) {
  const fake = installStorefrontApi({
    business,
    extra: { [`POST /api/businesses/${business._id}/orders`]: () => reply() },
  })
  const view = renderApp('/almacen-lucia')
  const ui = userEvent.setup()
  await ui.click(await screen.findByRole('button', { name: /^Carrito/ }))
  const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
  await ui.click(within(drawer).getByRole('button', { name: CHECKOUT_TEXTS.start }))
  const form = await screen.findByRole('form', { name: CHECKOUT_TEXTS.formTitle })
  const submit = () => ui.click(screen.getByRole('button', { name: CHECKOUT_TEXTS.submit }))
  return {
    ...view,
    fake,
    ui,
    form,
    submit,
    orders: () => fake.callsTo(`POST /api/businesses/${business._id}/orders`),
  }
}

let opened: { opener: unknown; closed: boolean; close: () => void; location: { href: string } }

beforeEach(() => {
  fill([coffee, tea])
  opened = {
    opener: window,
    closed: false,
    close: vi.fn(() => (opened.closed = true)),
    location: { href: '' },
  }
  vi.spyOn(window, 'open').mockImplementation(() => opened as unknown as Window)
})

afterEach(() => {
  window.localStorage.clear()
})

describe('checkout form (issue 24 §2)', () => {
  it('offers only what the business offers, with the fee, the threshold and the chosen instructions', async () => {
    const { form, ui } = await openCheckout()
    const delivery = within(form).getByRole('radiogroup', { name: CHECKOUT_TEXTS.delivery })
    expect(within(delivery).getAllByRole('radio')).toHaveLength(2)
    expect(
      within(delivery).getByText(
        'Costo de envío: $ 150,00 · Envío gratis en compras desde $ 2.000,00 · Solo Montevideo',
      ),
    ).toBeInTheDocument()
    expect(within(form).queryByLabelText(/Dirección de entrega/)).toBeNull()
    await ui.click(within(delivery).getByRole('radio', { name: /Envío a domicilio/ }))
    expect(within(form).getByLabelText(/Dirección de entrega/)).toBeInTheDocument()

    const payment = within(form).getByRole('radiogroup', { name: CHECKOUT_TEXTS.payment })
    expect(
      within(payment)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['efectivo', 'transferencia'])
    expect(within(form).queryByText('BROU cuenta 001234567')).toBeNull()
    await ui.click(within(payment).getByRole('radio', { name: /Transferencia bancaria/ }))
    expect(within(form).getByText('BROU cuenta 001234567')).toBeInTheDocument()
  })

  it('shows the total the order will have: subtotal, the delivery fee chosen and its waiver (issue 41 §1)', async () => {
    const { form, ui } = await openCheckout()
    const summary = () => within(screen.getByRole('region', { name: 'Resumen del pedido' }))
    // Nothing chosen yet: the fee is not in the total, and the total says so.
    expect(summary().getByText('Total sin envío en $')).toBeInTheDocument()
    expect(summary().getByText(CHECKOUT_TEXTS.shippingPending)).toBeInTheDocument()

    await ui.click(within(form).getByRole('radio', { name: /Envío a domicilio/ }))
    // 2 × $ 420 + $ 150 of delivery (below the $ 2.000 threshold); the dollars never add to it.
    expect(summary().getByText('Subtotal en $').nextElementSibling).toHaveTextContent('$ 840,00')
    expect(summary().getByText('Envío').nextElementSibling).toHaveTextContent('$ 150,00')
    expect(summary().getByText('Total en $').nextElementSibling).toHaveTextContent('$ 990,00')
    expect(summary().getByText('Total en US$').nextElementSibling).toHaveTextContent('US$ 45,00')

    await ui.click(within(form).getByRole('radio', { name: /Retiro en el local/ }))
    expect(summary().getByText('Total en $').nextElementSibling).toHaveTextContent('$ 840,00')
    expect(summary().queryByText('Envío')).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('waives the fee from the threshold, as the server does', async () => {
    window.localStorage.clear()
    addToCart({
      businessIdentifier: 'almacen-lucia',
      productId: coffee._id,
      name: coffee.name,
      price: 420,
      currency: 'UYU',
      quantity: 5,
    })
    const { form, ui } = await openCheckout()
    expect(within(form).getByText(/Envío gratis en este pedido/)).toBeInTheDocument()
    await ui.click(within(form).getByRole('radio', { name: /Envío a domicilio/ }))
    const summary = within(screen.getByRole('region', { name: 'Resumen del pedido' }))
    expect(summary.getByText('Envío').nextElementSibling).toHaveTextContent(
      CHECKOUT_TEXTS.shippingFree,
    )
    expect(summary.getByText('Total').nextElementSibling).toHaveTextContent('$ 2.100,00')
  })

  it("names the fee in the cart's currency only, not both as if added (issue 41)", async () => {
    const { form } = await openCheckout({
      business: shop({
        deliveryOptions: {
          pickup: true,
          delivery: { enabled: true, fee: { UYU: 290, USD: 8 }, freeFrom: { UYU: 3000 } },
        },
      }),
    })
    const delivery = within(form).getByRole('radiogroup', { name: CHECKOUT_TEXTS.delivery })
    expect(
      within(delivery).getByText(
        'Costo de envío: $ 290,00 · Envío gratis en compras desde $ 3.000,00',
      ),
    ).toBeInTheDocument()
    expect(within(form).queryByText(/US\$ 8,00/)).toBeNull()
  })

  it('puts the focus on the first field when the checkout opens', async () => {
    const { form } = await openCheckout()
    await waitFor(() => expect(within(form).getByLabelText(/Nombre/)).toHaveFocus())
  })

  it('moves the focus to the first field in error with its message, and not again a frame later', async () => {
    const { form, ui, submit } = await openCheckout()
    await ui.click(within(form).getByLabelText(/Notas/))
    await submit()
    expect(within(form).getByText(ORDER_MESSAGES.customerNameRequired)).toBeInTheDocument()
    expect(within(form).getByLabelText(/Nombre/)).toHaveFocus()
    // The shopper goes on to the phone at once: what they type stays there (a journey's phone
    // number once went into the name, the focus moved back a frame after the messages showed).
    const phone = within(form).getByLabelText(/Teléfono/)
    phone.focus()
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(phone).toHaveFocus()
  })

  it('limits the notes to the contracts limit and counts the characters left', async () => {
    const { form, ui } = await openCheckout()
    const notes = within(form).getByLabelText(/Notas/)
    expect(notes).toHaveAttribute('maxlength', String(LIMITS.orderNotesMax))
    await ui.type(notes, 'Timbre 2')
    expect(within(form).getByText(`8 / ${LIMITS.orderNotesMax}`)).toBeInTheDocument()
    expect(within(form).getByLabelText(/Nombre/)).toHaveAttribute(
      'maxlength',
      String(LIMITS.nameMax),
    )
  })

  it('preselects the only option of a business with pickup and cash alone', async () => {
    const { form } = await openCheckout({
      business: shop({
        deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
        paymentMethods: [{ type: 'efectivo' }],
      }),
    })
    expect(within(form).getByRole('radio', { name: /Retiro en el local/ })).toBeChecked()
    expect(within(form).queryByRole('radio', { name: /Envío a domicilio/ })).toBeNull()
    expect(
      within(form).getByText('Retiras en Av. 18 de Julio 1234, Montevideo'),
    ).toBeInTheDocument()
    expect(within(form).getByRole('radio', { name: /Efectivo/ })).toBeChecked()
  })

  it('shows the Spanish messages of createOrderSchema before sending anything', async () => {
    const { form, ui, submit, orders } = await openCheckout()
    await submit()
    expect(await within(form).findByText(ORDER_MESSAGES.customerNameRequired)).toBeInTheDocument()
    expect(within(form).getByText(ORDER_MESSAGES.customerPhoneRequired)).toBeInTheDocument()
    expect(within(form).getByText(ORDER_MESSAGES.deliveryMethodRequired)).toBeInTheDocument()
    expect(within(form).getByText(ORDER_MESSAGES.paymentMethodRequired)).toBeInTheDocument()
    await waitFor(() => expect(within(form).getByLabelText(/Nombre/)).toHaveFocus())

    // Editing a field clears its message.
    await ui.type(within(form).getByLabelText(/Nombre/), 'Ana Pérez')
    expect(within(form).queryByText(ORDER_MESSAGES.customerNameRequired)).toBeNull()

    await ui.type(within(form).getByLabelText(/Teléfono/), 'abc')
    await ui.click(within(form).getByRole('radio', { name: /Envío a domicilio/ }))
    await ui.click(within(form).getByRole('radio', { name: /Efectivo/ }))
    await submit()
    expect(await within(form).findByText(ORDER_MESSAGES.customerPhoneInvalid)).toBeInTheDocument()
    expect(within(form).getByText(ORDER_MESSAGES.addressRequired)).toBeInTheDocument()
    expect(within(form).getByLabelText(/Teléfono/)).toHaveAttribute('aria-invalid', 'true')
    expect(orders()).toHaveLength(0)
    expect(window.open).not.toHaveBeenCalled()
  })

  it('has a honeypot people never reach', async () => {
    const { form } = await openCheckout()
    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')!
    expect(honeypot).toHaveAttribute('tabindex', '-1')
    expect(honeypot).toHaveAttribute('autocomplete', 'off')
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(within(form).queryByRole('textbox', { name: /Sitio web/ })).toBeNull()
  })

  it('sends products and quantities (never prices), opens WhatsApp, empties the cart and shows the order', async () => {
    const business = shop()
    const { form, ui, submit, orders, location } = await openCheckout({ business })
    await ui.type(within(form).getByLabelText(/Nombre/), 'Ana Pérez')
    await ui.type(within(form).getByLabelText(/Teléfono/), '099 123 456')
    await ui.click(within(form).getByRole('radio', { name: /Envío a domicilio/ }))
    await ui.type(within(form).getByLabelText(/Dirección de entrega/), 'Rivera 2020')
    await ui.click(within(form).getByRole('radio', { name: /Transferencia/ }))
    await ui.type(within(form).getByLabelText(/Notas/), 'Timbre 2')
    await submit()

    await waitFor(() => expect(orders()).toHaveLength(1))
    expect(orders()[0]!.body).toEqual({
      items: [
        { productId: coffee._id, quantity: 2 },
        { productId: tea._id, quantity: 3 },
      ],
      customer: { name: 'Ana Pérez', phone: '099 123 456' },
      delivery: { method: 'delivery', address: 'Rivera 2020' },
      paymentMethod: 'transferencia',
      notes: 'Timbre 2',
      website: '',
    })
    // The window opened during the click, cut from this page, then sent to WhatsApp.
    expect(window.open).toHaveBeenCalledTimes(1)
    expect(opened.opener).toBeNull()
    await waitFor(() => expect(opened.location.href).toBe(WHATSAPP_URL))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido P-7K3Q' }),
    ).toBeInTheDocument()
    expect(location()).toBe('/almacen-lucia/pedido/P-7K3Q?t=tok123')
    expect(screen.getByText(ORDER_MESSAGES.created)).toBeInTheDocument()
    expect(screen.getByText(CHECKOUT_TEXTS.openedWhatsapp)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Abrir WhatsApp/ })).toHaveAttribute(
      'href',
      WHATSAPP_URL,
    )
    expect(getCartItems('almacen-lucia')).toEqual([])
    expect(JSON.parse(window.localStorage.getItem(CART_CUSTOMER_STORAGE_KEY)!)).toEqual({
      name: 'Ana Pérez',
      phone: '099 123 456',
      deliveryMethod: 'delivery',
      address: 'Rivera 2020',
      paymentMethod: 'transferencia',
    })
  })

  it("prefills the shopper's details remembered on this device", async () => {
    window.localStorage.setItem(
      CART_CUSTOMER_STORAGE_KEY,
      JSON.stringify({
        name: 'Ana Pérez',
        phone: '099 123 456',
        deliveryMethod: 'delivery',
        address: 'Rivera 2020',
        paymentMethod: 'mercadopago',
      }),
    )
    const { form } = await openCheckout()
    expect(within(form).getByLabelText(/Nombre/)).toHaveValue('Ana Pérez')
    expect(within(form).getByLabelText(/Teléfono/)).toHaveValue('099 123 456')
    expect(within(form).getByRole('radio', { name: /Envío a domicilio/ })).toBeChecked()
    expect(within(form).getByLabelText(/Dirección de entrega/)).toHaveValue('Rivera 2020')
    // A method this business does not accept is not chosen for the shopper.
    expect(within(form).getByRole('radio', { name: /Efectivo/ })).not.toBeChecked()
    expect(within(form).getByRole('radio', { name: /Transferencia/ })).not.toBeChecked()
  })

  async function fillValid(form: HTMLElement, ui: ReturnType<typeof userEvent.setup>) {
    await ui.type(within(form).getByLabelText(/Nombre/), 'Ana Pérez')
    await ui.type(within(form).getByLabelText(/Teléfono/), '099 123 456')
    await ui.click(within(form).getByRole('radio', { name: /Retiro en el local/ }))
    await ui.click(within(form).getByRole('radio', { name: /Efectivo/ }))
  }

  it("shows the API's 400 at the fields, and an unavailable product at its cart line", async () => {
    const { form, ui, submit } = await openCheckout({
      reply: () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Datos inválidos',
          errors: [
            { path: 'customer.phone', message: ORDER_MESSAGES.customerPhoneInvalid },
            { path: 'paymentMethod', message: ORDER_MESSAGES.paymentMethodUnavailable },
          ],
        },
      }),
    })
    await fillValid(form, ui)
    await submit()
    expect(await within(form).findByText(ORDER_MESSAGES.customerPhoneInvalid)).toBeInTheDocument()
    expect(within(form).getByText(ORDER_MESSAGES.paymentMethodUnavailable)).toBeInTheDocument()
    expect(within(form).getByText(CHECKOUT_TEXTS.fixErrors)).toBeInTheDocument()
    expect(opened.close).toHaveBeenCalled()
    expect(getCartItems('almacen-lucia')).toHaveLength(2)
  })

  it('names an unavailable product at its line in the cart', async () => {
    const { form, ui, submit } = await openCheckout({
      reply: () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: ORDER_MESSAGES.productUnavailable(tea.name),
          errors: [
            { path: 'items.1.productId', message: ORDER_MESSAGES.productUnavailable(tea.name) },
          ],
        },
      }),
    })
    await fillValid(form, ui)
    await submit()
    const lines = await screen.findByRole('list', { name: 'Productos en el carrito' })
    const teaLine = within(lines).getAllByRole('listitem')[1]!
    expect(within(teaLine).getByRole('alert')).toHaveTextContent('«Té verde» ya no está disponible')
    // Removing it clears the message.
    await ui.click(within(teaLine).getByRole('button', { name: 'Quitar Té verde del carrito' }))
    expect(screen.queryByText(/ya no está disponible/)).toBeNull()
  })

  it("sends the variant of a line and shows the API's sold-out refusal at that line (issue 25)", async () => {
    const variantId = '5d0c7a10-0000-4000-8000-0000000000aa'
    addToCart({
      businessIdentifier: 'almacen-lucia',
      productId: coffee._id,
      name: 'Buzo canguro',
      price: 1350,
      currency: 'UYU',
      quantity: 1,
      variantId,
      variantLabel: 'M / Azul',
    })
    const soldOut = VARIANT_MESSAGES.orderSoldOut('Buzo canguro (M / Azul)')
    const { form, ui, submit, orders } = await openCheckout({
      reply: () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: soldOut,
          errors: [{ path: 'items.2.variantId', message: soldOut }],
        },
      }),
    })
    await fillValid(form, ui)
    await submit()
    const lines = await screen.findByRole('list', { name: 'Productos en el carrito' })
    const line = within(lines).getAllByRole('listitem')[2]!
    expect(within(line).getByRole('link', { name: 'Buzo canguro (M / Azul)' })).toBeInTheDocument()
    expect(within(line).getByRole('alert')).toHaveTextContent(soldOut)
    const body = orders()[0]?.body as { items: unknown[] }
    expect(body.items[2]).toEqual({ productId: coffee._id, variantId, quantity: 1 })
    expect(body.items[0]).toEqual({ productId: coffee._id, quantity: 2 })
  })

  it('says so when sending is rate limited (429) or the network fails', async () => {
    let reply: () => OrderReply | Promise<OrderReply> = () => ({
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Demasiadas solicitudes' },
    })
    const { form, ui, submit, fake } = await openCheckout({ reply: () => reply() })
    await fillValid(form, ui)
    await submit()
    expect(await within(form).findByRole('alert')).toHaveTextContent(CHECKOUT_TEXTS.rateLimited)
    expect(opened.close).toHaveBeenCalledTimes(1)

    // Issue 40 §2: the shop's budget of the hour is spent — not this shopper's doing.
    reply = () => ({
      status: 429,
      body: { statusCode: 429, error: 'Too Many Requests', message: ORDER_MESSAGES.shopBusy },
    })
    opened.closed = false
    await submit()
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(ORDER_MESSAGES.shopBusy),
    )
    expect(opened.close).toHaveBeenCalledTimes(2)

    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    fake.fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    reply = () => ({ status: 201 })
    opened.closed = false // the next click opens a new window
    await submit()
    expect(await within(form).findByText(CHECKOUT_TEXTS.offline)).toBeInTheDocument()
    expect(opened.close).toHaveBeenCalledTimes(3)
    expect(getCartItems('almacen-lucia')).toHaveLength(2)
    log.mockRestore()
  })

  it('on a phone opens no window: the order page has the button that opens WhatsApp', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(pointer: coarse)',
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    )
    const { form, ui, submit } = await openCheckout()
    await fillValid(form, ui)
    await submit()
    expect(await screen.findByRole('link', { name: /Abrir WhatsApp/ })).toHaveAttribute(
      'href',
      WHATSAPP_URL,
    )
    expect(window.open).not.toHaveBeenCalled()
    expect(screen.getByText(CHECKOUT_TEXTS.lastStep)).toBeInTheDocument()
    matchMedia.mockRestore()
  })
})
