import type { BusinessOptions, ListAddress, StoredProductCategory } from '@vitrina/contracts'
import { Sheet } from '../../../components/storefront/sheet'
import { FilterPanel } from './filter-panel'

/**
 * Mobile filters (SPEC §2.7): the same panel in a sheet. Changes apply at once (the list behind
 * updates); 'Ver resultados' closes it. Loaded lazily on first open.
 */
export default function FiltersSheet({
  open,
  onOpenChange,
  filters,
  categories,
  priceMax,
  total,
  options,
  currencySymbol,
  hrefFor,
  onChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  filters: ListAddress
  categories: readonly Pick<StoredProductCategory, 'name' | 'subCategories'>[]
  priceMax: number | undefined
  total: number | undefined
  options?: BusinessOptions
  currencySymbol?: string
  hrefFor: (next: ListAddress) => string
  onChange: (next: ListAddress) => void
}) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="left"
      title="Filtros"
      footer={
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="h-11 w-full rounded-lg bg-(--store-primary) text-sm font-semibold text-(--store-on-primary) hover:opacity-90"
        >
          {total === undefined
            ? 'Ver resultados'
            : `Ver ${total} ${total === 1 ? 'resultado' : 'resultados'}`}
        </button>
      }
    >
      <div className="px-5 py-5">
        <FilterPanel
          filters={filters}
          categories={categories}
          priceMax={priceMax}
          options={options}
          currencySymbol={currencySymbol}
          hrefFor={hrefFor}
          onChange={onChange}
        />
      </div>
    </Sheet>
  )
}
