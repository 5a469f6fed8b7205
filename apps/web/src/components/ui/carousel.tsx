/**
 * shadcn-style carousel on Embla. `<Carousel opts>` owns the Embla instance; slides size
 * themselves with basis classes (e.g. `basis-full sm:basis-1/2 lg:basis-1/3`); arrows and dots
 * read the state through `useCarousel()`. Keyboard: ←/→ while focus is inside.
 *
 * The engine starts at the visitor's first use of the carousel — the pointer over it, a touch,
 * a click, focus or a key inside it — or at the first move asked of it (a thumbnail, a variant's
 * image), never at mount: until then the slides sit where CSS lays them out, the first one in
 * view, which is what the server rendered. A page's carousels then cost its hydration nothing on
 * a slow phone (each engine measures every slide and adds its listeners and observers), and the
 * first gesture still drags: the engine is made in the `pointerdown` listener, before the
 * browser sends the `touchstart` or `mousedown` that Embla drags from.
 *
 * Until the engine has measured, a carousel that says how many slides it has (`slides`) shows a
 * dot per slide, and its arrows wherever there are more slides than the view can ever show at
 * once (`perView`); a move asked for meanwhile is made as soon as the engine starts.
 */
import EmblaCarousel from 'embla-carousel'
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react'
import type { ComponentProps, KeyboardEvent } from 'react'
import { useReducedMotion } from '../../hooks/use-reduced-motion'
import { cn } from '../../lib/utils'
import { Button } from './button'

type CarouselApi = EmblaCarouselType | undefined
type CarouselOptions = EmblaOptionsType

type Move = (engine: EmblaCarouselType) => void

/** What the visitor does that starts a carousel's engine (see the module's comment). */
const USE_EVENTS = ['pointerover', 'pointerdown', 'focus', 'keydown'] as const
const USE_LISTENING = { capture: true, passive: true } as const

/**
 * A carousel's engine and its life, as an external store: the arrows and dots read its state
 * through `useSyncExternalStore`, and the context every slide sits under never changes. A
 * context that changed when the engine started would reach the parts of a server-rendered page
 * still waiting to hydrate inside the slides (a product row's cards,
 * components/hydrate-when-near.tsx), and React renders such a part again in the browser instead
 * of hydrating it. The section and the viewport reach it through ref callbacks, not state, so
 * mounting a carousel renders it once.
 */
interface EngineStore {
  /** The started engine, if any. */
  engine: CarouselApi
  subscribe: (listener: () => void) => () => void
  /** Ref callback of the carousel's section: its first use starts the engine. */
  attachSection: (section: HTMLElement | null) => (() => void) | undefined
  /** Ref callback of the viewport: the element Embla moves. */
  attachViewport: (viewport: HTMLElement | null) => (() => void) | undefined
  /** The engine's options (an engine already started is made again with the new ones). */
  configure: (options: CarouselOptions) => void
  /** Starts the engine now, if its viewport is mounted. */
  start: () => void
  /**
   * Moves, made now or — asked before the engine started — when it starts, which the move
   * asks for (the latest one wins). Stable for the carousel's life, as the store is.
   */
  scrollPrev: () => void
  scrollNext: () => void
  scrollTo: (index: number) => void
}

