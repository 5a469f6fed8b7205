/**
 * Issue 44 §2: the shopper's order page says where the order goes (zone, agency or pickup point),
 * and its timeline: an ordered list of recibido, confirmado, pagado (paid online), enviado with
 * the tracking code and a known carrier's link / listo para retirar, entregado — or cancelado
 * with the reason —, each reached step with its date and time in the shop's time zone
 * (Montevideo, UTC−3), the current one marked with aria-current. Axe clean at 375 and 1280 px.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DELIVERY_TEXTS } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { renderApp } from '../../../test/render'
import { makeOrder, orderBusiness } from './order-fixtures'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 20_000 })

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

function renderOrder(body: unknown) {
  installStorefrontApi({
    business: orderBusiness,
    extra: { 'GET /api/orders/P-7K3Q': () => ({ body }) },
  })
  return renderApp('/almacen-lucia/pedido/P-7K3Q?t=tok123')
}

async function timelineSteps() {
  const timeline = await screen.findByRole('region', { name: DELIVERY_TEXTS.timelineTitle })
  const list = within(timeline).getByRole('list')
  expect(list.tagName).toBe('OL')
  return within(list).getAllByRole('listitem')
}

const SHIPPED = makeOrder({
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
  steps: [
    { step: 'nuevo', at: '2026-11-25T22:50:00.000Z' },
    { step: 'confirmado', at: '2026-11-26T13:05:00.000Z' },
    { step: 'enviado', at: '2026-11-27T18:30:00.000Z' },
  ],
})

describe("the shopper's order page follows the parcel (issue 44)", () => {
  for (const width of [375, 1280]) {
    it(`the timeline up to «Enviado» with dates and the tracking (axe at ${width} px)`, async () => {
      atWidth(width)
      renderOrder(SHIPPED)
      const steps = await timelineSteps()
      expect(steps.map((s) => s.textContent)).toEqual([
        'Pedido recibido (hecho)25/11/2026 19:50',
        'Pedido confirmado (hecho)26/11/2026 10:05',
        'Pedido enviado (estado actual)27/11/2026 15:30Código de seguimiento: DAC: AB123 · Seguir el envío (se abre en una pestaña nueva)',
        'Pedido entregado (pendiente)',
      ])
      expect(steps[2]).toHaveAttribute('aria-current', 'step')
      expect(steps.filter((s) => s.hasAttribute('aria-current'))).toHaveLength(1)
      expect(within(steps[0]!).getByText('25/11/2026 19:50')).toHaveAttribute(
        'datetime',
        '2026-11-25T22:50:00.000Z',
      )
      expect(screen.getByText(/Por agencia: DAC/)).toHaveTextContent(
        DELIVERY_TEXTS.payAtDestination,
      )
      // Once on the page: in the «enviado» step.
      expect(screen.getByText('DAC: AB123')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: /Seguir el envío/ })).toHaveAttribute(
        'href',
        'https://www.dac.com.uy/envios/rastrear?guia=AB123',
      )
      expect(await axeViolations()).toEqual([])
    })
  }

  it('«Pagado» between confirmado and enviado when paid with Mercado Pago', async () => {
    renderOrder(
      makeOrder({
        status: 'confirmado',
        payment: { type: 'mercadopago' },
        onlinePayment: { status: 'aprobado', label: 'Pago aprobado', mayPay: false },
        steps: [
          { step: 'nuevo', at: '2026-11-25T22:50:00.000Z' },
          { step: 'confirmado', at: '2026-11-25T22:52:00.000Z' },
          { step: 'pagado', at: '2026-11-25T22:52:00.000Z' },
        ],
      }),
    )
    const steps = await timelineSteps()
    expect(steps.map((s) => s.textContent)).toEqual([
      'Pedido recibido (hecho)25/11/2026 19:50',
      'Pedido confirmado (hecho)25/11/2026 19:52',
      `Pedido pagado (estado actual)25/11/2026 19:52${DELIVERY_TEXTS.timelinePaidWith}`,
      'Pedido enviado (pendiente)',
      'Pedido entregado (pendiente)',
    ])
    expect(steps[2]).toHaveAttribute('aria-current', 'step')
  })

  it('a payment still pending: «Pagado» is pending and confirmado is the current step', async () => {
    renderOrder(
      makeOrder({
        status: 'confirmado',
        payment: { type: 'mercadopago' },
        onlinePayment: { status: 'pendiente', label: 'Pago pendiente', mayPay: true },
      }),
    )
    const steps = await timelineSteps()
    expect(steps.map((s) => s.textContent?.split(')')[0])).toEqual([
      'Pedido recibido (hecho',
      'Pedido confirmado (estado actual',
      'Pedido pagado (pendiente',
      'Pedido enviado (pendiente',
      'Pedido entregado (pendiente',
    ])
  })

  it('a pickup point order: the point, «Listo para retirar» in the timeline', async () => {
    renderOrder(
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
    const steps = await timelineSteps()
    // A reply without dates (the creation's): «recibido» dated by the order's creation.
    expect(steps.map((s) => s.textContent)).toEqual([
      'Pedido recibido (hecho)25/11/2026 19:50',
      'Pedido confirmado (hecho)',
      'Pedido listo para retirar (estado actual)',
      'Pedido entregado (pendiente)',
    ])
    expect(screen.getByText('Retira en Local Centro')).toBeInTheDocument()
    expect(screen.getByText('Av. 18 de Julio 1234')).toBeInTheDocument()
  })

  it('a cancelled order: the steps it reached, then «Cancelado» with the reason', async () => {
    atWidth(375)
    renderOrder(
      makeOrder({
        status: 'cancelado',
        cancelReason: 'Sin stock',
        steps: [
          { step: 'nuevo', at: '2026-11-25T22:50:00.000Z' },
          { step: 'confirmado', at: '2026-11-26T13:05:00.000Z' },
          { step: 'cancelado', at: '2026-11-26T14:00:00.000Z' },
        ],
      }),
    )
    const steps = await timelineSteps()
    expect(steps.map((s) => s.textContent)).toEqual([
      'Pedido recibido (hecho)25/11/2026 19:50',
      'Pedido confirmado (hecho)26/11/2026 10:05',
      'Pedido cancelado (estado actual)26/11/2026 11:00Motivo: Sin stock',
    ])
    expect(steps[2]).toHaveAttribute('aria-current', 'step')
    expect(await axeViolations()).toEqual([])
  })
})
