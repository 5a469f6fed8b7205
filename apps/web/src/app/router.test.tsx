import { render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS, listRequestForAddress } from '@vitrina/contracts'
import { productsQueryOptions } from '../api/products'
import { makeBusiness, makeProduct } from '../components/storefront/__tests__/fixtures'
import { installStorefrontApi, listQueries } from '../features/storefront/__tests__/storefront-api'
import { setAnalyticsProvider } from '../lib/page-views'
import { installFakeApi } from '../test/fake-api'
import { AppProvider, createQueryClient } from './provider'
import { createRoutes } from './router'

function renderAt(entry: string, queryClient = createQueryClient()) {
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [entry] })
  render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return router
}

async function expectLocation(router: ReturnType<typeof renderAt>, expected: string) {
  await waitFor(() =>
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(expected),
  )
}

describe('routes (SPEC §2.1)', () => {
  it.each([
    ['/login', '/auth/login'],
    ['/registro', '/auth/register'],
    ['/contacto', '/plataforma/contacto'],
    ['/nuevo?plan=pro', '/plataforma/nuevo?plan=pro'],
    ['/login?from=x', '/auth/login?from=x'],
    ['/auth', '/auth/login'],
  ])('alias %s → %s keeps the query string', async (from, to) => {
    installFakeApi({})
    const router = renderAt(from)
    await expectLocation(router, to)
  })

  it.each([
    '/a/b/c',
    '/plataforma/caracteristicas',
    '/tienda/otra/cosa',
    '/productos',
    '/ofertas',
    '/admin',
    '/mi_tienda!',
  ])('unknown or reserved path %s redirects to /', async (from) => {
    installFakeApi({})
    const router = renderAt(from)
    await expectLocation(router, '/')
  })

  it.each(['/mi-tienda', '/mi-tienda/productos?oferta=true', '/mi-tienda/productos/42'])(
    'storefront address %s is kept',
    async (entry) => {
      installFakeApi({})
      const router = renderAt(entry)
      await waitFor(() => expect(router.state.navigation.state).toBe('idle'))
      await expectLocation(router, entry)
    },
  )

  it('folds an upper-case identifier to the canonical address', async () => {
    installFakeApi({})
    const router = renderAt('/Mi-Tienda/productos?search=mate')
    await expectLocation(router, '/mi-tienda/productos?search=mate')
  })

  it('takes an accented address to the shop it names (issue 41)', async () => {
    installFakeApi({})
    const router = renderAt('/caf%C3%A9-del-puerto/productos?search=mate')
    await expectLocation(router, '/cafe-del-puerto/productos?search=mate')
  })

  it('/logout signs out and goes home', async () => {
    const fake = installFakeApi({ 'POST /api/auth/logout': () => ({ status: 204 }) })
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ _id: 'u1', name: 'Ana', email: 'a@b.co' }),
    )
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a1')
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
    const router = renderAt('/logout')
    await expectLocation(router, '/')
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull()
    expect(fake.callsTo('POST /api/auth/logout')).toHaveLength(1)
  })

  it('renders a platform page inside the platform layout', async () => {
    installFakeApi({})
    renderAt('/plataforma/planes')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Planes de Suscripción' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toHaveTextContent(String(new Date().getFullYear()))
  })

  it('reports a page view on every route change (SPEC §2.18)', async () => {
    const pageView = vi.fn()
    setAnalyticsProvider({ name: 'test', pageView })
    installFakeApi({})
    const router = renderAt('/plataforma/planes')
    await waitFor(() =>
      expect(pageView).toHaveBeenCalledWith(
        expect.objectContaining({ path: '/plataforma/planes' }),
      ),
    )
    await router.navigate('/plataforma/contacto?x=1')
    await waitFor(() =>
      expect(pageView).toHaveBeenLastCalledWith(
        expect.objectContaining({
          path: '/plataforma/contacto?x=1',
          referrer: '/plataforma/planes',
        }),
      ),
    )
  })

  it('scrolls to the top when the page changes (SPEC §2.1)', async () => {
    installFakeApi({})
    const router = renderAt('/plataforma/planes')
    await screen.findByRole('heading', { level: 1, name: 'Planes de Suscripción' })
    vi.mocked(window.scrollTo).mockClear()
    await router.navigate('/plataforma/contacto')
    await waitFor(() =>
      expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 })),
    )
  })
})

describe('route loaders (one way to have the data before rendering, ADR 021)', () => {
  it('the list page’s loaders fill the query cache the page reads, and the page asks nothing again', async () => {
    const business = makeBusiness()
    const products = [makeProduct({ name: 'Café de Colombia' })]
    const fake = installStorefrontApi({ business, products })
    const search = '?oferta=true&sort=cheapest&page=2'
    const queryClient = createQueryClient()
    // The route loaders alone (nothing rendered): the business, then the list it leads to.
    const router = createMemoryRouter(createRoutes(queryClient), {
      initialEntries: [`/${business.identifier}/productos${search}`],
    })
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'))
    await waitFor(() => expect(router.state.initialized).toBe(true))
    const list = productsQueryOptions(
      business._id,
      listRequestForAddress(new URLSearchParams(search)),
    )
    expect(queryClient.getQueryData(list.queryKey)?.items).toHaveLength(1)
    expect(listQueries(fake, business._id).map(String)).toEqual([
      'sort=cheapest&isOffer=true&page=2&pageSize=12',
    ])
    // The page renders from the cache: the same list, not asked for again.
    render(
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    )
    expect(await screen.findByText('Café de Colombia')).toBeInTheDocument()
    expect(listQueries(fake, business._id)).toHaveLength(1)
  })
})
