import {
  EMPTY_LIST_ADDRESS,
  GENERIC_MESSAGES,
  LIMITS,
  PRODUCT_VISIBILITY_TEXTS,
  activeFilterCount,
  sortOptionsFor,
} from '@vitrina/contracts'
import type {
  ListAddress as Filters,
  ListFlag,
  ProductOrder,
  StoredProductCategory,
  VisibilityFilter,
} from '@vitrina/contracts'
import { Search, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { cn } from '../../../../lib/utils'
import { FormSelect } from '../form-select'

const ALL = '__todas__'

/** Issue 25 §2: the owner's list shows every product unless narrowed here. */
const VISIBILITY_OPTIONS: readonly { value: VisibilityFilter; label: string }[] = [
  { value: 'todos', label: PRODUCT_VISIBILITY_TEXTS.all },
  { value: 'visibles', label: PRODUCT_VISIBILITY_TEXTS.visible },
  { value: 'ocultos', label: PRODUCT_VISIBILITY_TEXTS.hidden },
]

const TOGGLES: readonly (readonly [ListFlag, string])[] = [
  ['oferta', 'Ofertas'],
  ['destacado', 'Destacados'],
  ['nuevo', 'Nuevos'],
]

/**
 * Filters and sorting of the owner's product list (SPEC §2.14). Every change goes back to page 1;
 * a category change clears the subcategory (the storefront list's rules, SPEC §4).
 */
export function ProductFilters({
  filters,
  categories,
  productOrder,
  onChange,
}: {
  filters: Filters
  categories: readonly StoredProductCategory[]
  /** The storefront's default order: in the owner's manual order, the default sort is it. */
  productOrder?: ProductOrder
  onChange: (filters: Filters) => void
}) {
  const [search, setSearch] = useState(filters.search ?? '')
  const [searchError, setSearchError] = useState<string | null>(null)
  const subCategories = categories.find((c) => c.name === filters.categoria)?.subCategories ?? []
  const update = (patch: Partial<Filters>) => onChange({ ...filters, ...patch, page: 1 })

  return (
    <div className="grid gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm">
      <form
        role="search"
        aria-label="Buscar productos"
        className="grid gap-1.5"
        onSubmit={(event) => {
          event.preventDefault()
          const text = search.trim()
          if (text !== '' && text.length < LIMITS.searchMin) {
            return setSearchError(GENERIC_MESSAGES.searchMin)
          }
          setSearchError(null)
          update({ search: text || null })
        }}
      >
        <Label htmlFor="productos-buscar" className="sr-only">
          Buscar productos
        </Label>
        <div className="flex gap-2">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="productos-buscar"
              type="search"
              value={search}
              placeholder="Buscar productos"
              className="pl-9"
              aria-invalid={searchError ? true : undefined}
              onChange={(event) => {
                setSearch(event.target.value)
                setSearchError(null)
              }}
            />
          </div>
          <Button type="submit" variant="outline">
            Buscar
          </Button>
        </div>
        {searchError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {searchError}
          </p>
        )}
      </form>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor="productos-categoria">Categoría</Label>
          <FormSelect
            id="productos-categoria"
            value={filters.categoria ?? ALL}
            options={[
              { value: ALL, label: 'Todas' },
              ...categories.map((c) => ({ value: c.name, label: c.name })),
            ]}
            onChange={(value) =>
              update({ categoria: value === ALL ? null : value, subcategoria: null })
            }
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="productos-subcategoria">Subcategoría</Label>
          <FormSelect
            id="productos-subcategoria"
            value={filters.subcategoria ?? ALL}
            disabled={subCategories.length === 0}
            options={[
              { value: ALL, label: 'Todas' },
              ...subCategories.map((s) => ({ value: s.name, label: s.name })),
            ]}
            onChange={(value) => update({ subcategoria: value === ALL ? null : value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="productos-visibilidad">{PRODUCT_VISIBILITY_TEXTS.filterLabel}</Label>
          <FormSelect
            id="productos-visibilidad"
            value={filters.estado}
            options={VISIBILITY_OPTIONS}
            onChange={(value) => update({ estado: value as VisibilityFilter })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="productos-orden">Ordenar por</Label>
          <FormSelect
            id="productos-orden"
            value={filters.sort}
            options={sortOptionsFor(productOrder)}
            onChange={(value) => update({ sort: value as Filters['sort'] })}
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        {TOGGLES.map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={filters[key] === true}
            onClick={() => update({ [key]: filters[key] ? null : true })}
            className={cn(
              'h-9 rounded-full border px-4 text-sm font-medium transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50',
              filters[key]
                ? 'border-accent bg-accent text-accent-foreground'
                : 'border-border bg-card hover:bg-muted',
            )}
          >
            {label}
          </button>
        ))}
        {activeFilterCount(filters) > 0 && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setSearch('')
              setSearchError(null)
              onChange(EMPTY_LIST_ADDRESS)
            }}
          >
            <X aria-hidden="true" />
            Limpiar filtros
          </Button>
        )}
      </div>
    </div>
  )
}
