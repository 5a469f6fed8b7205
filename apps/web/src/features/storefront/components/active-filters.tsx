import { X } from 'lucide-react'
import { formatPrice } from '@vitrina/contracts'
import type { ListAddress } from '@vitrina/contracts'
import {
  clearFilters,
  clearPriceRange,
  clearSearch,
  selectCategory,
  selectSubCategory,
  toggleFlag,
  toggleOption,
} from '../lib/product-filters'
import { FilterLink } from './filter-link'

interface Chip {
  key: string
  label: string
  next: ListAddress
}

/** The bounds in the business's main currency ('$' or 'US$'): what the API compares in. */
function priceLabel(min: number | null, max: number | null, symbol: string): string {
  if (min !== null && max !== null) {
    return `${formatPrice(min, symbol)} – ${formatPrice(max, symbol)}`
  }
  if (min !== null) return `Desde ${formatPrice(min, symbol)}`
  return `Hasta ${formatPrice(max ?? 0, symbol)}`
}

export function activeFilterChips(filters: ListAddress, symbol = '$'): Chip[] {
  const chips: Chip[] = []
  if (filters.search) {
    chips.push({ key: 'search', label: `«${filters.search}»`, next: clearSearch(filters) })
  }
  if (filters.categoria) {
    chips.push({
      key: 'categoria',
      label: filters.categoria,
      next: selectCategory(filters, filters.categoria),
    })
  }
  if (filters.categoria && filters.subcategoria) {
    chips.push({
      key: 'subcategoria',
      label: filters.subcategoria,
      next: selectSubCategory(filters, filters.categoria, filters.subcategoria),
    })
  }
  if (filters.oferta)
    chips.push({ key: 'oferta', label: 'En oferta', next: toggleFlag(filters, 'oferta') })
  if (filters.destacado) {
    chips.push({ key: 'destacado', label: 'Destacados', next: toggleFlag(filters, 'destacado') })
  }
  if (filters.nuevo)
    chips.push({ key: 'nuevo', label: 'Nuevos', next: toggleFlag(filters, 'nuevo') })
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    chips.push({
      key: 'price',
      label: priceLabel(filters.minPrice, filters.maxPrice, symbol),
      next: clearPriceRange(filters),
    })
  }
  for (const option of filters.option) {
    chips.push({
      key: `option-${option.name}`,
      label: `${option.name}: ${option.value}`,
      next: toggleOption(filters, option.name, option.value),
    })
  }
  return chips
}

/**
 * The applied filters as removable chips, and 'Limpiar filtros' for all of them. Issue 41: each
 * is a link to the address without it (`hrefFor`), so they work without JavaScript too.
 */
export function ActiveFilters({
  filters,
  currencySymbol = '$',
  hrefFor,
  onChange,
}: {
  filters: ListAddress
  /** The business's main currency as written ('$', 'US$'). */
  currencySymbol?: string
  /** The list's address for these filters. */
  hrefFor: (next: ListAddress) => string
  onChange: (next: ListAddress) => void
}) {
  const chips = activeFilterChips(filters, currencySymbol)
  if (chips.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul className="contents" aria-label="Filtros aplicados">
        {chips.map((chip) => (
          <li key={chip.key}>
            <FilterLink
              to={hrefFor(chip.next)}
              next={chip.next}
              onFollow={onChange}
              aria-label={`Quitar filtro ${chip.label}`}
              className="inline-flex h-8 max-w-64 items-center gap-1.5 rounded-full border border-border bg-card pr-2 pl-3 text-sm font-medium shadow-xs outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
            >
              <span className="truncate">{chip.label}</span>
              <X className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            </FilterLink>
          </li>
        ))}
      </ul>
      <FilterLink
        to={hrefFor(clearFilters())}
        next={clearFilters()}
        onFollow={onChange}
        className="inline-flex h-8 items-center rounded-full px-2 text-sm font-semibold text-(--store-primary-text) underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        Limpiar filtros
      </FilterLink>
    </div>
  )
}
