/**
 * Issue 43 §1: the shop's Mercado Pago connection — GET / PUT / DELETE /api/payments/mercadopago,
 * POST …/test ("Probar conexión") and POST …/oauth (where to authorize). Bearer; the owner is the
 * token's. No reply carries a credential.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  mercadoPagoConnectionSchema,
  mercadoPagoTestSchema,
  type MercadoPagoConnection,
  type MercadoPagoCredentials,
} from '@vitrina/contracts'
import { api } from '../../../api/client'

export const mercadoPagoKey = ['payments', 'mercadopago', 'connection'] as const

export function useMercadoPagoConnection() {
  return useQuery({
    queryKey: mercadoPagoKey,
    queryFn: ({ signal }) =>
      api.get<MercadoPagoConnection>('/payments/mercadopago', {
        signal,
        schema: mercadoPagoConnectionSchema,
      }),
  })
}

export function useConnectMercadoPago() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: MercadoPagoCredentials) =>
      api.put<MercadoPagoConnection>('/payments/mercadopago', body, {
        schema: mercadoPagoConnectionSchema,
      }),
    onSuccess: (connection) => queryClient.setQueryData(mercadoPagoKey, connection),
  })
}

export function useTestMercadoPago() {
  return useMutation({
    mutationFn: () =>
      api.post<{ ok: true; accountName: string }>('/payments/mercadopago/test', undefined, {
        schema: mercadoPagoTestSchema,
      }),
  })
}

export function useDisconnectMercadoPago() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete('/payments/mercadopago'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mercadoPagoKey }),
  })
}

export function useStartMercadoPagoOauth() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('/payments/mercadopago/oauth'),
  })
}
