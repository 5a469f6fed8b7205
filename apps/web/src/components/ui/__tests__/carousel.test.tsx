/**
 * The carousel's controller over the browser's scroll snap (ADR 014): arrows, dots, keys, the
 * wrap-around of a looping carousel, reduced motion and a native swipe. jsdom has no layout, so
 * `layOut` gives the scroll container and its slides one (slides `width` px apart, `view` px
 * shown) and makes `scrollTo` move it and send the browser's scroll events.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { axeViolations } from '../../../test/axe'
import {
  Carousel,
  CarouselContent,
  CarouselDots,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
  useCarousel,
} from '../carousel'

const NAMES = ['Uno', 'Dos', 'Tres']

function Covers({
  slides,
  perView,
  loop = true,
  children,
}: {
  slides?: number
  perView?: number
  loop?: boolean
  children?: ReactNode
}) {
  return (
    <Carousel label="Portada" loop={loop} slides={slides} perView={perView}>
      <CarouselContent flush>
        {NAMES.map((name) => (
          <CarouselItem key={name} aria-label={name}>
            <a href={`#${name}`}>{name}</a>
          </CarouselItem>
        ))}
      </CarouselContent>
      <CarouselPrevious />
      <CarouselNext />
      <CarouselDots />
      {children}
    </Carousel>
  )
}

const page = (n: number, of = 3) =>
  screen.getByRole('button', { name: `Ir a la página ${n} de ${of}` })
const next = () => screen.getByRole('button', { name: 'Siguiente' })
const previous = () => screen.getByRole('button', { name: 'Anterior' })
const section = () => screen.getByRole('region', { name: 'Portada' })
const viewport = () => section().querySelector<HTMLElement>('.snap-x')!

/** A ResizeObserver that reports each element once as it is observed (after the first layout). */
function observeAtOnce() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private callback: ResizeObserverCallback) {}
      observe() {
        this.callback([], this as unknown as ResizeObserver)
      }
      unobserve() {}
      disconnect() {}
    },
  )
}

/**
 * Gives the carousel's scroll container a layout: `view` px wide, its slides `width` px wide one
 * after another. `scrollTo` moves it (clamped), then sends `scroll` and `scrollend`. Returns the
 * calls to `scrollTo`.
 */
function layOut(element: HTMLElement, { view, width }: { view: number; width: number }) {
  const slides = [...element.firstElementChild!.children]
  let left = 0
  const max = slides.length * width - view
  Object.defineProperties(element, {
    clientWidth: { configurable: true, get: () => view },
    scrollWidth: { configurable: true, get: () => slides.length * width },
    scrollLeft: {
      configurable: true,
      get: () => left,
      set: (value: number) => {
        left = Math.max(0, Math.min(max, value))
      },
    },
  })
  const box = (x: number, w: number) => ({ left: x, right: x + w, width: w }) as DOMRect
  element.getBoundingClientRect = () => box(0, view)
  slides.forEach((slide, index) => {
    slide.getBoundingClientRect = () => box(index * width - left, width)
  })
  const scrollTo = vi.fn((options: ScrollToOptions) => {
    element.scrollLeft = options.left ?? 0
    fireEvent.scroll(element)
    fireEvent(element, new Event('scrollend'))
  })
  element.scrollTo = scrollTo as unknown as HTMLElement['scrollTo']
  return scrollTo
}

/** Lets the scroll listener's animation frame run. */
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('carousel: name and roles', () => {
  it('is a region named by its label, described as a carousel of slides, with no axe violation', async () => {
    render(<Covers slides={3} perView={1} />)
    expect(section()).toHaveAttribute('aria-roledescription', 'carrusel')
    expect(screen.getAllByRole('group')).toHaveLength(3)
    expect(screen.getByRole('group', { name: 'Dos' })).toHaveAttribute(
      'aria-roledescription',
      'diapositiva',
    )
    expect(await axeViolations()).toEqual([])
  })

  it('is named by a heading when given one (a product row)', () => {
    render(
      <>
        <h2 id="fila">Ofertas</h2>
        <Carousel label="Ofertas" aria-labelledby="fila" slides={1}>
          <CarouselContent>
            <CarouselItem>Mate</CarouselItem>
          </CarouselContent>
        </Carousel>
      </>,
    )
    expect(screen.getByRole('region', { name: 'Ofertas' })).toHaveAttribute(
      'aria-labelledby',
      'fila',
    )
  })

  it('makes the scroll container a Tab stop when its slides have nothing to focus', async () => {
    render(
      <Carousel label="Fotos" loop slides={2} perView={1}>
        <CarouselContent flush focusable>
          <CarouselItem aria-label="1 de 2">foto</CarouselItem>
          <CarouselItem aria-label="2 de 2">foto</CarouselItem>
        </CarouselContent>
      </Carousel>,
    )
    const container = screen.getByRole('region', { name: 'Fotos' }).querySelector('.snap-x')!
    expect(container).toHaveAttribute('tabindex', '0')
    expect(await axeViolations()).toEqual([])
  })
})

