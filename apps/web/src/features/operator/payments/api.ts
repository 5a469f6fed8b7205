/** The operator's payments (issue 23 §2–3): pending plan requests and the decision on each. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  ConfirmPaymentInput,
  OperatorPaymentList,
  OperatorSubscriptionList,
  PaymentDecision,
} from '@vitrina/contracts'
import { api } from '../../../api/client'

export const paymentsQueryKey = ['operator', 'payments'] as const

export function usePendingPayments() {
  return useQuery({
    queryKey: paymentsQueryKey,
    queryFn: ({ signal }) => api.get<OperatorPaymentList>('/operator/payments', { signal }),
  })
}

function useRefreshPayments() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey })
}

export function useConfirmPayment() {
  const refresh = useRefreshPayments()
  return useMutation({
    mutationFn: ({ id, ...body }: ConfirmPaymentInput & { id: string }) =>
      api.post<PaymentDecision>(`/operator/payments/${encodeURIComponent(id)}/confirm`, body),
    onSuccess: refresh,
  })
}

export function useRejectPayment() {
  const refresh = useRefreshPayments()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<PaymentDecision>(`/operator/payments/${encodeURIComponent(id)}/reject`, {
        reason,
      }),
    onSuccess: refresh,
  })
}

/** Issue 43 §5: every Premium subscription with its state (ADR 040). */
export function useSubscriptions() {
  return useQuery({
    queryKey: ['operator', 'subscriptions'] as const,
    queryFn: ({ signal }) =>
      api.get<OperatorSubscriptionList>('/operator/subscriptions', { signal }),
  })
}
