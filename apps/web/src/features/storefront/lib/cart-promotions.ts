/**
 * Issue 45: the cart's promotions and coupon — the server's quote (contracts' applyPromotions,
 * POST /api/businesses/{id}/promotions/quote) kept in a tiny store the cart's lazy code shares:
 * the coupon field writes it, the summary prices with it (orderAmounts), the checkout sends the
 * code. Only the cart's lazy chunk imports this (a storefront's first visit does not grow).
 */
import { useSyncExternalStore } from 'react'
import { type PromotionQuote } from '@vitrina/contracts'
import { api } from '../../../api/client'

export interface CartPromotionsState {
  /** The code the shopper applied (as typed); '' for none. */
  code: string
  quote: PromotionQuote | undefined
}

const EMPTY: CartPromotionsState = { code: '', quote: undefined }
let state: CartPromotionsState = EMPTY
const listeners = new Set<() => void>()

export function setCartPromotions(next: CartPromotionsState) {
  state = next
  for (const listener of listeners) listener()
}

export function resetCartPromotions() {
  setCartPromotions(EMPTY)
}

export function cartPromotions(): CartPromotionsState {
  return state
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useCartPromotions(): CartPromotionsState {
  return useSyncExternalStore(subscribe, cartPromotions, () => EMPTY)
}

export interface QuoteLine {
  productId: string
  variantId?: string | null
  quantity: number
}

export function fetchPromotionQuote(
  businessId: string,
  items: readonly QuoteLine[],
  coupon: string,
): Promise<PromotionQuote> {
  return api.post<PromotionQuote>(
    `/businesses/${encodeURIComponent(businessId)}/promotions/quote`,
    {
      items: items.map((item) => ({
        productId: item.productId,
        ...(item.variantId ? { variantId: item.variantId } : {}),
        quantity: item.quantity,
      })),
      ...(coupon ? { coupon } : {}),
    },
  )
}
