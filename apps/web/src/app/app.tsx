import { useState } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import type { SessionStore } from '../lib/session'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

type AppRouter = ReturnType<typeof createAppRouter>

/** The whole app; a server-rendered page hydrates it with the router and data of its render. */
export function App({
  router: givenRouter,
  queryClient,
  sessionStore,
}: {
  router?: AppRouter
  queryClient?: QueryClient
  sessionStore?: SessionStore
}) {
  const [router] = useState(() => givenRouter ?? createAppRouter())
  return (
    <AppProvider queryClient={queryClient} sessionStore={sessionStore}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
