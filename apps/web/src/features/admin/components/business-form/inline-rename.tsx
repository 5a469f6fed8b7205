import { Check, Pencil, X } from 'lucide-react'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'

/**
 * A name shown as text with a rename button; renaming edits it in place (Enter saves, Escape
 * cancels). `validate` returns the Spanish reason a name is refused, or null.
 */
export function InlineRename({
  value,
  label,
  validate,
  onRename,
  children,
}: {
  value: string
  /** What is renamed, for the controls' accessible names ('categoría Ropa'). */
  label: string
  validate: (name: string) => string | null
  onRename: (name: string) => void
  children: ReactNode
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  if (draft === null) {
    return (
      <span className="flex min-w-0 items-center gap-1">
        {children}
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          onClick={() => setDraft(value)}
          aria-label={`Renombrar ${label}`}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </span>
    )
  }

  const save = () => {
    const problem = draft.trim() === value ? null : validate(draft)
    if (problem) return setError(problem)
    if (draft.trim() !== value) onRename(draft.trim())
    setDraft(null)
    setError(null)
  }
  const cancel = () => {
    setDraft(null)
    setError(null)
  }

  return (
    <span className="grid min-w-0 flex-1 gap-1">
      <span className="flex items-center gap-1">
        <Input
          autoFocus
          value={draft}
          aria-label={`Nuevo nombre de ${label}`}
          aria-invalid={error ? true : undefined}
          compact
          onChange={(event) => {
            setDraft(event.target.value)
            setError(null)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              save()
            } else if (event.key === 'Escape') {
              event.preventDefault()
              cancel()
            }
          }}
        />
        <Button type="button" variant="ghost" size="icon-sm" onClick={save} aria-label="Guardar">
          <Check aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon-sm" onClick={cancel} aria-label="Cancelar">
          <X aria-hidden="true" />
        </Button>
      </span>
      {error && (
        <span role="alert" className="text-sm font-medium text-destructive">
          {error}
        </span>
      )}
    </span>
  )
}
