/**
 * The operator console's reads and actions (issue 23 §3): one fetcher per `/api/operator/*`
 * endpoint, their query keys, and mutations that refresh what they change.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  BusinessState,
  FeaturedSelection,
  MailStatus,
  OperatorAuditList,
  OperatorBusinessDetail,
  OperatorBusinessList,
  OperatorMail,
  OperatorMailList,
  OperatorMessage,
  OperatorMessageList,
  PlanType,
} from '@vitrina/contracts'
import { businessKeys } from '../../../api/businesses'
import { api } from '../../../api/client'

const enc = encodeURIComponent

/** GET /operator/businesses as the console asks it (blank filters left out). */
export interface BusinessListParams {
  page: number
  pageSize: number
  search?: string | undefined
  plan?: PlanType | undefined
  state?: BusinessState | undefined
}

export const operatorKeys = {
  all: ['operator'] as const,
  businesses: (query: BusinessListParams) => ['operator', 'businesses', query] as const,
  business: (id: string) => ['operator', 'business', id] as const,
  featured: ['operator', 'featured'] as const,
  messages: (query: { page: number; unread: boolean }) => ['operator', 'messages', query] as const,
  mail: (query: { page: number; status?: MailStatus | undefined }) =>
    ['operator', 'mail', query] as const,
  audit: (query: { page: number }) => ['operator', 'audit', query] as const,
}

// ── businesses ────────────────────────────────────────────────────────────────────────────

export function operatorBusinessesQueryOptions(query: BusinessListParams) {
  return queryOptions({
    queryKey: operatorKeys.businesses(query),
    queryFn: ({ signal }) =>
      api.get<OperatorBusinessList>('/operator/businesses', {
        query: {
          page: query.page,
          pageSize: query.pageSize,
          search: query.search,
          plan: query.plan,
          state: query.state,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function operatorBusinessQueryOptions(id: string) {
  return queryOptions({
    queryKey: operatorKeys.business(id),
    queryFn: ({ signal }) =>
      api.get<OperatorBusinessDetail>(`/operator/businesses/${enc(id)}`, { signal }),
  })
}

/** Suspend (with a reason) or lift: the console's views and the storefront's read refresh. */
export function useSuspension(id: string) {
  const queryClient = useQueryClient()
  const done = (detail: OperatorBusinessDetail) => {
    queryClient.setQueryData(operatorKeys.business(id), detail)
    void queryClient.invalidateQueries({ queryKey: operatorKeys.all })
    void queryClient.invalidateQueries({ queryKey: businessKeys.all })
  }
  const suspend = useMutation({
    mutationFn: (reason: string) =>
      api.post<OperatorBusinessDetail>(`/operator/businesses/${enc(id)}/suspend`, { reason }),
    onSuccess: done,
  })
  const unsuspend = useMutation({
    mutationFn: () => api.post<OperatorBusinessDetail>(`/operator/businesses/${enc(id)}/unsuspend`),
    onSuccess: done,
  })
  return { suspend, unsuspend }
}

// ── featured ──────────────────────────────────────────────────────────────────────────────

export function featuredSelectionQueryOptions() {
  return queryOptions({
    queryKey: operatorKeys.featured,
    queryFn: ({ signal }) => api.get<FeaturedSelection>('/operator/featured', { signal }),
  })
}

export function useSaveFeatured() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (businessIds: string[]) =>
      api.put<FeaturedSelection>('/operator/featured', { businessIds }),
    onSuccess: (selection) => {
      queryClient.setQueryData(operatorKeys.featured, selection)
      void queryClient.invalidateQueries({ queryKey: operatorKeys.all })
      void queryClient.invalidateQueries({ queryKey: businessKeys.all })
    },
  })
}

// ── messages ──────────────────────────────────────────────────────────────────────────────

export function operatorMessagesQueryOptions(query: { page: number; unread: boolean }) {
  return queryOptions({
    queryKey: operatorKeys.messages(query),
    queryFn: ({ signal }) =>
      api.get<OperatorMessageList>('/operator/messages', {
        query: { page: query.page, unread: query.unread || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post<OperatorMessage>(`/operator/messages/${enc(id)}/read`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  })
}

// ── mail ──────────────────────────────────────────────────────────────────────────────────

export function operatorMailQueryOptions(query: { page: number; status?: MailStatus | undefined }) {
  return queryOptions({
    queryKey: operatorKeys.mail(query),
    queryFn: ({ signal }) =>
      api.get<OperatorMailList>('/operator/mail', {
        query: { page: query.page, status: query.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function useRetryMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.post<OperatorMail>(`/operator/mail/${enc(id)}/retry`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  })
}

// ── audit ─────────────────────────────────────────────────────────────────────────────────

export function operatorAuditQueryOptions(query: { page: number }) {
  return queryOptions({
    queryKey: operatorKeys.audit(query),
    queryFn: ({ signal }) =>
      api.get<OperatorAuditList>('/operator/audit', { query: { page: query.page }, signal }),
    placeholderData: keepPreviousData,
  })
}
