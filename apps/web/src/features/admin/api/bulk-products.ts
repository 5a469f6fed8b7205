/**
 * Issue 27 §2: bulk edits of the owner's products (POST /api/products/bulk), the manual order
 * (PUT /api/products/order) and the storefront's default order (the business's productOrder).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  BulkChange,
  BulkResponse,
  BulkAction,
  ListRequest,
  OwnerBusiness,
  ProductListResponse,
  ProductOrder,
} from '@vitrina/contracts'
import { api } from '../../../api/client'
import { myBusinessQueryKey } from '../../../api/my-business'
import { productKeys } from '../../../api/products'

/** Which products: these ids, or every product of the owner's list matching these filters. */
export type BulkSelection = { ids: string[] } | { filter: Record<string, unknown> }

/** The list's filters as the bulk request's `filter` (no page, size nor sort; unset left out). */
export function bulkFilter(params: ListRequest): Record<string, unknown> {
  const filter: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(params)) {
    if (key === 'page' || key === 'pageSize' || key === 'sort') continue
    if (value === undefined || value === null || value === false || value === '') continue
    if (Array.isArray(value) && value.length === 0) continue
    filter[key] = value
  }
  return filter
}

export interface BulkInput {
  selection: BulkSelection
  action: BulkAction
  change?: Partial<BulkChange>
}

export function bulkProducts({ selection, action, change }: BulkInput): Promise<BulkResponse> {
  return api.post<BulkResponse>('/products/bulk', { ...selection, action, change: change ?? {} })
}

/** Every list, carousel and detail may show a changed product; the plan counts products. */
export function useBulkProducts(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: bulkProducts,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: myBusinessQueryKey(userId) }),
      ]),
  })
}

/**
 * PUT /api/products/order: the page in its new order. The page is reordered in the cache at
 * once (the drop stays where the owner left it) and read again once saved.
 */
export function useReorderProducts(businessId: string, params: ListRequest) {
  const queryClient = useQueryClient()
  const key = productKeys.list(businessId, params)
  return useMutation({
    mutationFn: (ids: string[]) => api.put<BulkResponse>('/products/order', { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<ProductListResponse>(key)
      if (previous) {
        const byId = new Map(previous.items.map((item) => [item._id, item]))
        queryClient.setQueryData<ProductListResponse>(key, {
          ...previous,
          items: ids.map((id) => byId.get(id)!).filter(Boolean),
        })
      }
      return { previous }
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}

/** POST /api/products/{id}/move: to the start or the end of the manual order. */
export function useMoveProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, to }: { id: string; to: 'first' | 'last' }) =>
      api.post<BulkResponse>(`/products/${encodeURIComponent(id)}/move`, { to }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}

/** The business's productOrder, through PATCH /api/businesses/{id} (multipart, one field). */
export function useSetProductOrder(business: Pick<OwnerBusiness, '_id' | 'userId'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (productOrder: ProductOrder) => {
      const form = new FormData()
      form.set('productOrder', productOrder)
      return api.upload<OwnerBusiness>(`/businesses/${encodeURIComponent(business._id)}`, form, {
        method: 'PATCH',
      })
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(myBusinessQueryKey(business.userId), saved)
      return queryClient.invalidateQueries({ queryKey: productKeys.all })
    },
  })
}
