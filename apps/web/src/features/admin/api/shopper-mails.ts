/**
 * Issue 44 §3: the owner's switch per shopper mail — GET and PATCH
 * /api/businesses/{id}/shopper-mails (each mail on unless turned off; a PATCH sends only the
 * switch changed and answers them all).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  ShopperMailKind,
  ShopperMailSettingsReply,
  UpdateShopperMails,
} from '@vitrina/contracts'
import { api } from '../../../api/client'

export const shopperMailsQueryKey = (businessId: string) =>
  ['businesses', 'shopper-mails', businessId] as const

const path = (businessId: string) => `/businesses/${encodeURIComponent(businessId)}/shopper-mails`

export function useShopperMails(businessId: string) {
  return useQuery({
    queryKey: shopperMailsQueryKey(businessId),
    queryFn: ({ signal }) => api.get<ShopperMailSettingsReply>(path(businessId), { signal }),
  })
}

export function useSetShopperMail(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, on }: { kind: ShopperMailKind; on: boolean }) =>
      api.patch<ShopperMailSettingsReply>(path(businessId), {
        [kind]: on,
      } satisfies UpdateShopperMails),
    // The switch moves at once; a refused save puts it back.
    onMutate: async ({ kind, on }) => {
      const key = shopperMailsQueryKey(businessId)
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<ShopperMailSettingsReply>(key)
      if (before) queryClient.setQueryData(key, { mails: { ...before.mails, [kind]: on } })
      return { before }
    },
    onError: (_error, _input, context) => {
      if (context?.before)
        queryClient.setQueryData(shopperMailsQueryKey(businessId), context.before)
    },
    onSuccess: (reply) => queryClient.setQueryData(shopperMailsQueryKey(businessId), reply),
  })
}
