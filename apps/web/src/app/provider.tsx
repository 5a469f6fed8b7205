import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { isApiError } from '../api/client'
import { SessionProvider } from '../lib/session'
import type { SessionStore } from '../lib/session'
import { isToasterRequestedNow, subscribeToToasterRequest } from '../lib/toast'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; network hiccups and 5xx get one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  })
}

// Sonner stays out of the first load (the storefront budget, SPEC §9): the Toaster downloads
// when a screen first needs toasts (lib/toast.ts).
const AppToaster = lazy(() => import('./toaster'))

function DeferredToaster() {
  const isRequested = useSyncExternalStore(
    subscribeToToasterRequest,
    isToasterRequestedNow,
    () => false,
  )
  if (!isRequested) return null
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  )
}

/**
 * Everything the screens rely on: data cache, session and toasts (SPEC §2.18, §9). Tooltips
 * bring their own provider (components/ui/tooltip.tsx), so Radix Popper is not in the entry.
 */
export function AppProvider({
  children,
  queryClient,
  sessionStore,
}: {
  children: ReactNode
  queryClient?: QueryClient
  sessionStore?: SessionStore
}) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <QueryClientProvider client={client}>
      <SessionProvider store={sessionStore}>
        {children}
        <DeferredToaster />
      </SessionProvider>
    </QueryClientProvider>
  )
}
