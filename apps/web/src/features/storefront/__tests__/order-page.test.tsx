import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CHECKOUT_TEXTS, ORDER_MESSAGES, orderWhatsappMessage } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { renderApp } from '../../../test/render'
import { makeOrder, orderBusiness } from './order-fixtures'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 20_000 })

const business = orderBusiness
const PATH = '/almacen-lucia/pedido/P-7K3Q?t=tok123'

function renderOrder(reply: { status?: number; body?: unknown }, path = PATH) {
  const fake = installStorefrontApi({
    business,
    extra: { 'GET /api/orders/P-7K3Q': () => reply },
  })
  return { ...renderApp(path), fake }
}

const meta = (name: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content

describe('public order page (issue 24 §2)', () => {
  it("says when a new order's stock ran short before the shop confirmed it (issue 41 §6)", async () => {
    renderOrder({ body: makeOrder({ status: 'nuevo', stockShort: ['Café de Colombia'] }) })
    const notice = await screen.findByRole('status', { name: CHECKOUT_TEXTS.stockShortTitle })
    expect(notice).toHaveTextContent(CHECKOUT_TEXTS.stockShortNotice(['Café de Colombia']))
    expect(await axeViolations()).toEqual([])
  })

  it('says nothing about stock when every line can still be confirmed', async () => {
    renderOrder({ body: makeOrder({ status: 'nuevo' }) })
    await screen.findByRole('heading', { level: 1, name: 'Pedido P-7K3Q' })
    expect(screen.queryByRole('status', { name: CHECKOUT_TEXTS.stockShortTitle })).toBeNull()
  })

  it('shows the order: status, items, totals per currency, delivery, payment instructions, notes', async () => {
    const order = makeOrder()
    const { fake } = renderOrder({ body: order })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido P-7K3Q' }),
    ).toBeInTheDocument()
    expect(fake.callsTo('GET /api/orders/P-7K3Q')[0]!.path).toBe('/api/orders/P-7K3Q?t=tok123')
    expect(screen.getByText('Confirmado')).toBeInTheDocument()
    // The business's time zone (Montevideo, UTC−3), whatever the device's.
    // The order's date, and «Pedido recibido»'s in the timeline (issue 44 §2).
    expect(screen.getAllByText('25/11/2026 19:50')).toHaveLength(2)

    const items = screen.getByRole('region', { name: CHECKOUT_TEXTS.items })
    expect(within(items).getByText('Café de Colombia')).toBeInTheDocument()
    expect(within(items).getByText('2 × $ 450,00 c/u')).toBeInTheDocument()
    expect(within(items).getByText('$ 900,00')).toBeInTheDocument()
    expect(within(items).getByText('1 × US$ 15,00 c/u')).toBeInTheDocument()
    expect(within(items).getByText('$ 900,00 y US$ 15,00')).toBeInTheDocument()
    expect(within(items).getByText('$ 150,00')).toBeInTheDocument()
    // Pesos and dollars are never added together.
    expect(within(items).getByText('$ 1.050,00 y US$ 15,00')).toBeInTheDocument()

    expect(screen.getByText('Envío a domicilio')).toBeInTheDocument()
    expect(screen.getByText('Rivera 2020, apto 3')).toBeInTheDocument()
    expect(screen.getByText('Transferencia bancaria')).toBeInTheDocument()
    expect(screen.getByText('BROU cuenta 001234567')).toBeInTheDocument()
    expect(screen.getByText('Tocar timbre 2')).toBeInTheDocument()

    const contact = screen.getByRole('region', { name: CHECKOUT_TEXTS.shopContact })
    expect(within(contact).getByRole('link', { name: '2901 1234' })).toHaveAttribute(
      'href',
      'tel:29011234',
    )
    // Sent again to the business's WhatsApp number (not its landline), with the order written out.
    const again = within(contact).getByRole('link', { name: /Enviar de nuevo por WhatsApp/ })
    const url = new URL(again.getAttribute('href')!)
    expect(url.origin + url.pathname).toBe('https://wa.me/59891222333')
    expect(url.searchParams.get('text')).toBe(
      orderWhatsappMessage(order, `${window.location.origin}${PATH}`),
    )
    expect(screen.queryByText(ORDER_MESSAGES.created)).toBeNull()

    // The page's own <meta> (React hoists it); its robots rule is the server's head
    // (order-page-server.test.tsx), applied after a navigation by ssr/head-updater.ts.
    expect(meta('referrer')).toBe('no-referrer')
  })

  it('has no floating WhatsApp button over its totals: its own «Enviar de nuevo» writes to the shop', async () => {
    renderOrder({ body: makeOrder() })
    const contact = await screen.findByRole('region', { name: CHECKOUT_TEXTS.shopContact })
    expect(
      within(contact).getByRole('link', { name: /Enviar de nuevo por WhatsApp/ }),
    ).toBeVisible()
    expect(screen.queryByRole('link', { name: /Escribir a .* por WhatsApp/ })).toBeNull()
  })

  it('shows the cancellation reason', async () => {
    renderOrder({ body: makeOrder({ status: 'cancelado', cancelReason: 'Sin stock' }) })
    expect(await screen.findByText('Cancelado')).toBeInTheDocument()
    expect(screen.getByText('Motivo: Sin stock')).toBeInTheDocument()
  })

  it("says 'Pedido no encontrado' for a wrong token", async () => {
    renderOrder({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: ORDER_MESSAGES.notFound },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: ORDER_MESSAGES.notFound }),
    ).toBeInTheDocument()
    expect(screen.getByText(CHECKOUT_TEXTS.orderNotFoundDescription)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: CHECKOUT_TEXTS.backToShop })).toHaveAttribute(
      'href',
      '/almacen-lucia',
    )
  })

  it('asks nothing without a token', async () => {
    const { fake } = renderOrder({ body: makeOrder() }, '/almacen-lucia/pedido/P-7K3Q')
    expect(
      await screen.findByRole('heading', { level: 1, name: ORDER_MESSAGES.notFound }),
    ).toBeInTheDocument()
    expect(fake.callsTo('GET /api/orders/P-7K3Q')).toHaveLength(0)
  })

  it('offers a retry when the order cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    installStorefrontApi({
      business,
      extra: {
        'GET /api/orders/P-7K3Q': () =>
          fail
            ? { status: 500, body: { statusCode: 500, error: 'x', message: 'Error interno' } }
            : { body: makeOrder() },
      },
    })
    renderApp(PATH)
    expect(
      await screen.findByRole('heading', { name: CHECKOUT_TEXTS.orderLoadFailed }),
    ).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido P-7K3Q' }),
    ).toBeInTheDocument()
  })
})
