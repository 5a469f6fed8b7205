/**
 * The visitor's first use of a server-rendered page: the one list of events that count as a use,
 * and the one listener for it. The app hydrates at the first of them (ssr/hydrate.tsx); nothing
 * else on a page waits for a use or for the screen to come near it (ADR 021, 2026-11-27 night:
 * the gates that did measured no saving). The server's inline boot script, which asks for this
 * code, spells its own list out in its source: the same events without 'pointermove' and
 * 'offline'.
 *
 * 'offline': the storefront then shows its 'Sin conexión' notice (ADR 026).
 */
export const FIRST_USE_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'offline',
] as const

/** Calls `start` once, at the first of FIRST_USE_EVENTS, before the page's own listeners. */
export function onFirstUse(start: () => void): void {
  const options = { capture: true, passive: true } as const
  const handle = () => {
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, handle, options)
    start()
  }
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, handle, options)
}
