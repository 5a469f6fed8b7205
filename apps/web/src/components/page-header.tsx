import type { ReactNode } from 'react'
import { cn } from '../lib/utils'

/** The band's content width, to match the page body's. */
const WIDTHS = {
  wide: 'max-w-7xl lg:px-8',
  medium: 'max-w-4xl lg:px-6',
  narrow: 'max-w-3xl lg:px-6',
} as const

/** The title band at the top of a content page: one h1, optional eyebrow and description. */
export function PageHeader({
  title,
  eyebrow,
  description,
  children,
  className,
  width = 'wide',
}: {
  title: ReactNode
  eyebrow?: ReactNode
  description?: ReactNode
  children?: ReactNode
  className?: string
  width?: keyof typeof WIDTHS
}) {
  return (
    <div className={cn('border-b border-border bg-card', className)}>
      <div className={cn('mx-auto px-4 py-10 sm:px-6 sm:py-14', WIDTHS[width])}>
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
