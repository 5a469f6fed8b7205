/**
 * The storefront reads under load (SPEC §2.5, §2.7, §2.8, §7), aimed at a generated catalogue's
 * sample business, with their budgets (bench/README in the root README "Benchmarks").
 */
import type { CatalogueSample } from './generate.js'

export interface Scenario {
  name: string
  label: string
  path: string
  /** p99 latency budget in ms at 32 connections; undefined = measured, no budget. */
  p99Budget?: number
  /** Minimum share of the framework limit's req/s. */
  ratioBudget?: number
}

/** 'Café Orgánico' as a shopper types it; 'cafe organico' must find the same products. */
export const SEARCH_QUERY = 'Café Orgánico'
export const SEARCH_QUERY_PLAIN = 'cafe organico'

export function scenariosFor(sample: CatalogueSample): Scenario[] {
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
  ]
}
