import {
  GENERIC_MESSAGES,
  PLAN_TEXTS,
  SUBSCRIPTION_TEXTS,
  formatPlanDate,
  formatSubscriptionPrice,
  type OperatorSubscription,
} from '@vitrina/contracts'
import { Badge } from '../../../components/ui/badge'
import { Skeleton } from '../../../components/ui/skeleton'
import { useSubscriptions } from './api'

/**
 * /operador/pagos, issue 43 §5 (ADR 040): every Premium subscription billed by Mercado Pago —
 * the shop, its state, the next charge, the last payment and a grace after a failed one.
 */
export function SubscriptionList() {
  const subscriptions = useSubscriptions()
  return (
    <section aria-labelledby="suscripciones" className="grid gap-4">
      <h2 id="suscripciones" className="text-xl font-bold tracking-tight">
        {SUBSCRIPTION_TEXTS.listTitle}
      </h2>
      {subscriptions.isPending ? (
        <Skeleton radius="card" className="h-24" aria-hidden="true" />
      ) : subscriptions.isError ? (
        <p>{GENERIC_MESSAGES.tryAgainLater}</p>
      ) : subscriptions.data.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-input bg-card p-8 text-center text-muted-foreground">
          {SUBSCRIPTION_TEXTS.listEmpty}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {subscriptions.data.items.map((item) => (
            <li key={item.id}>
              <SubscriptionItem item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function SubscriptionItem({ item }: { item: OperatorSubscription }) {
  const titleId = `suscripcion-${item.id}`
  const last = item.lastPayment
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-2 rounded-2xl border border-border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {item.business.name}
        </h3>
        <Badge variant={item.status === 'authorized' ? 'default' : 'secondary'}>
          {SUBSCRIPTION_TEXTS.status[item.status]}
        </Badge>
      </div>
      <p className="break-words text-muted-foreground">
        /{item.business.identifier} · {item.ownerEmail}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{SUBSCRIPTION_TEXTS.amountLabel}</dt>
        <dd>{SUBSCRIPTION_TEXTS.monthly(formatSubscriptionPrice(item.currency))}</dd>
        {item.nextPaymentDate && (
          <>
            <dt className="text-muted-foreground">{SUBSCRIPTION_TEXTS.nextChargeLabel}</dt>
            <dd>{formatPlanDate(item.nextPaymentDate)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{SUBSCRIPTION_TEXTS.lastPayment}</dt>
        <dd>
          {last
            ? `${SUBSCRIPTION_TEXTS.paymentStatus[last.status] ?? last.status}, ${formatPlanDate(last.at)}`
            : SUBSCRIPTION_TEXTS.noPayment}
        </dd>
        {item.paidUntil && (
          <>
            <dt className="text-muted-foreground">{PLAN_TEXTS.premiumUntil}</dt>
            <dd>{formatPlanDate(item.paidUntil)}</dd>
          </>
        )}
      </dl>
      {item.graceUntil && (
        <p className="font-medium text-destructive">
          {SUBSCRIPTION_TEXTS.graceUntil(formatPlanDate(item.graceUntil))}
        </p>
      )}
    </article>
  )
}
