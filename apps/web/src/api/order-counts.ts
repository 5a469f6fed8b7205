/**
 * Issue 24 §3: the owner's orders per status, for the badge of the owner's menu (new orders)
 * and shared with /admin/pedidos through the same cache keys.
 */
import { useQuery } from '@tanstack/react-query'
import type { OrderCounts } from '@vitrina/contracts'
import { api, isApiError } from './client'
import { useMyBusiness } from './my-business'
import { orderKeys } from './order-keys'

/**
 * GET /api/orders/counts — `{ counts }` for the owner's business; null for a user without a
 * business (the API refuses: 403/404), who then sees no badge.
 */
export async function getOrderCounts(signal?: AbortSignal): Promise<OrderCounts | null> {
  try {
    const reply = await api.get<{ counts: OrderCounts }>('/orders/counts', { signal })
    return reply.counts
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401)
      return null
    throw error
  }
}

/**
 * The number of 'nuevo' orders, refreshed every minute and when the tab comes back. Asked only
 * once the user is known to have a business (issue 41: a user without one got a console 404 on
 * every page); the business query is the one the rest of the app shares.
 */
export function useNewOrdersCount(userId: string | undefined): number {
  const myBusiness = useMyBusiness(userId)
  const counts = useQuery({
    queryKey: orderKeys.counts(userId ?? ''),
    queryFn: ({ signal }) => getOrderCounts(signal),
    enabled: Boolean(userId) && Boolean(myBusiness.data),
    staleTime: 30_000,
    // A user without a business (null) is not asked again.
    refetchInterval: (query) => (query.state.data === null ? false : 60_000),
    refetchOnWindowFocus: 'always',
    retry: false,
  })
  return counts.data?.nuevo ?? 0
}
