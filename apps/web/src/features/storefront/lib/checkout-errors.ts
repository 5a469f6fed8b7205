/**
 * Where a refusal of the checkout shows (issue 24 §2): the zod issues of createOrderSchema and
 * the API's 400 `errors` (`[{ path, message }]`, ARCHITECTURE.md) both name the body's paths —
 * `customer.name`, `delivery.address`, `items.2.quantity` … — mapped here to the form's fields,
 * and an item's to the cart line it came from (keyed by cartLineKey: product + variant) (the lines are sent in the cart's order).
 */
import type { FieldError } from '@vitrina/contracts'
import { cartLineKey } from '../../../lib/cart'

export type CheckoutField =
  'name' | 'phone' | 'email' | 'delivery' | 'place' | 'address' | 'payment' | 'notes' | 'form'
export type CheckoutErrors = Partial<Record<CheckoutField, string>>

const FIELDS: Record<string, CheckoutField> = {
  'customer.name': 'name',
  customer: 'name',
  'customer.phone': 'phone',
  // Issue 44 §3: the optional e-mail for the order's status mails.
  'customer.email': 'email',
  'delivery.method': 'delivery',
  delivery: 'delivery',
  'delivery.address': 'address',
  // Issue 44: a place in no zone; an agency or pickup point the shop no longer has.
  'delivery.place': 'place',
  'delivery.agencyId': 'delivery',
  'delivery.pickupPointId': 'delivery',
  paymentMethod: 'payment',
  notes: 'notes',
}

export function checkoutErrors(
  errors: readonly FieldError[],
  items: readonly { productId: string; variantId?: string | null }[],
): { fields: CheckoutErrors; lines: Record<string, string> } {
  const fields: CheckoutErrors = {}
  const lines: Record<string, string> = {}
  for (const { path, message } of errors) {
    const line = /^items\.(\d+)(\.|$)/.exec(path)
    const item = line ? items[Number(line[1])] : undefined
    if (item) {
      lines[cartLineKey(item)] ??= message
      fields.form ??= message
      continue
    }
    const field = FIELDS[path] ?? 'form'
    fields[field] ??= message
  }
  return { fields, lines }
}
