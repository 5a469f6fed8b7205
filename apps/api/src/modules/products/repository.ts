/** Database access for products. Every function takes an Executor (the db or a transaction). */
import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { LIMITS, type ProductListQuery, type ProductListStatus } from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import { preparedQuery } from '../../db/prepared.js'
import {
  businesses,
  products,
  productSlugRedirects,
  promotions,
  type NewProductRow,
  type ProductRow,
  type PromotionRow,
} from '../../db/schema/index.js'
import { productReplyColumns, type ProductReplyRow } from './mapper.js'
import { boundsOn, filterConditions, hasPriceBounds, sortOn, type ListSort } from './list-query.js'
import {
  expandTerms,
  expansionWords,
  searchKeys,
  searchTerms,
  textArray,
  type TermExpansion,
} from './search.js'

/**
 * What every public product read must know of its business, in one statement (issue 42 §4):
 * who owns it, whether it is suspended, its default order (issue 27 §2), whether it has hidden
 * products (issue 23 §2), its time zone and its promotions that are not paused, for the badges
 * (issue 45; their dates are checked by the rule).
 * Undefined for an unknown business.
 */
export interface CatalogueContext {
  userId: string
  suspendedAt: Date | null
  productOrder: 'newest' | 'manual'
  timeZone: string
  promotions: PromotionRow[]
  /** Whether it has hidden products (hasHiddenProducts: a list's statement depends on it). */
  hasHidden: boolean
}

/** Read by every public product read (issue 42 §4): built once, a named statement. */
const catalogueContext = preparedQuery((db: Executor) =>
  db
    .select({
      userId: businesses.userId,
      suspendedAt: businesses.suspendedAt,
      productOrder: businesses.productOrder,
      timeZone: businesses.timeZone,
      hasHidden: sql<boolean>`EXISTS (SELECT 1 FROM ${products} AS h WHERE h.business_id = ${businesses.id} AND h.status = 'hidden')`,
      promotion: promotions,
    })
    .from(businesses)
    .leftJoin(
      promotions,
      and(eq(promotions.businessId, businesses.id), eq(promotions.paused, false)),
    )
    .where(eq(businesses.id, sql.placeholder('businessId')))
    .orderBy(promotions.createdAt, promotions.id)
    .prepare('catalogue_context'),
)

export async function findCatalogueContext(
  db: Executor,
  businessId: string,
): Promise<CatalogueContext | undefined> {
  const rows = await catalogueContext(db).execute({ businessId })
  const first = rows[0]
  if (!first) return undefined
  return {
    userId: first.userId,
    suspendedAt: first.suspendedAt,
    productOrder: first.productOrder,
    timeZone: first.timeZone,
    hasHidden: first.hasHidden,
    promotions: rows.flatMap((r) => (r.promotion ? [r.promotion] : [])),
  }
}

export async function findProductById(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1)
  return row
}

/** A business named by its id or by its storefront identifier (lower case). */
export type BusinessRef = { id: string } | { identifier: string }

/**
 * Issue 27 §3: the business's product at an address — `{ slug }` its slug, or one an old address
 * of the business leads to (product_slug_redirects; never both, migration 0016); `{ id }` its id
 * (the old addresses). One statement of index probes, the business by identifier included.
 */
export async function findProductAt(
  db: Executor,
  business: BusinessRef,
  at: { slug: string } | { id: string },
): Promise<ProductRow | undefined> {
  const shape = `${'id' in business ? 'id' : 'identifier'}_${'id' in at ? 'id' : 'slug'}` as const
  const [row] = await productAt[shape](db).execute({
    business: 'id' in business ? business.id : business.identifier,
    at: 'id' in at ? at.id : at.slug,
  })
  return row
}

/**
 * findProductAt's statement for a business named by id or identifier and an address by id or
 * slug (placeholders `business` and `at`): the product page's read, built once, a named statement.
 */
function productAtQuery(business: 'id' | 'identifier', at: 'id' | 'slug') {
  return preparedQuery((db: Executor) => {
    const named = sql.placeholder('business')
    const businessId =
      business === 'id'
        ? sql`${named}::uuid`
        : sql`(SELECT ${businesses.id} FROM ${businesses} WHERE ${businesses.identifier} = ${named})`
    const address = sql.placeholder('at')
    const match =
      at === 'id'
        ? eq(products.id, sql`${address}::uuid`)
        : or(
            eq(products.slug, address),
            eq(
              products.id,
              sql`(SELECT ${productSlugRedirects.productId} FROM ${productSlugRedirects}
                WHERE ${productSlugRedirects.businessId} = ${businessId}
                  AND ${productSlugRedirects.slug} = ${address})`,
            ),
          )
    return db
      .select()
      .from(products)
      .where(and(eq(products.businessId, businessId), match))
      .limit(1)
      .prepare(`product_at_${business}_${at}`)
  })
}

