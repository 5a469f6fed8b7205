/**
 * Toasts (SPEC §9) without sonner in a page's first load. `toast.success(...)` /
 * `toast.error(...)` take sonner's arguments; the library downloads on the first toast, and the
 * app's <Toaster> mounts once something asks for it (`requestToaster`). Screens that import
 * sonner's `toast` directly still work: their routes request the Toaster when they load (see
 * app/router.tsx), and sonner replays toasts fired before its Toaster mounted.
 */
import type { toast as sonnerToast } from 'sonner'

type SonnerToast = typeof sonnerToast

let isToasterRequested = false
const listeners = new Set<() => void>()

/** Mounts the app's <Toaster> (once; later calls do nothing). */
export function requestToaster(): void {
  if (isToasterRequested) return
  isToasterRequested = true
  for (const listener of listeners) listener()
}

export function subscribeToToasterRequest(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function isToasterRequestedNow(): boolean {
  return isToasterRequested
}

function show(fire: (toast: SonnerToast) => unknown): void {
  requestToaster()
  void import('sonner').then(({ toast }) => fire(toast))
}

export const toast = {
  success: (...args: Parameters<SonnerToast['success']>) => show((t) => t.success(...args)),
  error: (...args: Parameters<SonnerToast['error']>) => show((t) => t.error(...args)),
  info: (...args: Parameters<SonnerToast['info']>) => show((t) => t.info(...args)),
  /** Closes every toast on screen (nothing to load when none was ever shown). */
  dismiss: () => {
    if (isToasterRequested) void import('sonner').then(({ toast }) => toast.dismiss())
  },
}
