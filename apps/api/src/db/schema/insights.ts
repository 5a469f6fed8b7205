import {
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { businesses } from './businesses.js'
import { products } from './products.js'

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })
const counter = (name: string) => integer(name).notNull().default(0)

/**
 * Issue 26: a business's counters of one day (in its time zone). Written only by additive
 * upserts (`x = x + EXCLUDED.x`), so any number of processes add to the same row.
 */
export const insightDays = pgTable(
  'insight_days',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visits: counter('visits'),
    uniqueVisitors: counter('unique_visitors'),
    productViews: counter('product_views'),
    searches: counter('searches'),
    zeroResultSearches: counter('zero_result_searches'),
    whatsappClicks: counter('whatsapp_clicks'),
    cartAdds: counter('cart_adds'),
    orders: counter('orders'),
    fromWhatsapp: counter('from_whatsapp'),
    fromInstagram: counter('from_instagram'),
    fromFacebook: counter('from_facebook'),
    fromGoogle: counter('from_google'),
    fromOther: counter('from_other'),
    fromDirect: counter('from_direct'),
  },
  (t) => [
    primaryKey({ name: 'insight_days_pkey', columns: [t.businessId, t.day] }),
    index('insight_days_day_idx').on(t.day),
  ],
)

/** A product's views, cart adds and orders of one day. */
export const insightProducts = pgTable(
  'insight_products',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    views: counter('views'),
    cartAdds: counter('cart_adds'),
    orders: counter('orders'),
  },
  (t) => [
    primaryKey({ name: 'insight_products_pkey', columns: [t.businessId, t.day, t.productId] }),
    index('insight_products_product_idx').on(t.productId),
  ],
)

/** A normalised search of one day: how often, and how often it found nothing. */
export const insightSearches = pgTable(
  'insight_searches',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    query: text('query').notNull(),
    searches: counter('searches'),
    zeroResults: counter('zero_results'),
  },
  (t) => [primaryKey({ name: 'insight_searches_pkey', columns: [t.businessId, t.day, t.query] })],
)

/**
 * The day's salted visitor hashes (16 bytes), so that processes count a unique visitor once
 * between them; deleted after the next day (modules/insights/repository.ts).
 */
export const insightVisitors = pgTable(
  'insight_visitors',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    hash: bytea('hash').notNull(),
  },
  (t) => [
    primaryKey({ name: 'insight_visitors_pkey', columns: [t.businessId, t.day, t.hash] }),
    index('insight_visitors_day_idx').on(t.day),
  ],
)
