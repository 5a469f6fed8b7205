/**
 * Issue 43 §4: the owner's Mercado Pago payment on an order — its state, Mercado Pago's id with a
 * link, a flag, and a refund (a Spanish message for a bad amount; the API's refusal shown).
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MERCADOPAGO_TEXTS, PAYMENT_MESSAGES, type OwnerOrder } from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { makeOwnerOrder } from '../../test/owner-kit'
import { OwnerOnlinePayment } from './components/orders/owner-online-payment'

const ID = makeOwnerOrder()._id

function show(onlinePayment: OwnerOrder['onlinePayment']) {
  const order = makeOwnerOrder({
    payment: { type: 'mercadopago' },
    ...(onlinePayment ? { onlinePayment } : {}),
  })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OwnerOnlinePayment order={order} />
    </QueryClientProvider>,
  )
}

afterEach(() => vi.unstubAllGlobals())

describe("the owner's Mercado Pago payment", () => {
  it('paid: the id links to Mercado Pago; a refund is sent, a bad amount refused in Spanish', async () => {
    const api = installFakeApi({
      [`POST /api/orders/${ID}/reembolsos`]: () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: PAYMENT_MESSAGES.refundRefused },
      }),
    })
    show({ status: 'aprobado', label: 'Pago aprobado', paymentId: '1301', mayPay: false })
    expect(screen.getByText('Pago aprobado')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /1301/ })).toHaveAttribute(
      'href',
      'https://www.mercadopago.com.uy/activities?q=1301',
    )
    const amount = screen.getByRole('textbox', { name: MERCADOPAGO_TEXTS.refundAmountLabel })
    await userEvent.type(amount, '-5')
    await userEvent.click(screen.getByRole('button', { name: MERCADOPAGO_TEXTS.refundButton }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.refundAmountInvalid)
    expect(api.calls).toHaveLength(0)
    await userEvent.clear(amount)
    await userEvent.type(amount, '200,50')
    await userEvent.click(screen.getByRole('button', { name: MERCADOPAGO_TEXTS.refundButton }))
    expect(await screen.findByText(PAYMENT_MESSAGES.refundRefused)).toBeInTheDocument()
    expect(api.calls[0]!.body).toEqual({ amount: 200.5 })
    expect(await axeViolations()).toEqual([])
  })

  it('flagged: says why; not paid: no refund', () => {
    show({
      status: 'pendiente',
      label: 'Pago pendiente',
      mayPay: true,
      flagged: true,
      flag: 'importe',
    })
    expect(screen.getByRole('note')).toHaveTextContent(MERCADOPAGO_TEXTS.amountMismatch)
    expect(screen.queryByRole('button')).toBeNull()
  })
})
