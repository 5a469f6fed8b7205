/**
 * The storefront reads under load (SPEC §2.5, §2.7, §2.8, §7), aimed at a generated catalogue's
 * sample business, with their budgets (bench/README in the root README "Benchmarks").
 */
import type { CatalogueSample } from './generate.js'
import { listPages, searchTexts } from './search-words.js'

export interface Scenario {
  name: string
  label: string
  path: string
  /** p99 latency budget in ms at 32 connections; undefined = measured, no budget. */
  p99Budget?: number
  /** Minimum share of the framework limit's req/s. */
  ratioBudget?: number
  /** Minimum req/s (issue 22 §4's uncached search). */
  rpsBudget?: number
  /** Many distinct URLs asked in turn instead of `path` (which is the first of them). */
  paths?: string[]
  /**
   * The offered rate (req/s over all connections) at which p99Budget is judged. A closed loop of
   * 32 connections as fast as they can go measures queueing, not service: its p50 is 32 ÷ the
   * throughput whatever the code does. Undefined: judged at saturation.
   */
  p99Rate?: number
}

/** Issue 22 §4: the uncached headline scenarios are judged at the search's budgeted rate. */
export const DISTINCT_RATE = 300

/**
 * The uncached headline (issue 22 §4): 500 distinct searches and 200 distinct list pages, spread
 * over the sample's businesses (one at the small size, 100 at the large one), so no cache helps.
 * Budgets: 10,000 products in one business, search p99 ≤ 50 ms at ≥ 300 req/s and list p99 ≤
 * 60 ms; 1,000,000 products over 10,000 businesses, both p99 ≤ 40 ms.
 */
export function distinctScenarios(sample: CatalogueSample, large: boolean): Scenario[] {
  const businesses = sample.businessIds.length > 0 ? sample.businessIds : [sample.businessId]
  const base = (i: number) => `/api/products/${businesses[i % businesses.length]}/business`
  const searches = searchTexts(500, large).map(
    (text, i) => `${base(i)}?${new URLSearchParams({ search: text })}`,
  )
  const perBusiness = Math.ceil(sample.productCount)
  const lists = listPages(perBusiness, large ? 36 : 200)
  const listPaths = large
    ? Array.from({ length: 200 }, (_, i) => `${base(i)}?${lists[i % lists.length]}`)
    : lists.map((query, i) => `${base(i)}?${query}`)
  return [
    {
      name: 'search-distinct',
      label: '500 búsquedas distintas (con errores de tipeo y palabras ausentes)',
      path: searches[0]!,
      paths: searches,
      p99Budget: large ? 40 : 50,
      p99Rate: DISTINCT_RATE,
      ...(large ? {} : { rpsBudget: DISTINCT_RATE }),
    },
    {
      name: 'list-distinct',
      label: '200 páginas y órdenes distintos de la lista',
      path: listPaths[0]!,
      paths: listPaths,
      p99Budget: large ? 40 : 60,
      p99Rate: DISTINCT_RATE,
    },
  ]
}

/** 'Café Orgánico' as a shopper types it; 'cafe organico' must find the same products. */
export const SEARCH_QUERY = 'Café Orgánico'
export const SEARCH_QUERY_PLAIN = 'cafe organico'

export function scenariosFor(sample: CatalogueSample, large = false): Scenario[] {
  const products = `/api/products/${sample.businessId}/business`
  const filtered = new URLSearchParams({
    category: sample.category,
    minPrice: '300',
    maxPrice: '1500',
    sort: 'cheapest',
  })
  const search = new URLSearchParams({ search: SEARCH_QUERY })
  return [
    {
      name: 'business',
      label: 'Negocio por identificador',
      path: `/api/businesses/${sample.identifier}/identifier`,
    },
    {
      name: 'list',
      label: 'Lista de productos (por defecto)',
      path: products,
      p99Budget: 25,
      ratioBudget: 0.35,
    },
    {
      name: 'list-filtered',
      label: 'Lista filtrada (categoría + precio + más baratos)',
      path: `${products}?${filtered}`,
      p99Budget: 25,
      ratioBudget: 0.35,
    },
    {
      name: 'search',
      label: `Búsqueda '${SEARCH_QUERY}'`,
      path: `${products}?${search}`,
      p99Budget: 60,
    },
    {
      name: 'detail',
      label: 'Detalle de producto',
      path: `/api/products/${sample.productId}`,
      p99Budget: 25,
      ratioBudget: 0.35,
    },
    { name: 'featured', label: 'Carrusel destacados', path: `${products}/featured` },
    { name: 'new', label: 'Carrusel nuevos', path: `${products}/new` },
    { name: 'offer', label: 'Carrusel ofertas', path: `${products}/offer` },
    ...distinctScenarios(sample, large),
  ]
}
