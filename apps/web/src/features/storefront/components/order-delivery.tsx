/**
 * Issue 44 §2: on the shopper's order page, the timeline: recibido, confirmado, pagado (an order
 * paid online), enviado with its tracking / listo para retirar, entregado — or cancelado with
 * its reason — each reached step with its date and time in the shop's time zone. An ordered
 * list; the current step has aria-current and its own mark (not colour alone). (Where the order
 * goes: components/order-delivery-detail.)
 */
import { DELIVERY_TEXTS as T, orderTimeline } from '@vitrina/contracts'
import { Check, X } from 'lucide-react'
import type { PublicOrder, TimelineState } from '@vitrina/contracts'
import { orderDate } from '../../../lib/order-date'
import { cn } from '../../../lib/utils'

const STATE_TEXT: Record<TimelineState, string> = {
  done: T.timelineDone,
  current: T.timelineCurrent,
  pending: T.timelinePending,
}

/** The step's mark: a tick when done, a filled ring when current, an empty ring when pending. */
function Mark({ state, cancelled }: { state: TimelineState; cancelled: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'relative z-10 grid size-6 shrink-0 place-items-center rounded-full border-2',
        state === 'done' && 'border-emerald-700 bg-emerald-700 text-white',
        state === 'current' && !cancelled && 'border-foreground bg-background',
        state === 'current' && cancelled && 'border-destructive bg-destructive text-white',
        state === 'pending' && 'border-border bg-background',
      )}
    >
      {state === 'done' ? (
        <Check className="size-3.5" strokeWidth={3} />
      ) : state === 'current' ? (
        cancelled ? (
          <X className="size-3.5" strokeWidth={3} />
        ) : (
          <span className="size-2.5 rounded-full bg-foreground" />
        )
      ) : null}
    </span>
  )
}

export function OrderTimeline({
  order,
  timeZone,
}: {
  order: Pick<
    PublicOrder,
    'status' | 'delivery' | 'onlinePayment' | 'steps' | 'cancelReason' | 'createdAt'
  >
  timeZone: string
}) {
  const steps = orderTimeline(order)
  const tracking = order.delivery.tracking
  return (
    <section aria-labelledby="pedido-seguimiento" className="grid gap-3">
      <h2 id="pedido-seguimiento" className="text-base font-semibold">
        {T.timelineTitle}
      </h2>
      <ol className="grid">
        {steps.map(({ step, state, at }, i) => (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {i < steps.length - 1 && (
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-6 bottom-0 left-[11px] w-0.5',
                  state === 'done' ? 'bg-emerald-700' : 'bg-border',
                )}
              />
            )}
            <Mark state={state} cancelled={step === 'cancelado'} />
            <div className="grid min-w-0 gap-0.5 text-sm">
              <p
                className={cn(
                  state === 'current' && 'font-semibold',
                  state === 'pending' && 'text-muted-foreground',
                )}
              >
                {T.timelineSteps[step]}
                <span className="sr-only"> ({STATE_TEXT[state]})</span>
              </p>
              {at && (
                <p className="text-muted-foreground tabular-nums">
                  <time dateTime={at}>{orderDate(at, timeZone)}</time>
                </p>
              )}
              {step === 'pagado' && state !== 'pending' && (
                <p className="text-muted-foreground">{T.timelinePaidWith}</p>
              )}
              {step === 'enviado' && state !== 'pending' && tracking && (
                <p className="break-words">
                  <span className="font-medium">{T.trackingCode}:</span>{' '}
                  <span className="tabular-nums">
                    {T.trackingWith(tracking.carrier, tracking.code)}
                  </span>
                  {tracking.url && (
                    <>
                      {' · '}
                      <a
                        href={tracking.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-medium underline underline-offset-4"
                      >
                        {T.trackingLink}
                        <span className="sr-only"> (se abre en una pestaña nueva)</span>
                      </a>
                    </>
                  )}
                </p>
              )}
              {step === 'cancelado' && order.cancelReason && (
                <p className="break-words text-destructive">
                  {T.timelineReason(order.cancelReason)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
