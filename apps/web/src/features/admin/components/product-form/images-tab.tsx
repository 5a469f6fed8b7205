import { LIMITS, PRODUCT_MESSAGES } from '@vitrina/contracts'
import { ImagePlus, ImageUp, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { Button } from '../../../../components/ui/button'
import { cn } from '../../../../lib/utils'
import { useObjectUrl, useObjectUrls } from '../../hooks/use-object-url'
import { fitImageFiles, partitionImageFiles } from '../../lib/image-file'
import type { ProductFormValues } from '../../lib/product-form'
import { ImageFileButton } from '../image-file-button'

function Problems({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <ul role="alert" className="grid gap-1 text-sm font-medium text-destructive">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
}

/**
 * Tab 'Imágenes' (SPEC §2.16, §5): the main image (required) and up to 10 more, previewed before
 * upload and removable. Files that are not PNG/JPG/WEBP or are over 5 MB are refused here.
 */
export function ImagesTab() {
  const { control } = useFormContext<ProductFormValues>()
  const main = useController({ control, name: 'image' })
  const extra = useController({ control, name: 'images' })
  const [mainProblems, setMainProblems] = useState<string[]>([])
  const [extraProblems, setExtraProblems] = useState<string[]>([])
  const mainUrl = useObjectUrl(main.field.value)
  const images = extra.field.value
  const imageUrls = useObjectUrls(images)
  const room = LIMITS.maxExtraImages - images.length
  const extraError = extra.fieldState.error?.message ?? extra.fieldState.error?.root?.message

  return (
    <div className="grid gap-8">
      <section className="grid gap-3" aria-labelledby="imagen-principal">
        <h3 id="imagen-principal" className="text-sm font-semibold">
          Imagen principal{' '}
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        </h3>
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
          <div
            className={cn(
              'grid aspect-square place-items-center overflow-hidden rounded-2xl border bg-muted',
              main.fieldState.error ? 'border-destructive' : 'border-border',
            )}
          >
            {mainUrl ? (
              <img src={mainUrl} alt="Imagen principal" className="size-full object-cover" />
            ) : (
              <ImageUp className="size-10 text-muted-foreground" aria-hidden="true" />
            )}
          </div>
          <div className="grid gap-2">
            <ImageFileButton
              icon={<ImageUp className="size-4" aria-hidden="true" />}
              label="Imagen principal"
              isInvalid={Boolean(main.fieldState.error)}
              onFiles={async (files) => {
                const { accepted, refused } = await partitionImageFiles(files)
                setMainProblems(refused)
                const [file] = accepted
                if (file) main.field.onChange(file)
              }}
            >
              {main.field.value ? 'Cambiar imagen' : 'Elegir imagen'}
            </ImageFileButton>
            {main.field.value && (
              <Button
                type="button"
                variant="ghost-destructive"
                size="sm"
                className="w-fit"
                onClick={() => main.field.onChange(null)}
              >
                <Trash2 aria-hidden="true" />
                Quitar imagen principal
              </Button>
            )}
            <p className="text-xs text-muted-foreground">{PRODUCT_MESSAGES.imageHint}</p>
            {main.fieldState.error && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {main.fieldState.error.message}
              </p>
            )}
            <Problems messages={mainProblems} />
          </div>
        </div>
      </section>

      <section className="grid gap-3" aria-labelledby="imagenes-adicionales">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id="imagenes-adicionales" className="text-sm font-semibold">
            Imágenes adicionales (opcional)
          </h3>
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {images.length} de {LIMITS.maxExtraImages}
          </span>
        </div>
        {images.length > 0 && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
            {images.map((image, index) => (
              <li
                key={typeof image === 'string' ? image : `${image.name}-${index}`}
                className="relative overflow-hidden rounded-xl border border-border bg-muted"
              >
                {imageUrls[index] && (
                  <img
                    src={imageUrls[index]}
                    alt={`Imagen adicional ${index + 1}`}
                    className="aspect-square size-full object-cover"
                  />
                )}
                <Button
                  type="button"
                  variant="floating"
                  size="icon-sm"
                  className="absolute top-2 right-2"
                  onClick={() => extra.field.onChange(images.filter((_, i) => i !== index))}
                  aria-label={`Quitar imagen adicional ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ImageFileButton
          icon={<ImagePlus className="size-4" aria-hidden="true" />}
          label="Agregar imágenes adicionales"
          multiple
          disabled={room <= 0}
          onFiles={async (files) => {
            const { fitting, problems } = await fitImageFiles(
              files,
              room,
              PRODUCT_MESSAGES.imagesMax,
            )
            setExtraProblems(problems)
            if (fitting.length > 0) extra.field.onChange([...images, ...fitting])
          }}
        >
          Agregar imágenes
        </ImageFileButton>
        <p className="text-xs text-muted-foreground">{PRODUCT_MESSAGES.imageHint}</p>
        {extraError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {extraError}
          </p>
        )}
        <Problems messages={extraProblems} />
      </section>
    </div>
  )
}
