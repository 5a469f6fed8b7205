import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  DEFAULT_COLORS,
  DEFAULT_FEATURES,
  DEFAULT_DELIVERY_OPTIONS,
  DEFAULT_PAYMENT_METHODS,
  DEFAULT_TIME_ZONE,
  type BusinessCategory,
  type CurrencyCode,
  type DeliveryOptions,
  type Features,
  type OpeningHours,
  type PaymentMethod,
  type ProductOrder,
  type ShopperMailSwitches,
  type WhatsappTemplates,
  type ImageAsset,
  type PlanType,
  type Slide,
  type StoredProductCategory,
} from '@vitrina/contracts'
import { users } from './auth.js'

/**
 * Businesses (SPEC §3): one per user, reachable at /{identifier}. Product categories, features,
 * social links and images are small documents read and written whole with the business, so they
 * are jsonb columns rather than tables. `search_text` is normalizeSearchText(name + description)
 * (accents and case stripped in the application, the same way queries are), served by a trigram
 * index so `LIKE '%term%'` stays fast as the directory grows.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' })
      .unique('businesses_user_id_key'),
    name: text('name').notNull(),
    identifier: text('identifier').notNull().unique('businesses_identifier_key'),
    description: text('description').notNull(),
    category: text('category').$type<BusinessCategory>().notNull(),
    categories: jsonb('categories').$type<StoredProductCategory[]>().notNull().default([]),
    logo: jsonb('logo').$type<ImageAsset>(),
    address: text('address'),
    phone: text('phone').notNull(),
    /** The business's public contact e-mail (not the owner's account e-mail). */
    email: text('email').notNull(),
    socialLinks: jsonb('social_links')
      .$type<{ facebook?: string; instagram?: string }>()
      .notNull()
      .default({}),
    /** Issue 24 §1: E.164; null → WhatsApp goes to the phone, as before. */
    whatsapp: text('whatsapp'),
    deliveryOptions: jsonb('delivery_options')
      .$type<DeliveryOptions>()
      .notNull()
      .default(DEFAULT_DELIVERY_OPTIONS),
    paymentMethods: jsonb('payment_methods')
      .$type<PaymentMethod[]>()
      .notNull()
      .default(DEFAULT_PAYMENT_METHODS),
    /** null until the owner sets them. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    primaryColor: text('primary_color').notNull().default(DEFAULT_COLORS.primaryColor),
    secondaryColor: text('secondary_color').notNull().default(DEFAULT_COLORS.secondaryColor),
    bgColor: text('bg_color').notNull().default(DEFAULT_COLORS.bgColor),
    features: jsonb('features').$type<Features>().notNull().default(DEFAULT_FEATURES),
    slides: jsonb('slides').$type<Slide[]>().notNull().default([]),
    /** The plan the owner asked for in the wizard (SPEC §2.13): a request, nothing more. */
    planType: text('plan_type').$type<PlanType>().notNull().default('free'),
    /**
     * The plan the business has — what the product cap reads. Only the operator changes it
     * (`npm run plan`, later the platform's plan requests); no owner request can (issue 22).
     */
    effectivePlan: text('effective_plan').$type<PlanType>().notNull().default('free'),
    /** End of the paid period (issue 23 §2); null when never paid (or granted by `npm run plan`). */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** The paid_until the 7-day warning was sent for (each period warns once). */
    expiryWarningFor: timestamp('expiry_warning_for', { withTimezone: true }),
    searchText: text('search_text').notNull(),
    /**
     * Issue 23 §3: set by an operator with a reason. A suspended business's storefront and public
     * reads answer 404 and it leaves the directory, the featured carousel and the sitemap; its
     * owner keeps the dashboard (modules/operator).
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /**
     * The landing's 'Negocios destacados' as an operator ordered them (1 first); null when not
     * chosen. With no business chosen, the automatic rule applies (businesses/featured.ts).
     */
    featuredPosition: integer('featured_position'),
    /** Issue 25: the currency price sorts and the price filter compare in. */
    mainCurrency: text('main_currency').$type<CurrencyCode>().notNull().default('UYU'),
    /** UYU per USD as the owner set it; null: the platform's default (DEFAULT_EXCHANGE_RATE). */
    exchangeRate: numeric('exchange_rate', { precision: 10, scale: 4, mode: 'number' }),
    exchangeRateDate: date('exchange_rate_date', { mode: 'string' }),
    /**
     * The rate in effect (exchange_rate, or the default when it was written): what the products'
     * main_price was computed with. Changing it reprices them (trigger, migration 0015).
     */
    priceRate: numeric('price_rate', { precision: 10, scale: 4, mode: 'number' })
      .notNull()
      .default(40),
    /** Issue 27 §2: the storefront's default order, 'newest' or 'manual' (migration 0017). */
    productOrder: text('product_order').$type<ProductOrder>().notNull().default('newest'),
    /** Issue 46 §3: the owner's Google Analytics 4 measurement id (G-…), null: none (0028). */
    ga4MeasurementId: text('ga4_measurement_id'),
    /** Issue 46 §3: the owner's Meta Pixel id (digits), null: none (migration 0028). */
    metaPixelId: text('meta_pixel_id'),
    /** Issue 44 §3: the owner's switch per shopper mail; a missing key is on (migration 0035). */
    shopperMails: jsonb('shopper_mails').$type<ShopperMailSwitches>().notNull().default({}),
    /**
     * Issue 44 §3: the shop's own WhatsApp text per order status (only those that differ from
     * contracts' default); migration 0036. Only the owner's settings reply carries it.
     */
    whatsappTemplates: jsonb('whatsapp_templates').$type<WhatsappTemplates>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('businesses_main_currency_check', sql`${t.mainCurrency} IN ('UYU', 'USD')`),
    check('businesses_product_order_check', sql`${t.productOrder} IN ('newest', 'manual')`),
    check('businesses_plan_type_check', sql`${t.planType} IN ('free', 'pro')`),
    check('businesses_ga4_measurement_id_check', sql`${t.ga4MeasurementId} ~ '^G-[A-Z0-9]{4,20}$'`),
    check('businesses_meta_pixel_id_check', sql`${t.metaPixelId} ~ '^[0-9]{5,20}$'`),
    check('businesses_effective_plan_check', sql`${t.effectivePlan} IN ('free', 'pro')`),
    check(
      'businesses_suspension_check',
      sql`(${t.suspendedAt} IS NULL) = (${t.suspensionReason} IS NULL)`,
    ),
    // The directory lists newest first (this index read backwards); id breaks ties so pages
    // never overlap.
    index('businesses_created_idx').on(t.createdAt, t.id),
    index('businesses_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('businesses_paid_until_idx')
      .on(t.paidUntil)
      .where(sql`${t.effectivePlan} = 'pro' AND ${t.paidUntil} IS NOT NULL`),
    index('businesses_featured_idx')
      .on(t.featuredPosition)
      .where(sql`${t.featuredPosition} IS NOT NULL`),
  ],
)

export type BusinessRow = typeof businesses.$inferSelect
export type NewBusinessRow = typeof businesses.$inferInsert

export const BUSINESS_IDENTIFIER_CONSTRAINT = 'businesses_identifier_key'
export const BUSINESS_USER_CONSTRAINT = 'businesses_user_id_key'

/**
 * Issue 40 §5: identifiers a business gave up — its account was deleted, or it moved to another
 * identifier — held until `heldUntil` (LIMITS.identifierQuarantineDays), so that old order
 * links, shared product links and installed storefront apps answer 404 instead of leading to
 * whoever claims the identifier next. `businessId` is the business that moved away (it may take
 * its identifier back); null once that business is gone. One row per identifier ever released:
 * a later release of the same identifier overwrites it, and expired rows are simply ignored.
 */
export const releasedIdentifiers = pgTable(
  'released_identifiers',
  {
    identifier: text('identifier').primaryKey(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('released_identifiers_business_idx').on(t.businessId)],
)

export type ReleasedIdentifierRow = typeof releasedIdentifiers.$inferSelect
