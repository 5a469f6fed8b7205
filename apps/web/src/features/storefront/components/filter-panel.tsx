import { Check } from 'lucide-react'
import { SHOPPER_VARIANT_TEXTS, listAddressParams, optionParam } from '@vitrina/contracts'
import type {
  BusinessOptions,
  ListAddress,
  ListFlag,
  StoredProductCategory,
} from '@vitrina/contracts'
import { useId } from 'react'
import type { MouseEvent, ReactNode } from 'react'
import {
  applyPriceRange,
  clearFilters,
  clearPriceRange,
  selectCategory,
  selectSubCategory,
  toggleFlag,
  toggleOption,
} from '../lib/product-filters'
import { FilterLink } from './filter-link'
import { PriceFilter } from './price-filter'

const FLAGS: { flag: ListFlag; label: string }[] = [
  { flag: 'oferta', label: 'En oferta' },
  { flag: 'destacado', label: 'Destacados' },
  { flag: 'nuevo', label: 'Nuevos' },
]

const optionRowClass =
  'flex w-full items-center justify-between gap-2 rounded-lg px-3 text-left text-sm outline-none transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 aria-pressed:bg-(--store-primary)/10 aria-pressed:font-semibold aria-pressed:text-foreground'
const optionClass = `${optionRowClass} py-2`
const subOptionClass = `${optionRowClass} py-1.5 text-muted-foreground`

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  )
}

/** Up to this many values an option filter shows as chips; more, as a select. */
const OPTION_CHIPS_MAX = 10

/**
 * Issue 25: one option's values (Talle: S, M, L) — chips, or a select when they are many.
 * Issue 41: each chip is a link to the list with that value chosen (or cleared, for the chosen
 * one); the select is sent by the panel's form as `option=Talle:M`.
 */
function OptionFilter({
  name,
  values,
  filters,
  hrefFor,
  onChange,
}: {
  name: string
  values: readonly string[]
  filters: ListAddress
  hrefFor: (next: ListAddress) => string
  onChange: (next: ListAddress) => void
}) {
  const id = useId()
  const chosen = filters.option.find((o) => o.name === name)?.value ?? ''
  if (values.length > OPTION_CHIPS_MAX) {
    return (
      <div className="grid gap-1 px-1">
        <label htmlFor={id} className="text-sm font-medium">
          {name}
        </label>
        <select
          id={id}
          name="option"
          value={chosen && optionParam({ name, value: chosen })}
          onChange={(event) => {
            const value = event.target.value.slice(name.length + 1)
            onChange(
              value ? toggleOption(filters, name, value) : toggleOption(filters, name, chosen),
            )
          }}
          className="h-10 rounded-lg border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40"
        >
          <option value="">{SHOPPER_VARIANT_TEXTS.optionFilterAll}</option>
          {values.map((value) => (
            <option key={value} value={optionParam({ name, value })}>
              {value}
            </option>
          ))}
        </select>
      </div>
    )
  }
  return (
    <div role="group" aria-labelledby={id} className="grid gap-1.5 px-1">
      <p id={id} className="text-sm font-medium">
        {name}
      </p>
      <div className="flex flex-wrap gap-1.5">
        {values.map((value) => {
          const next = toggleOption(filters, name, value)
          return (
            <FilterLink
              key={value}
              to={hrefFor(next)}
              next={next}
              onFollow={onChange}
              aria-current={chosen === value ? 'true' : undefined}
              className="inline-flex min-h-9 min-w-10 items-center justify-center rounded-lg border border-border bg-card px-3 text-sm font-medium outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 aria-[current=true]:border-(--store-primary) aria-[current=true]:bg-(--store-primary) aria-[current=true]:text-(--store-on-primary)"
            >
              {value}
            </FilterLink>
          )
        })}
      </div>
    </div>
  )
}

/**
 * Issue 41: the address keys the panel's own fields send; the others the list holds (search,
 * sort, option values) ride along as hidden fields, written by the one mapping
 * (contracts' listAddressParams). The page goes back to 1, as every §4 transition does.
 */
const PANEL_KEYS = new Set([
  'categoria',
  'subcategoria',
  'oferta',
  'destacado',
  'nuevo',
  'minPrice',
  'maxPrice',
  'page',
])

/** With script a control's click is the transition; the form is submitted only without it. */
function clickTo(change: () => void) {
  return (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    change()
  }
}

/**
 * SPEC §2.7, §4 filters: categories and subcategories, the offer / featured / new toggles and
 * the price range. Each control computes the next filters with the §4 transitions; the screen
 * writes them to the address.
 *
 * Issue 41: with `action` (the list's own path) the panel is also a GET form that works without
 * JavaScript: a category or subcategory button submits its next value, the checkboxes, the price
 * bounds and an option's select are sent by 'Aplicar filtros' (rendered only without script),
 * with the same keys the list reads; the option chips and 'Limpiar filtros' are links
 * (`hrefFor`).
 */
