/**
 * Resolves when the browser is idle (at most `timeout` ms later), for work that must not compete
 * with the page's first paint and first input; at once on the server.
 */
export function whenIdle(timeout = 2000): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout })
    } else {
      setTimeout(resolve, 200)
    }
  })
}
