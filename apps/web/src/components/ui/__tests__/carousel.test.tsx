import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installDrivenObserver, placeElementsAt } from '../../../test/viewport'
import {
  Carousel,
  CarouselContent,
  CarouselDots,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
} from '../carousel'

function Covers({
  slides,
  isFullWidth,
  startsNearViewport,
}: {
  slides?: number
  isFullWidth?: boolean
  startsNearViewport?: boolean
}) {
  return (
    <Carousel
      label="Portada"
      opts={{ loop: true }}
      slides={slides}
      isFullWidth={isFullWidth}
      startsNearViewport={startsNearViewport}
    >
      <CarouselContent flush>
        {['Uno', 'Dos', 'Tres'].map((name) => (
          <CarouselItem key={name}>{name}</CarouselItem>
        ))}
      </CarouselContent>
      <CarouselPrevious />
      <CarouselNext />
      <CarouselDots />
    </Carousel>
  )
}

const page = (n: number) => screen.getByRole('button', { name: `Ir a la página ${n} de 3` })

describe('carousel before its engine has measured (the server’s HTML, a tap that hydrates)', () => {
  it('shows the arrows and dots of one-at-a-time slides as they will be', async () => {
    render(<Covers slides={3} isFullWidth />)
    // The engine starts in a task of its own: this is the state the server rendered.
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled()
    expect(page(1)).toHaveAttribute('aria-current', 'true')
    expect(page(3)).not.toHaveAttribute('aria-current')
    // Measured, the engine agrees.
    await waitFor(() => expect(page(1)).toHaveAttribute('aria-current', 'true'))
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled()
  })

  it('makes a move asked for before the engine started once it starts', async () => {
    render(<Covers slides={3} isFullWidth />)
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }))
    await waitFor(() => expect(page(2)).toHaveAttribute('aria-current', 'true'))
    fireEvent.click(page(3))
    await waitFor(() => expect(page(3)).toHaveAttribute('aria-current', 'true'))
  })

  it('shows a dot per slide but no arrows yet when slides may share the view', async () => {
    render(<Covers slides={3} />)
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled()
    expect(page(1)).toHaveAttribute('aria-current', 'true')
    expect(page(3)).toBeInTheDocument()
    // Measured, the arrows can move.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled())
  })

  it('claims nothing it cannot know when the slide count is not given', async () => {
    render(<Covers />)
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: /^Ir a la página/ })).toBeNull()
    // Once measured, the arrows and dots appear as the layout allows.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled())
    expect(page(1)).toHaveAttribute('aria-current', 'true')
  })
})

describe('a carousel that starts near the screen (the storefront home’s product rows)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('starts its engine only when it comes near the screen', async () => {
    const observer = installDrivenObserver()
    placeElementsAt(5_000)
    render(<Covers slides={3} startsNearViewport />)
    // Far below the first screen: no engine, so the arrows of slides that may share the view
    // stay as the server rendered them.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled()
    observer.reveal()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled())
  })

  it('starts at once when it is already on screen', async () => {
    installDrivenObserver()
    placeElementsAt(100)
    render(<Covers slides={3} startsNearViewport />)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled())
  })
})
