/**
 * The product-list filters (SPEC §2.7, §4). The address is the single source of truth: the
 * screen parses the filters from the query string and every change writes a new one, so
 * back/forward, reloads and shared links restore exactly what was shown. Every SPEC §4
 * transition is a pure function here.
 */
import { DEFAULT_SORT, LIMITS, SORT_VALUES } from '@vitrina/contracts'
import type { SortValue } from '@vitrina/contracts'
import type { StorefrontProductsQuery } from '../../../config/paths'
import type { ProductListParams } from '../../../api/products'

export type FilterFlag = 'oferta' | 'destacado' | 'nuevo'

export interface ProductFilters {
  categoria: string | null
  subcategoria: string | null
  /** SPEC §4: the offer, featured and new toggles are null or true. */
  oferta: true | null
  destacado: true | null
  nuevo: true | null
  search: string | null
  /** SPEC §4: applied price bounds are parsed numbers. */
  minPrice: number | null
  maxPrice: number | null
  sort: SortValue
  page: number
}

export const EMPTY_FILTERS: ProductFilters = {
  categoria: null,
  subcategoria: null,
  oferta: null,
  destacado: null,
  nuevo: null,
  search: null,
  minPrice: null,
  maxPrice: null,
  sort: DEFAULT_SORT,
  page: 1,
}

// ── price inputs ────────────────────────────────────────────────────────────────────────────

/**
 * SPEC §5: price inputs accept only digits and a single decimal point. A comma (the Spanish
 * decimal separator) is taken as the point; everything else is dropped.
 */
export function sanitizePriceInput(text: string): string {
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '')
  const point = cleaned.indexOf('.')
  return point === -1
    ? cleaned
    : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, '')}`
}

/** A price bound as a number (≥ 0, cents), or null when blank or not a number. */
export function parsePrice(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null
  const cleaned = sanitizePriceInput(String(text))
  if (cleaned === '' || cleaned === '.') return null
  const value = Number(cleaned)
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null
}

// ── address ↔ filters ───────────────────────────────────────────────────────────────────────

function text(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim()
  return value ? value : null
}

function isSortValue(value: string | null): value is SortValue {
  return value !== null && (SORT_VALUES as readonly string[]).includes(value)
}

/** Reads the filters from the query string, ignoring anything malformed. */
export function parseFilters(params: URLSearchParams): ProductFilters {
  const categoria = text(params, 'categoria')
  const search = text(params, 'search')
  const page = Number(params.get('page'))
  const sort = params.get('sort')
  return {
    categoria,
    // A subcategory only means something inside its category.
    subcategoria: categoria ? text(params, 'subcategoria') : null,
    oferta: params.get('oferta') === 'true' ? true : null,
    destacado: params.get('destacado') === 'true' ? true : null,
    nuevo: params.get('nuevo') === 'true' ? true : null,
    // SPEC §5: a search needs 3 characters; a shorter one (hand-typed address) is no search.
    search: search && search.length >= LIMITS.searchMin ? search.slice(0, LIMITS.searchMax) : null,
    minPrice: parsePrice(params.get('minPrice')),
    maxPrice: parsePrice(params.get('maxPrice')),
    sort: isSortValue(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/**
 * The query the address carries. Null toggles, empty bounds (SPEC §2.7: minPrice and maxPrice
 * leave the address when cleared), the default sort and page 1 are left out.
 */
export function filtersToQuery(filters: ProductFilters): StorefrontProductsQuery {
  return {
    categoria: filters.categoria ?? undefined,
    subcategoria: filters.subcategoria ?? undefined,
    oferta: filters.oferta ?? undefined,
    destacado: filters.destacado ?? undefined,
    nuevo: filters.nuevo ?? undefined,
    search: filters.search ?? undefined,
    minPrice: filters.minPrice ?? undefined,
    maxPrice: filters.maxPrice ?? undefined,
    sort: filters.sort === DEFAULT_SORT ? undefined : filters.sort,
    page: filters.page > 1 ? filters.page : undefined,
  }
}

/** The same query as URLSearchParams (for setSearchParams). */
export function filtersToSearchParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filtersToQuery(filters))) {
    if (value !== undefined && value !== null && value !== '' && value !== false) {
      params.set(key, String(value))
    }
  }
  return params
}

/** What the API is asked for (SPEC §7 names). */
export function filtersToListParams(filters: ProductFilters, pageSize: number): ProductListParams {
  return {
    sort: filters.sort,
    category: filters.categoria ?? undefined,
    subCategory: filters.subcategoria ?? undefined,
    isOffer: filters.oferta ?? undefined,
    isFeatured: filters.destacado ?? undefined,
    isNew: filters.nuevo ?? undefined,
    search: filters.search ?? undefined,
    minPrice: filters.minPrice ?? undefined,
    maxPrice: filters.maxPrice ?? undefined,
    page: filters.page,
    pageSize,
  }
}

/**
 * The list the products page asks for at an address: its filters in canonical form, with the
 * default page size (also used by the route loader to ask before the page renders).
 */
export function listParamsForAddress(search: URLSearchParams): ProductListParams {
  const canonical = filtersToSearchParams(parseFilters(search))
  return filtersToListParams(parseFilters(canonical), LIMITS.productPageSizeDefault)
}

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

/** SPEC §4: clearing resets everything, sorting back to 'newest', page 1. */
export function clearFilters(): ProductFilters {
  return EMPTY_FILTERS
}

export function setPage(filters: ProductFilters, page: number): ProductFilters {
  return { ...filters, page: Math.max(1, Math.floor(page)) }
}

/** How many filters narrow the list (sort and page are not filters). */
export function activeFilterCount(filters: ProductFilters): number {
  return [
    filters.categoria,
    filters.oferta,
    filters.destacado,
    filters.nuevo,
    filters.search,
    filters.minPrice !== null || filters.maxPrice !== null ? true : null,
  ].filter((value) => value !== null).length
}
