/**
 * Issue 46 §3 (ADR 039): the storefront's small consent banner for the owner's Google Analytics
 * and Meta pixel — two equal choices, 'Aceptar' and 'Rechazar'. A region, not a dialog: the page
 * stays usable while it shows. Opened from the footer's «Preferencias de cookies», it takes the
 * focus (the shopper asked for it); on a first visit it does not.
 *
 * The server writes it into a shop's pages (ssr/consent-banner-html.tsx), so it paints with the
 * page; that markup is then shown, hidden and listened to without React (./consent.ts, through
 * the buttons' `data-consent-choice`, as the page's inline script, contracts'
 * CONSENT_BANNER_SCRIPT). React renders it in the browser only for a shop reached by a navigation
 * inside the app (./consent-banner-root.tsx).
 */
import { CONSENT_BANNER_TEXTS as T, type PixelConsent } from '@vitrina/contracts'
import { useEffect, useId, useRef } from 'react'
import { Button } from '../../components/ui/button'

/** Which of the services the shop has ids for: what the banner names. */
export function servicesOf(ids: {
  ga4?: string | null
  meta?: string | null
}): keyof typeof T.services {
  return ids.ga4 && ids.meta ? 'both' : ids.ga4 ? 'ga4' : 'meta'
}

export function ConsentBanner({
  shop,
  services,
  takeFocus = false,
  onChoice,
}: {
  shop: string
  /** Which services the shop measures with (the banner names them). */
  services: keyof typeof T.services
  takeFocus?: boolean
  onChoice: (choice: PixelConsent) => void
}) {
  const titleId = useId()
  const region = useRef<HTMLElement>(null)
  useEffect(() => {
    if (takeFocus) region.current?.focus()
  }, [takeFocus])
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-50 mx-auto grid max-w-xl gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-lg outline-none focus-visible:ring-3 focus-visible:ring-ring/50 sm:bottom-6"
    >
      <div className="grid gap-1">
        <h2 id={titleId} className="font-semibold">
          {T.title}
        </h2>
        <p className="text-sm">{T.body(shop, T.services[services])}</p>
      </div>
      <div className="flex gap-2 sm:justify-end">
        <Button
          type="button"
          data-consent-choice="denied"
          onClick={() => onChoice('denied')}
          className="grow sm:grow-0"
        >
          {T.reject}
        </Button>
        <Button
          type="button"
          data-consent-choice="granted"
          onClick={() => onChoice('granted')}
          className="grow sm:grow-0"
        >
          {T.accept}
        </Button>
      </div>
    </section>
  )
}
