import type { ReactNode } from 'react'
import { cn } from '../lib/utils'

/** The title band at the top of a content page: one h1, optional eyebrow and description. */
export function PageHeader({
  title,
  eyebrow,
  description,
  children,
  className,
  containerClassName,
}: {
  title: ReactNode
  eyebrow?: ReactNode
  description?: ReactNode
  children?: ReactNode
  className?: string
  /** Match the width of a narrower page body (e.g. 'max-w-3xl'). */
  containerClassName?: string
}) {
  return (
    <div className={cn('border-b border-border bg-card', className)}>
      <div
        className={cn('mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8', containerClassName)}
      >
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {description && (
          <p className="mt-3 max-w-2xl text-muted-foreground sm:text-lg">{description}</p>
        )}
        {children}
      </div>
    </div>
  )
}
