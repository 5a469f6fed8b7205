/**
 * Online payments with Mercado Pago (issue 43, docs/decisions/037-mercado-pago.md): the payment
 * states an order goes through, their Spanish labels, the rule of which change may follow which,
 * the owner's connection forms and every Spanish message of the feature.
 */
import { z } from 'zod'

// ---------------------------------------------------------------------------------------------
// States

/**
 * An order's online payment (null on orders paid by other means). Mercado Pago's statuses map
 * onto these (`paymentStatusOf`); `reembolsado` and `contracargo` are final.
 */
export const PAYMENT_STATUSES = [
  'pendiente',
  'aprobado',
  'rechazado',
  'cancelado',
  'en_mediacion',
  'reembolsado_parcial',
  'reembolsado',
  'contracargo',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pendiente: 'Pago pendiente',
  aprobado: 'Pago aprobado',
  rechazado: 'Pago rechazado',
  cancelado: 'Pago cancelado',
  en_mediacion: 'Pago en disputa',
  reembolsado_parcial: 'Pago reembolsado en parte',
  reembolsado: 'Pago reembolsado',
  contracargo: 'Contracargo',
}

/** Where a payment change came from (each history entry says it). */
export const PAYMENT_SOURCES = ['checkout', 'webhook', 'conciliacion', 'duenio'] as const
export type PaymentSource = (typeof PAYMENT_SOURCES)[number]

export const PAYMENT_SOURCE_LABELS: Record<PaymentSource, string> = {
  checkout: 'Pago iniciado',
  webhook: 'Aviso de Mercado Pago',
  conciliacion: 'Consulta a Mercado Pago',
  duenio: 'Acción del dueño',
}

/** Mercado Pago's payment status (and refunded amount) → ours. */
export function paymentStatusOf(mpStatus: string, refundedCents = 0): PaymentStatus | null {
  switch (mpStatus) {
    case 'pending':
    case 'in_process':
    case 'authorized':
      return 'pendiente'
    case 'approved':
      return refundedCents > 0 ? 'reembolsado_parcial' : 'aprobado'
    case 'rejected':
      return 'rechazado'
    case 'cancelled':
      return 'cancelado'
    case 'in_mediation':
      return 'en_mediacion'
    case 'refunded':
      return 'reembolsado'
    case 'charged_back':
      return 'contracargo'
    default:
      return null
  }
}

/** The states in which the order counts as paid (money received, some maybe given back). */
export const PAID_STATUSES: readonly PaymentStatus[] = [
  'aprobado',
  'en_mediacion',
  'reembolsado_parcial',
]

/** The shopper may pay (again): no payment yet, or the last one did not go through. */
export function mayPay(status: PaymentStatus | null | undefined): boolean {
  return !status || status === 'pendiente' || status === 'rechazado' || status === 'cancelado'
}

/**
 * Issue 43 §3: whether a payment read from Mercado Pago may replace the order's current state.
 * Idempotent (the same state of the same payment changes nothing) and ordered: nothing follows a
 * final state; once paid, only a dispute, a (larger) refund or a charge-back follows; before
 * that, any other state of any payment of the order (a retry is a new payment).
 */
export function mayApplyPayment(
  current: { status: PaymentStatus | null; paymentId: string | null; refundedCents: number },
  next: { status: PaymentStatus; paymentId: string; refundedCents: number },
): boolean {
  const same = current.paymentId === next.paymentId
  if (current.status === 'reembolsado' || current.status === 'contracargo') return false
  if (current.status && PAID_STATUSES.includes(current.status)) {
    // Another payment of an order already paid never changes its state (it is recorded).
    if (!same) return false
    if (next.status === 'reembolsado' || next.status === 'contracargo') return true
    if (next.status === 'reembolsado_parcial') return next.refundedCents > current.refundedCents
    if (next.status === 'en_mediacion') return current.status !== 'en_mediacion'
    // A dispute resolved for the shop.
    if (next.status === 'aprobado') return current.status === 'en_mediacion'
    return false
  }
  return current.status !== next.status || !same
}

// ---------------------------------------------------------------------------------------------
// Messages

