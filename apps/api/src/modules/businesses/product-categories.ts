/**
 * Keeps products consistent with their business's category list (docs/decisions/003-businesses.md):
 * renames cascade to the products in the same transaction as the business change; removing a
 * category or subcategory that products still use is refused with a clear message.
 */
import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { BUSINESS_MESSAGES } from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { products } from '../../db/schema/index.js'
import { AppError } from '../../lib/errors.js'
import type { CategoryChanges, Rename, SubCategoryRename } from './categories.js'

function inUse(message: string): AppError {
  return new AppError('CONFLICT', message, [{ path: 'categories', message }])
}

async function countProducts(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(where)
  return row?.n ?? 0
}

/** 409 when a removed category or subcategory still has products. Runs before any rename. */
export async function assertRemovedCategoriesUnused(
  db: Executor,
  businessId: string,
  changes: Pick<CategoryChanges, 'removedCategories' | 'removedSubCategories'>,
): Promise<void> {
  const { removedCategories, removedSubCategories } = changes
  if (
    removedCategories.length > 0 &&
    (await countProducts(
      db,
      and(eq(products.businessId, businessId), inArray(products.category, removedCategories)),
    )) > 0
  ) {
    throw inUse(BUSINESS_MESSAGES.categoryInUse)
  }
  if (
    removedSubCategories.length > 0 &&
    (await countProducts(
      db,
      and(
        eq(products.businessId, businessId),
        or(
          ...removedSubCategories.map((r) =>
            and(eq(products.category, r.category), eq(products.subCategory, r.subCategory)),
          ),
        ),
      ),
    )) > 0
  ) {
    throw inUse(BUSINESS_MESSAGES.subCategoryInUse)
  }
}

/**
 * Renames in one statement per level, so swaps (A→B and B→A together) are applied correctly:
 * every row is rewritten once from its old value. Category renames run first; subcategory
 * renames name the category by its new name.
 */
export async function renameProductCategories(
  db: Executor,
  businessId: string,
  renames: { categories: Rename[]; subCategories: SubCategoryRename[] },
): Promise<void> {
  if (renames.categories.length > 0) {
    const cases = renames.categories.map((r) => sql`WHEN ${r.from} THEN ${r.to}`)
    await db
      .update(products)
      .set({
        category: sql`CASE ${products.category} ${sql.join(cases, sql` `)} ELSE ${products.category} END`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(products.businessId, businessId),
          inArray(
            products.category,
            renames.categories.map((r) => r.from),
          ),
        ),
      )
  }
  if (renames.subCategories.length > 0) {
    const matches = renames.subCategories.map((r) =>
      and(eq(products.category, r.category), eq(products.subCategory, r.from)),
    )
    const cases = renames.subCategories.map((r, i) => sql`WHEN ${matches[i]} THEN ${r.to}`)
    await db
      .update(products)
      .set({
        subCategory: sql`CASE ${sql.join(cases, sql` `)} ELSE ${products.subCategory} END`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.businessId, businessId), or(...matches)))
  }
}

export async function applyProductCategoryChanges(
  db: Executor,
  businessId: string,
  changes: CategoryChanges,
): Promise<void> {
  await assertRemovedCategoriesUnused(db, businessId, changes)
  await renameProductCategories(db, businessId, {
    categories: changes.categoryRenames,
    subCategories: changes.subCategoryRenames,
  })
}
