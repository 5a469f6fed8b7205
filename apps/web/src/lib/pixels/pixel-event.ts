/**
 * Issue 46 §3 (ADR 039): what the storefront tells the owner's pixels (types only: the first load
 * pays nothing for them). lib/storefront-events.ts hands them to ./consent.ts, which hands them
 * to ./tags.ts after the shopper accepted.
 */

/** A line as the pixels hear it: its feed item id (variant, else product), unit price paid. */
export interface PixelItem {
  id: string
  name: string
  price: number
  quantity: number
}

/** A storefront event for the owner's pixels (./tags.ts names it for each service). */
export type PixelEvent =
  | { type: 'page'; productId?: string }
  | { type: 'cart'; currency: string; items: PixelItem[] }
  | { type: 'purchase'; code: string; currency: string; value: number; items: PixelItem[] }

/** The page's shop and its ids, as the footer's «Preferencias de cookies» button says them. */
export interface PixelShop {
  businessId: string
  name: string
  ga4?: string
  meta?: string
}
