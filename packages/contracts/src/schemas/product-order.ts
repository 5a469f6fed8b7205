/**
 * Issue 27 §2: the storefront's default order — newest first, or the owner's manual order
 * (docs/decisions/029-bulk-edits-and-manual-order.md). Kept apart from bulk.ts so the business
 * schemas can import it without a cycle.
 */
import { z } from 'zod'
import { BULK_MESSAGES } from '../owner-messages.js'

export const PRODUCT_ORDERS = ['newest', 'manual'] as const
export type ProductOrder = (typeof PRODUCT_ORDERS)[number]

export const PRODUCT_ORDER_LABELS: Record<ProductOrder, string> = {
  newest: BULK_MESSAGES.orderNewest,
  manual: BULK_MESSAGES.orderManual,
}

export const productOrderSchema = z.enum(PRODUCT_ORDERS, {
  error: BULK_MESSAGES.productOrderInvalid,
})
