/** /operador/pagos (issue 23 §2–3): the pending requests, confirm with months and reference, reject with a reason. */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PLAN_MESSAGES, PLAN_TEXTS, type OperatorPayment } from '@vitrina/contracts'
import { installFakeApi } from '../../../test/fake-api'
import { renderWithProviders } from '../../../test/render'
import { Component as Payments } from '../routes/payments'

vi.setConfig({ testTimeout: 30_000 })

const payment: OperatorPayment = {
  id: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  business: {
    id: '5a0c3f2e-8d4b-4c6a-9e1f-2b7d6c5a4e30',
    name: 'La Tienda de Ana',
    identifier: 'tienda-ana',
  },
  ownerEmail: 'ana@example.com',
  plan: 'pro',
  months: 3,
  amount: { uyu: 600, usd: 15 },
  requestedAt: '2026-11-25T12:00:00.000Z',
}

function open(items: OperatorPayment[], routes: Parameters<typeof installFakeApi>[0] = {}) {
  let pending = items
  const fake = installFakeApi({
    'GET /api/operator/payments': () => ({ body: { items: pending } }),
    [`POST /api/operator/payments/${payment.id}/confirm`]: () => {
      pending = []
      return {
        body: { id: payment.id, status: 'confirmed', paidUntil: '2027-02-25T12:00:00.000Z' },
      }
    },
    [`POST /api/operator/payments/${payment.id}/reject`]: () => {
      pending = []
      return { body: { id: payment.id, status: 'rejected' } }
    },
    ...routes,
  })
  renderWithProviders(<Payments />)
  return { fake, ui: userEvent.setup({ delay: null }) }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('operator payments page', () => {
  it('lists a pending request and confirms it with months and reference', async () => {
    const { fake, ui } = open([payment])
    const card = await screen.findByRole('article', { name: 'La Tienda de Ana' })
    expect(within(card).getByText(/ana@example\.com/)).toBeInTheDocument()
    expect(within(card).getByText('$ 600 / US$ 15')).toBeInTheDocument()
    expect(within(card).getByText(/3 meses/)).toBeInTheDocument()

    await ui.click(within(card).getByRole('button', { name: PLAN_TEXTS.confirm }))
    const form = within(card).getByRole('form')
    expect(within(form).getByLabelText(/Meses/)).toHaveValue(3)
    await ui.click(within(form).getByRole('button', { name: PLAN_TEXTS.confirm }))
    expect(await within(form).findByText(PLAN_MESSAGES.referenceRequired)).toBeInTheDocument()
    expect(fake.callsTo(`POST /api/operator/payments/${payment.id}/confirm`)).toHaveLength(0)

    await ui.type(within(form).getByLabelText(/Referencia del pago/), 'BROU 998877')
    await ui.click(within(form).getByRole('button', { name: PLAN_TEXTS.confirm }))
    await waitFor(() =>
      expect(fake.callsTo(`POST /api/operator/payments/${payment.id}/confirm`)).toHaveLength(1),
    )
    expect(fake.callsTo(`POST /api/operator/payments/${payment.id}/confirm`)[0]!.body).toEqual({
      months: 3,
      reference: 'BROU 998877',
    })
    expect(await screen.findByText(PLAN_TEXTS.paymentsEmpty)).toBeInTheDocument()
  })

  it('rejects with a reason, required before sending', async () => {
    const { fake, ui } = open([payment])
    const card = await screen.findByRole('article', { name: 'La Tienda de Ana' })
    await ui.click(within(card).getByRole('button', { name: PLAN_TEXTS.reject }))
    const form = within(card).getByRole('form')
    await ui.click(within(form).getByRole('button', { name: PLAN_TEXTS.reject }))
    expect(await within(form).findByText(PLAN_MESSAGES.reasonRequired)).toBeInTheDocument()
    await ui.type(within(form).getByLabelText(/Motivo del rechazo/), 'No llegó la transferencia')
    await ui.click(within(form).getByRole('button', { name: PLAN_TEXTS.reject }))
    await waitFor(() =>
      expect(fake.callsTo(`POST /api/operator/payments/${payment.id}/reject`)).toHaveLength(1),
    )
    expect(fake.callsTo(`POST /api/operator/payments/${payment.id}/reject`)[0]!.body).toEqual({
      reason: 'No llegó la transferencia',
    })
    expect(await screen.findByText(PLAN_TEXTS.paymentsEmpty)).toBeInTheDocument()
  })

  it('says when nothing is pending', async () => {
    open([])
    expect(await screen.findByText(PLAN_TEXTS.paymentsEmpty)).toBeInTheDocument()
  })
})
