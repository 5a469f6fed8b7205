import { cloneElement, useId } from 'react'
import type { ReactElement, ReactNode } from 'react'
import { Label } from './ui/label'
import { cn } from '../lib/utils'

interface ControlProps {
  id?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

/**
 * A labelled form control with its hint and inline error, wired for screen readers
 * (`aria-invalid`, `aria-describedby`, error announced with role="alert").
 */
export function FormField({
  label,
  error,
  hint,
  required,
  className,
  children,
  labelAside,
}: {
  label: ReactNode
  error?: string
  hint?: ReactNode
  required?: boolean
  className?: string
  children: ReactElement<ControlProps>
  labelAside?: ReactNode
}) {
  const generatedId = useId()
  const id = children.props.id ?? generatedId
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>
          {label}
          {required && (
            <span className="text-destructive" aria-hidden="true">
              *
            </span>
          )}
        </Label>
        {labelAside}
      </div>
      {cloneElement(children, {
        id,
        // A form-level refusal (a failed login) may mark the control itself.
        'aria-invalid': error || children.props['aria-invalid'] ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
