import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import type { SessionStore } from '../lib/session'
import { AppProvider } from './provider'
import type { AppRouter } from './router'

/**
 * The whole app, with its router: the browser's (app/app-router.ts, main.tsx) or, on a
 * server-rendered page, the hydration's (ssr/hydrate.tsx).
 */
export function App({
  router,
  queryClient,
  sessionStore,
}: {
  router: AppRouter
  queryClient: QueryClient
  sessionStore?: SessionStore
}) {
  return (
    <AppProvider queryClient={queryClient} sessionStore={sessionStore}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
