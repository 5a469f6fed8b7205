/**
 * The product list's address (SPEC §2.7, §4) and what it asks the API (SPEC §7), in one place
 * for the storefront list and the owner's dashboard: the address, with its Spanish keys
 * (`categoria`, `subcategoria`, `oferta`, `destacado`, `nuevo`, `search`, `minPrice`,
 * `maxPrice`, `sort`, `page`, issue 25's repeatable `option=Talle:M`, and the owner's
 * `estado=visibles|ocultos` — the dashboard's alone, the storefront ignores it), is the single
 * source of truth; `parseFilters` reads it,
 * `filtersToQuery` / `filtersToSearchParams` write it back, and `filtersToListParams` /
 * `listParamsForAddress` turn it into the API's list parameters. The route loaders and the
 * pages use the same functions, so a page and its loader always ask the same query.
 */
import { DEFAULT_SORT, LIMITS, SORT_VALUES } from '@vitrina/contracts'
import type { ProductListStatus, SortValue } from '@vitrina/contracts'
import type { StorefrontProductsQuery } from '../config/paths'
import type { ProductListParams } from './products'

export type FilterFlag = 'oferta' | 'destacado' | 'nuevo'

/**
 * Issue 25 §2: the owner's 'Visibilidad' filter, and the list status each asks for. 'todos' is
 * the dashboard's default (every product, hidden ones included) and leaves the address.
 */
export const VISIBILITY_FILTERS = ['todos', 'visibles', 'ocultos'] as const
export type VisibilityFilter = (typeof VISIBILITY_FILTERS)[number]
const STATUS_OF: Record<VisibilityFilter, ProductListStatus> = {
  todos: 'all',
  visibles: 'active',
  ocultos: 'hidden',
}

/** Where an address is read: the storefront list, or the owner's dashboard (`estado`). */
export type ListScope = 'storefront' | 'owner'

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
  /** Issue 25: option values (`option=Talle:M`), at most one per option, sorted by name. */
  option: OptionValueFilter[]
  /** The owner's visibility filter; always 'todos' on the storefront, which ignores it. */
  estado: VisibilityFilter
  sort: SortValue
  page: number
}

/** One option filter; the address writes it `Talle:M` (contracts' optionFilterParam). */
export interface OptionValueFilter {
  name: string
  value: string
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
  option: [],
  estado: 'todos',
  sort: DEFAULT_SORT,
  page: 1,
}

/**
 * `Talle:M` — the same text as contracts' optionFilterParam (not imported: that module holds zod
 * schemas, which the storefront's first visit does not load).
 */
export function optionParam(filter: OptionValueFilter): string {
  return `${filter.name}:${filter.value}`
}

/** The address's `option` values: well formed, one per option name, at most 3, sorted by name. */
export function parseOptionFilters(values: readonly string[]): OptionValueFilter[] {
  const byName = new Map<string, OptionValueFilter>()
  for (const raw of values) {
    const at = raw.indexOf(':')
    if (at <= 0 || at >= raw.length - 1) continue
    const name = raw.slice(0, at).trim()
    const value = raw.slice(at + 1).trim()
    if (!name || !value || name.length > LIMITS.optionNameMax) continue
    if (value.length > LIMITS.optionValueMax || byName.has(name)) continue
    byName.set(name, { name, value })
  }
  return [...byName.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, LIMITS.productOptionsMax)
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

function visibilityOf(value: string | null): VisibilityFilter {
  return (VISIBILITY_FILTERS as readonly (string | null)[]).includes(value)
    ? (value as VisibilityFilter)
    : 'todos'
}

/**
 * Reads the filters from the query string, ignoring anything malformed; `estado` only in the
 * owner's dashboard.
 */
export function parseFilters(
  params: URLSearchParams,
  scope: ListScope = 'storefront',
): ProductFilters {
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
    option: parseOptionFilters(params.getAll('option')),
    estado: scope === 'owner' ? visibilityOf(params.get('estado')) : 'todos',
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
    option: filters.option.length > 0 ? filters.option.map(optionParam) : undefined,
    estado: filters.estado === 'todos' ? undefined : filters.estado,
    sort: filters.sort === DEFAULT_SORT ? undefined : filters.sort,
    page: filters.page > 1 ? filters.page : undefined,
  }
}

/** The same query as URLSearchParams (for setSearchParams). */
export function filtersToSearchParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filtersToQuery(filters))) {
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item))
    } else if (value !== undefined && value !== null && value !== '' && value !== false) {
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
    option: filters.option.length > 0 ? filters.option.map(optionParam) : undefined,
    page: filters.page,
    pageSize,
  }
}

/**
 * What the owner's dashboard asks for: the same, with the visibility filter's status (the API
 * honours it for the business's owner alone; the storefront never sends it).
 */
export function ownerListParams(filters: ProductFilters, pageSize: number): ProductListParams {
  return { ...filtersToListParams(filters, pageSize), status: STATUS_OF[filters.estado] }
}

/**
 * The list a page asks for at an address: its filters in canonical form, with the page size
 * (the storefront's default unless given); the page's route loader asks the same.
 */
export function listParamsForAddress(
  search: URLSearchParams,
  pageSize: number = LIMITS.productPageSizeDefault,
): ProductListParams {
  const canonical = filtersToSearchParams(parseFilters(search))
  return filtersToListParams(parseFilters(canonical), pageSize)
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
    filters.estado === 'todos' ? null : true,
    ...filters.option,
  ].filter((value) => value !== null).length
}
