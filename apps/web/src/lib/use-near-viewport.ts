import { useEffect, useState } from 'react'

/**
 * True once the element has come within `margin` of the viewport (and from then on); at once
 * where IntersectionObserver is missing. For work below the fold that can wait until the visitor
 * scrolls towards it: a form's libraries, a carousel's measuring. Returns a callback ref, so an
 * element that mounts later (after its data) is observed too.
 */
export function useNearViewport<T extends Element>(margin = '400px') {
  const [element, setElement] = useState<T | null>(null)
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (isNear || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, isNear, margin])
  return [setElement, isNear] as const
}
