/**
 * Product categories of a business change as a whole list (SPEC §2.13, §2.15). Products refer to
 * their category and subcategory by name (SPEC §3), so an edit must tell renames from removals:
 * the edit form sends `previousName` on a renamed entry, and this module works out what happened.
 * Renames cascade to the products; removing a name that products still use is refused
 * (docs/decisions/003-businesses.md).
 */
import { categoryKey, type ProductCategory, type StoredProductCategory } from '@vitrina/contracts'

export interface Rename {
  from: string
  to: string
}

export interface SubCategoryRename extends Rename {
  /** The category's name after the change. */
  category: string
}

export interface RemovedSubCategory {
  /** The category's name before the change (what products hold until renames apply). */
  category: string
  subCategory: string
}

export interface CategoryChanges {
  /** What is stored: the new list without the edit-only `previousName`. */
  categories: StoredProductCategory[]
  categoryRenames: Rename[]
  subCategoryRenames: SubCategoryRename[]
  removedCategories: string[]
  removedSubCategories: RemovedSubCategory[]
}

/** Strips edit-only fields: what the database and the replies hold. */
export function toStoredCategories(categories: ProductCategory[]): StoredProductCategory[] {
  return categories.map(({ name, description, subCategories }) => ({
    name,
    ...(description ? { description } : {}),
    subCategories: subCategories.map((sub) => ({ name: sub.name })),
  }))
}

/**
 * Pairs each new entry with the old one it continues: first the entries that name a
 * `previousName`, then the rest by (case- and accent-insensitive) name among the old entries not
 * yet claimed. So "rename A to B and add a new A" keeps A's products under B.
 */
function matchByName<
  Old extends { name: string },
  New extends { name: string; previousName?: string | undefined },
>(before: readonly Old[], after: readonly New[]): { pairs: Map<New, Old>; unmatched: Old[] } {
  const byKey = new Map(before.map((entry) => [categoryKey(entry.name), entry]))
  const claimed = new Set<Old>()
  const pairs = new Map<New, Old>()
  const claim = (entry: New, key: string | undefined) => {
    const old = key === undefined ? undefined : byKey.get(key)
    if (!old || claimed.has(old)) return
    claimed.add(old)
    pairs.set(entry, old)
  }
  for (const entry of after) {
    if (entry.previousName) claim(entry, categoryKey(entry.previousName))
  }
  for (const entry of after) {
    if (!pairs.has(entry)) claim(entry, categoryKey(entry.name))
  }
  return { pairs, unmatched: before.filter((entry) => !claimed.has(entry)) }
}

export function diffCategories(
  before: readonly StoredProductCategory[],
  after: ProductCategory[],
): CategoryChanges {
  const changes: CategoryChanges = {
    categories: toStoredCategories(after),
    categoryRenames: [],
    subCategoryRenames: [],
    removedCategories: [],
    removedSubCategories: [],
  }
  const { pairs, unmatched } = matchByName(before, after)
  changes.removedCategories = unmatched.map((c) => c.name)

  for (const [category, old] of pairs) {
    if (old.name !== category.name)
      changes.categoryRenames.push({ from: old.name, to: category.name })
    const subs = matchByName(old.subCategories, category.subCategories)
    for (const [sub, oldSub] of subs.pairs) {
      if (oldSub.name !== sub.name) {
        changes.subCategoryRenames.push({
          category: category.name,
          from: oldSub.name,
          to: sub.name,
        })
      }
    }
    for (const removed of subs.unmatched) {
      changes.removedSubCategories.push({ category: old.name, subCategory: removed.name })
    }
  }
  return changes
}

export function hasProductChanges(changes: CategoryChanges): boolean {
  return (
    changes.categoryRenames.length > 0 ||
    changes.subCategoryRenames.length > 0 ||
    changes.removedCategories.length > 0 ||
    changes.removedSubCategories.length > 0
  )
}
