/**
 * Issue 44 §3: one WhatsApp link per status the order went through, each with that status's
 * message for the shopper (the shop's templates saved in its settings, else the defaults), axe
 * clean at 375 and 1280 px.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  DEFAULT_WHATSAPP_TEMPLATES,
  WHATSAPP_STATUS_TEXTS as T,
  type OwnerOrder,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderWithProviders as render } from '../../test/render'
import { OrderStatusWhatsapp, reachedStatuses } from './components/orders/order-status-whatsapp'

const ID = '7a9d0c1e-0000-4000-8000-000000000999'

const ORDER: OwnerOrder = {
  code: 'P-7K3Q',
  status: 'enviado',
  createdAt: '2026-11-25T22:50:00.000Z',
  business: { _id: ID, name: 'Flor de Ceibo', identifier: 'flor-de-ceibo' },
  items: [],
  subtotals: { UYU: 1200 },
  deliveryFee: {},
  totals: { UYU: 1200 },
  customer: { name: 'Lucía Pérez', phone: '099 555 123' },
  delivery: {
    method: 'delivery',
    address: 'Agencia DAC, Tacuarembó',
    tracking: { carrier: 'DAC', code: 'AB123' },
  },
  payment: { type: 'transferencia' },
  _id: ID,
  updatedAt: '2026-11-26T22:50:00.000Z',
  history: [
    { at: '2026-11-25T22:50:00.000Z', status: 'nuevo' },
    { at: '2026-11-26T10:00:00.000Z', status: 'confirmado' },
    { at: '2026-11-26T11:00:00.000Z', note: 'Llamar antes' },
    { at: '2026-11-26T22:50:00.000Z', status: 'enviado' },
  ],
}

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

function messageOf(link: HTMLElement): string {
  const url = new URL(link.getAttribute('href')!)
  expect(url.origin + url.pathname).toBe('https://wa.me/59899555123')
  return url.searchParams.get('text')!
}

describe("the owner's WhatsApp per status", () => {
  // The shop saved no templates yet (an unknown route answers 404): the defaults.
  beforeEach(() => {
    installFakeApi({})
  })

  for (const width of [375, 1280]) {
    it(`one link per status reached, each with its message (axe at ${width} px)`, async () => {
      atWidth(width)
      render(<OrderStatusWhatsapp order={ORDER} />)
      const region = screen.getByRole('region', { name: T.title })
      const links = within(region).getAllByRole('link')
      expect(links.map((l) => l.textContent)).toEqual([
        'Avisar «Nuevo»',
        'Avisar «Confirmado»',
        'Avisar «Enviado»',
      ])
      const shipped = screen.getByRole('link', {
        name: 'Avisar «Enviado» al cliente por WhatsApp',
      })
      expect(shipped).toHaveAttribute('aria-current', 'step')
      expect(messageOf(shipped)).toBe(
        '¡Hola Lucía Pérez! Te escribimos de Flor de Ceibo por tu pedido P-7K3Q.\nTu pedido ya salió y va en camino. DAC: AB123',
      )
      expect(messageOf(links[1]!)).toContain('¡Tu pedido está confirmado!')
      expect(await axeViolations()).toEqual([])
    })
  }

  it("uses the shop's own template, and shows nothing without a phone", () => {
    const { unmount } = render(
      <OrderStatusWhatsapp
        order={ORDER}
        templates={{ enviado: 'Hola {nombre}, tu pedido {pedido} va con {seguimiento}' }}
      />,
    )
    expect(
      messageOf(screen.getByRole('link', { name: 'Avisar «Enviado» al cliente por WhatsApp' })),
    ).toBe('Hola Lucía Pérez, tu pedido P-7K3Q va con DAC: AB123')
    unmount()
    render(<OrderStatusWhatsapp order={{ ...ORDER, customer: { name: 'X', phone: '' } }} />)
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('a cancelled order offers the cancellation with its reason', () => {
    expect(
      reachedStatuses({
        status: 'cancelado',
        history: [{ at: '2026-11-25T22:50:00.000Z', status: 'cancelado' }],
      }),
    ).toEqual(['nuevo', 'cancelado'])
    render(
      <OrderStatusWhatsapp
        order={{ ...ORDER, status: 'cancelado', cancelReason: 'Sin stock', history: [] }}
      />,
    )
    const link = screen.getByRole('link', { name: 'Avisar «Cancelado» al cliente por WhatsApp' })
    expect(messageOf(link)).toContain('Tu pedido fue cancelado. Motivo: Sin stock')
  })

  it("uses the texts saved in the shop's settings, with {enlace} the shop's link", async () => {
    const fake = installFakeApi({
      [`GET /api/businesses/${ID}/whatsapp-templates`]: () => ({
        body: {
          templates: {
            ...DEFAULT_WHATSAPP_TEMPLATES,
            confirmado: '{nombre}: confirmado {pedido}. Mirá más en {enlace}',
          },
          custom: ['confirmado'],
        },
      }),
    })
    render(<OrderStatusWhatsapp order={ORDER} />)
    const confirmed = screen.getByRole('link', {
      name: 'Avisar «Confirmado» al cliente por WhatsApp',
    })
    await waitFor(() =>
      expect(messageOf(confirmed)).toBe(
        `Lucía Pérez: confirmado P-7K3Q. Mirá más en ${window.location.origin}/flor-de-ceibo`,
      ),
    )
    expect(fake.callsTo(`GET /api/businesses/${ID}/whatsapp-templates`)).toHaveLength(1)
  })
})
