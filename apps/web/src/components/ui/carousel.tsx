/**
 * Carousel on the browser's own scrolling: the slides sit in a horizontal scroll container with
 * CSS scroll snap, so a swipe, a trackpad or a wheel moves them natively, and a small controller
 * (below) adds the arrows, the dots, the keys ←/→ while focus is inside, and the wrap-around of a
 * looping carousel (SPEC §2.5: the arrows, the keys and the dots go round; a swipe stops at the
 * ends, as the browser's scrolling does). Slides size themselves with basis classes (e.g.
 * `basis-full sm:basis-1/2 lg:basis-1/3`); the arrows and dots read the state through
 * `useCarousel()`. With reduced motion the moves jump instead of gliding (ADR 014).
 *
 * Nothing runs at mount but a passive scroll listener and a ResizeObserver: the slides are laid
 * out by CSS, the first one in view, which is what the server rendered. Until the controller has
 * measured the layout (its first resize observation, or the first scroll), a carousel that says
 * how many slides it has (`slides`) shows a dot per slide, and its arrows wherever there are more
 * slides than the view can ever show at once (`perView`) — which is also each carousel's server
 * snapshot, read while a server-rendered page hydrates.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react'
import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import type { ComponentProps, KeyboardEvent } from 'react'
import { prefersReducedMotion } from '../../hooks/use-reduced-motion'
import { cn } from '../../lib/utils'
import { Button } from './button'

/** What the arrows, dots and counters show. */
interface CarouselSnapshot {
  selectedIndex: number
  snapCount: number
  canScrollPrev: boolean
  canScrollNext: boolean
}

/** What a carousel knows before it has measured its layout (see Carousel's props). */
interface Shape {
  slides: number
  perView: number
  loop: boolean
}

/** Scroll positions closer than this (px) are the same position. */
const TOLERANCE = 2
/** A programmatic move that has not arrived by then (no `scrollend` event) is over. */
const MOVE_TIMEOUT_MS = 1000

/**
 * The scroll positions a carousel can rest at: each slide's left edge, clamped to the farthest
 * the container scrolls (with several slides a view, the last ones share the last position).
 * Null while there is no layout (not in the document, hidden, or jsdom).
 */
function measureSnaps(viewport: HTMLElement): number[] | null {
  if (viewport.clientWidth === 0) return null
  const track = viewport.firstElementChild
  if (!track) return null
  const max = viewport.scrollWidth - viewport.clientWidth
  // A slide snaps where its content starts, after its gutter (see SLIDE_GUTTER).
  const first = track.firstElementChild
  const gutter = first ? parseFloat(getComputedStyle(first).paddingLeft) || 0 : 0
  const origin = viewport.getBoundingClientRect().left - viewport.scrollLeft - gutter
  const snaps: number[] = []
  for (const slide of track.children) {
    const left = Math.max(0, Math.min(max, slide.getBoundingClientRect().left - origin))
    const last = snaps.at(-1)
    if (last === undefined || left - last > TOLERANCE) snaps.push(left)
  }
  return snaps
}

/** The index of the position nearest to `left`. */
function nearest(snaps: readonly number[], left: number): number {
  let best = 0
  for (let index = 1; index < snaps.length; index++) {
    if (Math.abs(snaps[index]! - left) < Math.abs(snaps[best]! - left)) best = index
  }
  return best
}

/** The arrows and dots from a count of positions and the selected one. */
function snapshotOf(
  selectedIndex: number,
  snapCount: number,
  canMove: boolean,
  loop: boolean,
): CarouselSnapshot {
  return {
    selectedIndex,
    snapCount,
    canScrollPrev: canMove && (loop || selectedIndex > 0),
    canScrollNext: canMove && (loop || selectedIndex < snapCount - 1),
  }
}

/** Before measuring: the first slide, a dot per slide, arrows when slides outnumber the view. */
function unmeasuredSnapshot({ slides, perView, loop }: Shape, selectedIndex = 0): CarouselSnapshot {
  return snapshotOf(selectedIndex, slides, slides > perView, loop)
}

/**
 * A carousel's controller, as an external store: the arrows and dots read it through
 * `useSyncExternalStore`, and the context every slide sits under never changes. The viewport
 * reaches it through a ref callback, not state, so mounting a carousel renders it once.
 */
interface Controller {
  subscribe: (listener: () => void) => () => void
  snapshot: () => CarouselSnapshot
  /** Ref callback of the scroll container. */
  attachViewport: (viewport: HTMLElement | null) => (() => void) | undefined
  /** What the carousel knows before measuring (its props). */
  configure: (shape: Shape) => void
  scrollPrev: () => void
  scrollNext: () => void
  scrollTo: (index: number) => void
}

