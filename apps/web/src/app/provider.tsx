import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { TIMINGS } from '@vitrina/contracts'
import { isApiError } from '../api/client'
import { TooltipProvider } from '../components/ui/tooltip'
import { SessionProvider } from '../lib/session'
import type { SessionStore } from '../lib/session'

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

/** Everything the screens rely on: data cache, session, tooltips and toasts (SPEC §2.18, §9). */
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
        <TooltipProvider>
          {children}
          <Toaster
            position="top-right"
            visibleToasts={TIMINGS.toastsVisible}
            duration={TIMINGS.toastDurationMs}
            gap={TIMINGS.toastGapPx}
            richColors
            closeButton
          />
        </TooltipProvider>
      </SessionProvider>
    </QueryClientProvider>
  )
}
