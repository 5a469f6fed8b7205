/**
 * The visitor's first use of a server-rendered page: the one listener for it in the app. The app
 * hydrates at the first of FIRST_USE_EVENTS (ssr/hydrate.tsx); nothing else on a page waits for a
 * use or for the screen to come near it (ADR 021, 2026-11-27 night: the gates that did measured
 * no saving). The list itself is the contracts' (document.public.ts), where the server's inline
 * boot script, which asks for this code, is written from the same constant: one list for both.
 */
import { FIRST_USE_EVENTS } from '@vitrina/contracts'

export { FIRST_USE_EVENTS }

/** Calls `start` once, at the first of FIRST_USE_EVENTS, before the page's own listeners. */
export function onFirstUse(start: () => void): void {
  const options = { capture: true, passive: true } as const
  const handle = () => {
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, handle, options)
    start()
  }
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, handle, options)
}
