/**
 * Issue 44 §3 and issue 43 §3 (ADR 035): the shopper hears about their order by e-mail when
 * they left an address — at confirmado, enviado (with the tracking), listo para retirar,
 * entregado, cancelado (with the reason) and when Mercado Pago approves the payment. The
 * checkout's optional field, its Spanish refusal, the mails' sentences and the owner's switches
 * (one per mail, on unless turned off) live here: one source for the API and the web.
 */
import { z } from 'zod'
import { LIMITS } from '../limits.public.js'
import { EMAIL_PATTERN } from '../schemas/common.js'

/** The mails a shopper may get, by what happened to the order ('pago': Mercado Pago approved). */
export const SHOPPER_MAIL_KINDS = [
  'confirmado',
  'enviado',
  'listo',
  'entregado',
  'cancelado',
  'pago',
] as const
export type ShopperMailKind = (typeof SHOPPER_MAIL_KINDS)[number]

/** The owner's switches as stored: a kind set to false is off; a missing one is on. */
export type ShopperMailSwitches = Partial<Record<ShopperMailKind, boolean>>
/** Every switch, as the API answers them. */
export type ShopperMailSettings = Record<ShopperMailKind, boolean>

export function isShopperMailKind(value: string): value is ShopperMailKind {
  return (SHOPPER_MAIL_KINDS as readonly string[]).includes(value)
}

/** Whether the shop sends this mail (default on). */
export function shopperMailOn(switches: ShopperMailSwitches | null | undefined, kind: string) {
  return isShopperMailKind(kind) && switches?.[kind] !== false
}

/** Every switch of a shop, each on unless the owner turned it off. */
export function shopperMailSettings(
  switches: ShopperMailSwitches | null | undefined,
): ShopperMailSettings {
  return Object.fromEntries(
    SHOPPER_MAIL_KINDS.map((kind) => [kind, switches?.[kind] !== false]),
  ) as ShopperMailSettings
}

export const SHOPPER_MAIL_MESSAGES = {
  /** The checkout's optional e-mail, when what was typed is not an address. */
  emailInvalid: 'Ingresa un correo electrónico válido (ej.: ana@ejemplo.com) o deja el campo vacío',
  /** PATCH /api/businesses/{id}/shopper-mails with anything but switches. */
  switchesInvalid: 'Indica qué avisos por correo quieres enviar (activado o desactivado)',
  saved: 'Avisos por correo guardados',
  saveFailed: 'No se pudieron guardar los avisos por correo',
  loadFailed: 'No se pudieron cargar los avisos por correo',
} as const

/**
 * The shopper's optional e-mail in the order body (`customer.email`): trimmed and lower-cased;
 * blank is none; anything that is not an address is a Spanish 400.
 */
export const orderCustomerEmailSchema = z
  .string({ error: SHOPPER_MAIL_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, { message: SHOPPER_MAIL_MESSAGES.emailInvalid, abort: true })
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), SHOPPER_MAIL_MESSAGES.emailInvalid)
  .transform((v) => (v === '' ? undefined : v))
  .optional()

/** PATCH body: the switches to change (at least one); the others stay as they are. */
export const updateShopperMailsSchema = z
  .strictObject(
    Object.fromEntries(
      SHOPPER_MAIL_KINDS.map((kind) => [
        kind,
        z.boolean({ error: SHOPPER_MAIL_MESSAGES.switchesInvalid }).optional(),
      ]),
    ) as Record<ShopperMailKind, z.ZodOptional<z.ZodBoolean>>,
    { error: SHOPPER_MAIL_MESSAGES.switchesInvalid },
  )
  .refine((v) => Object.keys(v).length > 0, SHOPPER_MAIL_MESSAGES.switchesInvalid)
export type UpdateShopperMails = z.infer<typeof updateShopperMailsSchema>

