import { PRODUCT_MESSAGES } from '@vitrina/contracts'
import { ImageUp, Store, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { Button } from '../../../../components/ui/button'
import { Label } from '../../../../components/ui/label'
import { useObjectUrl } from '../../hooks/use-object-url'
import { IMAGE_ACCEPT, imageFileProblem } from '../../lib/image-file'
import type { BusinessFormValues } from '../../lib/business-form'

/**
 * SPEC §2.13, §5: the logo, image files only, previewed before upload; hint PNG, JPG or WEBP up
 * to 5 MB. A file of another type, over 5 MB or whose bytes are no such image is refused here,
 * before any request. 'Quitar logo'
 * leaves the business without one (on edit the API then deletes the stored files).
 */
export function LogoField() {
  const { control } = useFormContext<BusinessFormValues>()
  const { field } = useController({ control, name: 'logo' })
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  // The file's bytes are read before it is accepted: only the latest pick counts.
  const latestPick = useRef(0)
  const hintId = `${inputId}-hint`
  const logo = field.value
  const preview = useObjectUrl(logo instanceof File ? logo : (logo?.url ?? null))

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Logo</Label>
      <div className="flex items-center gap-4">
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-2xl border border-border bg-muted">
          {preview ? (
            <img src={preview} alt="Vista previa del logo" className="size-full object-contain" />
          ) : (
            <Store className="size-8 text-muted-foreground" aria-hidden="true" />
          )}
        </div>
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <label
              htmlFor={inputId}
              className="inline-flex h-10 w-fit cursor-pointer items-center gap-2 rounded-lg border border-border bg-card px-4 text-sm font-semibold shadow-xs transition-colors hover:bg-muted has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50"
            >
              <ImageUp className="size-4" aria-hidden="true" />
              {logo ? 'Cambiar logo' : 'Subir logo'}
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={IMAGE_ACCEPT}
                className="sr-only"
                aria-describedby={hintId}
                aria-invalid={problem ? true : undefined}
                onChange={async (event) => {
                  const file = event.target.files?.[0]
                  event.target.value = ''
                  if (!file) return
                  const pick = ++latestPick.current
                  const reason = await imageFileProblem(file)
                  if (pick !== latestPick.current) return // a later pick is being checked
                  setProblem(reason)
                  if (!reason) field.onChange(file)
                }}
              />
            </label>
            {logo && (
              <Button
                type="button"
                variant="ghost-destructive"
                onClick={() => {
                  setProblem(null)
                  field.onChange(null)
                  // The button goes away with the logo: keep the keyboard on the logo field.
                  inputRef.current?.focus()
                }}
              >
                <Trash2 aria-hidden="true" />
                Quitar logo
              </Button>
            )}
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            {PRODUCT_MESSAGES.imageHint}
          </p>
        </div>
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
    </div>
  )
}