export const MERCADOPAGO_TEXTS = {
  payButton: 'Pagar con Mercado Pago',
  retryButton: 'Reintentar el pago',
  redirecting: 'Te llevamos a Mercado Pago para pagar…',
  approvedTitle: 'Pago aprobado',
  pendingNote:
    'Estamos esperando la confirmación de Mercado Pago. Esta página se actualiza sola cuando llegue.',
  rejectedNote: 'Mercado Pago no aprobó el pago. Podés intentarlo de nuevo.',
  connectOauth: 'Conectar con Mercado Pago',
  connectWithToken: 'Conectar con mis credenciales',
  testConnection: 'Probar conexión',
  disconnect: 'Desconectar',
  connectedAs: (name: string) => `Conectado a la cuenta de Mercado Pago «${name}».`,
  notConnected: 'Tu tienda no está conectada a Mercado Pago.',
  amountMismatch:
    'Mercado Pago informó un importe o moneda que no coincide con el pedido: no se marcó como pagado. Revisalo en tu cuenta de Mercado Pago.',
  refundButton: 'Reembolsar',
  refundAmountLabel: 'Importe a reembolsar',
  refundAmountHint: 'Vacío: todo lo cobrado que falta reembolsar.',
  refundDone: 'Pedimos el reembolso a Mercado Pago.',
  paymentIdLabel: 'Pago de Mercado Pago',
  stockFlag: 'El pago se aprobó pero falta stock para confirmar el pedido: revisalo.',
  /** Issue 43 §4: cancelling an order paid online asks whether to refund it. */
  cancelRefund: (amount: string) => `Reembolsar también lo cobrado con Mercado Pago (${amount})`,
  cancelRefundHint:
    'El pedido se pagó con Mercado Pago. Si no lo marcás, el dinero queda cobrado; podés reembolsarlo después desde el pedido.',
  cancelRefundFailed:
    'Cancelamos el pedido, pero el reembolso no se hizo. Probá de nuevo desde el pago del pedido.',
}

/** The owner's payment settings, /admin/pagos (issue 43 §1). */
export const PAYMENT_SETTINGS_TEXTS = {
  menuLink: 'Pagos en línea',
  title: 'Pagos en línea',
  intro:
    'Conectá tu cuenta de Mercado Pago y tus clientes pagan sus pedidos en línea. WhatsApp y tus otros medios de pago siguen como están.',
  connectedTitle: 'Mercado Pago conectado',
  methodOauth: 'Conectada con «Conectar con Mercado Pago».',
  methodToken: 'Conectada con tus credenciales.',
  tested: (name: string) => `La conexión funciona: cuenta «${name}».`,
  disconnectTitle: '¿Desconectar Mercado Pago?',
  disconnectDescription:
    'Borramos tus credenciales. Tus clientes ya no van a poder pagar en línea; los pedidos ya pagados no cambian.',
  disconnectKeep: 'No, mantener conectado',
  disconnected: 'Desconectamos Mercado Pago.',
  connected: 'Conectamos tu cuenta de Mercado Pago.',
  oauthTitle: 'Con tu cuenta de Mercado Pago',
  oauthHint: 'Te llevamos a Mercado Pago para que autorices a Vitrina a cobrar por tu tienda.',
  oauthUnavailable:
    'La conexión directa con Mercado Pago no está disponible en este servidor: pegá las credenciales de tu cuenta.',
  tokenTitle: 'Con tus credenciales',
  tokenHint:
    'En Mercado Pago: Tu negocio → Configuración → Credenciales de producción. Copiá el access token y la public key.',
  accessTokenLabel: 'Access token',
  publicKeyLabel: 'Public key',
  notificationUrl: 'URL de notificaciones (para tu propia aplicación de Mercado Pago)',
  unsupportedTitle: 'Monedas que tu cuenta no cobra',
  ordersFilterLabel: 'Pago en línea',
  ordersFilterAll: 'Todos los pagos',
  /** The callback's outcome (?mercadopago=): only a message, the state is always the API's. */
  oauthOutcome: {
    conectado: 'Mercado Pago respondió: autorizaste la conexión.',
    rechazado: 'No se autorizó la conexión con Mercado Pago.',
    vencido: 'El enlace para conectar Mercado Pago venció o no es tuyo. Empezá de nuevo.',
    error: 'No pudimos completar la conexión con Mercado Pago. Probá de nuevo en unos minutos.',
    'no-disponible':
      'La conexión directa con Mercado Pago no está disponible en este servidor: pegá las credenciales de tu cuenta.',
  } as Record<string, string>,
}

