import { ArrowLeft, ArrowRight } from 'lucide-react'
import { Link } from '../../../components/ui/link'
import { Button } from '../../../components/ui/button'
import { keepFocusOnPress } from '../lib/keep-focus'

/**
 * The navigation row under a stepped owner form (business steps, product tabs): 'Cancelar' to
 * `cancelHref`, 'Anterior', 'Siguiente' and the save button. Every button is disabled while
 * `isBusy`; a mouse press keeps the focus where it is (see keepFocusOnPress).
 */
export function StepFooter({
  cancelHref,
  isFirst,
  isBusy,
  onPrevious,
  next,
  submit,
}: {
  cancelHref: string
  isFirst: boolean
  isBusy: boolean
  onPrevious: () => void
  /**
   * 'Siguiente' (absent on the last step): a button calling `onNext`, or without it the form's
   * submit button (the form's submit handler then moves on). `label` replaces its text.
   */
  next?: { label?: string; onNext?: () => void }
  /** The save button; `wide` when it shares the phone layout's row with 'Siguiente'. */
  submit?: { label: string; wide?: boolean }
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center">
      <Button variant="ghost" asChild className="sm:mr-auto">
        <Link to={cancelHref}>Cancelar</Link>
      </Button>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <Button
          type="button"
          onMouseDown={keepFocusOnPress}
          variant="outline"
          disabled={isFirst || isBusy}
          onClick={onPrevious}
        >
          <ArrowLeft aria-hidden="true" />
          Anterior
        </Button>
        {next && (
          <Button
            type={next.onNext ? 'button' : 'submit'}
            onMouseDown={keepFocusOnPress}
            // One main action per row: beside the save button, moving on is the secondary one.
            variant={submit ? 'outline' : 'default'}
            disabled={isBusy}
            onClick={next.onNext}
          >
            {next.label ?? 'Siguiente'}
            <ArrowRight aria-hidden="true" />
          </Button>
        )}
        {submit && (
          <Button
            type="submit"
            onMouseDown={keepFocusOnPress}
            disabled={isBusy}
            className={submit.wide ? 'col-span-2' : undefined}
          >
            {submit.label}
          </Button>
        )}
      </div>
    </div>
  )
}