const productAt = {
  id_id: productAtQuery('id', 'id'),
  id_slug: productAtQuery('id', 'slug'),
  identifier_id: productAtQuery('identifier', 'id'),
  identifier_slug: productAtQuery('identifier', 'slug'),
}

/** Whether another product of the business (not `self`) has this slug. */
export async function isSlugTaken(
  db: Executor,
  businessId: string,
  slug: string,
  self?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.slug, slug),
        ...(self ? [ne(products.id, self)] : []),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** Reads the product and locks it until the transaction ends (concurrent edits apply in turn). */
export async function lockProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update')
  return row
}

/**
 * Whether the business has hidden products (issue 23 §2): one probe of a partial index that is
 * empty for almost every business. Only when it answers yes do public reads pay for a filter.
 */
export async function hasHiddenProducts(db: Executor, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.status, 'hidden')))
    .limit(1)
  return row !== undefined
}

/** The business's hidden products, read through products_business_hidden_idx. */
function hiddenIds(businessId: string): SQL {
  return sql`(SELECT h.id FROM ${products} AS h WHERE h.business_id = ${businessId} AND h.status = 'hidden')`
}

/**
 * A list's `status` (issue 25 §2) as a condition, or none. Names only `id`, so it applies to
 * product_search too. 'active' leaves out the hidden products — only when the business has some
 * (`hasHidden`): almost none does, and their lists pay for no filter.
 */
function statusCondition(
  businessId: string,
  status: ProductListStatus,
  hasHidden: boolean,
): SQL | undefined {
  if (status === 'hidden') return sql`id IN ${hiddenIds(businessId)}`
  if (status === 'active' && hasHidden) return sql`id NOT IN ${hiddenIds(businessId)}`
  return undefined
}

export async function countProducts(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(eq(products.businessId, businessId))
  return row?.n ?? 0
}

export interface ProductPage {
  /**
   * Issue 25: the rows alone. A card needs of the variants only what the row keeps
   * (`price_from`, `stock_units`, `available`: migration 0019); the owner's list reads them apart.
   */
  rows: ProductReplyRow[]
  total: number
  priceMax: number
}

/** The search part of a list: each query word's expansion through the lexicon (search.ts). */
export type ListSearch = readonly TermExpansion[]

/** A list query whose sort may be the owner's manual order (issue 27 §2; never with a search). */
export type ListQuery = Omit<ProductListQuery, 'sort'> & { sort: ListSort }

/** 0 for a word found as written, 1 as a prefix, 2 by a typo: summed, lower first. */
function rankOf(search: ListSearch): SQL {
  const parts = search.map((e) => {
    const whens: SQL[] = []
    if (e.exact.length) whens.push(sql`WHEN search_words && ${textArray(e.exact)}::text[] THEN 0`)
    if (e.prefix.length) whens.push(sql`WHEN search_words && ${textArray(e.prefix)}::text[] THEN 1`)
    return whens.length ? sql`(CASE ${sql.join(whens, sql` `)} ELSE 2 END)` : sql`2`
  })
  return sql.join(parts, sql` + `)
}

/**
 * One statement for a whole list reply: the total within the price bounds, the highest final price
 * without them (SPEC §9: the placeholder of the max price input must not shrink as the user types
 * in it), and the ids of the page in order. A plain list reads each part from the per-business
 * B-tree indexes (index-only where the visibility map allows); a search reads the matching rows
 * once through the words index of their narrow copy (`product_search_words_idx`), keeps what the three parts need
 * and sorts better matches first, then by the chosen order.
 */
