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
  useContext,
  useEffect,
  useMemo,
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

type Move = (engine: EmblaCarouselType) => void

/**
 * A carousel's engine as an external store: the arrows and dots read its state through
 * `useSyncExternalStore`, and the context every slide sits under never changes. A context that
 * changed when the engine started would reach the parts of a server-rendered page still waiting
 * to hydrate inside the slides (a product row's cards, components/hydrate-when-near.tsx), and
 * React renders such a part again in the browser instead of hydrating it.
 */
interface EngineStore {
  current: CarouselApi
  subscribe: (listener: () => void) => () => void
  set: (engine: CarouselApi) => void
  /**
   * Moves, made now or — asked before the engine started — when it starts (the latest one
   * wins). Stable for the carousel's life, as the store is.
   */
  scrollPrev: () => void
  scrollNext: () => void
  scrollTo: (index: number) => void
}

function createEngineStore(): EngineStore {
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  let pending: Move | null = null
  const move = (action: Move) => {
    if (store.current) action(store.current)
    else pending = action
  }
  const store: EngineStore = {
    current: undefined,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(engine) {
      store.current?.off('select', notify).off('reInit', notify)
      store.current = engine
      engine?.on('select', notify).on('reInit', notify)
      notify()
      if (engine && pending) {
        pending(engine)
        pending = null
      }
    },
    scrollPrev: () => move((engine) => engine.scrollPrev()),
    scrollNext: () => move((engine) => engine.scrollNext()),
    scrollTo: (index) => move((engine) => engine.scrollTo(index)),
  }
  return store
}

/**
 * The Embla engine of a viewport element, created in its own macrotask after mount (one task per
 * carousel, not all of a page's in one) and created again when the options change. The options
 * are plain values, keyed by their JSON: callers pass a new object literal on every render, and
 * the key keeps that from restarting the engine.
 */
function useEmbla(
  store: EngineStore,
  options: CarouselOptions,
  isWanted: boolean,
): (element: HTMLElement | null) => void {
  const [viewport, setViewport] = useState<HTMLElement | null>(null)
  const optionsKey = JSON.stringify(options)
  useEffect(() => {
    if (!viewport || !isWanted) return
    let engine: EmblaCarouselType | undefined
    const timer = setTimeout(() => {
      engine = EmblaCarousel(viewport, JSON.parse(optionsKey) as CarouselOptions)
      store.set(engine)
    }, 0)
    return () => {
      clearTimeout(timer)
      if (engine) {
        store.set(undefined)
        engine.destroy()
      }
    }
  }, [store, viewport, optionsKey, isWanted])
  return setViewport
}

/** What a carousel shows before its engine has measured (see Carousel). */
interface Unmeasured {
  slides: number
  isFullWidth: boolean
  loop: boolean
}

/** The context: stable for the carousel's life (see EngineStore). */
interface CarouselFrame {
  carouselRef: (element: HTMLElement | null) => void
  store: EngineStore
  unmeasured: Unmeasured
}

interface CarouselState {
  carouselRef: (element: HTMLElement | null) => void
  canScrollPrev: boolean
  canScrollNext: boolean
  scrollPrev: () => void
  scrollNext: () => void
  scrollTo: (index: number) => void
  selectedIndex: number
  snapCount: number
}

const CarouselContext = createContext<CarouselFrame | null>(null)

/**
 * One figure of the engine's state, or — before it has measured — what the server rendered:
 * the first slide, a dot per slide (callers show dots only where a slide fills the view) and,
 * when every slide fills the view at every width, arrows wherever there is another slide. Nothing
 * to move to when the slide count is not given. That is also each store's server snapshot: React
 * reads it while a server-rendered page hydrates (the engine starts only after mount in any case).
 */
function useEngineValue<T extends boolean | number>(
  store: EngineStore,
  read: (engine: EmblaCarouselType) => T,
  before: T,
): T {
  return useSyncExternalStore(
    store.subscribe,
    () => (store.current ? read(store.current) : before),
    () => before,
  )
}

export function useCarousel(): CarouselState {
  const frame = useContext(CarouselContext)
  if (!frame) throw new Error('useCarousel must be used within <Carousel>')
  const { store, unmeasured, carouselRef } = frame
  const canMoveUnmeasured = unmeasured.isFullWidth && unmeasured.slides > 1
  const canScrollPrev = useEngineValue(
    store,
    (engine) => engine.canScrollPrev(),
    canMoveUnmeasured && unmeasured.loop,
  )
  const canScrollNext = useEngineValue(store, (engine) => engine.canScrollNext(), canMoveUnmeasured)
  const selectedIndex = useEngineValue(store, (engine) => engine.selectedScrollSnap(), 0)
  const snapCount = useEngineValue(
    store,
    (engine) => engine.scrollSnapList().length,
    unmeasured.slides,
  )
  return {
    carouselRef,
    canScrollPrev,
    canScrollNext,
    scrollPrev: store.scrollPrev,
    scrollNext: store.scrollNext,
    scrollTo: store.scrollTo,
    selectedIndex,
    snapCount,
  }
}

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
  const [store] = useState(createEngineStore)
  const carouselRef = useEmbla(
    store,
    {
      align: 'start',
      ...opts,
      duration: isReducedMotion ? 0 : (opts?.duration ?? 25),
    },
    !startsNearViewport || isNear,
  )
  const loop = opts?.loop ?? false
  const value = useMemo(
    () => ({ carouselRef, store, unmeasured: { slides, isFullWidth, loop } }),
    [carouselRef, store, slides, isFullWidth, loop],
  )

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      store.scrollPrev()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      store.scrollNext()
    }
  }

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
