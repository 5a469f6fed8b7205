/**
 * Issue 43 §4: the owner's view of an order's Mercado Pago payment — its state in Spanish,
 * Mercado Pago's payment id with a link to it, a flag to look at, and a full or partial refund
 * (sent to the API; the state follows when Mercado Pago confirms it).
 */
import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  MERCADOPAGO_TEXTS,
  PAID_STATUSES,
  PAYMENT_MESSAGES,
  mercadoPagoPaymentUrl,
  type OwnerOrder,
} from '@vitrina/contracts'
import { api, isApiError } from '../../../../api/client'
import { orderKeys } from '../../../../api/order-keys'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'

export function OwnerOnlinePayment({ order }: { order: OwnerOrder }) {
  const payment = order.onlinePayment
  const queryClient = useQueryClient()
  const [amount, setAmount] = useState('')
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null)
  const refund = useMutation({
    mutationFn: (value: number | undefined) =>
      api.post(`/orders/${encodeURIComponent(order._id)}/reembolsos`, {
        ...(value === undefined ? {} : { amount: value }),
      }),
    onSuccess: () => {
      setAmount('')
      setMessage({ text: MERCADOPAGO_TEXTS.refundDone, error: false })
      void queryClient.invalidateQueries({ queryKey: orderKeys.all })
    },
    onError: (error) =>
      setMessage({
        text:
          isApiError(error) && error.status !== 0 ? error.message : PAYMENT_MESSAGES.unreachable,
        error: true,
      }),
  })
  if (!payment) return null
  const inputId = `reembolso-${order._id}`

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const text = amount.trim().replace(',', '.')
    const value = text === '' ? undefined : Number(text)
    if (value !== undefined && !(value > 0)) {
      setMessage({ text: PAYMENT_MESSAGES.refundAmountInvalid, error: true })
      return
    }
    refund.mutate(value)
  }

  return (
    <div className="grid gap-1 text-sm">
      <p className="font-medium">{payment.label}</p>
      {payment.paymentId && (
        <p>
          {MERCADOPAGO_TEXTS.paymentIdLabel}:{' '}
          <a
            href={mercadoPagoPaymentUrl(payment.paymentId)}
            target="_blank"
            rel="noopener noreferrer"
            className="font-mono underline underline-offset-2"
          >
            {payment.paymentId}
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
      )}
      {payment.flag && (
        <p role="note" className="rounded bg-amber-50 px-2 py-1 text-amber-950">
          {payment.flag === 'stock'
            ? MERCADOPAGO_TEXTS.stockFlag
            : MERCADOPAGO_TEXTS.amountMismatch}
        </p>
      )}
      {PAID_STATUSES.includes(payment.status) && (
        <form onSubmit={onSubmit} className="mt-1 flex flex-wrap items-end gap-2">
          <div className="grid w-32 gap-1">
            <label htmlFor={inputId} className="text-xs font-medium">
              {MERCADOPAGO_TEXTS.refundAmountLabel}
            </label>
            <Input
              id={inputId}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-describedby={`${inputId}-ayuda`}
            />
          </div>
          <Button type="submit" variant="outline" disabled={refund.isPending}>
            {MERCADOPAGO_TEXTS.refundButton}
          </Button>
          <p id={`${inputId}-ayuda`} className="w-full text-xs text-muted-foreground">
            {MERCADOPAGO_TEXTS.refundAmountHint}
          </p>
        </form>
      )}
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'text-destructive' : ''}
        >
          {message.text}
        </p>
      )}
    </div>
  )
}
