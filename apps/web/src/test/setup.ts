import '@testing-library/jest-dom/vitest'
// Issue 41 §4: the business wizard keeps its draft in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto'
import { clear as clearKeyval } from 'idb-keyval'
import { cleanup, configure } from '@testing-library/react'
import { focusManager, onlineManager } from '@tanstack/react-query'
import { toast } from 'sonner'
import { afterAll, afterEach, vi } from 'vitest'

/*
 * The files of this project share a worker and its jsdom (`isolate: false` in vitest.config.ts):
 * loading jsdom, React and the test libraries once instead of per file cut the project from 8.5 to
 * 2.4 min on a 2-core machine.
 * What a file could leave behind is reset here, before each file:
 * - the app's own modules are evaluated afresh, so module state (the session store, the toaster
 *   request, the first-use flags) starts as in a new page; packages stay loaded;
 * - the document, its cookies, the address, storage and the wizard's IndexedDB start empty;
 *   insights go to a beacon that drops them (below);
 * - TanStack Query's online and focus managers, which live in the package and so for the whole
 *   worker, start online and focused, as in a new page (a file may dispatch 'offline': the boot
 *   script's test does, it is a first-use event).
 * And a file may leave no query client mounted (afterAll below).
 */
vi.resetModules()
onlineManager.setOnline(true)
focusManager.setFocused(undefined)

// Lazy route modules are transformed on first import, which can take a few seconds on a cold,
// busy machine; waiting longer than the default 1 s keeps those tests deterministic.
configure({ asyncUtilTimeout: 5000 })

// Tests of the server's render run in Node (`@vitest-environment node`): no DOM to prepare.
const hasDom = typeof window !== 'undefined'

if (hasDom) {
  // The same <body> (Testing Library's `screen` holds it), emptied.
  for (const element of [document.documentElement, document.head, document.body]) {
    for (const { name } of [...element.attributes]) element.removeAttribute(name)
  }
  document.head.replaceChildren()
  document.body.replaceChildren()
  document.title = ''
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  window.history.replaceState(null, '', '/')
  sessionStorage.clear()
  localStorage.clear()
  // idb-keyval (the wizard's draft) keeps its connection once opened: empty its store.
  await clearKeyval()
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
  // jsdom has no beacon. The storefront's insights go out a second after a page (through the
  // beacon, else `fetch`): a beacon that takes them keeps them out of whatever `fetch` a later
  // test or file has stubbed. lib/storefront-events.test.ts stubs its own.
  if (!('sendBeacon' in navigator)) {
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      writable: true,
      value: () => true,
    })
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
  // A root mounted outside Testing Library and never unmounted (a bare `hydrateRoot`) keeps its
  // query client listening to the window's 'online' and 'offline' for the rest of the worker: in
  // CI, an 'offline' dispatched by a later file then paused every query of the files after it,
  // which stayed on their loading screens. Testing Library's `render` (with `hydrate: true` for a
  // server render) unmounts after each test.
  if (onlineManager.hasListeners()) {
    throw new Error(
      'A query client is still mounted after this file: render with Testing Library, or unmount the root',
    )
  }
  // A toast that closed by itself during the file's last test may still have that timer
  // pending: let it run while the DOM is here.
  if (hasDom && toast.getHistory().length > 0) await new Promise((done) => setTimeout(done, 250))
})
