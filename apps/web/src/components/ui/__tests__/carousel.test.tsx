import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import {
  Carousel,
  CarouselContent,
  CarouselDots,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
  useCarousel,
} from '../carousel'

function Covers({
  slides,
  perView,
  startsAtMount,
  children,
}: {
  slides?: number
  perView?: number
  startsAtMount?: boolean
  children?: ReactNode
}) {
  return (
    <Carousel
      label="Portada"
      opts={{ loop: true }}
      slides={slides}
      perView={perView}
      startsAtMount={startsAtMount}
    >
      <CarouselContent flush>
        {['Uno', 'Dos', 'Tres'].map((name) => (
          <CarouselItem key={name}>
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

const page = (n: number) => screen.getByRole('button', { name: `Ir a la página ${n} de 3` })
const next = () => screen.getByRole('button', { name: 'Siguiente' })
const previous = () => screen.getByRole('button', { name: 'Anterior' })
const section = () => screen.getByRole('region', { name: 'Portada' })
/** Long enough for an engine started at mount, in a task of its own, to have measured. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('carousel before its engine has measured (the server’s HTML, a tap that hydrates)', () => {
  it('shows the arrows and dots of one-at-a-time slides as they will be', async () => {
    render(<Covers slides={3} perView={1} />)
    expect(previous()).toBeEnabled()
    expect(next()).toBeEnabled()
    expect(page(1)).toHaveAttribute('aria-current', 'true')
    expect(page(3)).not.toHaveAttribute('aria-current')
    // Measured, the engine agrees.
    fireEvent.pointerOver(section())
    await waitFor(() => expect(page(1)).toHaveAttribute('aria-current', 'true'))
    expect(next()).toBeEnabled()
  })

  it('shows the arrows when there are more slides than the view ever shows', () => {
    render(<Covers slides={3} perView={2} />)
    expect(next()).toBeEnabled()
    expect(previous()).toBeEnabled()
  })

  it('makes a move asked for before the engine started, starting it', async () => {
    render(<Covers slides={3} perView={1} />)
    fireEvent.click(next())
    await waitFor(() => expect(page(2)).toHaveAttribute('aria-current', 'true'))
    fireEvent.click(page(3))
    await waitFor(() => expect(page(3)).toHaveAttribute('aria-current', 'true'))
  })

  it('shows a dot per slide but no arrows yet when slides may share the view', async () => {
    render(<Covers slides={3} />)
    expect(next()).toBeDisabled()
    expect(previous()).toBeDisabled()
    expect(page(1)).toHaveAttribute('aria-current', 'true')
    expect(page(3)).toBeInTheDocument()
    // Measured, the arrows can move.
    fireEvent.pointerOver(section())
    await waitFor(() => expect(next()).toBeEnabled())
  })

  it('claims nothing it cannot know when the slide count is not given', async () => {
    render(<Covers />)
    expect(next()).toBeDisabled()
    expect(screen.queryByRole('button', { name: /^Ir a la página/ })).toBeNull()
    // Once measured, the arrows and dots appear as the layout allows.
    fireEvent.pointerOver(section())
    await waitFor(() => expect(next()).toBeEnabled())
    expect(page(1)).toHaveAttribute('aria-current', 'true')
  })
})

describe('the engine starts at the first use of the carousel, not at mount', () => {
  it.each([
    ['the pointer over it', () => fireEvent.pointerOver(screen.getByText('Dos'))],
    ['a touch or a press', () => fireEvent.pointerDown(screen.getByText('Uno'))],
    ['focus inside it', () => screen.getByRole('link', { name: 'Uno' }).focus()],
    ['a key inside it', () => fireEvent.keyDown(section(), { key: 'Tab' })],
  ])('starts at %s', async (_, use) => {
    render(<Covers slides={3} />)
    await settle()
    // Unused: the arrows of slides that may share the view stay as the server rendered them.
    expect(next()).toBeDisabled()
    use()
    await waitFor(() => expect(next()).toBeEnabled())
  })

  it('starts for a move a slide asks for while it mounts (a variant’s image)', async () => {
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
    await waitFor(() => expect(page(3)).toHaveAttribute('aria-current', 'true'))
  })

  it('starts after mount when asked to (dots that depend on the measured layout)', async () => {
    render(<Covers startsAtMount />)
    expect(next()).toBeDisabled()
    await waitFor(() => expect(next()).toBeEnabled())
    expect(page(1)).toHaveAttribute('aria-current', 'true')
  })

  it('makes a move asked before its slides are there once they are (a row’s cards)', async () => {
    function Later({ hasSlides }: { hasSlides: boolean }) {
      return (
        <Carousel label="Portada" opts={{ loop: true }} slides={3} perView={1}>
          {hasSlides && (
            <CarouselContent flush>
              {['Uno', 'Dos', 'Tres'].map((name) => (
                <CarouselItem key={name}>{name}</CarouselItem>
              ))}
            </CarouselContent>
          )}
          <CarouselNext />
          <CarouselDots />
        </Carousel>
      )
    }
    const { rerender } = render(<Later hasSlides={false} />)
    fireEvent.click(next())
    rerender(<Later hasSlides />)
    await waitFor(() => expect(page(2)).toHaveAttribute('aria-current', 'true'))
  })

  it('starts again at a new viewport once it has started', async () => {
    function Swapped({ version }: { version: number }) {
      return (
        <Carousel label="Portada" opts={{ loop: true }}>
          <CarouselContent key={version} flush>
            {['Uno', 'Dos', 'Tres'].map((name) => (
              <CarouselItem key={name}>{name}</CarouselItem>
            ))}
          </CarouselContent>
          <CarouselNext />
        </Carousel>
      )
    }
    const { rerender } = render(<Swapped version={1} />)
    fireEvent.pointerOver(section())
    await waitFor(() => expect(next()).toBeEnabled())
    rerender(<Swapped version={2} />)
    await settle()
    expect(next()).toBeEnabled()
  })
})
