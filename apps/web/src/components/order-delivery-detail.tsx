/**
 * Issue 44 §2: where an order goes — its zone and estimated time, the parcel agency, or the pickup
 * point — and the tracking code with a known carrier's link. The shopper's order page and the
 * owner's order card show the same lines.
 */
import { DELIVERY_TEXTS as T, placeLabel } from '@vitrina/contracts'
import type { PublicOrder } from '@vitrina/contracts'
import { ExternalLink } from 'lucide-react'

export function OrderDeliveryDetail({
  delivery,
  withTracking = true,
}: {
  delivery: PublicOrder['delivery']
  /** False where the timeline shows the tracking (the shopper's page, issue 44 §2). */
  withTracking?: boolean
}) {
  const { detail } = delivery
  const tracking = withTracking ? delivery.tracking : undefined
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
