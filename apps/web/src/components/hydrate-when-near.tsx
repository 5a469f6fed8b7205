/**
 * Progressive hydration (issue 21 §3, ADR 021): a part of a server-rendered page below the first
 * screen keeps the server's HTML, unhydrated, until it comes near the screen or the visitor acts
 * inside it. Hydrating a whole storefront home at the first touch cost a slow phone 280–460 ms of
 * main thread; most of it was carousels and sections nobody had scrolled to yet.
 *
 * How: the part is a Suspense boundary whose content, while the page hydrates, waits on a gate
 * (React's `use` of a thenable). React leaves a boundary that waits as the server's HTML — links
 * work as links, the text is there for reading, searching and assistive technology — hydrates the
 * rest of the page, and hydrates the boundary when its gate opens. A gate opens when its element
 * comes within MARGIN pixels of the viewport (IntersectionObserver), or synchronously when a
 * click, pointer, touch, key or focus reaches inside it — before React's own listener on the
 * root, so React hydrates the part at once and then dispatches the event to it (a tap on a
 * carousel's arrow or a favourite acts; the clicks the boot script kept before the code arrived,
 * replayed by ssr/hydrate.tsx, too).
 *
 * Everywhere else it is transparent: on the server it renders its content, and in a page the
 * browser renders (a client-side navigation, the owner's preview) nothing waits.
 *
 * Keep a deferred part's props and context stable while it waits: an update that reaches a
 * waiting boundary makes React throw its HTML away and render it in the browser instead, and a
 * transition that reaches one waits for it. Its children are compared as descriptions (memo
 * below), and the router opens every gate at each change of its state (ssr/hydrate.tsx).
 */
import { isValidElement, memo, Suspense, use, useId } from 'react'
import type { ReactNode } from 'react'
import { useHydrated } from '../hooks/use-hydrated'

/** The attribute that names a deferred part's element, for its gate to find it. */
const ATTRIBUTE = 'data-hydrate-when-near'
/** How near the screen (px) a part hydrates: a little ahead of the visitor's scroll. */
const MARGIN = 200
/** Events that open the gate of the part they happen in (capture phase, before React's). */
const USE_EVENTS = ['click', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const

interface Gate {
  /** Read synchronously by React's `use` once its `status` field says 'fulfilled'. */
  promise: Promise<void>
  isOpen: boolean
  open: () => void
}

const gates = new Map<string, Gate>()

/**
 * Opens the gate of every part the event happens in: a part may sit inside another (a row's
 * card inside the row), and React hydrates the outermost waiting one first.
 */
function openGatesOfTarget(event: Event): void {
  let part = event.target instanceof Element ? event.target.closest(`[${ATTRIBUTE}]`) : null
  while (part) {
    const id = part.getAttribute(ATTRIBUTE)
    if (id) {
      // A part used before React reached it (a click replayed as the page starts hydrating) has
      // no gate yet: it gets one already open.
      const gate = gates.get(id)
      if (gate) gate.open()
      else gates.set(id, createGate(part, true))
    }
    part = part.parentElement?.closest(`[${ATTRIBUTE}]`) ?? null
  }
}

// From the module's start, so the clicks ssr/hydrate.tsx replays as it starts hydrating count.
if (typeof window !== 'undefined') {
  for (const type of USE_EVENTS) {
    window.addEventListener(type, openGatesOfTarget, { capture: true, passive: true })
  }
}

/**
 * Opens every part's gate. For the app's router at each change of its state: a navigation
 * changes the location every link reads, and a transition that reaches a part still waiting
 * would wait with it (React does not commit a transition while a boundary it updates suspends),
 * so the page would not change until the part came near the screen.
 */
export function openHydrationGates(): void {
  for (const gate of gates.values()) gate.open()
}

/** The part's element in the server's HTML (its id comes from `useId`, the same on both sides). */
function partElement(id: string): Element | undefined {
  const quoted = id.replace(/["\\]/g, '\\$&')
  return document.querySelector(`[${ATTRIBUTE}="${quoted}"]`) ?? undefined
}

/** A gate for the part's element; `opened`: already open (nothing to observe). */
function createGate(element: Element, opened = false): Gate {
  let resolve!: () => void
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  Object.assign(promise, { status: 'pending' })
  const gate: Gate = {
    promise,
    isOpen: false,
    open() {
      if (gate.isOpen) return
      gate.isOpen = true
      // Readable by `use` at once: a click's synchronous hydration finds the gate open.
      Object.assign(promise, { status: 'fulfilled', value: undefined })
      resolve()
    },
  }
  if (opened || typeof IntersectionObserver === 'undefined') {
    gate.open()
    return gate
  }
  new IntersectionObserver(
    (entries, observer) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      gate.open()
    },
    { rootMargin: `${MARGIN}px` },
  ).observe(element)
  return gate
}

/** The part's gate; none when its element is not in the document (no server HTML to keep). */
function gateOf(id: string): Promise<void> | undefined {
  let gate = gates.get(id)
  if (!gate) {
    const element = partElement(id)
    if (!element) return undefined
    gate = createGate(element)
    // Kept once open: React reads it again when it retries the part.
    gates.set(id, gate)
  }
  return gate.promise
}

function WaitForGate({ id, children }: { id: string; children: ReactNode }) {
  const isHydrated = useHydrated()
  // Hydrating the server's HTML in the browser: wait for the gate. The server and a render in
  // the browser never wait.
  const gate = !isHydrated && typeof document !== 'undefined' ? gateOf(id) : undefined
  if (gate) use(gate)
  return children
}

/**
 * Whether two renders describe the same thing: equal values, or lists or elements of the same
 * type and key whose items and props are the same in this sense (a badge written inline is a
 * new element at each render of its parent, with the same content).
 */
function isSameNode(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isSameNode(item, b[index]))
  }
  if (!isValidElement(a) || !isValidElement(b)) return false
  if (a.type !== b.type || a.key !== b.key) return false
  const aProps = a.props as Record<string, unknown>
  const bProps = b.props as Record<string, unknown>
  const keys = Object.keys(aProps)
  return (
    keys.length === Object.keys(bProps).length &&
    keys.every((key) => key in bProps && isSameNode(aProps[key], bProps[key]))
  )
}

interface HydrateWhenNearProps {
  children: ReactNode
  className?: string
}

/**
 * `children`, hydrated when they come near the screen or are used (module comment). The wrapper
 * is a plain block element (`className` for its layout): the gate observes its box. A parent's
 * render that describes the same children again does not reach the part (memo), so it keeps
 * waiting on its gate instead of being rendered again in the browser.
 */
export const HydrateWhenNear = memo(
  function HydrateWhenNear({ children, className }: HydrateWhenNearProps) {
    const id = useId()
    return (
      <div {...{ [ATTRIBUTE]: id }} className={className}>
        <Suspense fallback={null}>
          <WaitForGate id={id}>{children}</WaitForGate>
        </Suspense>
      </div>
    )
  },
  (previous: HydrateWhenNearProps, next: HydrateWhenNearProps) =>
    previous.className === next.className && isSameNode(previous.children, next.children),
)
