/**
 * Issue 41: the moment the server rendered a page, in the query cache it dehydrates, so a part
 * that depends on the time — the opening status, 'Abierto ahora' — renders on the server and
 * hydrates with the very same markup (the browser's clock would differ: a hydration mismatch),
 * then checks again with the browser's clock. Absent in a page the browser renders itself.
 */
import { QueryClientContext } from '@tanstack/react-query'
import { useContext } from 'react'
import type { QueryClient } from '@tanstack/react-query'

export const RENDER_TIME_KEY = ['render-time'] as const

/** Called by the server's render before it renders the page. */
export function setRenderTime(queryClient: QueryClient, at: number): void {
  queryClient.setQueryData(RENDER_TIME_KEY, at)
}

/** The server's render time (ms since the epoch), or undefined (also outside a query client). */
export function useRenderTime(): number | undefined {
  return useContext(QueryClientContext)?.getQueryData<number>(RENDER_TIME_KEY)
}
