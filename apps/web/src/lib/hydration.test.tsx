/**
 * Hydrating a server-rendered page (ADR 017): the HTML is React's own server render, and the
 * browser's first render must describe it exactly — what only this device knows (storage, media
 * queries, layout) reads as on the server — so React adopts the server's nodes without a
 * recoverable error, and the page shows the device's state right after.
 */
import { waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  Carousel,
  CarouselContent,
  CarouselDots,
  CarouselItem,
  CarouselNext,
} from '../components/ui/carousel'
import { useHydrated } from '../hooks/use-hydrated'
import { hydrate, serverMarkup } from '../test/render'
import { useReducedMotion } from '../hooks/use-reduced-motion'
import { addToCart, useCartCount } from './cart'
import { addFavorite, useFavorites } from './favorites'

/**
 * Renders `element` as the server does, puts the HTML in the document and hydrates it; returns
 * the root and the recoverable errors (mismatches) React reported.
 */
async function hydrateServerRender(element: ReactNode) {
  const root = serverMarkup(renderToString(element))
  const serverNode = root.firstChild
  const serverDots = root.querySelectorAll('button[aria-label^="Ir a la página"]').length
  const errors = await hydrate(root, element)
  return { root, serverNode, serverDots, errors }
}

function CartCount() {
  return <p>{useCartCount('mates')}</p>
}

function FavoriteCount() {
  return <p>{useFavorites().length}</p>
}

function LazyPart() {
  return <p>{useHydrated() ? 'carrusel' : 'imagen'}</p>
}

function Motion() {
  return <p>{useReducedMotion() ? 'quieto' : 'animado'}</p>
}

describe('hydration of a server-rendered page', () => {
  it('renders stored lists as the server did (empty), then what is stored', async () => {
    addToCart({
      businessIdentifier: 'mates',
      productId: 'p1',
      name: 'Mate',
      price: 450,
      quantity: 2,
    })
    addFavorite({ businessIdentifier: 'mates', productId: 'p1', name: 'Mate', price: 450 })
    const cart = await hydrateServerRender(<CartCount />)
    const favorites = await hydrateServerRender(<FavoriteCount />)
    expect([...cart.errors, ...favorites.errors]).toEqual([])
    await waitFor(() => expect(cart.root.textContent).toBe('2'))
    expect(favorites.root.textContent).toBe('1')
    // The server's element was adopted, not replaced.
    expect(cart.root.firstChild).toBe(cart.serverNode)
  })

  it('shows what the server could not render only once hydrated', async () => {
    const { root, errors } = await hydrateServerRender(<LazyPart />)
    expect(errors).toEqual([])
    await waitFor(() => expect(root.textContent).toBe('carrusel'))
  })

  it('reads the media query only after hydrating', async () => {
    const matchMedia = window.matchMedia
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as never
    try {
      const { root, errors } = await hydrateServerRender(<Motion />)
      expect(errors).toEqual([])
      await waitFor(() => expect(root.textContent).toBe('quieto'))
    } finally {
      window.matchMedia = matchMedia
    }
  })

  it('hydrates a carousel with its dots and arrows from the slide count', async () => {
    const { serverDots, errors } = await hydrateServerRender(
      <Carousel slides={3} perView={1} label="Portada">
        <CarouselContent>
          {['a', 'b', 'c'].map((slide) => (
            <CarouselItem key={slide}>{slide}</CarouselItem>
          ))}
        </CarouselContent>
        <CarouselNext />
        <CarouselDots />
      </Carousel>,
    )
    expect(serverDots).toBe(3)
    // Without a server snapshot for the engine's state, React gives up hydrating the carousel.
    expect(errors).toEqual([])
  })
})
