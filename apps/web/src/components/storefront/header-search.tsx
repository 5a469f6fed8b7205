import { Search } from 'lucide-react'
import { GENERIC_MESSAGES, LIMITS, TIMINGS } from '@vitrina/contracts'
import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '../../config/paths'
import { submittedField } from '../../lib/submitted-field'
import { cn } from '../../lib/utils'

/** SPEC §2.6, §5: a product search needs at least 3 characters (spaces around do not count). */
export function isSearchLongEnough(text: string): boolean {
  return text.trim().length >= LIMITS.searchMin
}

/**
 * SPEC §2.6 search: a submit with fewer than 3 characters is blocked and the tooltip
 * 'Ingresa al menos 3 caracteres para buscar' shows for 2 s; otherwise `onSearch` runs (the
 * mobile menu closes) and the visitor goes to /{identifier}/productos?search={text}.
 */
export function HeaderSearch({
  identifier,
  onSearch,
  className,
  inputClassName,
}: {
  identifier: string
  onSearch?: () => void
  className?: string
  inputClassName?: string
}) {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [isHintVisible, setIsHintVisible] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const hintId = useId()

  useEffect(() => () => clearTimeout(timer.current), [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = submittedField(event, 'search', text)
    if (!isSearchLongEnough(typed)) {
      clearTimeout(timer.current)
      setIsHintVisible(true)
      timer.current = setTimeout(() => setIsHintVisible(false), TIMINGS.searchTooltipMs)
      return
    }
    setIsHintVisible(false)
    onSearch?.()
    void navigate(paths.storefront.products(identifier, { search: typed.trim() }))
  }

  // `action`: before the app runs (or without JavaScript) the browser submits to the list itself.
  return (
    <form
      role="search"
      action={paths.storefront.products(identifier)}
      onSubmit={onSubmit}
      className={cn('relative', className)}
    >
      <label className="sr-only" htmlFor={`${hintId}-input`}>
        Buscar productos
      </label>
      <input
        id={`${hintId}-input`}
        type="search"
        name="search"
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          if (isHintVisible && isSearchLongEnough(event.target.value)) setIsHintVisible(false)
        }}
        placeholder="Buscar productos…"
        maxLength={LIMITS.searchMax}
        enterKeyHint="search"
        aria-describedby={isHintVisible ? hintId : undefined}
        aria-invalid={isHintVisible || undefined}
        className={cn(
          'h-10 w-full rounded-full border border-current/20 bg-white/95 pr-11 pl-4 text-base text-foreground shadow-xs outline-none placeholder:text-muted-foreground focus-visible:ring-3 focus-visible:ring-ring/40 sm:text-sm [&::-webkit-search-cancel-button]:hidden',
          inputClassName,
        )}
      />
      <button
        type="submit"
        aria-label="Buscar"
        className="absolute top-1/2 right-1 grid size-8 -translate-y-1/2 place-items-center rounded-full bg-(--store-primary) text-(--store-on-primary) transition-opacity outline-none hover:opacity-90 focus-visible:ring-3 focus-visible:ring-ring/50"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
      {isHintVisible && (
        <div
          id={hintId}
          role="tooltip"
          className="absolute top-full left-1/2 z-50 mt-2 w-max max-w-64 -translate-x-1/2 rounded-lg bg-primary px-3 py-1.5 text-center text-xs font-medium text-primary-foreground shadow-md"
        >
          <span
            aria-hidden="true"
            className="absolute -top-1 left-1/2 size-2 -translate-x-1/2 rotate-45 bg-primary"
          />
          {GENERIC_MESSAGES.searchMin}
        </div>
      )}
      {/* Announced once to screen readers (the tooltip itself is only described). */}
      <p className="sr-only" aria-live="polite">
        {isHintVisible ? GENERIC_MESSAGES.searchMin : ''}
      </p>
    </form>
  )
}
