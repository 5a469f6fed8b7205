/**
 * Hydrating a server-rendered page (ADR 017): its first render in the browser describes the
 * server's HTML — what only this device knows reads as on the server — and the page shows the
 * device's state right after.
 */
import { waitFor } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { useHydrated } from '../hooks/use-hydrated'
import { prefersReducedMotion } from '../hooks/use-reduced-motion'
import { addToCart, useCartCount } from './cart'
import { hydrateWith, isHydrating } from './hydration'
import { readString } from './storage'
import { useNearViewport } from './use-near-viewport'

function CartCount() {
  return <p>{useCartCount('mates')}</p>
}

function Deferred({ onServer }: { onServer: boolean }) {
  const [, isNear] = useNearViewport<HTMLDivElement>({ onServer })
  return <p>{isNear ? 'contenido' : 'espacio'}</p>
}

function LazyPart() {
  return <p>{useHydrated() ? 'carrusel' : 'imagen'}</p>
}

/** A root holding `html`, as the server sent it. */
function serverHtml(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  document.body.append(root)
  return root
}

describe('hydration of a server-rendered page', () => {
  it('renders stored state as the server did, then the stored state', async () => {
    addToCart({
      businessIdentifier: 'mates',
      productId: 'p1',
      name: 'Mate',
      price: 450,
      quantity: 2,
    })
    const root = serverHtml('<p>0</p>')
    const serverParagraph = root.firstChild
    let seenDuring: string | null = 'unread'
    hydrateWith(() => {
      seenDuring = readString('vitrina:cart')
      hydrateRoot(root, <CartCount />)
    })
    expect(seenDuring).toBeNull()
    expect(isHydrating()).toBe(false)
    await waitFor(() => expect(root.textContent).toBe('2'))
    // The server's element was adopted, not replaced.
    expect(root.firstChild).toBe(serverParagraph)
  })

  it('keeps near-viewport content the server rendered, and the placeholder of what it did not', () => {
    const rendered = serverHtml('<p>contenido</p>')
    const placeholder = serverHtml('<p>espacio</p>')
    hydrateWith(() => {
      hydrateRoot(rendered, <Deferred onServer />)
      hydrateRoot(placeholder, <Deferred onServer={false} />)
    })
    expect(rendered.textContent).toBe('contenido')
    expect(placeholder.textContent).toBe('espacio')
  })

  it('shows what the server could not render only once hydrated', async () => {
    const root = serverHtml('<p>imagen</p>')
    hydrateWith(() => hydrateRoot(root, <LazyPart />))
    expect(root.textContent).toBe('imagen')
    await waitFor(() => expect(root.textContent).toBe('carrusel'))
  })

  it('reads no media query while it runs', () => {
    const matchMedia = window.matchMedia
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as never
    try {
      expect(prefersReducedMotion()).toBe(true)
      let during = true
      hydrateWith(() => (during = prefersReducedMotion()))
      expect(during).toBe(false)
    } finally {
      window.matchMedia = matchMedia
    }
  })
})
