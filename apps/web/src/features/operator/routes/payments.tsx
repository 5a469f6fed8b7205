import { GENERIC_MESSAGES, PLAN_TEXTS } from '@vitrina/contracts'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { usePendingPayments } from '../payments/api'
import { PaymentCard } from '../payments/payment-card'
import { SubscriptionList } from '../payments/subscription-list'

/**
 * /operador/pagos (issue 23 §2–3): the plan requests waiting for their payment, oldest first;
 * below them, the Mercado Pago subscriptions (issue 43 §5);
 * the operator confirms one (months, reference) or rejects it with a reason. The console's
 * layout and its operator guard are the console's own (router.tsx).
 */
function Payments() {
  useDocumentTitle(PLAN_TEXTS.paymentsTitle)
  const payments = usePendingPayments()
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{PLAN_TEXTS.paymentsTitle}</h1>
        {payments.data && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {PLAN_TEXTS.paymentsCount(payments.data.items.length)}
          </p>
        )}
      </div>
      {payments.isPending ? (
        <div className="grid gap-4" aria-hidden="true">
          <Skeleton radius="card" className="h-40" />
          <Skeleton radius="card" className="h-40" />
        </div>
      ) : payments.isError ? (
        <div className="grid justify-items-start gap-3">
          <p>{GENERIC_MESSAGES.tryAgainLater}</p>
          <Button variant="outline" onClick={() => void payments.refetch()}>
            Intentar de nuevo
          </Button>
        </div>
      ) : payments.data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-input bg-card p-8 text-center text-muted-foreground">
          {PLAN_TEXTS.paymentsEmpty}
        </p>
      ) : (
        <ul className="grid gap-4">
          {payments.data.items.map((payment) => (
            <li key={payment.id}>
              <PaymentCard payment={payment} />
            </li>
          ))}
        </ul>
      )}
      <SubscriptionList />
    </div>
  )
}

export { Payments as Component }
