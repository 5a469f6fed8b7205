/**
 * GET /api/orders/{code}?t={token} (issue 24 §2): an order's public summary; 404 without the
 * right token. Read by the order page's loader and the page itself (one query, ADR 021).
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicOrder } from '@vitrina/contracts'
import { api } from '../../../api/client'
import { orderKeys } from '../../../api/order-keys'

export function getPublicOrder(code: string, token: string, signal?: AbortSignal) {
  return api.get<PublicOrder>(`/orders/${encodeURIComponent(code)}`, {
    query: { t: token },
    signal,
  })
}

export function publicOrderQueryOptions(code: string, token: string) {
  return queryOptions({
    queryKey: orderKeys.public(code, token),
    queryFn: ({ signal }) => getPublicOrder(code, token, signal),
    // The owner moves it along (Confirmado, Enviado…): fresh on every visit, not every render.
    staleTime: 30_000,
  })
}

/** Without a token there is nothing to ask: the page says 'Pedido no encontrado'. */
export function usePublicOrder(code: string, token: string) {
  return useQuery({ ...publicOrderQueryOptions(code, token), enabled: token !== '' })
}
