import { applyPalette, PALETTES } from '@vitrina/contracts'
import { Check } from 'lucide-react'
import { useFormContext, useWatch } from 'react-hook-form'
import { cn } from '../../../../lib/utils'
import type { BusinessFormValues } from '../../lib/business-form'

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase()

/**
 * SPEC §3: the nine palettes. Picking one sets primary and secondary and the navigation
 * background to the primary. A palette shows as chosen while the colours still match it.
 */
export function PalettePicker() {
  const { control, setValue } = useFormContext<BusinessFormValues>()
  const [primary, secondary, bar] = useWatch({
    control,
    name: ['primaryColor', 'secondaryColor', 'bgColor'],
  })

  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold">Paletas de colores</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {PALETTES.map((palette) => {
          const colors = applyPalette(palette)
          const isChosen =
            same(primary, colors.primaryColor) &&
            same(secondary, colors.secondaryColor) &&
            same(bar, colors.bgColor)
          return (
            <button
              key={palette.id}
              type="button"
              aria-pressed={isChosen}
              onClick={() => {
                for (const [key, value] of Object.entries(colors)) {
                  setValue(key as keyof typeof colors, value, { shouldDirty: true })
                }
              }}
              className={cn(
                'flex items-center gap-2.5 rounded-xl border p-2.5 text-left text-sm transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50',
                isChosen ? 'border-accent bg-accent/5 ring-1 ring-accent' : 'border-border',
              )}
            >
              <span className="relative flex shrink-0 overflow-hidden rounded-lg border border-black/10">
                <span
                  className="size-6 sm:size-7"
                  style={{ backgroundColor: palette.primaryColor }}
                />
                <span
                  className="size-6 sm:size-7"
                  style={{ backgroundColor: palette.secondaryColor }}
                />
                {isChosen && (
                  <span className="absolute inset-0 grid place-items-center bg-black/25">
                    <Check className="size-4 text-white" aria-hidden="true" />
                  </span>
                )}
              </span>
              <span className="min-w-0 flex-1 leading-tight break-words">{palette.name}</span>
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}

const COLOR_FIELDS = [
  ['primaryColor', 'Color principal'],
  ['secondaryColor', 'Color secundario'],
  ['bgColor', 'Fondo de la barra de navegación'],
] as const

/** Free colour pickers for the three colours (always valid: a picker yields #RRGGBB). */
export function ColorPickers() {
  const { control, setValue } = useFormContext<BusinessFormValues>()
  const values = useWatch({ control, name: ['primaryColor', 'secondaryColor', 'bgColor'] })

  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold">Colores personalizados</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {COLOR_FIELDS.map(([name, label], index) => {
          const value = values[index] ?? '#000000'
          const id = `negocio-${name}`
          return (
            <div
              key={name}
              className="flex items-center gap-3 rounded-xl border border-border p-2.5"
            >
              <input
                id={id}
                type="color"
                value={value.toLowerCase()}
                onChange={(event) =>
                  setValue(name, event.target.value.toUpperCase(), { shouldDirty: true })
                }
                className="size-10 shrink-0 cursor-pointer rounded-lg border border-border bg-transparent p-0.5"
              />
              <label htmlFor={id} className="grid min-w-0 text-sm leading-tight">
                <span className="font-medium">{label}</span>
                <span className="font-mono text-xs text-muted-foreground uppercase">{value}</span>
              </label>
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
