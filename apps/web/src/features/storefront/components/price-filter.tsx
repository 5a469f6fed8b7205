import { useId, useState } from 'react'
import type { KeyboardEvent, SyntheticEvent } from 'react'
import { sanitizePriceInput } from '@vitrina/contracts'
import { orderPriceTexts } from '../lib/product-filters'

const inputClass =
  'h-10 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base tabular-nums shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40 sm:text-sm'

function asText(value: number | null): string {
  return value === null ? '' : String(value)
}

/**
 * SPEC §2.7, §4, §5, §9 price range: inputs that accept only digits and one decimal point,
 * applied together as parsed numbers; the highest price of the results is the maximum's
 * placeholder. Render it with `key` = the applied bounds so back/forward resets the drafts.
 */
export function PriceFilter({
  minPrice,
  maxPrice,
  priceMax,
  currencySymbol = '$',
  onApply,
  onClear,
  submitField,
}: {
  minPrice: number | null
  maxPrice: number | null
  priceMax: number | undefined
  /** Issue 25: the business's main currency as written ('$', 'US$'): the bounds are in it. */
  currencySymbol?: string
  onApply: (minText: string, maxText: string) => void
  onClear: () => void
  /**
   * Issue 41: inside the filter panel's GET form, a field the 'Aplicar' button sends when it
   * submits the form without script (the selected subcategory, which no other field carries).
   */
  submitField?: { name: string; value: string }
}) {
  const id = useId()
  const [minText, setMinText] = useState(asText(minPrice))
  const [maxText, setMaxText] = useState(asText(maxPrice))
  const isApplied = minPrice !== null || maxPrice !== null
  const isChanged = minText !== asText(minPrice) || maxText !== asText(maxPrice)

  function apply(event: SyntheticEvent) {
    event.preventDefault()
    // Bounds typed the wrong way round are applied swapped: the inputs show that swap too.
    const [lowText, highText] = orderPriceTexts(minText, maxText)
    setMinText(lowText)
    setMaxText(highText)
    onApply(lowText, highText)
  }

  // Enter in a bound applies the range (the panel's form is not submitted with script).
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') apply(event)
  }

  return (
    // Issue 41: a group inside the filter panel's GET form (not a nested form): without script
    // the bounds are sent as minPrice and maxPrice.
    <div role="group" aria-label="Rango de precio" className="grid gap-3">
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-min`} className="text-xs font-medium text-muted-foreground">
            Mínimo ({currencySymbol})
          </label>
          <input
            id={`${id}-min`}
            name="minPrice"
            inputMode="decimal"
            autoComplete="off"
            value={minText}
            onChange={(event) => setMinText(sanitizePriceInput(event.target.value))}
            onKeyDown={onKeyDown}
            placeholder="0"
            className={inputClass}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-max`} className="text-xs font-medium text-muted-foreground">
            Máximo ({currencySymbol})
          </label>
          <input
            id={`${id}-max`}
            name="maxPrice"
            inputMode="decimal"
            autoComplete="off"
            value={maxText}
            onChange={(event) => setMaxText(sanitizePriceInput(event.target.value))}
            onKeyDown={onKeyDown}
            placeholder={priceMax ? String(Math.ceil(priceMax)) : 'Sin límite'}
            className={inputClass}
          />
        </div>
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          name={submitField?.name}
          value={submitField?.value}
          onClick={apply}
          disabled={!isChanged}
          data-price-apply=""
          className="h-9 flex-1 rounded-lg bg-(--store-primary) px-3 text-sm font-semibold text-(--store-on-primary) transition-opacity outline-none hover:opacity-90 focus-visible:ring-3 focus-visible:ring-ring/50 disabled:opacity-45"
        >
          Aplicar
        </button>
        {isApplied && (
          <button
            type="button"
            onClick={onClear}
            className="h-9 rounded-lg border border-border px-3 text-sm font-medium outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
          >
            Quitar
          </button>
        )}
      </div>
    </div>
  )
}
