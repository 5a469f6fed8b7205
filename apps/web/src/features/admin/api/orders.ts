/**
 * Issue 24 §3: the owner's orders (bearer; the API answers for the owner's business only). One
 * fetcher per endpoint; GET /api/orders/counts lives in api/order-counts.ts (the menu's badge).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { orderListResponseSchema, ownerOrderSchema } from '@vitrina/contracts'
import type {
  OrderExportQuery,
  OrderListResponse,
  OrderStatus,
  OwnerOrder,
  PaymentStatus,
  UpdateOrderInput,
} from '@vitrina/contracts'
import { api, requestBlob } from '../../../api/client'
import { orderKeys } from '../../../api/order-keys'

export interface OrderListParams {
  status?: OrderStatus
  /** Issue 43 §4: the online payment's state. */
  payment?: PaymentStatus
  search?: string
  page?: number
}

/** GET /api/orders?status=&search=&page= — newest first, with the counts per status. */
export function getOrders(params: OrderListParams, signal?: AbortSignal) {
  return api.get<OrderListResponse>('/orders', {
    query: {
      status: params.status,
      payment: params.payment,
      search: params.search?.trim() || undefined,
      page: params.page && params.page > 1 ? params.page : undefined,
    },
    signal,
    schema: orderListResponseSchema,
  })
}

export function useOrders(params: OrderListParams) {
  return useQuery({
    queryKey: orderKeys.list({ ...params }),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  })
}

/** GET /api/orders/{id} — one order with its history. */
export function getOrder(id: string, signal?: AbortSignal): Promise<OwnerOrder> {
  return api.get<OwnerOrder>(`/orders/${encodeURIComponent(id)}`, {
    signal,
    schema: ownerOrderSchema,
  })
}

/** PATCH /api/orders/{id} — a new status (a reason to cancel) and/or an internal note. */
export function updateOrder(id: string, body: UpdateOrderInput): Promise<unknown> {
  return api.patch(`/orders/${encodeURIComponent(id)}`, body)
}

/** Every change refreshes the lists, the counts (the menu's badge) and the order. */
export function useUpdateOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOrderInput }) => updateOrder(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  })
}

/** GET /api/orders/export.csv?from=&to= — the CSV as bytes (UTF-8 with BOM, ';'). */
export function exportOrdersCsv(range: OrderExportQuery, signal?: AbortSignal): Promise<Blob> {
  return requestBlob('/orders/export.csv', { query: { from: range.from, to: range.to }, signal })
}
