import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  CurrencyCode,
  ImageAsset,
  ProductOption,
  ProductStatus,
  Specification,
  VariantChoice,
} from '@vitrina/contracts'
import { businesses } from './businesses.js'

/**
 * Products (SPEC §3). Every row carries `business_id` and every index starts with it, so each
 * storefront query reads only its own business's entries and the table can later be distributed
 * by tenant (docs/decisions/005-products-and-search.md).
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * Issue 27 §3 (migration 0016, ADR 030): the product's address within its business. Written
     * NULL (or left out), the database makes it from the name (trigger products_slug); a rename
     * keeps it. Its old values redirect (productSlugRedirects).
     */
    slug: text('slug')
      .notNull()
      .default(sql`NULL`),
    description: text('description').notNull(),
    info: text('info'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    discount: integer('discount').notNull().default(0),
    /** SPEC §9: price − price × discount / 100 to the cent. Filters and sorts use it. */
    finalPrice: numeric('final_price', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`round(price * (100 - discount) / 100, 2)`),
    /** SPEC §3: true exactly when discount > 0; the server sets it and a check keeps it so. */
    isOffer: boolean('is_offer').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    /** Issue 25: an ISO code, 'UYU' or 'USD' (a check keeps it so; migration 0015). */
    currency: text('currency').$type<CurrencyCode>().notNull().default('UYU'),
    code: text('code'),
    image: jsonb('image').$type<ImageAsset>().notNull(),
    images: jsonb('images').$type<ImageAsset[]>().notNull().default([]),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default([]),
    category: text('category').notNull(),
    subCategory: text('sub_category'),
    /** normalizeSearchText(name, description, code, tags): lower case, no accents. */
    searchText: text('search_text').notNull(),
    /** The distinct words of search_text, derived by the database (migration 0008, search.ts). */
    searchWords: text('search_words')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`vitrina_search_words(search_text)`),
    /** 'hidden': kept, but left out of every public read (issue 23 §2, migration 0011). */
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    // Issue 25 (migration 0015, docs/decisions/027): options, stock and two derived columns kept
    // by the database (trigger vitrina_product_state) on every write of the product, its variants
    // or its business's currency.
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    trackStock: boolean('track_stock').notNull().default(false),
    /** Units of a product without variants (with trackStock); null: not kept. */
    stock: integer('stock'),
    /** Issue 44 §1 (migration 0034): grams, for zones priced by weight bands; null: not set. */
    weightGrams: integer('weight_grams'),
    /** Not tracked, or a unit left (of the product or one of its variants). Derived. */
    available: boolean('available').notNull().default(true),
    /**
     * The lowest final price (over available variants, else all; or the product's own) in the
     * business's main currency at its rate: what price sorts and bounds compare. Derived.
     */
    mainPrice: numeric('main_price', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /**
     * Issue 27 §2: the owner's manual order, smaller first (migration 0017). Unique: every value
     * comes from products_position_seq, and a new product takes -nextval() — it goes first.
     */
    position: bigint('position', { mode: 'number' })
      .notNull()
      .default(sql`-nextval('products_position_seq')`),
    // Migration 0019: what a card and the option filter need of the variants. Derived.
    /** The lowest final price of the available variants when they differ ('desde'); else null. */
    priceFrom: numeric('price_from', { precision: 12, scale: 2, mode: 'number' }),
    /** Units in all (the product's, or its variants' together); null: not kept. Owner-only. */
    stockUnits: integer('stock_units'),
    /** vitrina_option_key() of every subset of every available variant's values (GIN). */
    optionKeys: text('option_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_business_slug_idx').on(t.businessId, t.slug),
    check('products_status_check', sql`${t.status} IN ('active', 'hidden')`),
    index('products_business_hidden_idx')
      .on(t.businessId, t.createdAt)
      .where(sql`${t.status} = 'hidden'`),
    check('products_currency_check', sql`${t.currency} IN ('UYU', 'USD')`),
    check('products_stock_check', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check(
      'products_weight_grams_check',
      sql`${t.weightGrams} IS NULL OR ${t.weightGrams} BETWEEN 1 AND 100000`,
    ),
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_discount_range', sql`${t.discount} BETWEEN 0 AND 99`),
    check('products_offer_matches_discount', sql`${t.isOffer} = (${t.discount} > 0)`),
    // Ascending columns: read forwards for 'oldest' / 'cheapest', backwards for 'newest' /
    // 'expensive' (DESC NULLS FIRST, exactly what ORDER BY … DESC asks for).
    // This one: newest / oldest, and the plain per-business lookup and count.
    index('products_business_created_idx').on(t.businessId, t.createdAt, t.id),
    // cheapest / expensive and the price range, on the price in the main currency (issue 25).
    index('products_business_price_idx').on(t.businessId, t.mainPrice, t.id),
    // The default sort (newest, sold-out after available; issue 25).
    index('products_business_available_idx').on(t.businessId, t.available, t.createdAt, t.id),
    // The manual order (issue 27 §2): sold-out after available, then the owner's order.
    index('products_business_position_idx').on(t.businessId, t.available.desc(), t.position, t.id),
    // The option filter (issue 25, migration 0019).
    index('products_option_keys_idx').using('gin', t.optionKeys).with({ fastupdate: false }),
    // category and subcategory filters, newest first.
    index('products_business_category_idx').on(
      t.businessId,
      t.category,
      t.subCategory,
      t.createdAt,
      t.id,
    ),
    // The storefront carousels and the flag filters: small partial indexes, newest first.
    index('products_business_featured_idx')
      .on(t.businessId, t.createdAt, t.id)
      .where(sql`${t.isFeatured}`),
    index('products_business_new_idx')
      .on(t.businessId, t.createdAt, t.id)
      .where(sql`${t.isNew}`),
    index('products_business_offer_idx')
      .on(t.businessId, t.createdAt, t.id)
      .where(sql`${t.isOffer}`),
  ],
)

