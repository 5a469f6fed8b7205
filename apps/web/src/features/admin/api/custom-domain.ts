/**
 * Issue 46 §1: the shop's own domain — GET / PUT / DELETE /api/domains/mine and
 * POST /api/domains/mine/verify (bearer; the owner is the token's).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  customDomainReplySchema,
  customDomainSchema,
  type CustomDomain,
  type CustomDomainReply,
} from '@vitrina/contracts'
import { api } from '../../../api/client'

export const customDomainKey = ['custom-domain'] as const

export function useCustomDomain() {
  return useQuery({
    queryKey: customDomainKey,
    queryFn: ({ signal }) =>
      api.get<CustomDomainReply>('/domains/mine', { signal, schema: customDomainReplySchema }),
  })
}

function useDomainMutation<T>(mutationFn: (input: T) => Promise<CustomDomain | null>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (domain) => queryClient.setQueryData<CustomDomainReply>(customDomainKey, { domain }),
  })
}

export function useSetCustomDomain() {
  return useDomainMutation((hostname: string) =>
    api.put<CustomDomain>('/domains/mine', { hostname }, { schema: customDomainSchema }),
  )
}

export function useVerifyCustomDomain() {
  return useDomainMutation(() =>
    api.post<CustomDomain>('/domains/mine/verify', undefined, { schema: customDomainSchema }),
  )
}

export function useRemoveCustomDomain() {
  return useDomainMutation(async () => {
    await api.delete('/domains/mine')
    return null
  })
}
