import { sql } from 'drizzle-orm'
import {
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
  uuid,
} from 'drizzle-orm/pg-core'
import type { ImageAsset, ProductStatus, Specification } from '@vitrina/contracts'
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
    currency: text('currency').notNull().default('$'),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_status_check', sql`${t.status} IN ('active', 'hidden')`),
    index('products_business_hidden_idx')
      .on(t.businessId, t.createdAt)
      .where(sql`${t.status} = 'hidden'`),
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_discount_range', sql`${t.discount} BETWEEN 0 AND 99`),
    check('products_offer_matches_discount', sql`${t.isOffer} = (${t.discount} > 0)`),
    // Ascending columns: read forwards for 'oldest' / 'cheapest', backwards for 'newest' /
    // 'expensive' (DESC NULLS FIRST, exactly what ORDER BY … DESC asks for).
    // This one: newest / oldest, and the plain per-business lookup and count.
    index('products_business_created_idx').on(t.businessId, t.createdAt, t.id),
    // cheapest / expensive and the price range, on the final price.
    index('products_business_price_idx').on(t.businessId, t.finalPrice, t.id),
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

export type ProductRow = typeof products.$inferSelect
export type NewProductRow = typeof products.$inferInsert

/** How many products each business has (the unfiltered list's total); kept by triggers (0008). */
export const productCounts = pgTable('product_counts', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  products: integer('products').notNull(),
})
