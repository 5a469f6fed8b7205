/**
 * Rules of the categories editor (SPEC §5 step 4): names are trimmed and non-empty, and unique
 * within their list ignoring case and accents — the same `categoryKey` the API compares with.
 */
import { BUSINESS_MESSAGES, categoryKey, LIMITS } from '@vitrina/contracts'
import type { CategoryValue, SubCategoryValue } from './business-form'

function nameProblem(
  names: readonly string[],
  candidate: string,
  messages: { required: string; duplicate: string },
  exceptIndex?: number,
): string | null {
  const name = candidate.trim()
  if (name === '') return messages.required
  const key = categoryKey(name)
  const isDuplicate = names.some((other, i) => i !== exceptIndex && categoryKey(other) === key)
  return isDuplicate ? messages.duplicate : null
}

/** Why `candidate` cannot be a category name (`exceptIndex`: the entry being renamed). */
export function categoryNameProblem(
  categories: readonly CategoryValue[],
  candidate: string,
  exceptIndex?: number,
): string | null {
  if (exceptIndex === undefined && categories.length >= LIMITS.categoriesMax) {
    return BUSINESS_MESSAGES.categoriesMax
  }
  return nameProblem(
    categories.map((c) => c.name),
    candidate,
    {
      required: BUSINESS_MESSAGES.categoryNameRequired,
      duplicate: BUSINESS_MESSAGES.categoryNameDuplicate,
    },
    exceptIndex,
  )
}

/** Why `candidate` cannot be a subcategory name of a category holding `subCategories`. */
export function subCategoryNameProblem(
  subCategories: readonly SubCategoryValue[],
  candidate: string,
  exceptIndex?: number,
): string | null {
  if (exceptIndex === undefined && subCategories.length >= LIMITS.subCategoriesMax) {
    return BUSINESS_MESSAGES.subCategoriesMax
  }
  return nameProblem(
    subCategories.map((s) => s.name),
    candidate,
    {
      required: BUSINESS_MESSAGES.subCategoryNameRequired,
      duplicate: BUSINESS_MESSAGES.subCategoryNameDuplicate,
    },
    exceptIndex,
  )
}
