/**
 * shadcn-style carousel on Embla. `<Carousel opts>` owns the Embla instance; slides size
 * themselves with basis classes (e.g. `basis-full sm:basis-1/2 lg:basis-1/3`); arrows and dots
 * read the state through `useCarousel()`. Keyboard: ←/→ while focus is inside.
 *
 * Each carousel starts its engine in a task of its own just after it mounts (`useEmbla`): the
 * slides are laid out by CSS from the first paint, and a page with four carousels never runs
 * their four measurements and listeners as one long task on a slow phone (TBT, SPEC §9).
 *
 * Until the engine has measured — in the server's HTML, and while a tap hydrates the page (ADR
 * 017) — a carousel that says how many slides it has (`slides`) shows a dot per slide, and its
 * arrows too when every slide fills the view (`isFullWidth`); a move asked for meanwhile (the
 * tap that hydrated the page) is made as soon as the engine starts.
 */
import EmblaCarousel from 'embla-carousel'
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import type { ComponentProps, KeyboardEvent } from 'react'
import { useReducedMotion } from '../../hooks/use-reduced-motion'
import { useNearViewport } from '../../lib/use-near-viewport'
import { cn } from '../../lib/utils'
import { Button } from './button'

type CarouselApi = EmblaCarouselType | undefined
type CarouselOptions = EmblaOptionsType

/**
 * The Embla engine of a viewport element, created in its own macrotask after mount (one task per
 * carousel, not all of a page's in one) and created again when the options change. The options
 * are plain values, keyed by their JSON: callers pass a new object literal on every render, and
 * the key keeps that from restarting the engine.
 */
function useEmbla(
  options: CarouselOptions,
  isWanted: boolean,
): [(element: HTMLElement | null) => void, CarouselApi] {
  const [viewport, setViewport] = useState<HTMLElement | null>(null)
  const [api, setApi] = useState<CarouselApi>()
  const optionsKey = JSON.stringify(options)
  useEffect(() => {
    if (!viewport || !isWanted) return
    let engine: EmblaCarouselType | undefined
    const timer = setTimeout(() => {
      engine = EmblaCarousel(viewport, JSON.parse(optionsKey) as CarouselOptions)
      setApi(engine)
    }, 0)
    return () => {
      clearTimeout(timer)
      engine?.destroy()
      setApi(undefined)
    }
  }, [viewport, optionsKey, isWanted])
  return [setViewport, api]
}

interface CarouselState {
  carouselRef: (element: HTMLElement | null) => void
  api: CarouselApi
  canScrollPrev: boolean
  canScrollNext: boolean
  scrollPrev: () => void
  scrollNext: () => void
  scrollTo: (index: number) => void
  selectedIndex: number
  snapCount: number
}

const CarouselContext = createContext<CarouselState | null>(null)

export function useCarousel(): CarouselState {
  const context = useContext(CarouselContext)
  if (!context) throw new Error('useCarousel must be used within <Carousel>')
  return context
}

type Move = (engine: EmblaCarouselType) => void

