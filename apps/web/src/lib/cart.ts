/**
 * Cart kept on this device, one per business (SPEC §2.6 header badge). SPEC §1: 'Añadir al
 * carrito' has no checkout behind it yet; these helpers hold the items so the badge can count.
 */
import { LIMITS, nameWithVariant } from '@vitrina/contracts'
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
  /**
   * Issue 41: the most units the line may hold — what was left when it was added ('Quedan 2'),
   * else an order line's limit (lines saved before hold none: the limit).
   */
  maxQuantity?: number
}

/** The most units a line may hold (issue 41): its stock when known, never above the order's. */
export function cartLineMax(item: Pick<CartItem, 'maxQuantity'>): number {
  const max = item.maxQuantity
  return max && max > 0 ? Math.min(max, LIMITS.orderQuantityMax) : LIMITS.orderQuantityMax
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

/**
 * Adds `item.quantity` (minimum 1, SPEC §9) to the line, creating it when new, up to the line's
 * maximum (cartLineMax, issue 41). Answers the line's quantity and whether it was capped.
 */
export function addToCart(item: CartItem): { quantity: number; capped: boolean } {
  const quantity = Math.max(1, Math.floor(item.quantity))
  const max = cartLineMax(item)
  const items = cart.get()
  const key = cartLineKey(item)
  const existing = items.find(
    (i) => i.businessIdentifier === item.businessIdentifier && cartLineKey(i) === key,
  )
  const wanted = (existing?.quantity ?? 0) + quantity
  const next = Math.min(wanted, max)
  const fresh = {
    ...(item.slug ? { slug: item.slug } : {}),
    ...(item.maxQuantity ? { maxQuantity: item.maxQuantity } : {}),
  }
  cart.set(
    existing
      ? items.map((i) => (i === existing ? { ...i, ...fresh, quantity: next } : i))
      : [...items, { ...item, quantity: next }],
  )
  return { quantity: next, capped: wanted > max }
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
      : items.map((i) =>
          isLine(i) ? { ...i, quantity: Math.min(Math.floor(quantity), cartLineMax(i)) } : i,
        ),
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
