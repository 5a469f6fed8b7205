import { Search } from 'lucide-react'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { paths, routePaths } from '../../../config/paths'
import { submittedField } from '../../../lib/submitted-field'
import { cn } from '../../../lib/utils'

/**
 * The header's business search (SPEC §2.2). Submitting opens the business list filtered by
 * name (`/plataforma/negocios?search=…`); an empty search shows every business.
 */
export function BusinessSearch({
  className,
  onSearch,
}: {
  className?: string
  onSearch?: () => void
}) {
  const id = useId()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [searchParams] = useSearchParams()
  const isOnList = pathname === routePaths.platform.businesses
  const current = isOnList ? (searchParams.get('search') ?? '') : ''
  const [text, setText] = useState(current)
  const [shownFor, setShownFor] = useState(current)
  // Follow the address (back/forward, or a search made elsewhere).
  if (shownFor !== current) {
    setShownFor(current)
    setText(current)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    navigate(paths.platform.businesses({ search: submittedField(event, 'search', text) }))
    onSearch?.()
  }

  // `action`: before the app runs (or without JavaScript) the browser submits to the list itself.
  return (
    <form
      role="search"
      aria-label="Buscar negocios"
      action={routePaths.platform.businesses}
      onSubmit={submit}
      className={cn('relative', className)}
    >
      <label htmlFor={id} className="sr-only">
        Buscar negocios
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        name="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Buscar negocios…"
        maxLength={100}
        className="h-10 w-full rounded-full border border-input bg-muted/60 pr-4 pl-9 text-base outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-card focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm"
      />
    </form>
  )
}
