import { useSyncExternalStore } from 'react'
import { isHydrating } from '../lib/hydration'

const QUERY = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {}
  const media = window.matchMedia(QUERY)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

export function prefersReducedMotion(): boolean {
  if (isHydrating()) return false // as on the server
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches
}

/** Whether the visitor asked the system for less motion. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false)
}
