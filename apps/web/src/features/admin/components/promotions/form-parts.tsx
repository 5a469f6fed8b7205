/**
 * Issue 45: the pieces the owner's coupon and promotion forms share (/admin/promociones) — the
 * save hook (the write, the API's errors by field, the toast), a labelled field with its error,
 * a text field, the kind's select, the two dates, and the form's frame with its buttons.
 */
import { PROMOTION_PAGE_TEXTS as T } from '@vitrina/contracts'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../../api/client'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { Spinner } from '../../../../components/ui/spinner'
import { usePromotionWrite, type PromotionWrite } from '../../api/promotions'

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/** A field's text → the number the API takes ('' is none). */
export const intOf = (text: string) => (text.trim() === '' ? null : Number(text))
/** 'a, b' → ['a', 'b']. */
export const listOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/**
 * A form's state and its save: `field(name, path)` gives a field's id, its API error (at `path`
 * and below it, or at exactly the paths of a list) and the
 * attributes that tie the two; `save(write)` sends, toasts «Guardado» and closes.
 */
export function usePromotionForm<V extends object>(initial: V, onDone: () => void) {
  const id = useId()
  const write = usePromotionWrite()
  const [values, setValues] = useState(initial)
  const errors = isApiError(write.error) ? (write.error.errors ?? []) : []
  /** A path's error or its parts' (`amounts` holds `amounts.USD`); a list: exactly those paths. */
  const errorOf = (path: string | readonly string[]) =>
    errors.find((e) =>
      typeof path === 'string'
        ? e.path === path || e.path.startsWith(`${path}.`)
        : path.includes(e.path),
    )?.message
  const field = (name: string, path: string | readonly string[] = name) => {
    const fieldId = `${id}-${name}`
    const error = errorOf(path)
    return {
      id: fieldId,
      error,
      attrs: error ? { 'aria-invalid': true, 'aria-describedby': `${fieldId}-error` } : {},
    }
  }
  return {
    values,
    set: (patch: Partial<V>) => setValues((old) => ({ ...old, ...patch })),
    field,
    errorOf,
    write,
    save: (w: PromotionWrite) =>
      write.mutate(w, {
        onSuccess: () => {
          toast.success(T.saved)
          onDone()
        },
      }),
  }
}

export type FieldState = ReturnType<ReturnType<typeof usePromotionForm>['field']>

export function Field({
  label,
  field,
  children,
}: {
  label: string
  field: Pick<FieldState, 'id' | 'error'>
  children: ReactNode
}) {
  return (
    <div className="grid content-start gap-1">
      <Label htmlFor={field.id}>{label}</Label>
      {children}
      {field.error && (
        <p id={`${field.id}-error`} className="text-sm text-destructive">
          {field.error}
        </p>
      )}
    </div>
  )
}

export function TextField({
  label,
  field,
  value,
  onChange,
  ...input
}: {
  label: string
  field: FieldState
  value: string
  onChange: (value: string) => void
} & Pick<React.ComponentProps<'input'>, 'inputMode' | 'type' | 'autoComplete' | 'className'>) {
  return (
    <Field label={label} field={field}>
      <Input
        id={field.id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...input}
        {...field.attrs}
      />
    </Field>
  )
}

export function KindSelect<K extends string>({
  field,
  value,
  kinds,
  labels,
  onChange,
}: {
  field: FieldState
  value: K
  kinds: readonly K[]
  labels: Record<K, string>
  onChange: (kind: K) => void
}) {
  return (
    <Field label={T.kind} field={field}>
      <select
        id={field.id}
        value={value}
        onChange={(e) => onChange(e.target.value as K)}
        className={selectClass}
      >
        {kinds.map((k) => (
          <option key={k} value={k}>
            {labels[k]}
          </option>
        ))}
      </select>
    </Field>
  )
}

/** «Desde» and «Hasta» (the shop's local days). */
export function DateFields({
  field,
  startsOn,
  endsOn,
  onChange,
}: {
  field: (name: string, path?: string) => FieldState
  startsOn: string
  endsOn: string
  onChange: (patch: { startsOn?: string; endsOn?: string }) => void
}) {
  return (
    <>
      <TextField
        label={T.startsOn}
        field={field('starts', 'startsOn')}
        type="date"
        value={startsOn}
        onChange={(v) => onChange({ startsOn: v })}
      />
      <TextField
        label={T.endsOn}
        field={field('ends', 'endsOn')}
        type="date"
        value={endsOn}
        onChange={(v) => onChange({ endsOn: v })}
      />
    </>
  )
}

/** The form, its fields in two columns from 640 px, the API's message and the buttons. */
export function FormFrame({
  label,
  onSubmit,
  onCancel,
  write,
  children,
  after,
}: {
  label: string
  onSubmit: () => void
  onCancel: () => void
  write: { isPending: boolean; error: unknown }
  children: ReactNode
  after?: ReactNode
}) {
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        onSubmit()
      }}
      noValidate
      aria-label={label}
      className="grid gap-4 rounded-lg border border-border p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      {after}
      <div className="grid gap-2">
        {isApiError(write.error) && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {write.error.message}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={write.isPending}>
            {write.isPending && <Spinner aria-hidden="true" />}
            {T.save}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {T.cancel}
          </Button>
        </div>
      </div>
    </form>
  )
}
