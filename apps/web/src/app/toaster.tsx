import { useSyncExternalStore } from 'react'
import { Toaster } from 'sonner'
import { TIMINGS } from '@vitrina/contracts'

/** Sonner's own phone layout (toasts as wide as the screen) starts at this width. */
const PHONE_QUERY = '(max-width: 600px)'

function subscribeToPhoneWidth(onChange: () => void) {
  const media = window.matchMedia(PHONE_QUERY)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

const isPhoneWidth = () => window.matchMedia(PHONE_QUERY).matches

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
      visibleToasts={TIMINGS.toastsVisible}
      duration={TIMINGS.toastDurationMs}
      gap={TIMINGS.toastGapPx}
      richColors
      closeButton
    />
  )
}
