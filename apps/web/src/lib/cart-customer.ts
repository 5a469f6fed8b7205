/**
 * Issue 24 §2: the shopper's details for the checkout form, remembered on this device (one set
 * for every shop) and prefilled next time. Only read when the cart's form opens, never during a
 * server render.
 */
import { readJson, writeJson } from './storage'

export const CART_CUSTOMER_STORAGE_KEY = 'vitrina:checkout'

export interface CartCustomer {
  name: string
  phone: string
  deliveryMethod?: 'pickup' | 'delivery'
  address?: string
  /** Issue 44: the place (barrio or department) delivery by zone was priced for. */
  place?: string
  paymentMethod?: string
  /** Issue 44 §3: the optional e-mail the order's status mails go to. */
  email?: string
}

function isCartCustomer(value: unknown): value is CartCustomer {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  const optionalString = (key: string) => v[key] === undefined || typeof v[key] === 'string'
  return (
    typeof v.name === 'string' &&
    typeof v.phone === 'string' &&
    (v.deliveryMethod === undefined ||
      v.deliveryMethod === 'pickup' ||
      v.deliveryMethod === 'delivery') &&
    optionalString('address') &&
    optionalString('place') &&
    optionalString('paymentMethod') &&
    optionalString('email')
  )
}

export function readCartCustomer(): CartCustomer | null {
  return readJson(CART_CUSTOMER_STORAGE_KEY, isCartCustomer)
}

export function rememberCartCustomer(customer: CartCustomer): void {
  writeJson(CART_CUSTOMER_STORAGE_KEY, customer)
}
