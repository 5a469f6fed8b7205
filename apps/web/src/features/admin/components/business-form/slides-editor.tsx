import {
  BUSINESS_MESSAGES,
  httpsUrlSchema,
  LAYOUT,
  LIMITS,
  PRODUCT_MESSAGES,
} from '@vitrina/contracts'
import { ImagePlus, Link2, RefreshCw, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { useObjectUrl } from '../../hooks/use-object-url'
import { fitImageFiles, imageFileProblem } from '../../lib/image-file'
import { newListKey } from '../../lib/business-form'
import { onEnter } from '../../lib/on-enter'
import type { BusinessFormValues, SlideValue } from '../../lib/business-form'
import { ImageFileButton } from '../image-file-button'

function slideSource(slide: SlideValue): File | string {
  if (slide.kind === 'file') return slide.file
  if (slide.kind === 'url') return slide.url
  return slide.image.url
}

function SlideThumbnail({ slide, index }: { slide: SlideValue; index: number }) {
  const url = useObjectUrl(slideSource(slide))
  return url ? (
    <img
      src={url}
      alt={`Portada ${index + 1}`}
      className="size-full object-cover"
      referrerPolicy="no-referrer"
    />
  ) : null
}

/**
 * SPEC §2.13 Appearance: cover slides from a file or a URL — add, replace, remove — up to 10,
 * recommended ratio 16:9, optional. Files are checked (type, 5 MB) when picked; URLs must be
 * https (the thumbnail shows them from here). The API downloads a URL on save and answers which
 * slide it could not use: that reason shows here until the slides change.
 */
export function SlidesEditor() {
  const { control, clearErrors } = useFormContext<BusinessFormValues>()
  const { field, fieldState } = useController({ control, name: 'slides' })
  const slides = field.value
  // Issue 41: the server's reason for a slide it could not use (a URL that does not load…);
  // any change to the slides is a new attempt, so the reason goes with it.
  const serverError = fieldState.error?.type === 'server' ? fieldState.error.message : undefined
  const change = (next: SlideValue[]) => {
    if (serverError) clearErrors('slides')
    field.onChange(next)
  }
  const [problems, setProblems] = useState<string[]>([])
  const [url, setUrl] = useState('')
  const [urlError, setUrlError] = useState<string | null>(null)
  const baseId = useId()
  const room = LIMITS.maxSlides - slides.length
  const isFull = room <= 0

  const addFiles = async (files: File[]) => {
    const { fitting, problems } = await fitImageFiles(files, room, BUSINESS_MESSAGES.slidesMax)
    setProblems(problems)
    if (fitting.length === 0) return
    change([
      ...slides,
      ...fitting.map((file) => ({ id: newListKey(), kind: 'file' as const, file })),
    ])
  }

  const addUrl = () => {
    if (isFull) return setUrlError(BUSINESS_MESSAGES.slidesMax)
    const parsed = httpsUrlSchema.safeParse(url)
    if (!parsed.success) return setUrlError(BUSINESS_MESSAGES.urlInvalid)
    setUrlError(null)
    setUrl('')
    change([...slides, { id: newListKey(), kind: 'url' as const, url: parsed.data }])
  }

  const replace = async (index: number, file: File | undefined) => {
    if (!file) return
    const reason = await imageFileProblem(file)
    setProblems(reason ? [`${file.name}: ${reason}`] : [])
    if (reason) return
    change(
      slides.map((slide, i) =>
        i === index ? { id: newListKey(), kind: 'file' as const, file } : slide,
      ),
    )
  }

  const remove = (index: number) => change(slides.filter((_, i) => i !== index))

  return (
    <fieldset className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <legend className="text-sm font-semibold">Imágenes de portada (opcional)</legend>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {slides.length} de {LIMITS.maxSlides}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        Relación recomendada {LAYOUT.slideRatio}. {PRODUCT_MESSAGES.imageHint}
      </p>

      {serverError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {serverError}
        </p>
      )}

      {slides.length > 0 && (
        <ol className="grid gap-3 sm:grid-cols-2">
          {slides.map((slide, index) => (
            <li key={slide.id} className="overflow-hidden rounded-xl border border-border bg-card">
              <div className="relative aspect-video bg-muted">
                <SlideThumbnail slide={slide} index={index} />
                <span className="absolute top-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
                  {index + 1}
                </span>
              </div>
              <div className="flex items-center justify-end gap-2 p-2">
                <ImageFileButton
                  icon={<RefreshCw className="size-4" aria-hidden="true" />}
                  label={`Reemplazar portada ${index + 1}`}
                  onFiles={([file]) => replace(index, file)}
                >
                  Reemplazar
                </ImageFileButton>
                <Button
                  type="button"
                  variant="ghost-destructive"
                  size="sm"
                  onClick={() => remove(index)}
                  aria-label={`Eliminar portada ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                  Eliminar
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}

      <div className="grid gap-3 rounded-xl border border-dashed border-input p-3 sm:grid-cols-[auto_1fr] sm:items-start">
        <ImageFileButton
          icon={<ImagePlus className="size-4" aria-hidden="true" />}
          label="Agregar imágenes de portada"
          multiple
          disabled={isFull}
          onFiles={addFiles}
        >
          Agregar imágenes
        </ImageFileButton>
        <div className="grid gap-1.5">
          <div className="flex gap-2">
            <Input
              id={`${baseId}-url`}
              type="url"
              inputMode="url"
              value={url}
              disabled={isFull}
              placeholder="https://…"
              aria-label="URL de una imagen de portada"
              aria-invalid={urlError ? true : undefined}
              compact
              onChange={(event) => {
                setUrl(event.target.value)
                setUrlError(null)
              }}
              onKeyDown={onEnter(addUrl)}
            />
            <Button type="button" variant="outline" size="sm" onClick={addUrl} disabled={isFull}>
              <Link2 aria-hidden="true" />
              Agregar URL
            </Button>
          </div>
          {urlError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {urlError}
            </p>
          )}
        </div>
      </div>
      {isFull && <p className="text-sm text-muted-foreground">{BUSINESS_MESSAGES.slidesMax}</p>}
      {problems.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm font-medium text-destructive">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </fieldset>
  )
}
