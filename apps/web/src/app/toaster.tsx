import { Toaster } from 'sonner'
import { TIMINGS } from '@vitrina/contracts'

/** The app's toasts (SPEC §9); its own chunk, loaded when the first screen needs toasts. */
export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
      visibleToasts={TIMINGS.toastsVisible}
      duration={TIMINGS.toastDurationMs}
      gap={TIMINGS.toastGapPx}
      richColors
      closeButton
    />
  )
}
