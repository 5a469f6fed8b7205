/**
 * Paid plans, owner side (issue 23 §2): the price and payment instructions, the Premium request
 * and its cancellation, and the visibility of products (hidden over the free plan's limit).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  OwnerBusiness,
  PlanPaymentInfo,
  PlanState,
  Product,
  ProductStatus,
  SubscribeReply,
  SubscriptionCurrency,
} from '@vitrina/contracts'
import { api } from './client'
import { myBusinessQueryKey } from './my-business'
import { productKeys } from './products'

export const paymentInfoQueryOptions = queryOptions({
  queryKey: ['plans', 'payment'] as const,
  queryFn: ({ signal }) => api.get<PlanPaymentInfo>('/plans/payment', { signal }),
  staleTime: 5 * 60 * 1000,
})

export function usePaymentInfo(enabled = true) {
  return useQuery({ ...paymentInfoQueryOptions, enabled })
}

function useSetMyBusiness() {
  const queryClient = useQueryClient()
  return (business: OwnerBusiness) =>
    queryClient.setQueryData(myBusinessQueryKey(business.userId), business)
}

/** POST /api/businesses/{id}/plan */
export function useRequestPlan(businessId: string) {
  const setMine = useSetMyBusiness()
  return useMutation({
    mutationFn: (months: number) =>
      api.post<OwnerBusiness>(`/businesses/${encodeURIComponent(businessId)}/plan`, {
        plan: 'pro',
        months,
      }),
    onSuccess: setMine,
  })
}

/** DELETE /api/businesses/{id}/plan */
export function useCancelPlanRequest(businessId: string) {
  const setMine = useSetMyBusiness()
  return useMutation({
    mutationFn: () =>
      api.delete<OwnerBusiness>(`/businesses/${encodeURIComponent(businessId)}/plan`),
    onSuccess: setMine,
  })
}

/** PATCH /api/products/{id}/visibility; the lists and the plan's usage follow. */
export function useSetProductVisibility(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ProductStatus }) =>
      api.patch<Product>(`/products/${encodeURIComponent(id)}/visibility`, { status }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: myBusinessQueryKey(userId) }),
      ]),
  })
}

/** The free plan's warning threshold: 2 products before the limit (18 of 20). */
export const NEAR_LIMIT_MARGIN = 2

/** Whether the owner can add a product now (the limit counts every product, hidden ones too). */
export function isAtLimit(plan: PlanState): boolean {
  return plan.usage.limit !== null && plan.usage.products >= plan.usage.limit
}

export function isNearLimit(plan: PlanState): boolean {
  return (
    plan.usage.limit !== null &&
    !isAtLimit(plan) &&
    plan.usage.products >= plan.usage.limit - NEAR_LIMIT_MARGIN
  )
}

// ---------------------------------------------------------------------------------------------
// Issue 43 §5: Premium by monthly Mercado Pago subscription (ADR 040)

/** Leaves for Mercado Pago's page (a function of its own so tests can watch it). */
export const mercadoPagoPage = {
  open: (url: string) => window.location.assign(url),
}

/** POST /api/businesses/{id}/plan/subscription: where to authorize it. */
export function useSubscribe(businessId: string) {
  return useMutation({
    mutationFn: (currency: SubscriptionCurrency) =>
      api.post<SubscribeReply>(`/businesses/${encodeURIComponent(businessId)}/plan/subscription`, {
        currency,
      }),
    onSuccess: ({ url }) => mercadoPagoPage.open(url),
  })
}

/** DELETE /api/businesses/{id}/plan/subscription */
export function useCancelSubscription(businessId: string) {
  const setMine = useSetMyBusiness()
  return useMutation({
    mutationFn: () =>
      api.delete<OwnerBusiness>(`/businesses/${encodeURIComponent(businessId)}/plan/subscription`),
    onSuccess: setMine,
  })
}

/** Every 4 s while Mercado Pago has not told us of the first charge yet (the owner just came back). */
export const SUBSCRIPTION_POLL_MS = 4000

export function isAwaitingCharge(plan: PlanState): boolean {
  const sub = plan.subscription
  return Boolean(
    sub && (sub.status === 'pending' || (sub.status === 'authorized' && !sub.lastPayment)),
  )
}
