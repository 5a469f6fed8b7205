/**
 * Issue 45: the owner's coupons and automatic promotions — GET /api/promotions and the writes of
 * /api/promotions/coupons and /api/promotions/automatic (bearer; the owner is the token's).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  promotionListSchema,
  type CouponInput,
  type PromotionInput,
  type PromotionList,
} from '@vitrina/contracts'
import { api } from '../../../api/client'

export const promotionsKey = ['promotions'] as const

export function usePromotions() {
  return useQuery({
    queryKey: promotionsKey,
    queryFn: ({ signal }) =>
      api.get<PromotionList>('/promotions', { signal, schema: promotionListSchema }),
  })
}

export type PromotionWrite =
  | { what: 'coupons'; id?: string; body: CouponInput }
  | { what: 'automatic'; id?: string; body: PromotionInput }
  | { what: 'coupons' | 'automatic'; id: string; paused: boolean }
  | { what: 'coupons' | 'automatic'; id: string; duplicate: true }
  | { what: 'coupons' | 'automatic'; id: string; remove: true }

export function usePromotionWrite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (write: PromotionWrite) => {
      const base = `/promotions/${write.what}`
      if ('remove' in write) return api.delete(`${base}/${write.id}`)
      if ('duplicate' in write) return api.post(`${base}/${write.id}/duplicate`)
      if ('paused' in write) return api.patch(`${base}/${write.id}`, { paused: write.paused })
      return write.id ? api.put(`${base}/${write.id}`, write.body) : api.post(base, write.body)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  })
}
