/**
 * Issue 43 (ADR 037): the order page's Mercado Pago payment, in Spanish — its state as the API
 * knows it (never the return URL's query), «Reintentar el pago» while unpaid, and, while
 * pending, the page asks again every few seconds until Mercado Pago's notification arrives. The
 * same when the shopper comes back from Mercado Pago with a payment the API has not heard of yet
 * (the return URL's `payment_id` is not the order's: a retry after a rejection, whose
 * notification is still on its way) — for a minute at most; the query only says to ask again.
 */
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import { MERCADOPAGO_TEXTS, PAYMENT_MESSAGES, type PublicOrder } from '@vitrina/contracts'
import { isApiError } from '../../../api/client'
import { orderKeys } from '../../../api/order-keys'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/utils'
import { startOnlinePayment } from '../api/online-payment'

const POLL_MS = 4_000
/** How long a return from Mercado Pago with an unknown payment keeps asking. */
const RETURN_POLL_MS = 60_000

/** The payment id Mercado Pago's return URL names, if the page came from there. */
function returnedPaymentId(): string | null {
  if (typeof window === 'undefined') return null
  return new URLSearchParams(window.location.search).get('payment_id')
}

const TONES: Record<string, string> = {
  aprobado: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  pendiente: 'bg-amber-50 text-amber-950 border-amber-200',
  rechazado: 'bg-red-50 text-red-900 border-red-200',
  cancelado: 'bg-red-50 text-red-900 border-red-200',
}

export function OnlinePayment({ order, token }: { order: PublicOrder; token: string }) {
  const payment = order.onlinePayment
  const queryClient = useQueryClient()
  const [starting, setStarting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const pending = payment?.status === 'pendiente'
  const [returned] = useState(returnedPaymentId)
  const unheard = returned !== null && returned !== payment?.paymentId

  useEffect(() => {
    if (!pending && !unheard) return
    const until = Date.now() + RETURN_POLL_MS
    const timer = setInterval(() => {
      if (!pending && Date.now() > until) return clearInterval(timer)
      void queryClient.invalidateQueries({ queryKey: orderKeys.public(order.code, token) })
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [pending, unheard, queryClient, order.code, token])

  if (!payment) return null

  async function pay() {
    setStarting(true)
    setError(null)
    try {
      const { url } = await startOnlinePayment(order.code, token)
      window.location.assign(url)
    } catch (e) {
      setStarting(false)
      setError(isApiError(e) && e.status !== 0 ? e.message : PAYMENT_MESSAGES.unreachable)
    }
  }

  const note =
    payment.status === 'pendiente'
      ? MERCADOPAGO_TEXTS.pendingNote
      : payment.status === 'rechazado' || payment.status === 'cancelado'
        ? MERCADOPAGO_TEXTS.rejectedNote
        : null

  return (
    <div
      className={cn(
        'grid gap-2 rounded-lg border px-3 py-3 text-sm',
        TONES[payment.status] ?? 'bg-muted',
      )}
      data-testid="pago-en-linea"
    >
      <p role="status" className="flex items-center gap-2 font-semibold">
        {payment.status === 'aprobado' && <CheckCircle2 className="size-4" aria-hidden="true" />}
        {payment.label}
      </p>
      {note && <p>{note}</p>}
      {payment.mayPay && (
        <Button type="button" onClick={() => void pay()} disabled={starting} className="w-fit">
          {payment.paymentId || payment.status !== 'pendiente'
            ? MERCADOPAGO_TEXTS.retryButton
            : MERCADOPAGO_TEXTS.payButton}
        </Button>
      )}
      {starting && <p aria-live="polite">{MERCADOPAGO_TEXTS.redirecting}</p>}
      {error && (
        <p role="alert" className="font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
