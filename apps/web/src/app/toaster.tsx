import { useSyncExternalStore, type CSSProperties } from 'react'
import { Toaster } from 'sonner'
import { LAYOUT, TIMINGS } from '@vitrina/contracts'

/** Sonner's own phone layout (toasts as wide as the screen) starts at this width. */
const PHONE_QUERY = '(max-width: 600px)'

function subscribeToPhoneWidth(onChange: () => void) {
  const media = window.matchMedia(PHONE_QUERY)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

const isPhoneWidth = () => window.matchMedia(PHONE_QUERY).matches

/**
 * On larger screens toasts start below the 64 px header: at sonner's default 24 px they covered
 * its right end — the cart button a shopper reaches for right after 'Producto añadido al carrito'
 * — and a pointer resting there kept the toast (and the cover) from going away.
 */
const BELOW_HEADER = { top: LAYOUT.heroOffsetPx + 16, right: 24 }

/**
 * Sonner's rich colours give a success toast green text on pale green at 4.3:1 and a warning
 * orange on cream at ~3:1, under WCAG's 4.5:1 (axe flagged 'Tienda suspendida'): darker text,
 * same hues.
 */
const READABLE_COLORS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
} as CSSProperties

/**
 * The app's toasts (SPEC §2.18, §9: top-right, 3 visible); its own chunk, loaded when the first
 * screen needs toasts. On a phone a toast spans the screen's width, so at the top it would hide
 * the header and the page's title for 4 s: there toasts rise from the bottom instead.
 */
export default function AppToaster() {
  const isPhone = useSyncExternalStore(subscribeToPhoneWidth, isPhoneWidth, () => false)
  return (
    <Toaster
      position={isPhone ? 'bottom-center' : 'top-right'}
      offset={isPhone ? undefined : BELOW_HEADER}
      visibleToasts={TIMINGS.toastsVisible}
      duration={TIMINGS.toastDurationMs}
      gap={TIMINGS.toastGapPx}
      richColors
      style={READABLE_COLORS}
      closeButton
    />
  )
}
