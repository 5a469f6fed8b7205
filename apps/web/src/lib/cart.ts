/**
 * Cart kept on this device, one per business (SPEC §2.6 header badge). SPEC §1: 'Añadir al
 * carrito' has no checkout behind it yet; these helpers hold the items so the badge can count.
 */
import { nameWithVariant } from '@vitrina/contracts'
import { useMemo } from 'react'
import { createStoredList, useStoredList } from './stored-list'

export const CART_STORAGE_KEY = 'vitrina:cart'

export interface CartItem {
  businessIdentifier: string
  productId: string
  /**
   * Issue 27 §3: the product's address when it was added (lines saved before have none: their
   * link uses the id, which redirects to the product's address).
   */
  slug?: string
  name: string
  image?: string | null
  /** Unit price as shown (after discount; the variant's when one was chosen). */
  price: number
  /** 'UYU' / 'USD' (carts saved before issue 25 hold '$' / 'US$': read with parseCurrency). */
  currency?: string
  quantity: number
  /** Issue 25: the chosen variant, and its label ('M / Azul') for the line's name. */
  variantId?: string | null
  variantLabel?: string | null
}

/** One line per product and variant: the key lines are found, changed and removed by. */
export function cartLineKey(item: Pick<CartItem, 'productId' | 'variantId'>): string {
  return item.variantId ? `${item.productId}:${item.variantId}` : item.productId
}

/** 'Buzo canguro (M / Azul)': how the drawer names a line (the order message's same rule). */
export function cartLineName(item: Pick<CartItem, 'name' | 'variantLabel'>): string {
  return nameWithVariant(item.name, item.variantLabel)
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
  const key = cartLineKey(item)
  const existing = items.find(
    (i) => i.businessIdentifier === item.businessIdentifier && cartLineKey(i) === key,
  )
  cart.set(
    existing
      ? items.map((i) =>
          i === existing
            ? { ...i, quantity: i.quantity + quantity, ...(item.slug ? { slug: item.slug } : {}) }
            : i,
        )
      : [...items, { ...item, quantity }],
  )
}

/** Sets a line's quantity (the line named by cartLineKey); below 1 removes it. */
export function setCartQuantity(
  businessIdentifier: string,
  lineKey: string,
  quantity: number,
): void {
  const items = cart.get()
  const isLine = (i: CartItem) =>
    i.businessIdentifier === businessIdentifier && cartLineKey(i) === lineKey
  cart.set(
    quantity < 1
      ? items.filter((i) => !isLine(i))
      : items.map((i) => (isLine(i) ? { ...i, quantity: Math.floor(quantity) } : i)),
  )
}

export function removeFromCart(businessIdentifier: string, lineKey: string): void {
  setCartQuantity(businessIdentifier, lineKey, 0)
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