describe('carousel before it has measured its layout (the server’s HTML, jsdom)', () => {
  it('shows the arrows and dots of one-at-a-time slides as they will be', () => {
    render(<Covers slides={3} perView={1} />)
    expect(previous()).toBeEnabled()
    expect(next()).toBeEnabled()
    expect(page(1)).toHaveAttribute('aria-current', 'true')
    expect(page(3)).not.toHaveAttribute('aria-current')
  })

  it('shows no arrows yet when slides may share the view, nor dots without a count', () => {
    render(<Covers />)
    expect(next()).toBeDisabled()
    expect(previous()).toBeDisabled()
    expect(screen.queryByRole('button', { name: /^Ir a la página/ })).toBeNull()
  })

  it('moves by slide with the arrows and goes round when it loops', () => {
    render(<Covers slides={3} perView={1} />)
    fireEvent.click(next())
    expect(page(2)).toHaveAttribute('aria-current', 'true')
    fireEvent.click(next())
    fireEvent.click(next())
    expect(page(1)).toHaveAttribute('aria-current', 'true')
    fireEvent.click(previous())
    expect(page(3)).toHaveAttribute('aria-current', 'true')
  })

  it('stops at the ends when it does not loop', () => {
    render(<Covers slides={3} perView={1} loop={false} />)
    expect(previous()).toBeDisabled()
    fireEvent.click(page(3))
    expect(page(3)).toHaveAttribute('aria-current', 'true')
    expect(next()).toBeDisabled()
    expect(previous()).toBeEnabled()
  })

  it('makes a move a slide asks for while it mounts (a variant’s image)', () => {
    function FollowThird() {
      const { scrollTo } = useCarousel()
      useEffect(() => scrollTo(2), [scrollTo])
      return null
    }
    render(
      <Covers slides={3} perView={1}>
        <FollowThird />
      </Covers>,
    )
    expect(page(3)).toHaveAttribute('aria-current', 'true')
  })
})

describe('carousel with a layout', () => {
  it('scrolls to the slide of a dot, smoothly', async () => {
    observeAtOnce()
    render(<Covers slides={3} perView={1} />)
    const scrollTo = layOut(viewport(), { view: 300, width: 300 })
    fireEvent.click(page(3))
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 600, behavior: 'smooth' })
    await nextFrame()
    expect(page(3)).toHaveAttribute('aria-current', 'true')
    fireEvent.click(next())
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' })
  })

  it('jumps instead of gliding when the visitor asked for reduced motion', () => {
    const matchMedia = window.matchMedia
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    })) as typeof window.matchMedia
    try {
      render(<Covers slides={3} perView={1} />)
      const scrollTo = layOut(viewport(), { view: 300, width: 300 })
      fireEvent.click(next())
      expect(scrollTo).toHaveBeenLastCalledWith({ left: 300, behavior: 'instant' })
    } finally {
      window.matchMedia = matchMedia
    }
  })

  it('moves with ← and → while focus is inside, and leaves other keys alone', () => {
    render(<Covers slides={3} perView={1} />)
    const scrollTo = layOut(viewport(), { view: 300, width: 300 })
    const link = screen.getByRole('link', { name: 'Uno' })
    link.focus()
    expect(fireEvent.keyDown(link, { key: 'ArrowRight' })).toBe(false) // default prevented
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' })
    expect(page(2)).toHaveAttribute('aria-current', 'true')
    fireEvent.keyDown(link, { key: 'ArrowLeft' })
    expect(page(1)).toHaveAttribute('aria-current', 'true')
    expect(fireEvent.keyDown(link, { key: 'Enter' })).toBe(true)
    expect(scrollTo).toHaveBeenCalledTimes(2)
  })

  it('follows a swipe: the dot of the slide the scroll rests on', async () => {
    render(<Covers slides={3} perView={1} />)
    const container = viewport()
    layOut(container, { view: 300, width: 300 })
    container.scrollLeft = 310 // the browser's snap, a little short of the slide
    fireEvent.scroll(container)
    await nextFrame()
    expect(page(2)).toHaveAttribute('aria-current', 'true')
  })

  it('counts the positions the layout allows when slides share the view', async () => {
    observeAtOnce()
    render(<Covers loop={false} />)
    // Two slides a view: the third shares the last position with the second.
    layOut(viewport(), { view: 300, width: 150 })
    const container = viewport()
    fireEvent.scroll(container)
    await nextFrame()
    expect(page(1, 2)).toHaveAttribute('aria-current', 'true')
    expect(screen.queryByRole('button', { name: /de 3$/ })).toBeNull()
    expect(next()).toBeEnabled()
    expect(previous()).toBeDisabled()
    fireEvent.click(next())
    await nextFrame()
    expect(page(2, 2)).toHaveAttribute('aria-current', 'true')
    expect(next()).toBeDisabled()
  })
})
