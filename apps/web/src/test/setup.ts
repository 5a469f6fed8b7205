import '@testing-library/jest-dom/vitest'
// Issue 41 §4: the business wizard keeps its draft in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach, vi } from 'vitest'

// Lazy route modules are transformed on first import, which can take a few seconds on a cold,
// busy machine; waiting longer than the default 1 s keeps those tests deterministic.
configure({ asyncUtilTimeout: 5000 })

// Tests of the server's render run in Node (`@vitest-environment node`): no DOM to prepare.
const hasDom = typeof window !== 'undefined'

if (hasDom) {
  // jsdom lacks these browser APIs that the app (scroll to top, media queries, carousels) uses.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList
  }
  // Pointer capture (toasts' swipe handling) and scrollIntoView (Radix Select) are missing too.
  Element.prototype.setPointerCapture ??= () => {}
  Element.prototype.releasePointerCapture ??= () => {}
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.scrollIntoView ??= () => {}
  class NoopObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver
  globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver
}

afterEach(() => {
  cleanup()
  // Sonner keeps toasts in a module-level store and replays active ones to a new <Toaster>:
  // dismissed once the <Toaster> is gone, they are dropped without a <Toast> starting its
  // 200 ms removal timer, which its unmount does not clear and which, after a file's last test,
  // fired once the environment (window) was gone — an unhandled error in CI.
  toast.dismiss()
  if (hasDom) localStorage.clear()
  vi.unstubAllGlobals()
  // Spies made with vi.spyOn (console, layout boxes) last one test.
  vi.restoreAllMocks()
  vi.useRealTimers()
})

afterAll(async () => {
  // A toast that closed by itself during the file's last test may still have that timer
  // pending: let it run while the DOM is here.
  if (hasDom && toast.getHistory().length > 0) await new Promise((done) => setTimeout(done, 250))
})