function createEngineStore(): EngineStore {
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  let pending: Move | null = null
  let hasStarted = false
  let options: CarouselOptions = {}
  let viewport: HTMLElement | null = null
  const set = (engine: CarouselApi) => {
    store.engine?.off('select', notify).off('reInit', notify)
    store.engine = engine
    engine?.on('select', notify).on('reInit', notify)
    notify()
  }
  const stop = () => {
    const engine = store.engine
    if (!engine) return
    set(undefined)
    engine.destroy()
  }
  const start = () => {
    if (store.engine || !viewport) return
    hasStarted = true
    const engine = EmblaCarousel(viewport, options)
    set(engine)
    if (pending) {
      const action = pending
      pending = null
      action(engine)
    }
  }
  const move = (action: Move) => {
    if (store.engine) return action(store.engine)
    pending = action
    start()
  }
  const store: EngineStore = {
    engine: undefined,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    attachSection(section) {
      if (!section) return undefined
      const onUse = () => {
        for (const type of USE_EVENTS) section.removeEventListener(type, onUse, USE_LISTENING)
        start()
      }
      for (const type of USE_EVENTS) section.addEventListener(type, onUse, USE_LISTENING)
      return () => {
        for (const type of USE_EVENTS) section.removeEventListener(type, onUse, USE_LISTENING)
      }
    },
    attachViewport(element) {
      if (!element) return undefined
      viewport = element
      // A new viewport (a row's cards replacing their placeholder) after a start, or a move
      // asked while there was none: start now.
      if (hasStarted || pending) start()
      return () => {
        stop()
        viewport = null
      }
    },
    configure(next) {
      options = next
      if (store.engine) {
        stop()
        start()
      }
    },
    start,
    scrollPrev: () => move((engine) => engine.scrollPrev()),
    scrollNext: () => move((engine) => engine.scrollNext()),
    scrollTo: (index) => move((engine) => engine.scrollTo(index)),
  }
  return store
}

/**
 * A carousel's engine store, for its life. The engine's options reach the store before any
 * effect of the slides can ask for a move (a layout effect), and again when they change. The
 * options are plain values, keyed by their JSON: callers pass a new object literal on every
 * render, and the key keeps that from restarting the engine. `startsAtMount`: the engine starts in a task of its own just after
 * mount (a page's several carousels never measure in one long task).
 */
function useEngine(options: CarouselOptions, startsAtMount: boolean): EngineStore {
  const [store] = useState(createEngineStore)
  const optionsKey = JSON.stringify(options)
  useLayoutEffect(() => {
    store.configure(JSON.parse(optionsKey) as CarouselOptions)
  }, [store, optionsKey])
  useEffect(() => {
    if (!startsAtMount) return
    const timer = setTimeout(store.start, 0)
    return () => clearTimeout(timer)
  }, [store, startsAtMount])
  return store
}

/** What a carousel shows before its engine has measured (see Carousel). */
interface Unmeasured {
  slides: number
  perView: number
  loop: boolean
}

/** The context: stable for the carousel's life (see EngineStore). */
interface CarouselFrame {
  store: EngineStore
  unmeasured: Unmeasured
}

interface CarouselState {
  carouselRef: EngineStore['attachViewport']
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
    () => (store.engine ? read(store.engine) : before),
    () => before,
  )
}

export function useCarousel(): CarouselState {
  const frame = useContext(CarouselContext)
  if (!frame) throw new Error('useCarousel must be used within <Carousel>')
  const { store, unmeasured } = frame
  const canMoveUnmeasured = unmeasured.slides > unmeasured.perView
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
    carouselRef: store.attachViewport,
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
  perView = Number.POSITIVE_INFINITY,
  startsAtMount = false,
  className,
  children,
  label,
  ...props
}: Omit<ComponentProps<'section'>, 'ref'> & {
  opts?: CarouselOptions
  /** The number of slides: the dots before the engine has measured. */
  slides?: number
  /**
   * The most slides the view shows at once at any width (1: every slide fills it): with more
   * slides than that, the arrows show before the engine has measured. Unknown by default.
   */
  perView?: number
  /**
   * The engine starts just after mount, not at the first use: for a carousel whose dots depend
   * on the measured layout (several slides per view without a loop), so they show at once.
   */
  startsAtMount?: boolean
  label: string
}) {
  const isReducedMotion = useReducedMotion()
  const store = useEngine(
    {
      align: 'start',
      ...opts,
      duration: isReducedMotion ? 0 : (opts?.duration ?? 25),
    },
    startsAtMount,
  )
  const { attachSection } = store
  const loop = opts?.loop ?? false
  const value = useMemo(
    () => ({ store, unmeasured: { slides, perView, loop } }),
    [store, slides, perView, loop],
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
        ref={attachSection}
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
