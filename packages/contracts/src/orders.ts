/**
 * Issue 24: the order's statuses, transitions, delivery methods and code alphabet, without zod
 * (the storefront's order page and the owner's list read them; schemas/order.ts validates with
 * them).
 */

export const ORDER_STATUSES = [
  'nuevo',
  'confirmado',
  'listo',
  'enviado',
  'entregado',
  'cancelado',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  nuevo: 'Nuevo',
  confirmado: 'Confirmado',
  listo: 'Listo para retirar',
  enviado: 'Enviado',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
}

/**
 * Nuevo → Confirmado → Listo para retirar / Enviado → Entregado; Cancelado (with a reason) from
 * any state before Entregado. Anything else is refused with 409.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  nuevo: ['confirmado', 'cancelado'],
  confirmado: ['listo', 'enviado', 'cancelado'],
  listo: ['entregado', 'cancelado'],
  enviado: ['entregado', 'cancelado'],
  entregado: [],
  cancelado: [],
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to)
}

export const DELIVERY_METHODS = ['pickup', 'delivery'] as const
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Retiro en el local',
  delivery: 'Envío a domicilio',
}

/** 'P-7K3Q': P-, then letters and digits that cannot be misread (no 0/O, 1/I/L, U). */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
export const ORDER_CODE_PATTERN = /^P-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4,8}$/