export function Carousel({
  opts,
  slides = 0,
  isFullWidth = false,
  startsNearViewport = false,
  className,
  children,
  label,
  ...props
}: Omit<ComponentProps<'section'>, 'ref'> & {
  opts?: CarouselOptions
  /** The number of slides: the dots before the engine has measured. */
  slides?: number
  /** Every slide fills the view at every width: the arrows before the engine has measured. */
  isFullWidth?: boolean
  /**
   * The engine starts when the carousel comes within 400 px of the screen, not at mount: the
   * storefront home's product rows below the first screen then cost its hydration nothing
   * (each engine measures every slide and adds its listeners and observers).
   */
  startsNearViewport?: boolean
  label: string
}) {
  const isReducedMotion = useReducedMotion()
  const [nearRef, isNear] = useNearViewport<HTMLElement>()
  const [carouselRef, api] = useEmbla(
    {
      align: 'start',
      ...opts,
      duration: isReducedMotion ? 0 : (opts?.duration ?? 25),
    },
    !startsNearViewport || isNear,
  )
  // Embla is the source of truth; read its state as an external store (primitive snapshots).
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => {}
      api.on('select', onChange).on('reInit', onChange)
      return () => {
        api.off('select', onChange).off('reInit', onChange)
      }
    },
    [api],
  )
  // Before the engine has measured: the first slide, a dot per slide (callers show dots only
  // where a slide fills the view) and, when every slide fills the view at every width, arrows
  // wherever there is another slide. Nothing to move to when the slide count is not given. That
  // is also what the server renders, so it is each store's server snapshot: React reads it while
  // a server-rendered page hydrates (the engine starts only after mount in any case).
  const canMoveUnmeasured = isFullWidth && slides > 1
  const unmeasured = {
    canScrollPrev: () => canMoveUnmeasured && (opts?.loop ?? false),
    canScrollNext: () => canMoveUnmeasured,
    selectedIndex: () => 0,
    snapCount: () => slides,
  }
  const canScrollPrev = useSyncExternalStore(
    subscribe,
    api ? () => api.canScrollPrev() : unmeasured.canScrollPrev,
    unmeasured.canScrollPrev,
  )
  const canScrollNext = useSyncExternalStore(
    subscribe,
    api ? () => api.canScrollNext() : unmeasured.canScrollNext,
    unmeasured.canScrollNext,
  )
  const selectedIndex = useSyncExternalStore(
    subscribe,
    api ? () => api.selectedScrollSnap() : unmeasured.selectedIndex,
    unmeasured.selectedIndex,
  )
  const snapCount = useSyncExternalStore(
    subscribe,
    api ? () => api.scrollSnapList().length : unmeasured.snapCount,
    unmeasured.snapCount,
  )

  // A move asked for before the engine started waits for it (the latest one wins).
  const pendingMove = useRef<Move | null>(null)
  const move = useCallback(
    (action: Move) => {
      if (api) action(api)
      else pendingMove.current = action
    },
    [api],
  )
  useEffect(() => {
    if (!api || !pendingMove.current) return
    pendingMove.current(api)
    pendingMove.current = null
  }, [api])
  const scrollPrev = useCallback(() => move((engine) => engine.scrollPrev()), [move])
  const scrollNext = useCallback(() => move((engine) => engine.scrollNext()), [move])
  const scrollTo = useCallback((index: number) => move((engine) => engine.scrollTo(index)), [move])

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      scrollPrev()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      scrollNext()
    }
  }

  const value = useMemo(
    () => ({
      carouselRef,
      api,
      canScrollPrev,
      canScrollNext,
      scrollPrev,
      scrollNext,
      scrollTo,
      selectedIndex,
      snapCount,
    }),
    [
      carouselRef,
      api,
      canScrollPrev,
      canScrollNext,
      scrollPrev,
      scrollNext,
      scrollTo,
      selectedIndex,
      snapCount,
    ],
  )

  return (
    <CarouselContext.Provider value={value}>
      <section
        ref={startsNearViewport ? nearRef : undefined}
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

/** The 1 rem gutter between slides: the track's negative margin and each slide's padding. */
export const SLIDE_GUTTER = { track: '-ml-4', slide: 'pl-4' } as const

/** Slides are a gutter apart, or `flush` (edge to edge: cover slides, a product's photos). */
interface SlideSpacing {
  flush?: boolean
}

export function CarouselContent({
  className,
  flush = false,
  ...props
}: ComponentProps<'div'> & SlideSpacing) {
  const { carouselRef } = useCarousel()
  return (
    <div ref={carouselRef} className="overflow-hidden">
      <div className={cn('flex touch-pan-y', !flush && SLIDE_GUTTER.track, className)} {...props} />
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
      className={cn('min-w-0 shrink-0 grow-0 basis-full', !flush && SLIDE_GUTTER.slide, className)}
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
            'h-2 rounded-full transition-all outline-none focus-visible:ring-3 focus-visible:ring-ring/50',
            index === selectedIndex ? 'w-6 bg-accent' : 'w-2 bg-input hover:bg-slate-brand',
          )}
        />
      ))}
    </div>
  )
}
