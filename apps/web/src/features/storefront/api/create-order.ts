/**
 * POST /api/businesses/{businessId}/orders (issue 24 §2): the shopper's order — products and
 * quantities, never prices (the API recomputes them). 201 is the saved order with its code, the
 * token of its page and the wa.me link; 400 carries `errors` per field.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreatedOrder, CreateOrder, PublicOrder } from '@vitrina/contracts'
import { api } from '../../../api/client'
import { orderKeys } from '../../../api/order-keys'
import { trackOrderPixels } from '../../../lib/pixels/order-event'

export function createOrder(businessId: string, order: CreateOrder): Promise<CreatedOrder> {
  return api.post<CreatedOrder>(`/businesses/${encodeURIComponent(businessId)}/orders`, order)
}

export function useCreateOrder(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (order: CreateOrder) => createOrder(businessId, order),
    // The order page opens at once with what the reply already says.
    onSuccess: (created) => {
      queryClient.setQueryData<PublicOrder>(orderKeys.public(created.code, created.token), created)
      // Issue 46 §3: the owner's pixels' purchase, when the shopper accepted them.
      trackOrderPixels(businessId, created)
    },
  })
}
