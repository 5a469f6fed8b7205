import { useMutation } from '@tanstack/react-query'
import type { MessageResponse, ResendActivationInput } from '@vitrina/contracts'
import { api } from '../../../api/client'

/** POST /api/auth/activation/resend — same reply whether or not the account exists. */
export function resendActivation(input: ResendActivationInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/activation/resend', input, { skipAuthRefresh: true })
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation })
}
