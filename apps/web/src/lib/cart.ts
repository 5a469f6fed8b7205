/**
 * Cart kept on this device, one per business (SPEC §2.6 header badge). SPEC §1: 'Añadir al
 * carrito' has no checkout behind it yet; these helpers hold the items so the badge can count.
 */
import { useMemo } from 'react'
import { createStoredList, useStoredList } from './stored-list'

export const CART_STORAGE_KEY = 'vitrina:cart'

export interface CartItem {
  businessIdentifier: string
  productId: string
  name: string
  image?: string | null
  /** Unit price as shown (after discount). */
  price: number
  currency?: string
  quantity: number
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return (
    typeof v.businessIdentifier === 'string' &&
    typeof v.productId === 'string' &&
    typeof v.name === 'string' &&
    typeof v.price === 'number' &&
    Number.isInteger(v.quantity) &&
    (v.quantity as number) >= 1
  )
}

const cart = createStoredList(CART_STORAGE_KEY, isCartItem)

export function getCartItems(businessIdentifier: string): CartItem[] {
  return cart.get().filter((item) => item.businessIdentifier === businessIdentifier)
}

/** Total units in one business's cart (the header badge). */
export function cartCount(businessIdentifier: string): number {
  return getCartItems(businessIdentifier).reduce((sum, item) => sum + item.quantity, 0)
}

/** Adds `item.quantity` (minimum 1, SPEC §9) to the line, creating it when new. */
export function addToCart(item: CartItem): void {
  const quantity = Math.max(1, Math.floor(item.quantity))
  const items = cart.get()
  const existing = items.find(
    (i) => i.businessIdentifier === item.businessIdentifier && i.productId === item.productId,
  )
  cart.set(
    existing
      ? items.map((i) => (i === existing ? { ...i, quantity: i.quantity + quantity } : i))
      : [...items, { ...item, quantity }],
  )
}

/** Sets a line's quantity; below 1 removes it. */
export function setCartQuantity(
  businessIdentifier: string,
  productId: string,
  quantity: number,
): void {
  const items = cart.get()
  cart.set(
    quantity < 1
      ? items.filter(
          (i) => !(i.businessIdentifier === businessIdentifier && i.productId === productId),
        )
      : items.map((i) =>
          i.businessIdentifier === businessIdentifier && i.productId === productId
            ? { ...i, quantity: Math.floor(quantity) }
            : i,
        ),
  )
}

export function removeFromCart(businessIdentifier: string, productId: string): void {
  setCartQuantity(businessIdentifier, productId, 0)
}

export function clearCart(businessIdentifier: string): void {
  cart.set(cart.get().filter((i) => i.businessIdentifier !== businessIdentifier))
}

/** Units in the cart of one business; re-renders on change. */
export function useCartCount(businessIdentifier: string): number {
  const items = useStoredList(cart)
  return items
    .filter((item) => item.businessIdentifier === businessIdentifier)
    .reduce((sum, item) => sum + item.quantity, 0)
}

/** The lines of one business's cart, oldest first; re-renders on change (also from other tabs). */
export function useCartItems(businessIdentifier: string): CartItem[] {
  const items = useStoredList(cart)
  return useMemo(
    () => items.filter((item) => item.businessIdentifier === businessIdentifier),
    [items, businessIdentifier],
  )
}

/** A line's total (unit price × quantity), rounded to cents. */
export function cartLineTotal(item: Pick<CartItem, 'price' | 'quantity'>): number {
  return Math.round(item.price * item.quantity * 100) / 100
}

export interface CartTotal {
  currency: string
  amount: number
  units: number
}

/**
 * The cart's totals, one per currency (a business may price in pesos and dollars; they are never
 * added together), in the order the currencies first appear. A missing currency is '$' (SPEC §9).
 */
export function cartTotals(items: readonly Pick<CartItem, 'price' | 'quantity' | 'currency'>[]) {
  const totals = new Map<string, CartTotal>()
  for (const item of items) {
    const currency = item.currency || '$'
    const total = totals.get(currency) ?? { currency, amount: 0, units: 0 }
    total.amount = Math.round((total.amount + cartLineTotal(item)) * 100) / 100
    total.units += item.quantity
    totals.set(currency, total)
  }
  return [...totals.values()]
}
