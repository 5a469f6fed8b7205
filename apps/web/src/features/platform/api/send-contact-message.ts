import { useMutation } from '@tanstack/react-query'
import type { ContactMessage, MessageResponse } from '@vitrina/contracts'
import { api } from '../../../api/client'

/** POST /api/email/contact (SPEC §7). */
export function sendContactMessage(message: ContactMessage): Promise<MessageResponse> {
  return api.post<MessageResponse>('/email/contact', message)
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
