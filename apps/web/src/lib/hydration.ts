/**
 * A server-rendered page (ADR 017) is hydrated: the browser's first render must describe exactly
 * the HTML the server sent, or Preact keeps attributes that no longer match. While that render
 * runs, what only this device knows (localStorage, media queries, what is on screen) reads as it
 * does on the server; when it ends, everything that reads such state is told to look again.
 */
let hydrating = false
const listeners = new Set<() => void>()

/** True during the hydration of a server-rendered page, and on the server itself. */
export function isHydrating(): boolean {
  return hydrating || typeof window === 'undefined'
}

/** Runs `hydrate` (synchronous) with device state hidden, then announces the end. */
export function hydrateWith(hydrate: () => void): void {
  hydrating = true
  try {
    hydrate()
  } finally {
    hydrating = false
  }
  for (const listener of listeners) listener()
}

/** Calls `listener` each time a hydration ends; returns the unsubscribe. */
export function onHydrated(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
