/** Database access for products. Every function takes an Executor (the db or a transaction). */
import { and, count, desc, eq, max, sql } from 'drizzle-orm'
import type { ProductListQuery } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { products, type NewProductRow, type ProductRow } from '../../db/schema/index.js'
import { filterConditions, hasPriceBounds, priceConditions, sortOrder } from './list-query.js'

export async function findProductById(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1)
  return row
}

/** Reads the product and locks it until the transaction ends (concurrent edits apply in turn). */
export async function lockProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update')
  return row
}

export async function countProducts(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(eq(products.businessId, businessId))
  return row?.n ?? 0
}

export interface ProductPage {
  rows: ProductRow[]
  total: number
  priceMax: number
}

/** The rows of one page, newest (or cheapest, …) first, ties broken by id. */
export function productPageQuery(db: Executor, businessId: string, query: ProductListQuery) {
  return db
    .select()
    .from(products)
    .where(and(...filterConditions(businessId, query), ...priceConditions(query)))
    .orderBy(...sortOrder(query.sort))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
}

/**
 * The totals of a list in one aggregate over the same per-business index range: the count within
 * the price bounds and the highest final price without them (SPEC §9: the placeholder of the max
 * price input must not shrink as the user types in it).
 */
export function productSummaryQuery(db: Executor, businessId: string, query: ProductListQuery) {
  const total = hasPriceBounds(query)
    ? sql<number>`(count(*) filter (where ${and(...priceConditions(query))}))::int`
    : sql<number>`count(*)::int`
  return db
    .select({ total, priceMax: max(products.finalPrice) })
    .from(products)
    .where(and(...filterConditions(businessId, query)))
}

export async function listProductPage(
  db: Executor,
  businessId: string,
  query: ProductListQuery,
): Promise<ProductPage> {
  const rows = await productPageQuery(db, businessId, query)
  const [summary] = await productSummaryQuery(db, businessId, query)
  return {
    rows,
    total: Number(summary?.total ?? 0),
    priceMax: Number(summary?.priceMax ?? 0),
  }
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
    .select()
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products[flag], true)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
}

export async function listFlaggedProducts(
  db: Executor,
  businessId: string,
  flag: ProductFlag,
  limit: number,
): Promise<ProductRow[]> {
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
