/**
 * The guard of a page the visitor is leaving: when the session ends while the next page is still
 * rendering (deleting the account goes home, then clears the session), the old page's guard must
 * not send the visitor to the login instead.
 */
import { act, render, screen } from '@testing-library/react'
import { Suspense, use } from 'react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import type { RouteObject } from 'react-router'
import { expect, it } from 'vitest'
import { SessionProvider } from './session-provider'
import { paths } from '../../config/paths'
import { signInOwner } from '../../test/owner-kit'
import { clearSessionStorage } from '../storage'
import { RequireAuth } from './require-auth'

function renderRoutes(children: RouteObject[]) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <Suspense fallback="Cargando…">
            <Outlet />
          </Suspense>
        ),
        children: [
          { path: '/perfil', element: <RequireAuth>Perfil</RequireAuth> },
          { path: paths.auth.login(), element: <h1>Iniciar sesión</h1> },
          ...children,
        ],
      },
    ],
    { initialEntries: ['/perfil'] },
  )
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  )
  return router
}

it('sends no one to the login from a page already left while the next one renders', async () => {
  signInOwner()
  let show!: () => void
  const homeReady = new Promise<void>((resolve) => (show = resolve))
  function Home() {
    use(homeReady)
    return <h1>Inicio</h1>
  }
  const router = renderRoutes([{ path: '/', Component: Home }])
  expect(await screen.findByText('Perfil')).toBeInTheDocument()

  // The router is home; React still shows the profile while the home is not ready.
  await act(() => router.navigate('/', { replace: true }))
  expect(screen.getByText('Perfil')).toBeInTheDocument()
  // Awaited: a synchronous `act` around a suspended render leaves React's act queue to a later
  // file in this shared worker (React warned of it at every run).
  await act(async () => clearSessionStorage())
  await act(async () => show())

  expect(router.state.location.pathname).toBe('/')
  expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).not.toBeInTheDocument()
})

it('still sends a signed-out visitor on the page to the login', async () => {
  const router = renderRoutes([])
  expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument()
  expect(router.state.location.state).toEqual({ from: '/perfil' })
})
