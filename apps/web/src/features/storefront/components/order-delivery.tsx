/**
 * Issue 44 §2: on the shopper's order page, where the order goes (its zone and estimated time,
 * the parcel agency, or the pickup point), the tracking code with a known carrier's link, and the
 * timeline: recibido, confirmado, enviado / listo para retirar, entregado — or cancelado.
 */
import { DELIVERY_TEXTS as T, orderTimeline, placeLabel } from '@vitrina/contracts'
import type { PublicOrder } from '@vitrina/contracts'
import { ExternalLink } from 'lucide-react'
import { cn } from '../../../lib/utils'

export function OrderDeliveryDetail({ delivery }: { delivery: PublicOrder['delivery'] }) {
  const { detail, tracking } = delivery
  return (
    <>
      {detail?.kind === 'zone' && (
        <p className="text-sm text-muted-foreground">
          {T.detailZone(detail.zone, detail.place ? placeLabel(detail.place) : undefined)}
          {detail.eta && ` · ${T.eta(detail.eta)}`}
        </p>
      )}
      {detail?.kind === 'agency' && (
        <p className="text-sm text-muted-foreground">
          {T.detailAgency(detail.agency)}
          {detail.payAtDestination && ` · ${T.payAtDestination}`}
        </p>
      )}
      {detail?.kind === 'pickup' && detail.point && (
        <div className="text-sm text-muted-foreground">
          <p>{T.detailPoint(detail.point.name)}</p>
          <p>{detail.point.address}</p>
          {detail.point.note && <p>{detail.point.note}</p>}
        </div>
      )}
      {tracking && (
        <p className="text-sm">
          <span className="font-medium">{T.trackingCode}:</span>{' '}
          <span className="tabular-nums">{T.trackingWith(tracking.carrier, tracking.code)}</span>
          {tracking.url && (
            <>
              {' · '}
              <a
                href={tracking.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium underline underline-offset-2"
              >
                {T.trackingLink}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            </>
          )}
        </p>
      )}
    </>
  )
}

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
