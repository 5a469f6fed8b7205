/**
 * Issue 43 (ADR 037): paying an order with Mercado Pago. Whether the shop takes it (the
 * checkout's option), and the start of a payment of a saved order: where to send the shopper.
 */
import { useQuery } from '@tanstack/react-query'
import { api } from '../../../api/client'

export function useOnlinePaymentAvailable(businessId: string) {
  return useQuery({
    queryKey: ['payments', 'mercadopago', 'available', businessId],
    queryFn: ({ signal }) =>
      api.get<{ available: boolean }>(
        `/payments/mercadopago/shops/${encodeURIComponent(businessId)}`,
        { signal },
      ),
    staleTime: 60_000,
    select: (reply) => reply.available,
  })
}

/** POST /api/orders/{code}/pago?t=: a new Checkout Pro preference; its URL. */
export function startOnlinePayment(code: string, token: string): Promise<{ url: string }> {
  return api.post<{ url: string }>(`/orders/${encodeURIComponent(code)}/pago`, undefined, {
    query: { t: token },
  })
}
