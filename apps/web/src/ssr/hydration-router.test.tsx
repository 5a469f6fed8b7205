/**
 * The router a server-rendered page hydrates with (ssr/hydration-router.ts): it renders the
 * server's state without React Router's navigation engine, loads the engine at the first
 * navigation, and from then on the engine drives the same RouterProvider.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router'
import type { HydrationState, RouteObject } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Link } from '../components/ui/link'
import { createHydrationRouter } from './hydration-router'

function Page({ name }: { name: string }) {
  const { pathname } = useLocation()
  return (
    <main>
      <h1>{name}</h1>
      <p>en {pathname}</p>
      <Link to="/productos">Productos</Link>
    </main>
  )
}

const productsLoader = vi.fn(() => null)
const routes = (): RouteObject[] => [
  {
    path: '/',
    loader: () => null,
    children: [
      { index: true, Component: () => <Page name="Inicio" /> },
      { path: 'productos', loader: productsLoader, Component: () => <Page name="Productos" /> },
    ],
  },
]
const hydration: HydrationState = { loaderData: { '0': null } }

beforeEach(() => {
  window.history.replaceState(null, '', '/')
  productsLoader.mockClear()
})

describe('createHydrationRouter', () => {
  it('renders the server state without the engine, and loads it at the first navigation', async () => {
    const tree = routes()
    const engine = vi.fn(async (data: HydrationState) =>
      createBrowserRouter(tree, { hydrationData: data }),
    )
    const router = createHydrationRouter(tree, hydration, engine)!
    const seen: string[] = []
    router.subscribe((state) => seen.push(state.location.pathname))
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('heading', { name: 'Inicio' })).toBeInTheDocument()
    expect(engine).not.toHaveBeenCalled()

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Productos' }))
    })
    expect(await screen.findByRole('heading', { name: 'Productos' })).toBeInTheDocument()
    expect(screen.getByText('en /productos')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/productos')
    expect(engine).toHaveBeenCalledTimes(1)
    expect(engine.mock.calls[0]![0].loaderData).toEqual({ '0': null })
    // The new page's loader ran; the hydrated one did not run again.
    expect(productsLoader).toHaveBeenCalledTimes(1)
    // A listener subscribed before the engine arrived hears its navigations.
    expect(seen.at(-1)).toBe('/productos')
    expect(router.state.location.pathname).toBe('/productos')
  })

  it('gives way to the engine when a matched route still has something to load', () => {
    const engine = vi.fn()
    // No loader data for the matched route with a loader.
    expect(createHydrationRouter(routes(), { loaderData: {} }, engine)).toBeNull()
    // A lazy route module not loaded yet.
    const lazy: RouteObject[] = [{ path: '/', lazy: async () => ({ Component: () => null }) }]
    expect(createHydrationRouter(lazy, { loaderData: {} }, engine)).toBeNull()
    expect(engine).not.toHaveBeenCalled()
  })
})
