import { SearchX, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'

/** A full-page message (not found, load error) with its actions. */
export function StatusScreen({
  title,
  description,
  tone = 'not-found',
  children,
}: {
  title: string
  description: string
  tone?: 'not-found' | 'error'
  children?: ReactNode
}) {
  const Icon = tone === 'error' ? TriangleAlert : SearchX
  return (
    <div className="grid min-h-[60vh] place-items-center px-4 py-16 text-center">
      <div className="flex max-w-md flex-col items-center gap-4">
        <span
          aria-hidden="true"
          className="grid size-16 place-items-center rounded-2xl bg-muted text-muted-foreground"
        >
          <Icon className="size-8" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
        {children && <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div>}
      </div>
    </div>
  )
}
