/**
 * Issue 44 §3: the shop's own WhatsApp text per order status — GET and PATCH
 * /api/businesses/{id}/whatsapp-templates (a text saves a status, null goes back to the
 * default; the reply carries every status's text in use).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  OrderStatus,
  UpdateWhatsappTemplates,
  WhatsappTemplatesReply,
} from '@vitrina/contracts'
import { api } from '../../../api/client'

export const whatsappTemplatesQueryKey = (businessId: string) =>
  ['businesses', 'whatsapp-templates', businessId] as const

const path = (businessId: string) =>
  `/businesses/${encodeURIComponent(businessId)}/whatsapp-templates`

export function useWhatsappTemplates(businessId: string | undefined) {
  return useQuery({
    queryKey: whatsappTemplatesQueryKey(businessId ?? ''),
    queryFn: ({ signal }) => api.get<WhatsappTemplatesReply>(path(businessId!), { signal }),
    enabled: Boolean(businessId),
  })
}

export function useSaveWhatsappTemplate(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ status, text }: { status: OrderStatus; text: string | null }) =>
      api.patch<WhatsappTemplatesReply>(path(businessId), {
        [status]: text,
      } satisfies UpdateWhatsappTemplates),
    onSuccess: (reply) => queryClient.setQueryData(whatsappTemplatesQueryKey(businessId), reply),
  })
}
