import { Minus, Plus } from 'lucide-react'
import { useId, useState } from 'react'

/**
 * SPEC §2.8, §9: 'Cantidad:', default 1, minimum 1, no maximum. The field takes digits only; it
 * may be empty while typing and falls back to 1 when left empty.
 */
export function QuantitySelector({
  value,
  onChange,
}: {
  value: number
  onChange: (quantity: number) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)

  function set(quantity: number) {
    setDraft(null)
    onChange(Math.max(1, Math.floor(quantity)))
  }

  return (
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
          value={draft ?? String(value)}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '').slice(0, 6)
            setDraft(digits)
            if (Number(digits) >= 1) onChange(Number(digits))
          }}
          onBlur={() => set(Number(draft ?? value) || 1)}
          className="h-11 w-16 border-x border-input bg-transparent text-center text-base font-semibold tabular-nums outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
        />
        <button
          type="button"
          onClick={() => set(value + 1)}
          aria-label="Aumentar cantidad"
          className="grid size-11 place-items-center rounded-r-lg outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  )
}
