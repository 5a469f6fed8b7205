import { Check } from 'lucide-react'
import { cn } from '../../../../lib/utils'
import { keepFocusOnPress } from '../../lib/keep-focus'
import type { WizardStep } from '../../lib/business-form'

/**
 * SPEC §2.13: progress bar, 'Paso X de N' and the step tabs. Completed and current steps are
 * clickable; later ones are disabled until reached.
 */
export function StepProgress({
  steps,
  current,
  furthest,
  onSelect,
  disabled,
}: {
  steps: readonly WizardStep[]
  current: number
  /** The furthest step reached so far: every step up to it counts as completed. */
  furthest: number
  onSelect: (index: number) => void
  disabled?: boolean
}) {
  const percent = Math.round(((current + 1) / steps.length) * 100)
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="font-semibold text-foreground">
          Paso {current + 1} de {steps.length}
        </p>
        <p className="text-muted-foreground">{steps[current]?.title}</p>
      </div>
      <div
        role="progressbar"
        aria-label="Progreso"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={current + 1}
        aria-valuetext={`Paso ${current + 1} de ${steps.length}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <nav aria-label="Pasos">
        <ol className="flex gap-1.5 overflow-x-auto pb-1 [scrollbar-width:thin]">
          {steps.map((step, index) => {
            const isCurrent = index === current
            const isDone = index < current
            const isReachable = index <= furthest
            return (
              <li key={step.id} className="min-w-0 flex-1">
                <button
                  type="button"
                  onClick={() => onSelect(index)}
                  onMouseDown={keepFocusOnPress}
                  disabled={!isReachable || disabled}
                  aria-current={isCurrent ? 'step' : undefined}
                  className={cn(
                    'flex w-full items-center justify-center gap-2 rounded-lg border px-2 py-2 text-left text-xs font-medium transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 sm:justify-start sm:px-2.5 md:text-sm',
                    isCurrent
                      ? 'border-accent bg-accent/10 text-foreground'
                      : 'border-border bg-card text-muted-foreground hover:bg-muted',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold',
                      isCurrent && 'bg-accent text-white',
                      isDone && 'bg-success text-white',
                      !isCurrent && !isDone && 'bg-muted text-muted-foreground',
                    )}
                  >
                    {isDone ? <Check className="size-3.5" /> : index + 1}
                  </span>
                  {/* Phones show the numbers; the current title is in the line above. */}
                  <span className="sr-only min-w-0 sm:not-sr-only sm:line-clamp-2 sm:leading-tight">
                    {step.title}
                  </span>
                </button>
              </li>
            )
          })}
        </ol>
      </nav>
    </div>
  )
}