export const shopperMailSettingsSchema = z.object({
  mails: z.object(
    Object.fromEntries(SHOPPER_MAIL_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      ShopperMailKind,
      z.ZodBoolean
    >,
  ),
})
export type ShopperMailSettingsReply = z.infer<typeof shopperMailSettingsSchema>

/** The owner's switches in the business form ('Pedidos por WhatsApp'). */
export const SHOPPER_MAIL_SETTINGS_TEXTS = {
  title: 'Avisos por correo a tus clientes',
  intro:
    'Cuando tu cliente deja su correo al hacer el pedido, le avisamos en tu nombre y con tus colores, con el enlace para seguirlo. Elige qué avisos enviar.',
  instant: 'Cada cambio se guarda al instante.',
  labels: {
    confirmado: 'Pedido confirmado',
    enviado: 'Pedido enviado (con el código de seguimiento)',
    listo: 'Listo para retirar',
    entregado: 'Pedido entregado',
    cancelado: 'Pedido cancelado (con el motivo)',
    pago: 'Pago aprobado por Mercado Pago',
  } satisfies Record<ShopperMailKind, string>,
  on: 'Activado',
  off: 'Desactivado',
} as const

/** The checkout's field and the owner's order card. */
export const SHOPPER_EMAIL_TEXTS = {
  label: 'Correo electrónico (opcional)',
  hint: 'Te avisamos por correo cuando el negocio confirme, envíe o cancele tu pedido.',
  placeholder: 'ana@ejemplo.com',
  ownerLabel: 'Correo',
} as const

/** The mails' sentences. `shop` is the shop's name; `code` the order's ('P-7K3Q'). */
export const SHOPPER_MAILS = {
  subject: {
    confirmado: (shop: string, code: string) => `${shop}: tu pedido ${code} está confirmado`,
    enviado: (shop: string, code: string) => `${shop}: tu pedido ${code} va en camino`,
    listo: (shop: string, code: string) => `${shop}: tu pedido ${code} está listo para retirar`,
    entregado: (shop: string, code: string) => `${shop}: tu pedido ${code} fue entregado`,
    cancelado: (shop: string, code: string) => `${shop}: tu pedido ${code} fue cancelado`,
    pago: (shop: string, code: string) => `${shop}: recibimos el pago de tu pedido ${code}`,
  } satisfies Record<ShopperMailKind, (shop: string, code: string) => string>,
  greeting: (name: string) => `¡Hola ${name}!`,
  intro: {
    confirmado: (shop: string, code: string) =>
      `${shop} confirmó tu pedido ${code}. Te avisamos cuando salga o esté listo para retirar.`,
    enviado: (_shop: string, code: string) => `Tu pedido ${code} ya salió y va en camino.`,
    listo: (_shop: string, code: string) => `Tu pedido ${code} está listo para retirar.`,
    entregado: (_shop: string, code: string) =>
      `Tu pedido ${code} figura como entregado. ¡Gracias por tu compra!`,
    cancelado: (shop: string, code: string) => `${shop} canceló tu pedido ${code}.`,
    pago: (_shop: string, code: string) => `Mercado Pago aprobó el pago de tu pedido ${code}.`,
  } satisfies Record<ShopperMailKind, (shop: string, code: string) => string>,
  paidAmount: (total: string) => `Monto pagado: ${total}`,
  paidConfirmed: 'Tu pedido quedó confirmado.',
  carrier: (carrier: string) => `Envío por: ${carrier}`,
  trackingCode: (code: string) => `Código de seguimiento: ${code}`,
  trackingLink: (url: string) => `Síguelo en: ${url}`,
  trackingButton: 'Seguir el envío',
  pickupAt: (place: string) => `Retíralo en: ${place}`,
  reason: (reason: string) => `Motivo: ${reason}`,
  total: (total: string) => `Total: ${total}`,
  orderLink: (url: string) => `Mira tu pedido en: ${url}`,
  orderButton: 'Ver mi pedido',
  /** Orders made before these mails (their page's link cannot be rebuilt): the shop's page. */
  shopLink: (shop: string, url: string) =>
    `Para ver tu pedido usa el enlace que recibiste al hacerlo, o visita ${shop}: ${url}`,
  shopButton: 'Ir a la tienda',
  why: (shop: string) =>
    `Recibes este correo porque dejaste tu dirección al hacer un pedido en ${shop}. Si tienes dudas, responde a este correo o escríbele a la tienda.`,
} as const
