/**
 * Issue 44 §2: on the shopper's order page, the timeline: recibido, confirmado, enviado / listo
 * para retirar, entregado — or cancelado. (Where the order goes: components/order-delivery-detail.)
 */
import { DELIVERY_TEXTS as T, orderTimeline } from '@vitrina/contracts'
import type { PublicOrder } from '@vitrina/contracts'
import { cn } from '../../../lib/utils'

export function OrderTimeline({ order }: { order: Pick<PublicOrder, 'status' | 'delivery'> }) {
  const steps = orderTimeline(order.status, order.delivery.method)
  return (
    <section aria-labelledby="pedido-seguimiento" className="grid gap-2">
      <h2 id="pedido-seguimiento" className="text-sm font-semibold">
        {T.timelineTitle}
      </h2>
      <ol className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
        {steps.map(({ step, state }) => (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className={cn(
              'rounded-full px-3 py-1',
              state === 'done' && 'bg-emerald-100 text-emerald-900',
              state === 'current' && 'bg-foreground font-semibold text-background',
              state === 'pending' && 'border border-border text-muted-foreground',
            )}
          >
            {T.timelineSteps[step]}
            <span className="sr-only">
              {' '}
              (
              {state === 'done'
                ? T.timelineDone
                : state === 'current'
                  ? T.timelineCurrent
                  : T.timelinePending}
              )
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
