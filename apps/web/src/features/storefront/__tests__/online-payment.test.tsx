/**
 * Issue 43: the order page's Mercado Pago payment — its state in Spanish as the API says it,
 * «Reintentar el pago» while unpaid (a refused start says why), nothing to pay once approved;
 * axe clean.
 */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MERCADOPAGO_TEXTS, PAYMENT_MESSAGES, type PublicOrder } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { installFakeApi } from '../../../test/fake-api'
import { OnlinePayment } from '../components/online-payment'
import { makeOrder } from './order-fixtures'

function show(onlinePayment: PublicOrder['onlinePayment'], client = new QueryClient()) {
  const order = makeOrder({ status: 'nuevo', onlinePayment })
  return render(
    <QueryClientProvider client={client}>
      <OnlinePayment order={order} token="tok123" />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
  window.history.replaceState(null, '', '/')
})

describe('the order page’s Mercado Pago payment', () => {
  it('approved: says so, nothing to pay', async () => {
    show({ status: 'aprobado', label: 'Pago aprobado', paymentId: '123', mayPay: false })
    expect(screen.getByRole('status')).toHaveTextContent('Pago aprobado')
    expect(screen.queryByRole('button')).toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it('rejected: «Reintentar el pago»; a refused start says why in Spanish', async () => {
    const api = installFakeApi({
      'POST /api/orders/P-7K3Q/pago': () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: PAYMENT_MESSAGES.alreadyPaid },
      }),
    })
    show({ status: 'rechazado', label: 'Pago rechazado', paymentId: '9', mayPay: true })
    expect(screen.getByRole('status')).toHaveTextContent('Pago rechazado')
    expect(screen.getByText(MERCADOPAGO_TEXTS.rejectedNote)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: MERCADOPAGO_TEXTS.retryButton }))
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.alreadyPaid)
    expect(api.callsTo('POST /api/orders/P-7K3Q/pago')[0]!.path).toContain('t=tok123')
    expect(await axeViolations()).toEqual([])
  })

  it('back from Mercado Pago with a payment the API has not heard of: asks again, for a minute', () => {
    vi.useFakeTimers()
    // A retry approved after a rejection: the page loaded before the notification arrived.
    window.history.replaceState(
      null,
      '',
      '/flor/pedido/P-7K3Q?t=tok123&payment_id=555&status=approved',
    )
    const client = new QueryClient()
    const asked = vi.spyOn(client, 'invalidateQueries')
    show({ status: 'rechazado', label: 'Pago rechazado', paymentId: '9', mayPay: true }, client)
    // The query is not the state.
    expect(screen.getByRole('status')).toHaveTextContent('Pago rechazado')
    vi.advanceTimersByTime(8_000)
    expect(asked).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(120_000)
    expect(asked.mock.calls.length).toBeLessThanOrEqual(16)
    const after = asked.mock.calls.length
    vi.advanceTimersByTime(60_000)
    expect(asked).toHaveBeenCalledTimes(after)
  })

  it('a payment the API already knows, or no return: no asking again unless pending', () => {
    vi.useFakeTimers()
    window.history.replaceState(
      null,
      '',
      '/flor/pedido/P-7K3Q?t=tok123&payment_id=9&status=rejected',
    )
    const client = new QueryClient()
    const asked = vi.spyOn(client, 'invalidateQueries')
    show({ status: 'rechazado', label: 'Pago rechazado', paymentId: '9', mayPay: true }, client)
    vi.advanceTimersByTime(20_000)
    expect(asked).not.toHaveBeenCalled()
  })

  it('pending without a payment yet: «Pagar con Mercado Pago» and the waiting note', () => {
    show({ status: 'pendiente', label: 'Pago pendiente', mayPay: true })
    expect(screen.getByText(MERCADOPAGO_TEXTS.pendingNote)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: MERCADOPAGO_TEXTS.payButton })).toBeEnabled()
  })
})