function createController(initial: Shape): Controller {
  const listeners = new Set<() => void>()
  let shape = initial
  let viewport: HTMLElement | null = null
  /** The measured positions; null until measured. */
  let snaps: number[] | null = null
  let selected = 0
  /** Where a programmatic move is heading: scroll events on the way do not select. */
  let target: number | null = null
  let targetTimer: ReturnType<typeof setTimeout> | undefined
  let current = unmeasuredSnapshot(shape)

  const publish = () => {
    const next = snaps
      ? snapshotOf(selected, snaps.length, snaps.length > 1, shape.loop)
      : unmeasuredSnapshot(shape, selected)
    if (
      next.selectedIndex === current.selectedIndex &&
      next.snapCount === current.snapCount &&
      next.canScrollPrev === current.canScrollPrev &&
      next.canScrollNext === current.canScrollNext
    ) {
      return
    }
    current = next
    listeners.forEach((listener) => listener())
  }

  const endMove = () => {
    target = null
    clearTimeout(targetTimer)
  }

  /** Reads the layout: the positions, and which one the container rests nearest to. */
  const measure = () => {
    if (!viewport) return
    snaps = measureSnaps(viewport) ?? snaps
    if (!snaps) return
    const left = viewport.scrollLeft
    if (target !== null && Math.abs(left - target) > TOLERANCE) return
    endMove()
    selected = nearest(snaps, left)
  }

  const update = () => {
    measure()
    publish()
  }

  let frame = 0
  const onScroll = () => {
    if (frame) return
    frame = requestAnimationFrame(() => {
      frame = 0
      update()
    })
  }
  const onScrollEnd = () => {
    endMove()
    update()
  }

  /** The left edge of slide `index` without a measured layout (jsdom): its offset. */
  const slideLeft = (index: number) => {
    const slide = viewport?.firstElementChild?.children[index]
    return slide instanceof HTMLElement ? slide.offsetLeft : 0
  }

  const moveTo = (index: number) => {
    measure()
    const count = snaps
      ? snaps.length
      : shape.slides || (viewport?.firstElementChild?.children.length ?? 0)
    if (count === 0) return
    const next = shape.loop
      ? ((index % count) + count) % count
      : Math.max(0, Math.min(count - 1, index))
    selected = next
    publish()
    if (!viewport) return
    const left = snaps ? snaps[next]! : slideLeft(next)
    if (Math.abs(viewport.scrollLeft - left) <= TOLERANCE) return
    target = left
    clearTimeout(targetTimer)
    targetTimer = setTimeout(onScrollEnd, MOVE_TIMEOUT_MS)
    const behavior = prefersReducedMotion() ? 'instant' : 'smooth'
    if (typeof viewport.scrollTo === 'function') viewport.scrollTo({ left, behavior })
    else viewport.scrollLeft = left
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    snapshot: () => current,
    attachViewport(element) {
      if (!element) return undefined
      viewport = element
      element.addEventListener('scroll', onScroll, { passive: true })
      element.addEventListener('scrollend', onScrollEnd, { passive: true })
      // The first observation (after the first layout) measures; later ones follow a new width.
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update)
      observer?.observe(element)
      return () => {
        observer?.disconnect()
        element.removeEventListener('scroll', onScroll)
        element.removeEventListener('scrollend', onScrollEnd)
        cancelAnimationFrame(frame)
        frame = 0
        endMove()
        viewport = null
        snaps = null
      }
    },
    configure(next) {
      shape = next
      publish()
    },
    scrollPrev: () => {
      if (current.canScrollPrev) moveTo(selected - 1)
    },
    scrollNext: () => {
      if (current.canScrollNext) moveTo(selected + 1)
    },
    scrollTo: moveTo,
  }
}

interface CarouselFrame {
  controller: Controller
  /** The state before measuring: the server's snapshot (see the module's comment). */
  unmeasured: CarouselSnapshot
}

interface CarouselState extends CarouselSnapshot {
  carouselRef: Controller['attachViewport']
  scrollPrev: () => void
  scrollNext: () => void
  scrollTo: (index: number) => void
}

const CarouselContext = createContext<CarouselFrame | null>(null)

/** One figure of the controller's state; before measuring (and on the server), the shape's. */
function useValue<K extends keyof CarouselSnapshot>(
  frame: CarouselFrame,
  key: K,
): CarouselSnapshot[K] {
  const { controller, unmeasured } = frame
  return useSyncExternalStore(
    controller.subscribe,
    () => controller.snapshot()[key],
    () => unmeasured[key],
  )
}

export function useCarousel(): CarouselState {
  const frame = useContext(CarouselContext)
  if (!frame) throw new Error('useCarousel must be used within <Carousel>')
  const { controller } = frame
  return {
    carouselRef: controller.attachViewport,
    canScrollPrev: useValue(frame, 'canScrollPrev'),
    canScrollNext: useValue(frame, 'canScrollNext'),
    selectedIndex: useValue(frame, 'selectedIndex'),
    snapCount: useValue(frame, 'snapCount'),
    scrollPrev: controller.scrollPrev,
    scrollNext: controller.scrollNext,
    scrollTo: controller.scrollTo,
  }
}

