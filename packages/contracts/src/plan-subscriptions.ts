/**
 * Premium billed by subscription (issue 43 §5, ADR 040): a monthly Mercado Pago preapproval of
 * the platform's account. Its states, the grace after a failed renewal, the owner's and the
 * operator's replies, and every Spanish text of it.
 */
import { z } from 'zod'
import { PLANS } from './catalogue/plans.public.js'
import { CURRENCY_SYMBOLS } from './money.public.js'
import { formatWholePrice } from './pricing.public.js'
import { idSchema } from './schemas/common.js'

/** Mercado Pago's preapproval states, kept as they come. */
export const SUBSCRIPTION_STATUSES = ['pending', 'authorized', 'paused', 'cancelled'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export const SUBSCRIPTION_CURRENCIES = ['UYU', 'USD'] as const
export type SubscriptionCurrency = (typeof SUBSCRIPTION_CURRENCIES)[number]

/** Days Premium lasts after a monthly charge fails, before the usual expiry applies. */
export const SUBSCRIPTION_GRACE_DAYS = 7

/** The monthly charge in minor units (PLANS holds whole units: $ 200, US$ 5). */
export function subscriptionAmount(currency: SubscriptionCurrency): number {
  return (currency === 'UYU' ? PLANS.pro.price.uyu : PLANS.pro.price.usd) * 100
}

/** '$ 200' or 'US$ 5' per month, in the app's one notation for money. */
export function formatSubscriptionPrice(currency: SubscriptionCurrency): string {
  return formatWholePrice(subscriptionAmount(currency) / 100, CURRENCY_SYMBOLS[currency])
}

export const SUBSCRIPTION_MESSAGES = {
  notConfigured: 'La suscripción con Mercado Pago no está disponible por ahora',
  currencyInvalid: 'Elige pesos uruguayos (UYU) o dólares (USD)',
  alreadySubscribed: 'Tu negocio ya tiene una suscripción activa al Plan Premium',
  noSubscription: 'No tienes una suscripción activa para cancelar',
  unavailable: 'Mercado Pago no responde. Intenta de nuevo en unos minutos.',
  signatureInvalid: 'Notificación no válida',
  subscribeFailed: 'No se pudo iniciar la suscripción',
  cancelled: 'Suscripción cancelada. Tu Plan Premium sigue activo hasta el fin del período pagado.',
  cancelFailed: 'No se pudo cancelar la suscripción',
} as const

export const SUBSCRIPTION_TEXTS = {
  title: 'Suscripción mensual',
  intro: 'Se cobra cada mes con Mercado Pago, sin esperar confirmación. Cancela cuando quieras.',
  currencyLabel: 'Moneda',
  currencyOption: (currency: SubscriptionCurrency) =>
    `${formatSubscriptionPrice(currency)} por mes (${currency})`,
  subscribe: 'Suscribirme con Mercado Pago',
  orTransfer: 'O paga por meses con los medios de abajo:',
  status: {
    pending: 'Suscripción pendiente de autorizar',
    authorized: 'Suscripción activa',
    paused: 'Suscripción pausada',
    cancelled: 'Suscripción cancelada',
  } satisfies Record<SubscriptionStatus, string>,
  pendingDetail: 'Autoriza la suscripción en Mercado Pago. Apenas se cobre, tu plan se activa.',
  continueAuthorizing: 'Autorizar en Mercado Pago',
  monthly: (price: string) => `${price} por mes con Mercado Pago`,
  nextCharge: (date: string) => `Próximo cobro: ${date}`,
  cancelledUntil: (date: string) =>
    `Cancelaste la suscripción: no habrá más cobros. Tu Plan Premium sigue activo hasta el ${date}.`,
  cancel: 'Cancelar suscripción',
  cancelConfirm: '¿Cancelar la suscripción?',
  cancelConfirmDetail:
    'No se harán más cobros. Tu Plan Premium sigue activo hasta el fin del período pagado.',
  keep: 'Mantener',
  graceTitle: 'No pudimos cobrar tu suscripción',
  graceDetail: (date: string) =>
    `Mercado Pago rechazó el cobro mensual del Plan Premium. Revisa tu medio de pago en Mercado Pago: si el cobro no se aprueba antes del ${date}, tu negocio volverá al Plan Básico.`,
  // Operator console
  listTitle: 'Suscripciones',
  listEmpty: 'Ningún negocio tiene suscripción todavía.',
  lastPayment: 'Último cobro',
  nextChargeLabel: 'Próximo cobro',
  amountLabel: 'Importe',
  noPayment: 'Sin cobros',
  paymentStatus: { approved: 'aprobado', rejected: 'rechazado' } as Record<string, string>,
  graceUntil: (date: string) => `En gracia hasta el ${date}`,
} as const

export const SUBSCRIPTION_MAILS = {
  failedSubject: 'No pudimos cobrar tu Plan Premium',
  failedIntro: (business: string, date: string) =>
    `Mercado Pago rechazó el cobro mensual del Plan Premium de ${business}. Tu plan sigue activo hasta el ${date}: revisa tu medio de pago en Mercado Pago para que el cobro se apruebe antes.`,
  failedNext:
    'Si el cobro no se aprueba para esa fecha, tu negocio volverá al Plan Básico y podrás suscribirte de nuevo desde tu panel.',
} as const

/** POST /businesses/{id}/plan/subscription */
export const subscribeInputSchema = z.object({
  currency: z.enum(SUBSCRIPTION_CURRENCIES, { error: SUBSCRIPTION_MESSAGES.currencyInvalid }),
})
export type SubscribeInput = z.input<typeof subscribeInputSchema>

/** Where the owner goes to authorize the subscription (Mercado Pago's init_point). */
export const subscribeReplySchema = z.object({ url: z.url() })
export type SubscribeReply = z.infer<typeof subscribeReplySchema>

/** The subscription as its owner sees it (part of the plan state). */
export const planSubscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  currency: z.enum(SUBSCRIPTION_CURRENCIES),
  /** Minor units a month. */
  amount: z.number().int(),
  nextPaymentDate: z.iso.datetime().optional(),
  lastPayment: z
    .object({ status: z.enum(['approved', 'rejected']), at: z.iso.datetime() })
    .optional(),
  /** After a failed charge: Premium lasts until then unless a retry is approved. */
  graceUntil: z.iso.datetime().optional(),
  /** While pending: where to authorize it. */
  authorizeUrl: z.url().optional(),
})
export type PlanSubscription = z.infer<typeof planSubscriptionSchema>

export const operatorSubscriptionSchema = planSubscriptionSchema
  .omit({ authorizeUrl: true })
  .extend({
    id: idSchema,
    business: z.object({ id: idSchema, name: z.string(), identifier: z.string() }),
    ownerEmail: z.string(),
    paidUntil: z.iso.datetime().optional(),
    createdAt: z.iso.datetime(),
  })
export type OperatorSubscription = z.infer<typeof operatorSubscriptionSchema>

export const operatorSubscriptionListSchema = z.object({
  items: z.array(operatorSubscriptionSchema),
})
export type OperatorSubscriptionList = z.infer<typeof operatorSubscriptionListSchema>
