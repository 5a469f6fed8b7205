/**
 * Issue 24: the ordering settings' constants and plain helpers, without zod, so the storefront's
 * first visit (contact section, WhatsApp links, opening hours) does not load the schemas
 * (schemas/shop-settings.ts validates with these).
 */

// ---------------------------------------------------------------------------------------------
// WhatsApp number (E.164)

/** `+` and 8–15 digits, the first not 0 (ITU E.164). */
export const E164_PATTERN = /^\+[1-9]\d{7,14}$/

/**
 * A phone as typed ('099 123 456', '+598 99 123 456', '(+598) 99-123-456') in E.164, or null
 * when it cannot be one. Uruguay is the default country: a local number starting with 0 gets
 * +598 (its trunk 0 dropped).
 */
export function toE164(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim()
  if (!/^[0-9+()\-.\s]+$/.test(raw)) return null
  const digits = raw.replace(/\D/g, '')
  let e164: string
  if (raw.startsWith('+')) e164 = `+${digits}`
  else if (raw.startsWith('00')) e164 = `+${digits.slice(2)}`
  else if (digits.startsWith('0')) e164 = `+598${digits.slice(1)}`
  else if (digits.startsWith('598')) e164 = `+${digits}`
  else e164 = `+598${digits}`
  return E164_PATTERN.test(e164) ? e164 : null
}

/** A Uruguayan mobile in E.164: +598 9X XXX XXX. */
const UY_MOBILE = /^\+5989\d{7}$/

/**
 * The WhatsApp number a business gets by default: its phone, when that phone is a (Uruguayan)
 * mobile; null for a landline, so the owner types one.
 */
export function mobileWhatsapp(phone: string | null | undefined): string | null {
  const e164 = toE164(phone)
  return e164 && UY_MOBILE.test(e164) ? e164 : null
}

// ---------------------------------------------------------------------------------------------
// Payment methods

export const PAYMENT_METHOD_TYPES = ['efectivo', 'transferencia', 'mercadopago', 'tarjeta'] as const
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number]

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodType, string> = {
  efectivo: 'Efectivo',
  transferencia: 'Transferencia bancaria',
  mercadopago: 'Mercado Pago',
  tarjeta: 'Tarjeta en el local',
}

/**
 * Issue 41: the features that say how a shop is paid ("Mercado Pago", "Pago con Tarjeta")
 * follow its payment methods — one source: the wizard's step 4 repeated them as switches that
 * could contradict step 2's methods. The business form sends them derived by
 * `featuresWithPayments`.
 */
export const PAYMENT_FEATURES = { mercadopago: 'mercadopago', card_payment: 'tarjeta' } as const
export type PaymentFeature = keyof typeof PAYMENT_FEATURES

export function isPaymentFeature(key: string): key is PaymentFeature {
  return key in PAYMENT_FEATURES
}

/** The features with the payment ones set from the methods offered. */
export function featuresWithPayments<F extends Partial<Record<PaymentFeature, boolean>>>(
  features: F,
  methods: readonly { type: PaymentMethodType }[] | null | undefined,
): F & Record<PaymentFeature, boolean> {
  const offered = new Set((methods ?? []).map((m) => m.type))
  return {
    ...features,
    mercadopago: offered.has(PAYMENT_FEATURES.mercadopago),
    card_payment: offered.has(PAYMENT_FEATURES.card_payment),
  }
}

export const PAYMENT_FEATURES_NOTE =
  'Mercado Pago y el pago con tarjeta se muestran según los medios de pago que elegiste en «Información de Contacto».'

// ---------------------------------------------------------------------------------------------
// Opening hours

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Lunes',
  tue: 'Martes',
  wed: 'Miércoles',
  thu: 'Jueves',
  fri: 'Viernes',
  sat: 'Sábado',
  sun: 'Domingo',
}

/** One opening interval of a day, 'HH:MM' to 'HH:MM' (openingIntervalSchema). */
export type OpeningInterval = { from: string; to: string }
/** Per weekday, the intervals the shop is open (an empty day is closed). */
export type OpeningHours = Record<Weekday, OpeningInterval[]>

export const DEFAULT_TIME_ZONE = 'America/Montevideo'

/** The number that receives WhatsApp messages: the WhatsApp number, else the phone (as before). */
export function whatsappNumber(business: { whatsapp?: string | null; phone?: string | null }) {
  return business.whatsapp || business.phone || null
}
