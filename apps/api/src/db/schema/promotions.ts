import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CouponKind, CurrencyAmounts, PromotionKind } from '@vitrina/contracts'
import { businesses } from './businesses.js'

/**
 * Issue 45 (migration 0025, docs/decisions/036-coupons-and-promotions.md): a shop's coupons. The
 * code is kept as the owner wrote it and is unique per shop without regard to case; `uses` counts
 * the orders that are not cancelled (taken by the order's transaction, given back on cancel).
 * Amounts in cents per currency; dates are the shop's local days, both included.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    percent: integer('percent'),
    amounts: jsonb('amounts').$type<CurrencyAmounts>().notNull().default({}),
    minSubtotal: jsonb('min_subtotal').$type<CurrencyAmounts>().notNull().default({}),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    oncePerShopper: boolean('once_per_shopper').notNull().default(false),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_business_code_key').on(t.businessId, sql`upper(${t.code})`),
    check('coupons_kind_check', sql`${t.kind} IN ('percent', 'fixed', 'free_delivery')`),
    check('coupons_uses_check', sql`${t.uses} >= 0`),
  ],
)
export type CouponRow = typeof coupons.$inferSelect
export type NewCouponRow = typeof coupons.$inferInsert
export const COUPON_CODE_CONSTRAINT = 'coupons_business_code_key'

/** Issue 45: a shop's automatic promotions (no code): 3x2, second unit, category %. */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    take: integer('take'),
    pay: integer('pay'),
    percent: integer('percent'),
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_business_idx').on(t.businessId, t.createdAt),
    check(
      'promotions_kind_check',
      sql`${t.kind} IN ('take_pay', 'second_unit', 'category_percent')`,
    ),
  ],
)
export type PromotionRow = typeof promotions.$inferSelect
export type NewPromotionRow = typeof promotions.$inferInsert