export function productListStatement(
  businessId: string,
  query: ListQuery,
  search?: ListSearch,
  /** Whether the business has hidden products (hasHiddenProducts); 'active' needs to know. */
  hasHidden = false,
): SQL {
  const visibility = statusCondition(businessId, query.status, hasHidden)
  const where = and(
    ...filterConditions(businessId, query, search ? 'search' : 'products'),
    ...(visibility ? [visibility] : []),
  )!
  const bounds = boundsOn(query)
  const total = hasPriceBounds(query) ? sql`count(*) FILTER (WHERE ${bounds})` : sql`count(*)`
  const limit = sql`LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`
  if (!search) {
    // Each part on its own index: the total within the bounds on the price index (or, for the
    // unfiltered list, the business's product count, kept by trigger), the highest price from
    // the top of the price index, the page's ids from the sort's index.
    const unfiltered =
      !visibility && filterConditions(businessId, query).length === 1 && !hasPriceBounds(query)
    const count = unfiltered
      ? sql`coalesce((SELECT products FROM product_counts WHERE business_id = ${businessId}), 0)`
      : sql`(SELECT count(*) FROM ${products} WHERE ${where} AND ${bounds})`
    return sql`SELECT ${count}::int AS total,
      (SELECT max(main_price) FROM ${products} WHERE ${where}) AS price_max,
      ARRAY(
        SELECT id FROM ${products} WHERE ${where} AND ${bounds} ORDER BY ${sortOn(query.sort)} ${limit}
      ) AS ids`
  }
  const matches = search.map(
    (e) =>
      sql`vitrina_search_keys(business_id, search_words) && ${textArray(searchKeys(businessId, expansionWords(e)))}::text[]`,
  )
  // product_search has the columns of products a search needs under the same names; aliased
  // "products", the filters built for products apply to it unchanged.
  return sql`WITH matched AS MATERIALIZED (
      SELECT id, created_at, main_price, available, ${rankOf(search)} AS rank
      FROM product_search AS "products" WHERE ${where} AND ${sql.join(matches, sql` AND `)}
    )
    SELECT s.total, s.price_max, ARRAY(
      SELECT id FROM matched WHERE ${bounds} ORDER BY rank, ${sortOn(query.sort)} ${limit}
    ) AS ids
    FROM (SELECT ${total}::int AS total, max(main_price) AS price_max FROM matched) AS s`
}

/** node-postgres parses uuid[]; PGlite may hand back the array literal. */
export function idsOf(value: string[] | string): string[] {
  if (Array.isArray(value)) return value
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
}

/** hasHiddenProducts, asked only when the list's status depends on it ('active'). */
export async function hasHiddenFor(
  db: Executor,
  businessId: string,
  query: Pick<ListQuery, 'status'>,
): Promise<boolean> {
  return query.status === 'active' ? hasHiddenProducts(db, businessId) : false
}

/**
 * The `hasHidden` a list statement is built with. A search leaves the hidden products out in the
 * statement itself whenever its status is 'active' (a probe of an index that is empty for almost
 * every business, cheaper inside it than a round trip of its own); a plain list asks first, since
 * its unfiltered total is a counter only without them.
 */
async function hiddenFilterOf(
  db: Executor,
  businessId: string,
  query: Pick<ListQuery, 'status'>,
  search?: ListSearch,
): Promise<boolean> {
  return search ? query.status === 'active' : hasHiddenFor(db, businessId, query)
}

/**
 * Runs a list statement and reads the page's rows in the same statement: its ids, unnested in
 * order, joined to their rows by primary key. One row per product, as many bytes whether or not
 * it has variants (issue 25's budget); one round trip, not two (issue 22 §4). An empty page is
 * one row without a product, which still carries the totals.
 */
async function runList(
  db: Executor,
  businessId: string,
  query: ListQuery,
  search: ListSearch | undefined,
  hasHidden: boolean,
): Promise<ProductPage> {
  const statement = productListStatement(businessId, query, search, hasHidden)
  const listed = await db
    .select({
      total: sql<number>`page.total`,
      priceMax: sql<string | number | null>`page.price_max`,
      product: productReplyColumns,
    })
    .from(
      sql`(${statement}) AS page
        LEFT JOIN LATERAL unnest(page.ids) WITH ORDINALITY AS listed(id, position) ON true`,
    )
    .leftJoin(products, eq(products.id, sql`listed.id`))
    .orderBy(sql`listed.position`)
  const first = listed[0]
  return {
    rows: listed.flatMap(({ product }) => (product ? [product] : [])),
    total: Number(first?.total ?? 0),
    priceMax: Number(first?.priceMax ?? 0),
  }
}

/**
 * The list statement a query sends, as text and parameters (for EXPLAIN in the indexes test and the
 * benchmark's plans); a search is expanded first, as listProductPage does.
 */
export async function listStatementQuery(
  db: Executor,
  businessId: string,
  query: ListQuery,
): Promise<{ toSQL(): { sql: string; params: unknown[] } }> {
  const search = query.search
    ? await expandTerms(db, businessId, searchTerms(query.search))
    : undefined
  const hasHidden = await hiddenFilterOf(db, businessId, query, search)
  const statement = productListStatement(businessId, query, search, hasHidden)
  return { toSQL: () => new PgDialect().sqlToQuery(statement) }
}

