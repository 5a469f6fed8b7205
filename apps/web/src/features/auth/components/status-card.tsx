import type { ReactNode } from 'react'
import { cn } from '../../../lib/utils'

/** The centered card of the activation screens: an icon, a title (the page's h1) and content. */
export function StatusCard({
  icon,
  tone = 'neutral',
  title,
  children,
}: {
  icon: ReactNode
  tone?: 'neutral' | 'success' | 'error'
  title: string
  children: ReactNode
}) {
  return (
    <div className="w-full max-w-lg rounded-3xl border border-border bg-card p-6 text-center shadow-sm sm:p-10">
      <span
        aria-hidden="true"
        className={cn(
          'mx-auto grid size-16 place-items-center rounded-full [&_svg]:size-8',
          tone === 'success' && 'bg-success/12 text-success',
          tone === 'error' && 'bg-destructive/10 text-destructive',
          tone === 'neutral' && 'bg-muted text-accent',
        )}
      >
        {icon}
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-3 grid gap-3 text-muted-foreground">{children}</div>
    </div>
  )
}
