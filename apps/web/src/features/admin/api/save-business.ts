import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OwnerBusiness as Business } from '@vitrina/contracts'
import { api } from '../../../api/client'
import { myBusinessQueryKey } from '../../../api/my-business'
import type { SaveInput } from './save-input'

/** POST /api/businesses, multipart with upload progress (SPEC §7). */
export function createBusiness({ formData, onProgress }: SaveInput): Promise<Business> {
  return api.upload<Business>('/businesses', formData, { onProgress })
}

/** PATCH /api/businesses/{id}, multipart with upload progress (SPEC §7). */
export function updateBusiness(id: string, { formData, onProgress }: SaveInput): Promise<Business> {
  return api.upload<Business>(`/businesses/${encodeURIComponent(id)}`, formData, {
    method: 'PATCH',
    onProgress,
  })
}

function useSaved() {
  const queryClient = useQueryClient()
  return (business: Business) => {
    queryClient.setQueryData(myBusinessQueryKey(business.userId), business)
    // Storefront, directory and product caches may show the old name, colours or categories.
    void queryClient.invalidateQueries({
      queryKey: ['businesses'],
      predicate: (query) => query.queryKey[1] !== 'mine',
    })
  }
}

export function useCreateBusiness() {
  const onSaved = useSaved()
  return useMutation({ mutationFn: createBusiness, onSuccess: onSaved })
}

export function useUpdateBusiness(id: string) {
  const onSaved = useSaved()
  return useMutation({
    mutationFn: (input: SaveInput) => updateBusiness(id, input),
    onSuccess: onSaved,
  })
}