export function FilterPanel({
  filters,
  categories,
  priceMax,
  options = [],
  currencySymbol = '$',
  action,
  hrefFor,
  onChange,
}: {
  filters: ListAddress
  categories: readonly Pick<StoredProductCategory, 'name' | 'subCategories'>[]
  priceMax: number | undefined
  /** Issue 25: the business's option values (GET …/options); no group when empty. */
  options?: BusinessOptions
  /** The business's main currency as written: the price bounds are in it. */
  currencySymbol?: string
  /** Issue 41: the list's path; the panel is then a GET form to it. */
  action?: string
  /** Issue 41: the list's address for these filters (the links' targets). */
  hrefFor: (next: ListAddress) => string
  onChange: (next: ListAddress) => void
}) {
  // An option shown as a select sends its own value; the others ride along.
  const selects = new Set(
    options.filter((o) => o.values.length > OPTION_CHIPS_MAX).map((o) => o.name),
  )
  const kept = [...listAddressParams(filters)].filter(
    ([key, value]) =>
      !PANEL_KEYS.has(key) && !(key === 'option' && selects.has(value.split(':')[0]!)),
  )
  // Sent by the buttons that apply the whole panel, so the chosen subcategory stays.
  const subField = filters.subcategoria
    ? { name: 'subcategoria', value: filters.subcategoria }
    : undefined
  const body = (
    <>
      {categories.length > 0 && (
        <FilterGroup title="Categorías">
          <ul className="grid gap-0.5">
            {categories.map((category) => {
              const isSelected = filters.categoria === category.name
              return (
                <li key={category.name}>
                  <button
                    type="submit"
                    name="categoria"
                    value={selectCategory(filters, category.name).categoria ?? ''}
                    aria-pressed={isSelected}
                    onClick={clickTo(() => onChange(selectCategory(filters, category.name)))}
                    className={optionClass}
                  >
                    <span className="min-w-0 truncate">{category.name}</span>
                    {isSelected && <Check className="size-4 shrink-0" aria-hidden="true" />}
                  </button>
                  {isSelected && category.subCategories.length > 0 && (
                    <ul
                      aria-label={`Subcategorías de ${category.name}`}
                      className="mt-0.5 ml-3 grid gap-0.5 border-l border-border pl-2"
                    >
                      {category.subCategories.map((sub) => {
                        const isSubSelected = filters.subcategoria === sub.name
                        return (
                          <li key={sub.name}>
                            <button
                              type="submit"
                              name="subcategoria"
                              value={
                                selectSubCategory(filters, category.name, sub.name).subcategoria ??
                                ''
                              }
                              aria-pressed={isSubSelected}
                              onClick={clickTo(() =>
                                onChange(selectSubCategory(filters, category.name, sub.name)),
                              )}
                              className={subOptionClass}
                            >
                              <span className="min-w-0 truncate">{sub.name}</span>
                              {isSubSelected && (
                                <Check className="size-4 shrink-0" aria-hidden="true" />
                              )}
                            </button>
                          </li>
                        )
                      })}
                    </ul>
                  )}
                </li>
              )
            })}
          </ul>
        </FilterGroup>
      )}

      <FilterGroup title="Mostrar">
        {FLAGS.map(({ flag, label }) => (
          <label
            key={flag}
            className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-1.5 text-sm hover:bg-muted"
          >
            <input
              type="checkbox"
              name={flag}
              value="true"
              checked={filters[flag] === true}
              onChange={() => onChange(toggleFlag(filters, flag))}
              className="size-4 accent-(--store-primary)"
            />
            {label}
          </label>
        ))}
      </FilterGroup>

      {options.length > 0 && (
        <FilterGroup title={SHOPPER_VARIANT_TEXTS.optionFilterTitle}>
          <div className="grid gap-4">
            {options.map((option) => (
              <OptionFilter
                key={option.name}
                name={option.name}
                values={option.values}
                filters={filters}
                hrefFor={hrefFor}
                onChange={onChange}
              />
            ))}
          </div>
        </FilterGroup>
      )}

      <FilterGroup title={SHOPPER_VARIANT_TEXTS.priceFilterIn(currencySymbol)}>
        <PriceFilter
          key={`${filters.minPrice}-${filters.maxPrice}`}
          minPrice={filters.minPrice}
          maxPrice={filters.maxPrice}
          priceMax={priceMax}
          currencySymbol={currencySymbol}
          onApply={(min, max) => onChange(applyPriceRange(filters, min, max))}
          onClear={() => onChange(clearPriceRange(filters))}
          submitField={action ? subField : undefined}
        />
      </FilterGroup>

      <FilterLink
        to={hrefFor(clearFilters())}
        next={clearFilters()}
        onFollow={onChange}
        className="inline-flex h-10 items-center justify-center rounded-lg border border-border text-sm font-semibold outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        Limpiar filtros
      </FilterLink>
    </>
  )
  if (!action) return <div className="grid gap-7">{body}</div>
  return (
    <form
      method="get"
      action={action}
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-7"
    >
      {/* Issue 41: without script this applies the checkboxes and the price bounds; first in
          the form, so Enter in a price bound submits through it too. */}
      <noscript>
        <button
          type="submit"
          name={subField?.name}
          value={subField?.value}
          className="h-10 w-full rounded-lg bg-(--store-primary) px-3 text-sm font-semibold text-(--store-on-primary) outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          Aplicar filtros
        </button>
      </noscript>
      {kept.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      {body}
      {/* After every category button: a clicked one's value comes first and wins. */}
      {filters.categoria && <input type="hidden" name="categoria" value={filters.categoria} />}
    </form>
  )
}
