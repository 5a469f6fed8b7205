/**
 * jsdom has no layout and no IntersectionObserver (setup.ts installs one that never reports):
 * these let a test say where an element is and when it comes near the screen, for components
 * that defer work below the fold.
 */
import { act } from '@testing-library/react'
import { vi } from 'vitest'

/** An IntersectionObserver the test drives: `reveal()` reports every observed element visible. */
export function installDrivenObserver() {
  const observers: { callback: IntersectionObserverCallback; observer: IntersectionObserver }[] = []
  class DrivenObserver {
    constructor(callback: IntersectionObserverCallback) {
      observers.push({ callback, observer: this as unknown as IntersectionObserver })
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', DrivenObserver)
  return {
    reveal: () =>
      act(() => {
        for (const { callback, observer } of observers) {
          callback([{ isIntersecting: true } as IntersectionObserverEntry], observer)
        }
      }),
  }
}

/** Every element reports a box `top` pixels down the page (jsdom reports 0, i.e. on screen). */
export function placeElementsAt(top: number) {
  const box = { top, bottom: top + 500, left: 0, right: 400, width: 400, height: 500, x: 0, y: top }
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({
    ...box,
    toJSON: () => box,
  })
}
