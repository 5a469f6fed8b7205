/**
 * Progressive hydration (components/hydrate-when-near.tsx): a part below the first screen keeps
 * the server's HTML unhydrated until it comes near the screen or is used, and is then hydrated
 * in place — the server's nodes adopted, no recoverable error, its handlers live.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { startTransition, useEffect, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { installDrivenObserver } from '../../test/viewport'
import { HydrateWhenNear, openHydrationGates } from '../hydrate-when-near'
import { Carousel, CarouselContent, CarouselItem, CarouselNext } from '../ui/carousel'

/** Which parts have run their effects: a part's effects run once it is hydrated. */
let mounted: string[] = []

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0)
  useEffect(() => {
    mounted.push(name)
  }, [name])
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {name}: {count}
    </button>
  )
}

function Page({ title = 'Tienda' }: { title?: string }) {
  return (
    <div>
      <h1>{title}</h1>
      <Counter name="arriba" />
      <HydrateWhenNear>
        <section>
          <h2>Ofertas</h2>
          <Counter name="abajo" />
        </section>
      </HydrateWhenNear>
    </div>
  )
}

let prefixes = 0
let root: Root | undefined

/** The server's HTML of `element` in the document, hydrated as the browser does. */
async function hydrateServerRender(
  element: React.ReactElement,
  { clickAtStart }: { clickAtStart?: string } = {},
) {
  // Each test's ids (and so its parts' gates) are its own, as each page's are.
  const identifierPrefix = `t${++prefixes}-`
  const container = document.createElement('div')
  container.innerHTML = renderToString(element, { identifierPrefix })
  document.body.append(container)
  const serverSection = container.querySelector('section')
  const errors: unknown[] = []
  await act(async () => {
    // As ssr/hydrate.tsx: hydration is a transition, then the clicks kept before it are replayed.
    startTransition(() => {
      root = hydrateRoot(container, element, {
        identifierPrefix,
        onRecoverableError: (error) => errors.push(error),
      })
    })
    if (clickAtStart) screen.getByRole('button', { name: clickAtStart }).click()
  })
  return { container, serverSection, errors }
}

afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  mounted = []
  document.body.innerHTML = ''
})

describe('HydrateWhenNear', () => {
  it('leaves a part off screen as the server rendered it, then hydrates it in place when it comes near', async () => {
    const viewport = installDrivenObserver()
    const { container, serverSection, errors } = await hydrateServerRender(<Page />)

    expect(mounted).toEqual(['arriba'])
    // Readable before it is hydrated: the server's HTML is there.
    expect(container.querySelector('section')?.textContent).toBe('Ofertasabajo: 0')

    await viewport.reveal()

    expect(mounted).toEqual(['arriba', 'abajo'])
    expect(container.querySelector('section')).toBe(serverSection)
    expect(errors).toEqual([])
    await act(async () => screen.getByRole('button', { name: 'abajo: 0' }).click())
    expect(screen.getByRole('button', { name: 'abajo: 1' })).toBeInTheDocument()
  })

  it('hydrates a part at once when a click reaches it, and the click acts', async () => {
    installDrivenObserver()
    const { container, serverSection, errors } = await hydrateServerRender(<Page />)
    expect(mounted).toEqual(['arriba'])

    await act(async () => screen.getByRole('button', { name: 'abajo: 0' }).click())

    expect(screen.getByRole('button', { name: 'abajo: 1' })).toBeInTheDocument()
    expect(mounted).toEqual(['arriba', 'abajo'])
    expect(container.querySelector('section')).toBe(serverSection)
    expect(errors).toEqual([])
  })

  it('acts on a click replayed as the page starts hydrating, before React reached the part', async () => {
    installDrivenObserver()
    const { errors } = await hydrateServerRender(<Page />, { clickAtStart: 'abajo: 0' })

    expect(screen.getByRole('button', { name: 'abajo: 1' })).toBeInTheDocument()
    expect(errors).toEqual([])
  })

  it('keeps waiting when its parent renders the same children again (not rendered anew)', async () => {
    const viewport = installDrivenObserver()
    const element = <Page />
    const { container, serverSection, errors } = await hydrateServerRender(element)
    // The parent renders again with a new title: the part's children are described the same.
    await act(async () => root?.render(<Page title="Tienda nueva" />))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tienda nueva')
    expect(mounted).toEqual(['arriba'])

    await viewport.reveal()

    expect(mounted).toEqual(['arriba', 'abajo'])
    expect(container.querySelector('section')).toBe(serverSection)
    expect(errors).toEqual([])
  })

  it('hydrates every waiting part when the router first changes (openHydrationGates)', async () => {
    installDrivenObserver()
    const { container, serverSection, errors } = await hydrateServerRender(<Page />)
    expect(mounted).toEqual(['arriba'])

    await act(async () => openHydrationGates())

    expect(mounted).toEqual(['arriba', 'abajo'])
    expect(container.querySelector('section')).toBe(serverSection)
    expect(errors).toEqual([])
  })

  it('keeps a part inside a carousel waiting when the carousel’s engine starts', async () => {
    // A storefront row's cards (product-carousel.tsx): the row hydrates and starts its engine,
    // its clipped cards wait. Were the carousel's context to change as the engine starts, React
    // would render the waiting card again in the browser — as nothing, behind its gate.
    const viewport = installDrivenObserver()
    const row = (
      <Carousel label="Destacados" opts={{ loop: true }} slides={2}>
        <CarouselContent>
          <CarouselItem>
            <Counter name="primera" />
          </CarouselItem>
          <CarouselItem>
            <HydrateWhenNear>
              <article>
                <Counter name="segunda" />
              </article>
            </HydrateWhenNear>
          </CarouselItem>
        </CarouselContent>
        <CarouselNext />
      </Carousel>
    )
    const { container, errors } = await hydrateServerRender(row)
    const serverCard = container.querySelector('article')
    // The pointer over the row's first card starts the engine, which measures: the arrow can move.
    fireEvent.pointerOver(screen.getByRole('button', { name: 'primera: 0' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguiente' })).toBeEnabled())

    expect(mounted).toEqual(['primera'])
    expect(container.querySelector('article')).toBe(serverCard)
    expect(serverCard).toHaveTextContent('segunda: 0')
    expect(errors).toEqual([])

    await viewport.reveal()
    expect(mounted).toEqual(['primera', 'segunda'])
    expect(container.querySelector('article')).toBe(serverCard)
  })

  it('hydrates every part around a click at once, a card inside a row as the row', async () => {
    installDrivenObserver()
    const nested = (
      <div>
        <h1>Tienda</h1>
        <HydrateWhenNear>
          <section>
            <h2>Destacados</h2>
            <HydrateWhenNear>
              <article>
                <Counter name="tarjeta" />
              </article>
            </HydrateWhenNear>
          </section>
        </HydrateWhenNear>
      </div>
    )
    const { container, serverSection, errors } = await hydrateServerRender(nested)
    expect(mounted).toEqual([])

    await act(async () => screen.getByRole('button', { name: 'tarjeta: 0' }).click())

    expect(screen.getByRole('button', { name: 'tarjeta: 1' })).toBeInTheDocument()
    expect(mounted).toEqual(['tarjeta'])
    expect(container.querySelector('section')).toBe(serverSection)
    expect(errors).toEqual([])
  })

  it('renders its children at once in a page the browser renders', () => {
    installDrivenObserver()
    render(<Page />)
    expect(screen.getByRole('button', { name: 'abajo: 0' })).toBeInTheDocument()
    expect(mounted).toEqual(['arriba', 'abajo'])
  })
})