export function Carousel({
  loop = false,
  slides = 0,
  perView = Number.POSITIVE_INFINITY,
  className,
  children,
  label,
  ...props
}: Omit<ComponentProps<'section'>, 'ref'> & {
  /** The arrows, keys and dots go round from the last slide to the first and back. */
  loop?: boolean
  /** The number of slides: the dots before the layout is measured. */
  slides?: number
  /**
   * The most slides the view shows at once at any width (1: every slide fills it): with more
   * slides than that, the arrows show before the layout is measured. Unknown by default.
   */
  perView?: number
  label: string
}) {
  const [controller] = useState(() => createController({ slides, perView, loop }))
  useLayoutEffect(() => {
    controller.configure({ slides, perView, loop })
  }, [controller, slides, perView, loop])
  const value = useMemo(
    () => ({ controller, unmeasured: unmeasuredSnapshot({ slides, perView, loop }) }),
    [controller, slides, perView, loop],
  )

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      controller.scrollPrev()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      controller.scrollNext()
    }
  }

  return (
    <CarouselContext.Provider value={value}>
      <section
        aria-roledescription="carrusel"
        aria-label={label}
        onKeyDownCapture={onKeyDown}
        className={cn('relative', className)}
        {...props}
      >
        {children}
      </section>
    </CarouselContext.Provider>
  )
}

/**
 * The 1 rem gutter between slides: each slide's left padding, and the track's negative left
 * margin, which the scroll container never scrolls to (the first gutter sits left of its start).
 * A slide snaps where its content starts: its child is the snap target.
 */
const SLIDE_GUTTER = { track: '-ml-4', slide: 'pl-4 *:snap-start' } as const

/** Slides are a gutter apart, or `flush` (edge to edge: cover slides, a product's photos). */
interface SlideSpacing {
  flush?: boolean
}

/**
 * The scroll container and its track. `focusable`: a Tab stop of its own, for slides with
 * nothing to focus in them (covers, photos), so a keyboard can reach and move them.
 */
export function CarouselContent({
  className,
  flush = false,
  focusable = false,
  ...props
}: ComponentProps<'div'> & SlideSpacing & { focusable?: boolean }) {
  const { carouselRef } = useCarousel()
  return (
    <div
      ref={carouselRef}
      tabIndex={focusable ? 0 : undefined}
      className="snap-x snap-mandatory overflow-x-auto overscroll-x-contain outline-none [scrollbar-width:none] focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:ring-inset [&::-webkit-scrollbar]:hidden"
    >
      <div className={cn('flex', !flush && SLIDE_GUTTER.track, className)} {...props} />
    </div>
  )
}

export function CarouselItem({
  className,
  flush = false,
  ...props
}: ComponentProps<'div'> & SlideSpacing) {
  return (
    <div
      role="group"
      aria-roledescription="diapositiva"
      className={cn(
        'min-w-0 shrink-0 grow-0 basis-full',
        flush ? 'snap-start' : SLIDE_GUTTER.slide,
        className,
      )}
      {...props}
    />
  )
}

export function CarouselPrevious(props: ComponentProps<typeof Button>) {
  const { scrollPrev, canScrollPrev } = useCarousel()
  return (
    <Button
      variant="outline"
      size="icon"
      shape="round"
      disabled={!canScrollPrev}
      onClick={scrollPrev}
      aria-label="Anterior"
      {...props}
    >
      <ChevronLeft className="size-5" aria-hidden="true" />
    </Button>
  )
}

export function CarouselNext(props: ComponentProps<typeof Button>) {
  const { scrollNext, canScrollNext } = useCarousel()
  return (
    <Button
      variant="outline"
      size="icon"
      shape="round"
      disabled={!canScrollNext}
      onClick={scrollNext}
      aria-label="Siguiente"
      {...props}
    >
      <ChevronRight className="size-5" aria-hidden="true" />
    </Button>
  )
}

/** One dot per page; the current one is marked for screen readers too. */
export function CarouselDots({ className }: { className?: string }) {
  const { snapCount, selectedIndex, scrollTo } = useCarousel()
  if (snapCount < 2) return null
  return (
    <div className={cn('flex justify-center gap-2', className)}>
      {Array.from({ length: snapCount }, (_, index) => (
        <button
          key={index}
          type="button"
          onClick={() => scrollTo(index)}
          aria-label={`Ir a la página ${index + 1} de ${snapCount}`}
          aria-current={index === selectedIndex ? 'true' : undefined}
          className={cn(
            'h-2 rounded-full transition-all outline-none focus-visible:ring-3 focus-visible:ring-ring/50 motion-reduce:transition-none',
            index === selectedIndex ? 'w-6 bg-accent' : 'w-2 bg-input hover:bg-slate-brand',
          )}
        />
      ))}
    </div>
  )
}
