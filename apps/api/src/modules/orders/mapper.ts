/** Stored orders (cents) → the replies of contracts/orders/schemas.ts (decimal numbers). */
import {
  amountsFromCents,
  fromCents,
  mayPay,
  PAYMENT_STATUS_LABELS,
  type OrderPayment,
  trackingUrl,
  type OrderTracking,
  type OrderHistoryEntry,
  type DiscountLine,
  type DiscountLineReply,
  type OrderItem,
  type OwnerOrder,
  type PublicOrder,
} from '@vitrina/contracts'
import type { OrderEventRow, OrderRow, StoredOrderItem } from '../../db/schema/index.js'

export interface OrderBusiness {
  id: string
  name: string
  identifier: string
}

/** What a reply shows of an order row (the list reads only these columns). */
export type OrderReplyRow = Omit<
  OrderRow,
  | 'businessId'
  | 'tokenHash'
  | 'tokenId'
  | 'searchText'
  | 'stockTaken'
  | 'couponId'
  | 'paymentCheckAt'
  | 'paymentChecks'
>

export function toOrderItem(item: StoredOrderItem): OrderItem {
  return {
    productId: item.productId,
    ...(item.variantId ? { variantId: item.variantId } : {}),
    ...(item.variantLabel ? { variantLabel: item.variantLabel } : {}),
    name: item.name,
    code: item.code,
    quantity: item.quantity,
    price: fromCents(item.priceCents),
    discount: item.discount,
    unitPrice: fromCents(item.unitCents),
    lineTotal: fromCents(item.lineCents),
    currency: item.currency,
    image: item.image,
  }
}

/** Issue 44 §2: a known carrier's code gets its tracking link (contracts' templates). */
function withTrackingUrl(tracking: OrderTracking) {
  const url = trackingUrl(tracking.carrier, tracking.code)
  return { carrier: tracking.carrier, code: tracking.code, ...(url ? { url } : {}) }
}

export function toPublicOrder(row: OrderReplyRow, business: OrderBusiness): PublicOrder {
  return {
    code: row.code,
    status: row.status,
    ...(row.cancelReason ? { cancelReason: row.cancelReason } : {}),
    createdAt: row.createdAt.toISOString(),
    business: { _id: business.id, name: business.name, identifier: business.identifier },
    items: row.items.map(toOrderItem),
    subtotals: amountsFromCents(row.subtotals),
    deliveryFee: amountsFromCents(row.deliveryFee),
    totals: amountsFromCents(row.totals),
    customer: {
      name: row.customerName,
      phone: row.customerPhone,
      // Issue 44 §3: the address the order's mails go to, when the shopper left one.
      ...(row.customerEmail ? { email: row.customerEmail } : {}),
    },
    delivery: {
      method: row.deliveryMethod,
      ...(row.deliveryAddress ? { address: row.deliveryAddress } : {}),
      ...(row.deliveryDetail ? { detail: row.deliveryDetail } : {}),
      ...(row.tracking ? { tracking: withTrackingUrl(row.tracking) } : {}),
    },
    payment: {
      type: row.paymentMethod,
      ...(row.paymentInstructions ? { instructions: row.paymentInstructions } : {}),
    },
    ...(row.notes ? { notes: row.notes } : {}),
    ...(row.paymentStatus ? { onlinePayment: onlinePaymentOf(row) } : {}),
    // Issue 45: the coupon and each discount line (promotions, coupon, free delivery).
    ...(row.couponCode ? { coupon: row.couponCode } : {}),
    ...(row.discounts?.length ? { discounts: row.discounts.map(toDiscountLine) } : {}),
  }
}

/** A stored discount line (cents, with the promotion's or coupon's id) → the reply's. */
function toDiscountLine(line: DiscountLine): DiscountLineReply {
  return {
    source: line.source,
    label: line.label,
    ...(line.productId ? { productId: line.productId } : {}),
    ...(line.variantId ? { variantId: line.variantId } : {}),
    currency: line.currency,
    amount: fromCents(line.cents),
    ...(line.freeDelivery ? { freeDelivery: true } : {}),
  }
}

/** Issue 43: the order's Mercado Pago payment, in Spanish (never trusted from a return URL). */
function onlinePaymentOf(row: OrderReplyRow): OrderPayment {
  const status = row.paymentStatus!
  return {
    status,
    label: PAYMENT_STATUS_LABELS[status],
    ...(row.paymentId ? { paymentId: row.paymentId } : {}),
    ...(row.paymentRefunded ? { refunded: fromCents(row.paymentRefunded) } : {}),
    ...(row.paymentFlag ? { flagged: true, flag: row.paymentFlag } : {}),
    mayPay: mayPay(status) && row.status !== 'cancelado',
  }
}

export function toHistoryEntry(
  event: Pick<OrderEventRow, 'status' | 'reason' | 'note' | 'createdAt'>,
): OrderHistoryEntry {
  return {
    at: event.createdAt.toISOString(),
    ...(event.status ? { status: event.status } : {}),
    ...(event.reason ? { reason: event.reason } : {}),
    ...(event.note ? { note: event.note } : {}),
  }
}

export function toOwnerOrder(
  row: OrderReplyRow,
  business: OrderBusiness,
  events: Pick<OrderEventRow, 'status' | 'reason' | 'note' | 'createdAt'>[],
): OwnerOrder {
  return {
    ...toPublicOrder(row, business),
    _id: row.id,
    updatedAt: row.updatedAt.toISOString(),
    history: events.map(toHistoryEntry),
  }
}
