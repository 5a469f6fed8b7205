/**
 * The storefront list's filter transitions (SPEC §4), each a pure function on the filters the
 * address holds (contracts' storefront-address.public.ts reads and writes the address): every change
 * writes a new address, so back/forward, reloads and shared links restore exactly what was shown.
 */
import { EMPTY_LIST_ADDRESS, parsePrice } from '@vitrina/contracts'
import type { ListAddress, ListFlag, SortValue } from '@vitrina/contracts'

// ── SPEC §4 transitions (every one but setPage goes back to page 1) ─────────────────────────

/** Selecting a category clears the subcategory; selecting the selected one deselects both. */
export function selectCategory(filters: ListAddress, category: string): ListAddress {
  const isSelected = filters.categoria === category
  return { ...filters, categoria: isSelected ? null : category, subcategoria: null, page: 1 }
}

/** Selects a subcategory (and its category); selecting the selected one deselects it. */
export function selectSubCategory(
  filters: ListAddress,
  category: string,
  subCategory: string,
): ListAddress {
  const isSelected = filters.categoria === category && filters.subcategoria === subCategory
  return { ...filters, categoria: category, subcategoria: isSelected ? null : subCategory, page: 1 }
}

/** The offer, featured and new toggles flip between null and true. */
export function toggleFlag(filters: ListAddress, flag: ListFlag): ListAddress {
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
  filters: ListAddress,
  minText: string,
  maxText: string,
): ListAddress {
  const [lowText, highText] = orderPriceTexts(minText, maxText)
  return { ...filters, minPrice: parsePrice(lowText), maxPrice: parsePrice(highText), page: 1 }
}

export function clearPriceRange(filters: ListAddress): ListAddress {
  return { ...filters, minPrice: null, maxPrice: null, page: 1 }
}

export function setSort(filters: ListAddress, sort: SortValue): ListAddress {
  return { ...filters, sort, page: 1 }
}

export function clearSearch(filters: ListAddress): ListAddress {
  return { ...filters, search: null, page: 1 }
}

/** Issue 25: chooses a value of an option (one per option); choosing the chosen one clears it. */
export function toggleOption(filters: ListAddress, name: string, value: string): ListAddress {
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
export function clearFilters(): ListAddress {
  return EMPTY_LIST_ADDRESS
}

export function setPage(filters: ListAddress, page: number): ListAddress {
  return { ...filters, page: Math.max(1, Math.floor(page)) }
}