/** The payment's page in the owner's Mercado Pago activity. */
export const mercadoPagoPaymentUrl = (paymentId: string) =>
  `https://www.mercadopago.com.uy/activities?q=${encodeURIComponent(paymentId)}`

export const PAYMENT_MESSAGES = {
  notConnected: 'Esta tienda no tiene Mercado Pago conectado.',
  notConfigured:
    'Los pagos con Mercado Pago no están configurados en este servidor (falta PAYMENTS_ENCRYPTION_KEY).',
  oauthNotConfigured:
    'La conexión con Mercado Pago no está disponible en este servidor: pegá tu access token y tu public key.',
  accessTokenRequired: 'Pegá el access token de tu cuenta de Mercado Pago.',
  accessTokenInvalid:
    'Ese no parece un access token de Mercado Pago (empieza con APP_USR- o TEST-).',
  publicKeyRequired: 'Pegá la public key de tu cuenta de Mercado Pago.',
  publicKeyInvalid: 'Esa no parece una public key de Mercado Pago (empieza con APP_USR- o TEST-).',
  webhookSecretInvalid: 'La clave secreta de las notificaciones tiene entre 8 y 200 caracteres.',
  credentialsRejected:
    'Mercado Pago no aceptó esas credenciales. Revisá que sean las de producción de tu cuenta.',
  unreachable: 'No pudimos comunicarnos con Mercado Pago. Probá de nuevo en unos minutos.',
  oauthStateInvalid: 'El enlace para conectar Mercado Pago venció o no es tuyo. Empezá de nuevo.',
  oauthDenied: 'No se autorizó la conexión con Mercado Pago.',
  alreadyPaid: 'Este pedido ya está pagado.',
  cannotPay: 'Este pedido ya no se puede pagar en línea.',
  notOnlinePayment: 'Este pedido no se paga con Mercado Pago.',
  mixedCurrencies:
    'Este pedido tiene productos en pesos y en dólares: Mercado Pago cobra en una sola moneda. Pagalo con otro medio.',
  currencyUnsupported: (currency: string) =>
    `Tu cuenta de Mercado Pago no cobra en ${currency}: los productos en esa moneda no se pueden pagar en línea.`,
  signatureInvalid: 'Firma de notificación inválida.',
  notRefundable: 'Este pedido no tiene un pago aprobado para reembolsar.',
  refundTooLarge: (max: string) =>
    `El reembolso no puede superar lo cobrado sin reembolsar (${max}).`,
  refundAmountInvalid: 'El importe del reembolso tiene que ser un número mayor que cero.',
  refundRefused: 'Mercado Pago no aceptó el reembolso.',
  paymentFilterInvalid: 'Ese estado de pago no existe.',
}

// ---------------------------------------------------------------------------------------------
// Forms and replies

const MP_KEY = /^(APP_USR|TEST)-[\w-]{8,300}$/

