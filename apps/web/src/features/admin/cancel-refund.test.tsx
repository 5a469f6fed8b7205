/**
 * Issue 43 §4: cancelling an order paid with Mercado Pago asks whether to refund what is left
 * of the payment, in the same step (the order is cancelled, then the refund is asked); an order
 * not paid online is cancelled as before; a refund that fails says the order is cancelled anyway.
 * Axe at 375 and 1280 px.
 */
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  MERCADOPAGO_TEXTS,
  ORDER_ADMIN_TEXTS as T,
  PAYMENT_MESSAGES,
  type OwnerOrder,
} from '@vitrina/contracts'
import { toast } from 'sonner'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { makeOwnerOrder } from '../../test/owner-kit'
import { OrderActions } from './components/orders/order-actions'

vi.setConfig({ testTimeout: 30_000 })

const ID = '7a9d0c1e-0000-4000-8000-000000000998'

function show(onlinePayment?: OwnerOrder['onlinePayment']) {
  const order = makeOwnerOrder({
    _id: ID,
    payment: { type: onlinePayment ? 'mercadopago' : 'efectivo' },
    ...(onlinePayment ? { onlinePayment } : {}),
  })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderActions order={order} />
    </QueryClientProvider>,
  )
}

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

const PAID = {
  status: 'reembolsado_parcial' as const,
  label: 'Pago reembolsado en parte',
  paymentId: '1301',
  refunded: 200,
  mayPay: false,
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('cancelling an order paid with Mercado Pago', () => {
  for (const width of [375, 1280]) {
    it(`asks whether to refund what is left; cancels, then refunds (axe at ${width} px)`, async () => {
      atWidth(width)
      const success = vi.spyOn(toast, 'success')
      const api = installFakeApi({
        [`PATCH /api/orders/${ID}`]: () => ({ body: {} }),
        [`POST /api/orders/${ID}/reembolsos`]: () => ({ body: { payment: null, events: [] } }),
      })
      show(PAID)
      const ui = userEvent.setup({ delay: null })
      await ui.click(screen.getByRole('button', { name: T.cancelOrder }))
      const box = await screen.findByRole('checkbox', {
        name: MERCADOPAGO_TEXTS.cancelRefund('$ 1.000,00'),
      })
      expect(box).not.toBeChecked()
      expect(screen.getByText(MERCADOPAGO_TEXTS.cancelRefundHint)).toBeInTheDocument()
      expect(await axeViolations()).toEqual([])
      await ui.type(screen.getByRole('textbox', { name: new RegExp(T.cancelReason) }), 'Sin stock')
      await ui.click(box)
      await ui.click(screen.getByRole('button', { name: T.cancelConfirm }))
      await waitFor(() => expect(api.callsTo(`POST /api/orders/${ID}/reembolsos`)).toHaveLength(1))
      expect(api.calls.map((c) => c.method)).toEqual(['PATCH', 'POST'])
      expect(api.callsTo(`PATCH /api/orders/${ID}`)[0]!.body).toEqual({
        status: 'cancelado',
        reason: 'Sin stock',
      })
      expect(api.callsTo(`POST /api/orders/${ID}/reembolsos`)[0]!.body).toEqual({})
      await waitFor(() =>
        expect(success).toHaveBeenCalledWith(MERCADOPAGO_TEXTS.refundDone, expect.anything()),
      )
    })
  }

  it('not ticked: cancelled without a refund', async () => {
    const api = installFakeApi({ [`PATCH /api/orders/${ID}`]: () => ({ body: {} }) })
    show({ ...PAID, status: 'aprobado', refunded: undefined })
    const ui = userEvent.setup({ delay: null })
    await ui.click(screen.getByRole('button', { name: T.cancelOrder }))
    expect(
      await screen.findByRole('checkbox', { name: MERCADOPAGO_TEXTS.cancelRefund('$ 1.200,00') }),
    ).toBeInTheDocument()
    await ui.type(screen.getByRole('textbox', { name: new RegExp(T.cancelReason) }), 'Pidió')
    await ui.click(screen.getByRole('button', { name: T.cancelConfirm }))
    await waitFor(() => expect(api.calls).toHaveLength(1))
    expect(api.calls[0]!.method).toBe('PATCH')
  })

  it('a refund that fails says the order is cancelled anyway', async () => {
    const error = vi.spyOn(toast, 'error')
    installFakeApi({
      [`PATCH /api/orders/${ID}`]: () => ({ body: {} }),
      [`POST /api/orders/${ID}/reembolsos`]: () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: PAYMENT_MESSAGES.refundRefused },
      }),
    })
    show(PAID)
    const ui = userEvent.setup({ delay: null })
    await ui.click(screen.getByRole('button', { name: T.cancelOrder }))
    await ui.type(
      await screen.findByRole('textbox', { name: new RegExp(T.cancelReason) }),
      'Sin stock',
    )
    await ui.click(screen.getByRole('checkbox'))
    await ui.click(screen.getByRole('button', { name: T.cancelConfirm }))
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(MERCADOPAGO_TEXTS.cancelRefundFailed, {
        description: PAYMENT_MESSAGES.refundRefused,
      }),
    )
  })

  it('an order not paid online: no refund question', async () => {
    installFakeApi({})
    show()
    const ui = userEvent.setup({ delay: null })
    await ui.click(screen.getByRole('button', { name: T.cancelOrder }))
    expect(await screen.findByRole('button', { name: T.cancelConfirm })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})
