/**
 * The storefront product list (SPEC §2.7, §7): filters and sorts turned into SQL. Every condition
 * starts with `business_id = $1`, and each sort has an index that starts with business_id and ends
 * with id, so pages are stable: the same query never repeats nor skips a product across pages.
 */
import { asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { ProductListQuery, SortValue } from '@vitrina/contracts'
import { products } from '../../db/schema/index.js'

export type ProductFilters = Omit<ProductListQuery, 'sort' | 'page' | 'pageSize'>

/**
 * Everything but the price bounds and the search: priceMax is computed over the filtered set
 * without the bounds (SPEC §9 placeholder); the search is added by the repository.
 */
export function filterConditions(
  businessId: string,
  filters: ProductFilters,
  /** 'search': the conditions apply to product_search aliased "products" (no option_keys). */
  on: 'products' | 'search' = 'products',
): SQL[] {
  const conditions: (SQL | undefined)[] = [
    eq(products.businessId, businessId),
    filters.category !== undefined ? eq(products.category, filters.category) : undefined,
    filters.subCategory !== undefined ? eq(products.subCategory, filters.subCategory) : undefined,
    filters.isOffer !== undefined ? eq(products.isOffer, filters.isOffer) : undefined,
    filters.isFeatured !== undefined ? eq(products.isFeatured, filters.isFeatured) : undefined,
    filters.isNew !== undefined ? eq(products.isNew, filters.isNew) : undefined,
    filters.option?.length
      ? on === 'products'
        ? optionKeyCondition(businessId, filters.option)
        : optionCondition(businessId, filters.option)
      : undefined,
  ]
  return conditions.filter((c): c is SQL => c !== undefined)
}

type OptionFilter = readonly { name: string; value: string }[]

const choiceOf = (filters: OptionFilter) =>
  JSON.stringify(Object.fromEntries(filters.map((f) => [f.name, f.value])))

/**
 * Issue 25: `option=Talle:M&option=Color:Azul` — one variant with all those values which can be
 * ordered (any such variant when the product does not track stock). On products: one key of the
 * row's `option_keys` (migration 0019: every subset of every available variant's values), read
 * through its GIN index; names and values compare ignoring case. The key is an immutable
 * function of constants, folded before planning.
 */
function optionKeyCondition(businessId: string, filters: OptionFilter): SQL {
  return sql`${products.optionKeys} @> ARRAY[vitrina_option_key(${businessId}::uuid, ${choiceOf(filters)}::jsonb)]`
}

/**
 * The same on the search copy (product_search has no option_keys): its product's row, by primary
 * key. Names only `id`, which product_search shares with products.
 */
function optionCondition(businessId: string, filters: OptionFilter): SQL {
  return sql`EXISTS (SELECT 1 FROM ${products} AS o WHERE o.id = "products"."id" AND o.option_keys @> ARRAY[vitrina_option_key(${businessId}::uuid, ${choiceOf(filters)}::jsonb)])`
}

/**
 * minPrice / maxPrice bound the final price, what the card shows (SPEC §2.7), in the business's
 * main currency (issue 25: main_price, the lowest variant's when there are variants).
 */
export function priceConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.minPrice !== undefined) conditions.push(gte(products.mainPrice, filters.minPrice))
  if (filters.maxPrice !== undefined) conditions.push(lte(products.mainPrice, filters.maxPrice))
  return conditions
}

export function hasPriceBounds(filters: ProductFilters): boolean {
  return filters.minPrice !== undefined || filters.maxPrice !== undefined
}

/**
 * A list's order: a SPEC §9 sort, or 'manual' — the owner's order (issue 27 §2), which the
 * default sort ('newest') becomes for a business that chose it. Never asked by a client.
 */
export type ListSort = SortValue | 'manual'

/** SPEC §9 sort options; id breaks ties in the same direction so one index serves both. */
export function sortOrder(sort: ListSort): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(products.createdAt), asc(products.id)]
    case 'cheapest':
      return [asc(products.mainPrice), asc(products.id)]
    case 'expensive':
      return [desc(products.mainPrice), desc(products.id)]
    case 'newest':
      // Issue 25: the default sort puts sold-out products after the available ones.
      return [desc(products.available), desc(products.createdAt), desc(products.id)]
    case 'manual':
      // Sold-out after available too; products_business_position_idx read forwards.
      return [desc(products.available), asc(products.position), asc(products.id)]
  }
}

/** The price bounds on a derived row set's unqualified `main_price`. */
export function boundsOn(filters: ProductFilters): SQL {
  const bounds: SQL[] = []
  if (filters.minPrice !== undefined) bounds.push(sql`main_price >= ${filters.minPrice}`)
  if (filters.maxPrice !== undefined) bounds.push(sql`main_price <= ${filters.maxPrice}`)
  return bounds.length > 0 ? sql.join(bounds, sql` AND `) : sql`true`
}

/** sortOrder() on a derived row set's unqualified columns. */
export function sortOn(sort: ListSort): SQL {
  switch (sort) {
    case 'oldest':
      return sql`created_at ASC, id ASC`
    case 'cheapest':
      return sql`main_price ASC, id ASC`
    case 'expensive':
      return sql`main_price DESC, id DESC`
    case 'newest':
      return sql`available DESC, created_at DESC, id DESC`
    case 'manual':
      return sql`available DESC, position ASC, id ASC`
  }
}
