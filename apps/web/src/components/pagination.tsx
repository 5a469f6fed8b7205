import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from './ui/link'
import { cn } from '../lib/utils'

/** Page numbers to show: first, last, current ±1, with null for a gap ('…'). */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages = new Set([1, totalPages, page - 1, page, page + 1])
  const sorted = [...pages].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b)
  const result: (number | null)[] = []
  for (const p of sorted) {
    const previous = result[result.length - 1]
    if (typeof previous === 'number' && p - previous > 1)
      result.push(p - previous === 2 ? p - 1 : null)
    result.push(p)
  }
  return result
}

const itemClass =
  'grid h-10 min-w-10 place-items-center rounded-lg px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50'

/** Link-based pagination: every page is an address, so back/forward and sharing work. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  className,
}: {
  page: number
  totalPages: number
  hrefFor: (page: number) => string
  className?: string
}) {
  if (totalPages <= 1) return null
  const hasPrev = page > 1
  const hasNext = page < totalPages
  return (
    <nav aria-label="Paginación" className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {hasPrev ? (
            <Link
              to={hrefFor(page - 1)}
              className={cn(itemClass, 'gap-1 hover:bg-muted')}
              aria-label="Página anterior"
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <span className={cn(itemClass, 'text-muted-foreground/50')} aria-hidden="true">
              <ChevronLeft className="size-4" />
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((p, index) => (
          <li key={p ?? `gap-${index}`}>
            {p === null ? (
              <span className={cn(itemClass, 'text-muted-foreground')} aria-hidden="true">
                …
              </span>
            ) : (
              <Link
                to={hrefFor(p)}
                aria-label={`Página ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={cn(itemClass, p === page ? 'bg-primary text-white' : 'hover:bg-muted')}
              >
                {p}
              </Link>
            )}
          </li>
        ))}
        <li>
          {hasNext ? (
            <Link
              to={hrefFor(page + 1)}
              className={cn(itemClass, 'hover:bg-muted')}
              aria-label="Página siguiente"
            >
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <span className={cn(itemClass, 'text-muted-foreground/50')} aria-hidden="true">
              <ChevronRight className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
