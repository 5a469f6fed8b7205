/**
 * Mercado Pago Suscripciones (issue 43 §5, ADR 040): the preapproval (a monthly subscription
 * without a plan, authorized by the payer on Mercado Pago's page) and its authorized payments
 * (one per monthly charge). Documented endpoints, called with the platform account's token
 * through the payments module's one client (base URL, time limit, errors without secrets).
 */
import { callMercadoPago, type MercadoPagoSettings } from '../payments/index.js'

export interface MpPreapproval {
  id: string
  status: 'pending' | 'authorized' | 'paused' | 'cancelled'
  init_point: string
  external_reference?: string | null
  payer_email?: string
  next_payment_date?: string | null
  auto_recurring: {
    frequency: number
    frequency_type: string
    transaction_amount: number
    currency_id: string
  }
}

/** One monthly charge of a preapproval ("authorized payment", also called invoice). */
export interface MpAuthorizedPayment {
  id: number | string
  preapproval_id: string
  /** scheduled, processed, recycling (being retried), cancelled. */
  status: string
  transaction_amount: number
  currency_id: string
  date_created: string
  debit_date?: string | null
  /** The payment of this charge, once attempted. */
  payment?: { id: number | string; status: string; status_detail?: string } | null
}

export const subscriptionApi = {
  create: (
    s: MercadoPagoSettings,
    token: string,
    body: {
      reason: string
      external_reference: string
      payer_email: string
      back_url: string
      auto_recurring: {
        frequency: 1
        frequency_type: 'months'
        transaction_amount: number
        currency_id: string
      }
      status: 'pending'
    },
  ) => callMercadoPago<MpPreapproval>(s, 'POST', '/preapproval', { token, body }),

  get: (s: MercadoPagoSettings, token: string, id: string) =>
    callMercadoPago<MpPreapproval>(s, 'GET', `/preapproval/${encodeURIComponent(id)}`, { token }),

  cancel: (s: MercadoPagoSettings, token: string, id: string) =>
    callMercadoPago<MpPreapproval>(s, 'PUT', `/preapproval/${encodeURIComponent(id)}`, {
      token,
      body: { status: 'cancelled' },
    }),

  authorizedPayment: (s: MercadoPagoSettings, token: string, id: string) =>
    callMercadoPago<MpAuthorizedPayment>(
      s,
      'GET',
      `/authorized_payments/${encodeURIComponent(id)}`,
      { token },
    ),
}
