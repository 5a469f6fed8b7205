/**
 * Issue 46 §3 (ADR 039): the storefront's small consent banner for the owner's Google Analytics
 * and Meta pixel — two equal choices, 'Aceptar' and 'Rechazar'. A region, not a dialog: the page
 * stays usable while it shows. Opened from the footer's «Preferencias de cookies», it takes the
 * focus (the shopper asked for it); on a first visit it does not.
 */
import { CONSENT_BANNER_TEXTS as T, type PixelConsent } from '@vitrina/contracts'
import { useEffect, useId, useRef } from 'react'
import { Button } from '../../components/ui/button'

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
        <Button type="button" onClick={() => onChoice('denied')} className="grow sm:grow-0">
          {T.reject}
        </Button>
        <Button type="button" onClick={() => onChoice('granted')} className="grow sm:grow-0">
          {T.accept}
        </Button>
      </div>
    </section>
  )
}