export const mercadoPagoCredentialsSchema = z.object({
  accessToken: z
    .string({ error: PAYMENT_MESSAGES.accessTokenRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.accessTokenRequired)
    .regex(MP_KEY, PAYMENT_MESSAGES.accessTokenInvalid),
  publicKey: z
    .string({ error: PAYMENT_MESSAGES.publicKeyRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.publicKeyRequired)
    .regex(MP_KEY, PAYMENT_MESSAGES.publicKeyInvalid),
  /** The secret of the notifications of the owner's own Mercado Pago application. */
  webhookSecret: z
    .string()
    .trim()
    .min(8, PAYMENT_MESSAGES.webhookSecretInvalid)
    .max(200, PAYMENT_MESSAGES.webhookSecretInvalid)
    .optional(),
})
export type MercadoPagoCredentials = z.infer<typeof mercadoPagoCredentialsSchema>

/** The owner's payment settings: never a credential, only what they connect to. */
export const mercadoPagoConnectionSchema = z.object({
  connected: z.boolean(),
  method: z.enum(['oauth', 'token']).optional(),
  accountName: z.string().optional(),
  accountId: z.string().optional(),
  /** Currencies the shop sells in that its account cannot charge (told here, not at checkout). */
  unsupportedCurrencies: z.array(z.string()),
  /** "Conectar con Mercado Pago" is offered (the platform's application is configured). */
  oauthAvailable: z.boolean(),
  /** The URL Mercado Pago notifies (for an owner's own application). */
  notificationUrl: z.string().optional(),
})
export type MercadoPagoConnection = z.infer<typeof mercadoPagoConnectionSchema>

export const mercadoPagoTestSchema = z.object({ ok: z.literal(true), accountName: z.string() })

export const paymentEventSchema = z.object({
  at: z.iso.datetime(),
  status: z.enum(PAYMENT_STATUSES),
  source: z.enum(PAYMENT_SOURCES),
  paymentId: z.string().optional(),
  flag: z.string().optional(),
})
export type PaymentEvent = z.infer<typeof paymentEventSchema>

/** An order's online payment, as the shopper's and the owner's pages show it. */
export const orderPaymentSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  label: z.string(),
  paymentId: z.string().optional(),
  /** Refunded so far (decimal, the order's currency). */
  refunded: z.number().optional(),
  /** An amount or currency mismatch flagged to the owner. */
  flagged: z.boolean().optional(),
  /** Why: 'importe' (amount or currency), 'stock' (paid, short of stock to confirm). */
  flag: z.string().optional(),
  mayPay: z.boolean(),
})
export type OrderPayment = z.infer<typeof orderPaymentSchema>

export const startPaymentSchema = z.object({ url: z.string() })

export const refundInputSchema = z.object({
  /** Decimal in the order's currency; absent: everything not yet refunded. */
  amount: z
    .number({ error: PAYMENT_MESSAGES.refundAmountInvalid })
    .positive(PAYMENT_MESSAGES.refundAmountInvalid)
    .max(100_000_000, PAYMENT_MESSAGES.refundAmountInvalid)
    .optional(),
})

// ---------------------------------------------------------------------------------------------
// Mails

export const PAYMENT_MAILS = {
  approvedSubject: (code: string) => `Pedido ${code} pagado con Mercado Pago`,
  approvedIntro: (business: string, code: string, amount: string) =>
    `El pedido ${code} de ${business} se pagó con Mercado Pago: ${amount}.`,
  confirmed: 'Lo confirmamos y descontamos el stock.',
  stockShort:
    'No pudimos confirmarlo: falta stock de alguno de sus productos. Revisalo y decidí si lo reembolsás.',
  flaggedSubject: (code: string) => `Revisá el pago del pedido ${code}`,
  flaggedIntro: (code: string) =>
    `Mercado Pago informó para el pedido ${code} un importe o una moneda que no coinciden con el pedido. No lo marcamos como pagado: revisalo en tu cuenta de Mercado Pago.`,
  refundedSubject: (code: string) => `Pedido ${code} reembolsado`,
  refundedIntro: (code: string, amount: string) =>
    `Mercado Pago confirmó el reembolso del pedido ${code}: ${amount} en total.`,
  manage: (url: string) => `Miralo en ${url}`,
  /** The history note of an order confirmed by its payment. */
  confirmedNote: 'Confirmado al aprobarse el pago con Mercado Pago.',
}

/** The currencies a Mercado Pago account of each site charges (Uruguay: pesos and dollars). */
export const MERCADOPAGO_SITE_CURRENCIES: Record<string, readonly string[]> = {
  MLU: ['UYU', 'USD'],
  MLA: ['ARS'],
  MLB: ['BRL'],
  MLC: ['CLP'],
  MCO: ['COP'],
  MLM: ['MXN'],
  MPE: ['PEN'],
}
