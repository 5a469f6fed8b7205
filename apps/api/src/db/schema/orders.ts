import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  CurrencyAmounts,
  CurrencyCode,
  DeliveryDetail,
  DeliveryMethod,
  DiscountLine,
  OrderTracking,
  OrderStatus,
  PaymentMethodType,
  PaymentStatus,
} from '@vitrina/contracts'
import { businesses } from './businesses.js'
import { coupons } from './promotions.js'

/**
 * One line of an order as it was sent (issue 24 §2): a snapshot, so a later price or name change
 * does not rewrite what the shopper ordered. Money in integer cents.
 */
export type StoredOrderItem = {
  productId: string
  variantId?: string
  variantLabel?: string
  name: string
  code: string | null
  quantity: number
  priceCents: number
  discount: number
  unitCents: number
  lineCents: number
  currency: CurrencyCode
  image: string | null
}

/** One tracked line of a confirmed order: what was taken from which stock. */
export type StockTaken = { productId: string; variantId: string | null; quantity: number }

/**
 * Orders sent from a storefront (issue 24). The code ('P-7K3Q') is unique within its business;
 * the shopper's page is reached with a random token of which only the SHA-256 is stored, so a
 * copy of the database opens no order page. Totals per currency in cents (jsonb), never mixed.
 * Every index starts with business_id: an owner's list reads only its own business's rows.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    tokenHash: text('token_hash').notNull().unique('orders_token_hash_key'),
    /**
     * Issue 44 §3 (migration 0035): the id the page's token is derived from with the server's
     * secret (TokenService.deriveOrderToken), so a mail written at a later status change can link
     * to the page; null for orders made before (random token, known only to its shopper).
     */
    tokenId: uuid('token_id'),
    status: text('status').$type<OrderStatus>().notNull().default('nuevo'),
    cancelReason: text('cancel_reason'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /** Issue 44 §3: the shopper's optional e-mail for the order's status mails (null: none). */
    customerEmail: text('customer_email'),
    deliveryMethod: text('delivery_method').$type<DeliveryMethod>().notNull(),
    deliveryAddress: text('delivery_address'),
    /** Issue 44: the zone, parcel agency or pickup point chosen; null on orders sent before it. */
    deliveryDetail: jsonb('delivery_detail').$type<DeliveryDetail>(),
    /** Issue 44 §2: the carrier and tracking code the owner gave when shipping. */
    tracking: jsonb('tracking').$type<OrderTracking>(),
    paymentMethod: text('payment_method').$type<PaymentMethodType>().notNull(),
    /** The business's instructions for that method when the order was sent. */
    paymentInstructions: text('payment_instructions'),
    notes: text('notes'),
    items: jsonb('items').$type<StoredOrderItem[]>().notNull(),
    subtotals: jsonb('subtotals').$type<CurrencyAmounts>().notNull(),
    deliveryFee: jsonb('delivery_fee').$type<CurrencyAmounts>().notNull().default({}),
    totals: jsonb('totals').$type<CurrencyAmounts>().notNull(),
    /** normalizeSearchText(code, customer name, phone digits): the owner's search. */
    searchText: text('search_text').notNull(),
    /** Issue 25: the stock its confirmation took (given back when it is cancelled); null: none. */
    stockTaken: jsonb('stock_taken').$type<StockTaken[]>(),
    /** Issue 45: the coupon applied (null: none, or deleted since), its code as it was typed. */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    /** Issue 45: each discount line (promotions and the coupon), in cents; [] for none. */
    discounts: jsonb('discounts').$type<DiscountLine[]>().notNull().default([]),
    /**
     * Issue 43 (ADR 037): the Mercado Pago payment of an order paid online (null: not online), the
     * payment it was read from, the cents refunded, an amount/currency mismatch flagged to the
     * owner, and when the reconciliation job asks Mercado Pago again (null: never; also its lease).
     */
    paymentStatus: text('payment_status').$type<PaymentStatus>(),
    paymentId: text('payment_id'),
    paymentRefunded: integer('payment_refunded').notNull().default(0),
    paymentFlag: text('payment_flag'),
    paymentCheckAt: timestamp('payment_check_at', { withTimezone: true }),
    paymentChecks: integer('payment_checks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('orders_business_code_key').on(t.businessId, t.code),
    check(
      'orders_status_check',
      sql`${t.status} IN ('nuevo', 'confirmado', 'listo', 'enviado', 'entregado', 'cancelado')`,
    ),
    check('orders_delivery_method_check', sql`${t.deliveryMethod} IN ('pickup', 'delivery')`),
    check(
      'orders_cancel_reason_check',
      sql`(${t.status} = 'cancelado') = (${t.cancelReason} IS NOT NULL)`,
    ),
    // The owner's list, newest first, all statuses or one.
    index('orders_business_created_idx').on(t.businessId, t.createdAt, t.id),
    index('orders_business_status_created_idx').on(t.businessId, t.status, t.createdAt, t.id),
    // Migration 0020 (btree_gin): the business beside the trigrams, so a search reads only its rows.
    index('orders_business_search_idx').using('gin', t.businessId, t.searchText.op('gin_trgm_ops')),
  ],
)

export type OrderRow = typeof orders.$inferSelect
export type NewOrderRow = typeof orders.$inferInsert

export const ORDER_CODE_CONSTRAINT = 'orders_business_code_key'

/**
 * An order's history: each status change (with the cancellation reason) and each internal note
 * of the owner, oldest first. The shopper's page shows none of the notes.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>(),
    reason: text('reason'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
)

export type OrderEventRow = typeof orderEvents.$inferSelect
