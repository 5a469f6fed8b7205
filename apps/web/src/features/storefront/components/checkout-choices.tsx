import type { ReactNode } from 'react'
import { cn } from '../../../lib/utils'

/**
 * A required choice of the checkout (delivery, payment): a fieldset whose legend names it, a
 * radio group the form focuses when it is missing, its error read out, and what follows the
 * chosen option (a payment method's instructions).
 */
export function ChoiceGroup({
  label,
  field,
  error,
  after,
  children,
}: {
  label: string
  /** `data-field`, for the form to focus the group when it is missing. */
  field: string
  error?: string
  after?: ReactNode
  children: ReactNode
}) {
  const errorId = `checkout-${field}-error`
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">
        {label}
        <span className="ml-0.5 text-destructive" aria-hidden="true">
          *
        </span>
      </legend>
      <div
        role="radiogroup"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-field={field}
        tabIndex={-1}
        className="grid gap-2 outline-none"
      >
        {children}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {after}
    </fieldset>
  )
}

/** One option: the whole card is the radio's label (a large target on a phone). */
export function Choice({
  name,
  value,
  checked,
  onChange,
  label,
  hint,
  invalid,
}: {
  name: string
  value: string
  checked: boolean
  onChange: () => void
  label: string
  hint?: string
  invalid: boolean
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 text-sm transition-colors has-checked:border-(--store-primary) has-checked:bg-(--store-primary)/5 has-focus-visible:ring-3 has-focus-visible:ring-ring/40',
        invalid ? 'border-destructive' : 'border-input',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-4 accent-(--store-primary)"
      />
      <span className="grid gap-0.5">
        <span className="font-medium">{label}</span>
        {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
      </span>
    </label>
  )
}
