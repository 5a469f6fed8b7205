/**
 * Issue 44 §2: the shopper's order page says where the order goes (zone, agency or pickup point),
 * shows the tracking code with a known carrier's link, and the timeline of its statuses.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DELIVERY_TEXTS } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { renderApp } from '../../../test/render'
import { makeOrder, orderBusiness } from './order-fixtures'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 20_000 })

function renderOrder(body: unknown) {
  installStorefrontApi({
    business: orderBusiness,
    extra: { 'GET /api/orders/P-7K3Q': () => ({ body }) },
  })
  return renderApp('/almacen-lucia/pedido/P-7K3Q?t=tok123')
}

describe("the shopper's order page follows the parcel (issue 44)", () => {
  it('shows the agency, the tracking code with its link, and the timeline up to «Enviado»', async () => {
    renderOrder(
      makeOrder({
        status: 'enviado',
        delivery: {
          method: 'delivery',
          address: 'DAC Salto',
          detail: { kind: 'agency', agency: 'DAC', payAtDestination: true },
          tracking: {
            carrier: 'DAC',
            code: 'AB123',
            url: 'https://www.dac.com.uy/envios/rastrear?guia=AB123',
          },
        },
      }),
    )
    const timeline = await screen.findByRole('region', { name: DELIVERY_TEXTS.timelineTitle })
    const steps = within(timeline).getAllByRole('listitem')
    expect(steps.map((s) => s.textContent)).toEqual([
      'Pedido recibido (hecho)',
      'Pedido confirmado (hecho)',
      'Pedido enviado (estado actual)',
      'Pedido entregado (pendiente)',
    ])
    expect(steps[2]).toHaveAttribute('aria-current', 'step')
    expect(screen.getByText(/Por agencia: DAC/)).toHaveTextContent(DELIVERY_TEXTS.payAtDestination)
    expect(screen.getByText('DAC: AB123')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: DELIVERY_TEXTS.trackingLink })).toHaveAttribute(
      'href',
      'https://www.dac.com.uy/envios/rastrear?guia=AB123',
    )
    expect(await axeViolations()).toEqual([])
  })

  it('a pickup point order: the point, «Listo para retirar» in the timeline; cancelled: the reason', async () => {
    const view = renderOrder(
      makeOrder({
        status: 'listo',
        delivery: {
          method: 'pickup',
          detail: {
            kind: 'pickup',
            point: { name: 'Local Centro', address: 'Av. 18 de Julio 1234', note: 'Timbre 2' },
          },
        },
      }),
    )
    const timeline = await screen.findByRole('region', { name: DELIVERY_TEXTS.timelineTitle })
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual([
      'Pedido recibido (hecho)',
      'Pedido confirmado (hecho)',
      'Pedido listo para retirar (estado actual)',
      'Pedido entregado (pendiente)',
    ])
    expect(screen.getByText('Retira en Local Centro')).toBeInTheDocument()
    expect(screen.getByText('Av. 18 de Julio 1234')).toBeInTheDocument()
    view.unmount()
  })
})
