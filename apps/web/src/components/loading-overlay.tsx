import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { Spinner } from './ui/spinner'

// Several overlays may be open at once; the page scrolls again only when the last one closes.
let openOverlays = 0
let previousOverflow = ''

function lockScroll() {
  if (openOverlays++ === 0) {
    previousOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
  }
}

function unlockScroll() {
  if (--openOverlays === 0) document.body.style.overflow = previousOverflow
}

/**
 * SPEC §2.18: full-screen overlay with a spinner and a message that locks page scroll while
 * shown (e.g. 'Modificando producto...').
 */
export function LoadingOverlay({
  show,
  message,
  children,
}: {
  show: boolean
  message?: string
  /** Shown under the message (e.g. an upload's progress). */
  children?: ReactNode
}) {
  useEffect(() => {
    if (!show) return
    lockScroll()
    return unlockScroll
  }, [show])

  if (!show) return null
  return createPortal(
    <div
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-label={message ?? 'Cargando…'}
      className="fixed inset-0 z-[100] grid place-items-center bg-primary/70 p-6 backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-card px-8 py-7 text-center shadow-2xl">
        <Spinner size="lg" className="text-accent" label={message ?? 'Cargando…'} />
        {message && <p className="max-w-xs text-base font-medium text-foreground">{message}</p>}
        {children}
      </div>
    </div>,
    document.body,
  )
}
