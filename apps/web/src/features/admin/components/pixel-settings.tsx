/**
 * Issue 46 §3 (ADR 039): 'Medición de visitas y anuncios' in 'Canales de venta' — the owner's
 * Google Analytics 4 measurement id and Meta Pixel id, checked here with the same contracts
 * schema the API uses (and the API's 400, per field, shown the same way). Their scripts reach
 * the storefront only after each shopper accepts its consent banner.
 */
import {
  SHOP_PIXELS_TEXTS as T,
  updateShopPixelsSchema,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { isApiError } from '../../../api/client'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Spinner } from '../../../components/ui/spinner'
import { useSaveShopPixels } from '../api/save-pixels'

type Field = 'ga4MeasurementId' | 'metaPixelId'

function PixelField({
  field,
  label,
  hint,
  placeholder,
  value,
  error,
  inputMode,
  onChange,
}: {
  field: Field
  label: string
  hint: string
  placeholder: string
  value: string
  error?: string
  inputMode?: 'numeric'
  onChange: (value: string) => void
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="grid gap-2" data-field={field}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={field}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="font-mono"
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

export function PixelSettings({ business }: { business: Pick<OwnerBusiness, '_id' | 'pixels'> }) {
  const headingId = useId()
  const [values, setValues] = useState<Record<Field, string>>({
    ga4MeasurementId: business.pixels?.ga4MeasurementId ?? '',
    metaPixelId: business.pixels?.metaPixelId ?? '',
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const save = useSaveShopPixels(business._id)

  function focusField(field: Field | undefined) {
    if (field) document.querySelector<HTMLElement>(`[data-field="${field}"] input`)?.focus()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    const parsed = updateShopPixelsSchema.safeParse(values)
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message
      setErrors(found)
      focusField((Object.keys(found) as Field[])[0])
      return
    }
    setErrors({})
    save.mutate(values, {
      onSuccess: (saved) => {
        setValues({
          ga4MeasurementId: saved.pixels?.ga4MeasurementId ?? '',
          metaPixelId: saved.pixels?.metaPixelId ?? '',
        })
        toast.success(T.saved)
      },
      onError: (error) => {
        const found: Partial<Record<Field, string>> = {}
        if (isApiError(error)) {
          for (const e of error.errors ?? []) {
            if (e.path === 'ga4MeasurementId' || e.path === 'metaPixelId') found[e.path] = e.message
          }
        }
        setErrors(found)
        if (Object.keys(found).length > 0) focusField((Object.keys(found) as Field[])[0])
        else
          toast.error(T.saveFailed, { description: isApiError(error) ? error.message : undefined })
      },
    })
  }

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }))
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {T.title}
        </h2>
        <p className="text-sm text-muted-foreground">{T.summary}</p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <PixelField
          field="ga4MeasurementId"
          label={T.ga4Label}
          hint={T.ga4Hint}
          placeholder={T.placeholderGa4}
          value={values.ga4MeasurementId}
          error={errors.ga4MeasurementId}
          onChange={set('ga4MeasurementId')}
        />
        <PixelField
          field="metaPixelId"
          label={T.metaLabel}
          hint={T.metaHint}
          placeholder={T.placeholderMeta}
          value={values.metaPixelId}
          error={errors.metaPixelId}
          inputMode="numeric"
          onChange={set('metaPixelId')}
        />
        <p className="text-sm">{T.consentNote}</p>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner aria-hidden="true" />}
            {save.isPending ? T.saving : T.save}
          </Button>
        </div>
      </form>
    </section>
  )
}
