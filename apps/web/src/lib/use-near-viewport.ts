import { useCallback, useState } from 'react'
import { isHydrating } from './hydration'

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
 * `onServer`: the content renders on the server too (ADR 017), so there, and in the hydration of
 * a server-rendered page, it counts as near from the start. Leave it off for content the server
 * cannot render (a lazily loaded form): the page then shows the placeholder until the browser
 * measures.
 */
export function useNearViewport<T extends Element>({
  margin = 400,
  onServer = false,
}: { margin?: number; onServer?: boolean } = {}) {
  const [isNear, setIsNear] = useState(() =>
    isHydrating() ? onServer : typeof IntersectionObserver === 'undefined',
  )
  const ref = useCallback(
    (element: T | null) => {
      if (!element || isNear) return
      if (isWithin(element, margin)) {
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
