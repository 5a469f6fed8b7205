/**
 * Issue 24: the WhatsApp texts of an order — the shopper's message to the business (built by the
 * API, so it carries the server's prices) and the owner's message to the customer when the
 * status changes. One place, so the message, the order page and the storefront agree.
 */
import { CURRENCY_CODES, CURRENCY_SYMBOLS, type CurrencyAmounts } from '../money.public.js'
import { formatPrice } from '../pricing.public.js'
import { DELIVERY_METHOD_LABELS, type OrderStatus } from './rules.js'
import type { PublicOrder } from './schemas.js'
import { PAYMENT_METHOD_LABELS } from '../shop.public.js'
import { nameWithVariant } from '../variants.public.js'

/**
 * '$ 2.580,00 y US$ 15,00' — each currency on its own, never added together (issue 41: a '+'
 * between them read as a sum).
 */
export function formatAmounts(amounts: CurrencyAmounts): string {
  return CURRENCY_CODES.filter((c) => amounts[c] !== undefined)
    .map((c) => formatPrice(amounts[c] ?? 0, CURRENCY_SYMBOLS[c]))
    .join(' y ')
}

/** 'Buzo canguro (M / Azul)': an order line's name with its variant (nameWithVariant). */
export function orderItemName(item: { name: string; variantLabel?: string }): string {
  return nameWithVariant(item.name, item.variantLabel)
}

/** '2 × Buzo canguro — $ 2.580,00': one line of an order in a message or a mail. */
export function orderLineText(
  item: Pick<
    PublicOrder['items'][number],
    'quantity' | 'name' | 'variantLabel' | 'lineTotal' | 'currency'
  >,
): string {
  return `${item.quantity} × ${orderItemName(item)} — ${formatPrice(item.lineTotal, CURRENCY_SYMBOLS[item.currency])}`
}

/**
 * 'Promoción 3x2 — -$ 10,00': one discount line (issue 45) in the message, the mail and the CSV.
 * Here, not beside the promotions' texts, so the order page's code does not carry those.
 */
export function discountLineText(line: {
  label: string
  currency: keyof typeof CURRENCY_SYMBOLS
  amount: number
}): string {
  return `${line.label} — -${formatPrice(line.amount, CURRENCY_SYMBOLS[line.currency])}`
}

/** 'Retiro en el local' or 'Envío a domicilio: Sarandí 500'. */
export function orderDeliveryText(delivery: PublicOrder['delivery']): string {
  return delivery.method === 'delivery'
    ? `${DELIVERY_METHOD_LABELS.delivery}: ${delivery.address ?? ''}`
    : DELIVERY_METHOD_LABELS.pickup
}

/** The shopper's message to the business: the order, the customer, and one link to the order. */
export function orderWhatsappMessage(
  order: Pick<
    PublicOrder,
    | 'code'
    | 'business'
    | 'items'
    | 'deliveryFee'
    | 'totals'
    | 'customer'
    | 'delivery'
    | 'payment'
    | 'notes'
    | 'discounts'
  >,
  publicUrl: string,
): string {
  const lines = order.items.map(orderLineText)
  const fee = formatAmounts(order.deliveryFee)
  const delivery = orderDeliveryText(order.delivery)
  return [
    `¡Hola ${order.business.name}! Te envío mi pedido ${order.code}:`,
    '',
    ...lines,
    ...(fee ? [`Envío: ${fee}`] : []),
    ...(order.discounts ?? []).map(discountLineText),
    `Total: ${formatAmounts(order.totals)}`,
    '',
    `Nombre: ${order.customer.name}`,
    `Entrega: ${delivery}`,
    `Pago: ${PAYMENT_METHOD_LABELS[order.payment.type]}`,
    ...(order.notes ? [`Notas: ${order.notes}`] : []),
    '',
    `Ver el pedido: ${publicUrl}`,
  ].join('\n')
}

/**
 * Issue 44 §3: the shop's own WhatsApp text per status, with placeholders the order page fills
 * in (saved per business: whatsapp-templates.ts). A template may use only these names.
 */
export const WHATSAPP_PLACEHOLDERS = [
  'nombre',
  'tienda',
  'pedido',
  'seguimiento',
  'enlace',
  'motivo',
] as const
export type WhatsappPlaceholder = (typeof WHATSAPP_PLACEHOLDERS)[number]

