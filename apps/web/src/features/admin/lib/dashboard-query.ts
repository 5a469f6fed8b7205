/**
 * The dashboard's product filters live in the address (shareable, back/forward work), with the
 * storefront list's query names: categoria, subcategoria, oferta, destacado, nuevo, search, sort,
 * page. This reads them into the API's list parameters (SPEC §7) and writes them back.
 */
import { DEFAULT_SORT, LIMITS, SORT_VALUES } from '@vitrina/contracts'
import type { SortValue } from '@vitrina/contracts'
import type { ProductListParams } from '../../../api/products'
import type { StorefrontProductsQuery } from '../../../config/paths'

export const DASHBOARD_PAGE_SIZE = 12

export interface DashboardFilters {
  category: string
  subCategory: string
  isOffer: boolean
  isFeatured: boolean
  isNew: boolean
  search: string
  sort: SortValue
  page: number
}

export function readFilters(query: URLSearchParams): DashboardFilters {
  const sort = query.get('sort') as SortValue | null
  const page = Number(query.get('page'))
  const search = query.get('search')?.trim() ?? ''
  return {
    category: query.get('categoria') ?? '',
    subCategory: query.get('categoria') ? (query.get('subcategoria') ?? '') : '',
    isOffer: query.get('oferta') === 'true',
    isFeatured: query.get('destacado') === 'true',
    isNew: query.get('nuevo') === 'true',
    // The API refuses 1–2 characters (contracts searchQuerySchema): those mean "no search".
    search: search.length >= LIMITS.searchMin ? search : '',
    sort: sort && SORT_VALUES.includes(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

export function toListParams(filters: DashboardFilters): ProductListParams {
  return {
    category: filters.category || undefined,
    subCategory: filters.subCategory || undefined,
    isOffer: filters.isOffer || undefined,
    isFeatured: filters.isFeatured || undefined,
    isNew: filters.isNew || undefined,
    search: filters.search || undefined,
    sort: filters.sort,
    page: filters.page,
    pageSize: DASHBOARD_PAGE_SIZE,
  }
}

export function toAddressQuery(filters: DashboardFilters): StorefrontProductsQuery {
  return {
    categoria: filters.category || undefined,
    subcategoria: filters.subCategory || undefined,
    oferta: filters.isOffer || undefined,
    destacado: filters.isFeatured || undefined,
    nuevo: filters.isNew || undefined,
    search: filters.search || undefined,
    sort: filters.sort === DEFAULT_SORT ? undefined : filters.sort,
    page: filters.page > 1 ? filters.page : undefined,
  }
}

export function hasActiveFilters(filters: DashboardFilters): boolean {
  return Boolean(
    filters.category || filters.isOffer || filters.isFeatured || filters.isNew || filters.search,
  )
}
