import { useState } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import type { SessionStore } from '../lib/session'
import { AppProvider, createQueryClient } from './provider'
import { createAppRouter, createRoutes } from './router'

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
  const [client] = useState(() => queryClient ?? createQueryClient())
  const [router] = useState(() => givenRouter ?? createAppRouter(createRoutes(client), client))
  return (
    <AppProvider queryClient={client} sessionStore={sessionStore}>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