export const WHATSAPP_TEMPLATE_MAX = 600

export const DEFAULT_WHATSAPP_TEMPLATES: Record<OrderStatus, string> = {
  nuevo:
    '¡Hola {nombre}! Te escribimos de {tienda} por tu pedido {pedido}.\nRecibimos tu pedido y en breve lo revisamos.',
  confirmado:
    '¡Hola {nombre}! Te escribimos de {tienda} por tu pedido {pedido}.\n¡Tu pedido está confirmado! Te avisamos cuando esté listo.',
  listo:
    '¡Hola {nombre}! Te escribimos de {tienda} por tu pedido {pedido}.\nTu pedido está listo para retirar. ¡Te esperamos!',
  enviado:
    '¡Hola {nombre}! Te escribimos de {tienda} por tu pedido {pedido}.\nTu pedido ya salió y va en camino. {seguimiento}',
  entregado:
    '¡Hola {nombre}! Te escribimos de {tienda} por tu pedido {pedido}.\nTu pedido figura como entregado. ¡Gracias por tu compra!',
  cancelado:
    '¡Hola {nombre}! Te escribimos de {tienda} por tu pedido {pedido}.\nTu pedido fue cancelado. {motivo}',
}

export const WHATSAPP_TEMPLATE_MESSAGES = {
  empty: 'Escribí el mensaje para este estado.',
  tooLong: `El mensaje puede tener hasta ${WHATSAPP_TEMPLATE_MAX} caracteres.`,
  unknownPlaceholder: (name: string) =>
    `«{${name}}» no es un dato que podamos completar. Usá {nombre}, {tienda}, {pedido}, {seguimiento}, {enlace} o {motivo}.`,
} as const

/** The order page's WhatsApp buttons, one per status the order went through. */
export const WHATSAPP_STATUS_TEXTS = {
  title: 'Avisar al cliente por WhatsApp',
  hint: 'Cada botón abre WhatsApp con el mensaje de ese estado, listo para enviar.',
  link: (status: string) => `Avisar «${status}»`,
  linkLabel: (status: string) => `Avisar «${status}» al cliente por WhatsApp`,
} as const

const PLACEHOLDER = /\{([^{}]*)\}/g

/** The Spanish reason a template is refused, or null when it can be saved. */
export function whatsappTemplateProblem(template: string): string | null {
  const text = template.trim()
  if (!text) return WHATSAPP_TEMPLATE_MESSAGES.empty
  if (text.length > WHATSAPP_TEMPLATE_MAX) return WHATSAPP_TEMPLATE_MESSAGES.tooLong
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!(WHATSAPP_PLACEHOLDERS as readonly string[]).includes(name!)) {
      return WHATSAPP_TEMPLATE_MESSAGES.unknownPlaceholder(name!)
    }
  }
  return null
}

/** The template with each placeholder replaced; an empty value leaves no double spaces behind. */
export function fillWhatsappTemplate(
  template: string,
  values: Record<WhatsappPlaceholder, string>,
): string {
  return template
    .replace(PLACEHOLDER, (whole, name: string) =>
      (WHATSAPP_PLACEHOLDERS as readonly string[]).includes(name)
        ? values[name as WhatsappPlaceholder]
        : whole,
    )
    .replace(/[ \t]+$/gm, '')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/** 'DAC: 123456 (https://…)' — the tracking the owner gave, or '' when none. */
export function trackingText(tracking: PublicOrder['delivery']['tracking']): string {
  if (!tracking) return ''
  return `${tracking.carrier}: ${tracking.code}${tracking.url ? ` (${tracking.url})` : ''}`
}

/** The shopper's WhatsApp message for a status, from the shop's template (or the default). */
export function orderStatusWhatsappText(
  order: Pick<PublicOrder, 'code' | 'business' | 'customer' | 'delivery'> & {
    cancelReason?: string
  },
  status: OrderStatus,
  link: string,
  templates: Partial<Record<OrderStatus, string>> = {},
): string {
  return fillWhatsappTemplate(templates[status] ?? DEFAULT_WHATSAPP_TEMPLATES[status], {
    nombre: order.customer.name,
    tienda: order.business.name,
    pedido: order.code,
    seguimiento: trackingText(order.delivery.tracking),
    enlace: link,
    motivo: order.cancelReason ? `Motivo: ${order.cancelReason}` : '',
  })
}
