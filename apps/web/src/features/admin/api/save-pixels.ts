/** PUT /api/businesses/{id}/pixels (issue 46 §3): the owner's GA4 and Meta Pixel ids. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { OwnerBusiness, UpdateShopPixels } from '@vitrina/contracts'
import { api } from '../../../api/client'
import { myBusinessQueryKey } from '../../../api/my-business'

export function saveShopPixels(businessId: string, ids: UpdateShopPixels): Promise<OwnerBusiness> {
  return api.put<OwnerBusiness>(`/businesses/${encodeURIComponent(businessId)}/pixels`, ids)
}

export function useSaveShopPixels(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: UpdateShopPixels) => saveShopPixels(businessId, ids),
    onSuccess: (business) => {
      queryClient.setQueryData(myBusinessQueryKey(business.userId), business)
      // The storefront's read of the shop shows the banner (or stops) with the new ids.
      void queryClient.invalidateQueries({
        queryKey: ['businesses'],
        predicate: (query) => query.queryKey[1] !== 'mine',
      })
    },
  })
}
