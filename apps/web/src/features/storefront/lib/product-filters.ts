/**
 * The storefront list's filter transitions (SPEC §4), each a pure function on the filters the
 * address holds (api/product-list-query.ts reads and writes the address): every change writes a
 * new address, so back/forward, reloads and shared links restore exactly what was shown.
 */
import type { SortValue } from '@vitrina/contracts'
import { EMPTY_FILTERS, parsePrice } from '../../../api/product-list-query'
import type { FilterFlag, ProductFilters } from '../../../api/product-list-query'

// ── SPEC §4 transitions (every one but setPage goes back to page 1) ─────────────────────────

/** Selecting a category clears the subcategory; selecting the selected one deselects both. */
export function selectCategory(filters: ProductFilters, category: string): ProductFilters {
  const isSelected = filters.categoria === category
  return { ...filters, categoria: isSelected ? null : category, subcategoria: null, page: 1 }
}

/** Selects a subcategory (and its category); selecting the selected one deselects it. */
export function selectSubCategory(
  filters: ProductFilters,
  category: string,
  subCategory: string,
): ProductFilters {
  const isSelected = filters.categoria === category && filters.subcategoria === subCategory
  return { ...filters, categoria: category, subcategoria: isSelected ? null : subCategory, page: 1 }
}

/** The offer, featured and new toggles flip between null and true. */
export function toggleFlag(filters: ProductFilters, flag: FilterFlag): ProductFilters {
  return { ...filters, [flag]: filters[flag] ? null : true, page: 1 }
}

/**
 * The price inputs' texts in order: bounds typed the wrong way round (minimum above maximum) are
 * swapped rather than applied as an impossible range. The inputs show the same swap the address
 * and the chip do.
 */
export function orderPriceTexts(minText: string, maxText: string): [string, string] {
  const minPrice = parsePrice(minText)
  const maxPrice = parsePrice(maxText)
  return minPrice !== null && maxPrice !== null && minPrice > maxPrice
    ? [maxText, minText]
    : [minText, maxText]
}

/** Applies the price inputs as parsed numbers, in order; a blank input removes its bound. */
export function applyPriceRange(
  filters: ProductFilters,
  minText: string,
  maxText: string,
): ProductFilters {
  const [lowText, highText] = orderPriceTexts(minText, maxText)
  return { ...filters, minPrice: parsePrice(lowText), maxPrice: parsePrice(highText), page: 1 }
}

export function clearPriceRange(filters: ProductFilters): ProductFilters {
  return { ...filters, minPrice: null, maxPrice: null, page: 1 }
}

export function setSort(filters: ProductFilters, sort: SortValue): ProductFilters {
  return { ...filters, sort, page: 1 }
}

export function clearSearch(filters: ProductFilters): ProductFilters {
  return { ...filters, search: null, page: 1 }
}

/** Issue 25: chooses a value of an option (one per option); choosing the chosen one clears it. */
export function toggleOption(filters: ProductFilters, name: string, value: string): ProductFilters {
  const isSelected = filters.option.some((o) => o.name === name && o.value === value)
  const others = filters.option.filter((o) => o.name !== name)
  const option = isSelected ? others : [...others, { name, value }]
  return {
    ...filters,
    option: option.sort((a, b) => a.name.localeCompare(b.name)),
    page: 1,
  }
}

/** SPEC §4: clearing resets everything, sorting back to 'newest', page 1. */
export function clearFilters(): ProductFilters {
  return EMPTY_FILTERS
}

export function setPage(filters: ProductFilters, page: number): ProductFilters {
  return { ...filters, page: Math.max(1, Math.floor(page)) }
}
