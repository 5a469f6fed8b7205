import type { ComponentProps } from 'react'
import { cn } from '../../lib/utils'

/**
 * `compact`: 36 px high instead of 44, for a field within a row of the business form's editors
 * (slides, categories).
 */
export function Input({
  className,
  type = 'text',
  compact = false,
  ...props
}: ComponentProps<'input'> & { compact?: boolean }) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        compact ? 'h-9' : 'h-11',
        'flex w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/20 sm:text-sm',
        className,
      )}
      {...props}
    />
  )
}
