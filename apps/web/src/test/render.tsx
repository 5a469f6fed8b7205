import { act, render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { StrictMode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { followHead } from '../ssr/follow-head'
import type { RouteObject } from 'react-router'
import { AppProvider, createQueryClient } from '../app/provider'
import { createRoutes } from '../app/router'

type Router = ReturnType<typeof createMemoryRouter>

/** The app's query client, without retries (a test's failed read fails at once). */
function testQueryClient() {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  return queryClient
}

function mount(router: Router, strict: boolean, queryClient = testQueryClient()) {
  const tree = (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  )
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree)
}

/** Renders the real app route tree at `entry` (lazy routes load as in the browser). */
export function renderApp(
  entry: string | { pathname: string; state?: unknown },
  { strict = false } = {},
) {
  const queryClient = testQueryClient()
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [entry] })
  // As createAppRouter does: the head follows each navigation (ssr/head-updater.ts).
  followHead(router, queryClient)
  const view = mount(router, strict, queryClient)
  return {
    router,
    ...view,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  }
}

/** Renders one element with the app providers and a router around it. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', extraRoutes = [] as RouteObject[] } = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...extraRoutes], {
    initialEntries: [path],
  })
  const view = mount(router, false)
  return { router, ...view }
}

/** The server's markup in a container of the document, as the browser receives it. */
export function serverMarkup(html: string): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  return container
}

/**
 * Hydrates `element` over the server's markup already in `container` (`serverMarkup`), as the
 * browser does, and returns the recoverable errors (mismatches) React reported. Through Testing
 * Library, so the root is unmounted after the test like every render's: a root left mounted keeps
 * its query client listening to the shared window (src/test/setup.ts).
 */
export async function hydrate(container: HTMLElement, element: ReactNode): Promise<unknown[]> {
  const errors: unknown[] = []
  await act(async () => {
    render(element, { container, hydrate: true, onRecoverableError: (error) => errors.push(error) })
  })
  return errors
}