/**
 * What a search reads of each product (a narrow copy kept by triggers, migration 0008), with the
 * GIN index of business-scoped word keys ('<business id> <word>': each posting list holds one
 * business's products). docs/decisions/005, "Search at scale".
 */
export const productSearch = pgTable(
  'product_search',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finalPrice: numeric('final_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category'),
    isOffer: boolean('is_offer').notNull(),
    isFeatured: boolean('is_featured').notNull(),
    isNew: boolean('is_new').notNull(),
    searchWords: text('search_words').array().notNull(),
    mainPrice: numeric('main_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    available: boolean('available').notNull().default(true),
    trackStock: boolean('track_stock').notNull().default(false),
  },
  (t) => [
    index('product_search_words_idx')
      .using('gin', sql`vitrina_search_keys(${t.businessId}, ${t.searchWords})`)
      .with({ fastupdate: false }),
  ],
)

/**
 * Each business's distinct product words and how many of its products hold each: a query word is
 * expanded here (as written, as a prefix, one typo away) before products are matched. Kept by
 * triggers on products (migration 0008); the API never writes it.
 */
export const productWords = pgTable(
  'product_words',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    products: integer('products').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.word] }),
    index('product_words_reverse_idx').on(t.businessId, sql`(reverse(${t.word})) COLLATE "C"`),
  ],
)

/**
 * Issue 25: a product's variants (combinations of its options). Stock changes are single-row
 * conditional updates (`stock = stock - n WHERE stock >= n`); writes here recompute the product's
 * `available` and `main_price` (trigger). One row per combination (jsonb equality ignores key
 * order), so an edit keeps each surviving combination's id — orders point at it.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id').notNull(),
    position: integer('position').notNull(),
    options: jsonb('options').$type<VariantChoice>().notNull(),
    /** null: the product's price. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    code: text('code'),
    /** null: no stock kept for it (sold out when the product tracks stock). */
    stock: integer('stock'),
    /** 0 the product's main image, 1… its extra images. */
    imageIndex: integer('image_index'),
  },
  (t) => [
    check('product_variants_stock_check', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check('product_variants_price_check', sql`${t.price} IS NULL OR ${t.price} > 0`),
    check(
      'product_variants_image_index_check',
      sql`${t.imageIndex} IS NULL OR ${t.imageIndex} >= 0`,
    ),
    uniqueIndex('product_variants_product_options_key').on(t.productId, t.options),
    index('product_variants_product_idx').on(t.productId, t.position),
  ],
)

export type VariantRow = typeof productVariants.$inferSelect
export type NewVariantRow = typeof productVariants.$inferInsert

export type ProductRow = typeof products.$inferSelect
export type NewProductRow = typeof products.$inferInsert

/** How many products each business has (the unfiltered list's total); kept by triggers (0008). */
export const productCounts = pgTable('product_counts', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  products: integer('products').notNull(),
})

/**
 * Issue 27 §3 (migration 0016): addresses a product left (renamed and re-slugged, or given
 * another slug by its owner) and the product they lead to. Kept by the database's triggers;
 * removed with the product, or when another product of the business takes the slug.
 */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.slug] }),
    index('product_slug_redirects_product_idx').on(t.productId),
  ],
)
