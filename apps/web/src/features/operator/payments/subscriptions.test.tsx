/**
 * /operador/pagos, issue 43 §5 (ADR 040): the Mercado Pago subscriptions below the pending
 * requests — shop, state, next charge, last payment, grace — and an empty list; axe at 375 and
 * 1280 px.
 */
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SUBSCRIPTION_TEXTS, formatPlanDate, type OperatorSubscription } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { installFakeApi } from '../../../test/fake-api'
import { renderWithProviders } from '../../../test/render'
import { Component as Payments } from '../routes/payments'

vi.setConfig({ testTimeout: 30_000 })

const active: OperatorSubscription = {
  id: '7a1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  business: {
    id: '5a0c3f2e-8d4b-4c6a-9e1f-2b7d6c5a4e30',
    name: 'La Tienda de Ana',
    identifier: 'tienda-ana',
  },
  ownerEmail: 'ana@example.com',
  status: 'authorized',
  currency: 'UYU',
  amount: 20000,
  nextPaymentDate: '2026-12-28T12:00:00.000Z',
  lastPayment: { status: 'approved', at: '2026-11-28T12:00:00.000Z' },
  paidUntil: '2026-12-28T12:00:00.000Z',
  createdAt: '2026-11-28T11:00:00.000Z',
}
const failing: OperatorSubscription = {
  ...active,
  id: '8a1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  business: {
    id: '6a0c3f2e-8d4b-4c6a-9e1f-2b7d6c5a4e30',
    name: 'Kiosco Sol',
    identifier: 'kiosco-sol',
  },
  ownerEmail: 'sol@example.com',
  currency: 'USD',
  amount: 500,
  lastPayment: { status: 'rejected', at: '2026-11-27T12:00:00.000Z' },
  graceUntil: '2026-12-04T12:00:00.000Z',
}

function open(items: OperatorSubscription[]) {
  installFakeApi({
    'GET /api/operator/payments': () => ({ body: { items: [] } }),
    'GET /api/operator/subscriptions': () => ({ body: { items } }),
  })
  renderWithProviders(<Payments />)
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  window.innerWidth = 1024
})

describe('operator subscriptions list', () => {
  for (const width of [375, 1280]) {
    it(`shows each shop's subscription, next charge, last payment and grace (${width} px)`, async () => {
      window.innerWidth = width
      window.dispatchEvent(new Event('resize'))
      open([active, failing])
      const list = await screen.findByRole('region', { name: SUBSCRIPTION_TEXTS.listTitle })
      const ana = within(await within(list).findByRole('article', { name: 'La Tienda de Ana' }))
      expect(ana.getByText(SUBSCRIPTION_TEXTS.status.authorized)).toBeInTheDocument()
      expect(ana.getByText(/ana@example\.com/)).toBeInTheDocument()
      expect(ana.getByText(SUBSCRIPTION_TEXTS.monthly('$ 200'))).toBeInTheDocument()
      expect(ana.getByText(SUBSCRIPTION_TEXTS.amountLabel)).toBeInTheDocument()
      expect(ana.getByText(SUBSCRIPTION_TEXTS.nextChargeLabel)).toBeInTheDocument()
      expect(ana.getByText(SUBSCRIPTION_TEXTS.lastPayment)).toBeInTheDocument()
      expect(
        ana.getByText(`aprobado, ${formatPlanDate(active.lastPayment!.at)}`),
      ).toBeInTheDocument()
      expect(ana.getAllByText(formatPlanDate(active.nextPaymentDate!)).length).toBeGreaterThan(0)
      const sol = within(within(list).getByRole('article', { name: 'Kiosco Sol' }))
      expect(
        sol.getByText(`rechazado, ${formatPlanDate(failing.lastPayment!.at)}`),
      ).toBeInTheDocument()
      expect(
        sol.getByText(SUBSCRIPTION_TEXTS.graceUntil(formatPlanDate(failing.graceUntil!))),
      ).toBeInTheDocument()
      expect(await axeViolations(list)).toEqual([])
    })
  }

  it('says when no shop has a subscription', async () => {
    open([])
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.listEmpty)).toBeInTheDocument()
  })
})
