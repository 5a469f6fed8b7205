import { useCallback, useState } from 'react'
import { useHydrated } from '../hooks/use-hydrated'

/** Whether the element's box is on screen or within `margin` pixels of it (forces a layout). */
function isWithin(element: Element, margin: number): boolean {
  const { top, bottom } = element.getBoundingClientRect()
  return top < window.innerHeight + margin && bottom > -margin
}

/**
 * True once the element has come within `margin` pixels of the viewport (and from then on); at
 * once where IntersectionObserver is missing. For work below the fold that can wait until the
 * visitor scrolls towards it: a form's libraries, a carousel's cards. Returns a callback ref, so
 * an element that mounts later (after its data) is observed too.
 *
 * The ref measures the element as it is attached, in the same commit, so an element already on
 * screen renders its content before the first paint instead of a placeholder for one frame;
 * otherwise it observes the element until it comes near (the ref's cleanup stops observing).
 *
 * `onServer`: the content renders on the server too (ADR 017), so there, and in a component that
 * was first rendered by the hydration of a server-rendered page, it counts as near from the start
 * and stays so (the server's HTML is never taken back). Leave it off for content the server
 * cannot render (a lazily loaded form): the page then shows the placeholder until the browser
 * measures, right after hydration.
 */
export function useNearViewport<T extends Element>({
  margin = 400,
  onServer = false,
}: { margin?: number; onServer?: boolean } = {}) {
  const isHydrated = useHydrated()
  // Whether this component's first render was the server's or the hydration of its HTML.
  const [isFromServer] = useState(!isHydrated)
  const [isMeasuredNear, setIsNear] = useState(false)
  const isNear =
    isMeasuredNear || (isFromServer ? onServer : typeof IntersectionObserver === 'undefined')
  const ref = useCallback(
    (element: T | null) => {
      if (!element || isNear) return
      if (typeof IntersectionObserver === 'undefined' || isWithin(element, margin)) {
        setIsNear(true)
        return
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setIsNear(true)
        },
        { rootMargin: `${margin}px` },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    [isNear, margin],
  )
  return [ref, isNear] as const
}
