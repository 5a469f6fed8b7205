import { Minus, Plus } from 'lucide-react'
import { LIMITS, SHOPPER_VARIANT_TEXTS } from '@vitrina/contracts'
import { useId, useState } from 'react'

/**
 * SPEC §2.8, §9: 'Cantidad:', default 1, minimum 1. Issue 41: at most `max` — what is left when
 * the storefront knows it ('Quedan 2'), else an order line's limit (LIMITS.orderQuantityMax) —
 * capped as it is typed, with the reason shown while the quantity is at its maximum. The field
 * takes digits only; it may be empty while typing and falls back to 1 when left empty.
 */
export function QuantitySelector({
  value,
  onChange,
  max = LIMITS.orderQuantityMax,
}: {
  value: number
  onChange: (quantity: number) => void
  max?: number
}) {
  const id = useId()
  const hintId = `${id}-max`
  const [draft, setDraft] = useState<string | null>(null)
  const clamp = (quantity: number) => Math.min(max, Math.max(1, Math.floor(quantity)))
  const atMax = value >= max
  const reason =
    max < LIMITS.orderQuantityMax
      ? SHOPPER_VARIANT_TEXTS.quantityLeft(max)
      : SHOPPER_VARIANT_TEXTS.quantityMax(max)

  function set(quantity: number) {
    setDraft(null)
    onChange(clamp(quantity))
  }

  return (
    <div className="grid gap-1.5">
      <div className="flex items-center gap-3">
        <label htmlFor={id} className="text-sm font-semibold">
          Cantidad:
        </label>
        <div className="flex items-center rounded-lg border border-input bg-card shadow-xs">
          <button
            type="button"
            onClick={() => set(value - 1)}
            disabled={value <= 1}
            aria-label="Disminuir cantidad"
            className="grid size-11 place-items-center rounded-l-lg outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 disabled:opacity-40"
          >
            <Minus className="size-4" aria-hidden="true" />
          </button>
          <input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={atMax ? hintId : undefined}
            value={draft ?? String(value)}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, '').slice(0, 4)
              const typed = Number(digits)
              if (typed > max) {
                // Typed past the maximum: the maximum, and the reason below.
                setDraft(null)
                onChange(max)
                return
              }
              setDraft(digits)
              if (typed >= 1) onChange(typed)
            }}
            onBlur={() => set(Number(draft ?? value) || 1)}
            className="h-11 w-16 border-x border-input bg-transparent text-center text-base font-semibold tabular-nums outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
          />
          <button
            type="button"
            onClick={() => set(value + 1)}
            disabled={atMax}
            aria-label="Aumentar cantidad"
            className="grid size-11 place-items-center rounded-r-lg outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 disabled:opacity-40"
          >
            <Plus className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <p id={hintId} aria-live="polite" className="min-h-4 text-xs text-muted-foreground">
        {atMax ? reason : ''}
      </p>
    </div>
  )
}