const EMPTY_PAGE: ProductPage = { rows: [], total: 0, priceMax: 0 }

/**
 * A page of a business's products with its totals. A search runs on `searchDb`, whose statements
 * the server cancels after SEARCH_STATEMENT_TIMEOUT_MS (issue 22 §4: whatever a query asks, it
 * cannot hold a connection longer), in two round trips: the words' expansion, then the page's
 * rows with its totals (hidden products: the caller's `businessHasHidden`, or the statement).
 */
export async function listProductPage(
  { db, searchDb }: { db: Database; searchDb: Database },
  businessId: string,
  query: ListQuery,
  /**
   * Whether the business has hidden products (read with its access: findCatalogueContext),
   * asked when a plain 'active' list needs it, so that a search expands its words meanwhile.
   */
  businessHasHidden: () => Promise<boolean>,
): Promise<ProductPage> {
  if (query.search === undefined) {
    const hasHidden = query.status === 'active' && (await businessHasHidden())
    return runList(db, businessId, query, undefined, hasHidden)
  }
  const terms = searchTerms(query.search)
  // Only punctuation: nothing can match it.
  if (terms.length === 0) return EMPTY_PAGE
  const search = await expandTerms(searchDb, businessId, terms)
  // A word that stands for nothing in this business: no product has every word.
  if (search.some((e) => expansionWords(e).length === 0)) return EMPTY_PAGE
  return runList(searchDb, businessId, query, search, query.status === 'active')
}

export type ProductFlag = 'isFeatured' | 'isNew' | 'isOffer'

/** A storefront carousel (SPEC §2.5): newest first, served by the flag's partial index. */
export function flaggedProductsQuery(
  db: Executor,
  businessId: string,
  flag: ProductFlag,
  limit: number,
) {
  return db
    .select(productReplyColumns)
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products[flag], true),
        eq(products.status, 'active'),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
}

const CAROUSEL_FLAGS: ProductFlag[] = ['isFeatured', 'isNew', 'isOffer']

/** The storefront home's statement (issue 42 §4): built once, a named statement. */
const carouselRows = preparedQuery((db: Executor) => {
  const parts = CAROUSEL_FLAGS.map(
    (flag) =>
      sql`(SELECT ${flag}::text AS carousel, ${products.id} AS id FROM ${products}
        WHERE ${products.businessId} = ${sql.placeholder('businessId')} AND ${products[flag]} AND ${products.status} = 'active'
        ORDER BY ${products.createdAt} DESC, ${products.id} DESC LIMIT ${sql.raw(String(LIMITS.carouselSize))})`,
  )
  return db
    .select({ carousel: sql<ProductFlag>`listed.carousel`, product: productReplyColumns })
    .from(sql`(${sql.join(parts, sql` UNION ALL `)}) AS listed`)
    .innerJoin(products, eq(products.id, sql`listed.id`))
    .orderBy(sql`listed.carousel`, desc(products.createdAt), desc(products.id))
    .prepare('product_carousels')
})

/**
 * The three carousels in one statement (issue 42 §4): each flag's query on its own partial index,
 * joined by UNION ALL, then the rows by primary key; each row with the flag it was read for (a
 * product in two carousels comes twice).
 */
export async function listCarouselRows(
  db: Executor,
  businessId: string,
): Promise<{ flag: ProductFlag; row: ProductReplyRow }[]> {
  const rows = await carouselRows(db).execute({ businessId })
  return rows.map(({ carousel, product }) => ({ flag: carousel, row: product }))
}

export async function listFlaggedProducts(
  db: Executor,
  businessId: string,
  flag: ProductFlag,
  limit: number,
): Promise<ProductReplyRow[]> {
  return flaggedProductsQuery(db, businessId, flag, limit)
}

export async function insertProduct(db: Executor, row: NewProductRow): Promise<ProductRow> {
  const [inserted] = await db.insert(products).values(row).returning()
  if (!inserted) throw new Error('products insert returned no row')
  return inserted
}

export async function updateProductRow(
  db: Executor,
  id: string,
  patch: Partial<NewProductRow>,
): Promise<ProductRow> {
  const [updated] = await db
    .update(products)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning()
  if (!updated) throw new Error('products update returned no row')
  return updated
}

export async function deleteProductRow(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [deleted] = await db.delete(products).where(eq(products.id, id)).returning()
  return deleted
}
