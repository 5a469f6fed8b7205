import { discountedPrice, formatPrice } from '@vitrina/contracts'
import { CircleAlert, CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import type { FieldError, FieldErrors } from 'react-hook-form'
import { ProductCard } from '../../../../components/storefront/product-card'
import { StorefrontFrame } from '../../../../components/storefront/storefront-frame'
import type { StorefrontColors } from '../../../../components/storefront/theme'
import { useObjectUrl } from '../../hooks/use-object-url'
import { PRODUCT_FIELD_LABELS } from '../../lib/product-form'
import type { ProductFormValues } from '../../lib/product-form'

const toNumber = (text: string) => (Number.isFinite(Number(text)) ? Number(text) : 0)

/** Every message in an errors tree (arrays and nested objects included), with its field. */
function errorMessages(errors: FieldErrors<ProductFormValues>): [string, string][] {
  const found: [string, string][] = []
  const walk = (node: unknown, field: keyof ProductFormValues) => {
    if (!node || typeof node !== 'object') return
    const message = (node as FieldError).message
    if (typeof message === 'string' && message) {
      found.push([PRODUCT_FIELD_LABELS[field], message])
      return
    }
    for (const child of Object.values(node)) walk(child, field)
  }
  for (const [field, node] of Object.entries(errors)) walk(node, field as keyof ProductFormValues)
  return found
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  )
}

/**
 * SPEC §2.16: beside the product form, a summary (the storefront card in preview mode), the data
 * entered, the errors and the fields touched so far.
 */
export function ProductPreviewPanel({
  identifier,
  colors,
}: {
  identifier: string
  colors: StorefrontColors
}) {
  const { control, formState } = useFormContext<ProductFormValues>()
  const values = useWatch({ control }) as ProductFormValues
  const imageUrl = useObjectUrl(values.image)
  const price = toNumber(values.price)
  const discount = toNumber(values.discount)
  const errors = errorMessages(formState.errors)
  const touched = Object.keys(formState.touchedFields) as (keyof ProductFormValues)[]

  const data: [string, ReactNode][] = [
    ['Precio', formatPrice(price, values.currency || '$')],
    ['Descuento', discount > 0 ? `${discount}%` : '—'],
    ['Precio final', formatPrice(discountedPrice(price, discount), values.currency || '$')],
    ['Código', values.code || '—'],
    ['Categoría', [values.category, values.subCategory].filter(Boolean).join(' › ') || '—'],
    ['Imágenes', `${values.image ? 1 : 0} + ${values.images.length}`],
    ['Etiquetas', values.tags.join(', ') || '—'],
    ['Especificaciones', values.specifications.length || '—'],
  ]

  return (
    <div className="grid gap-6 rounded-2xl border border-border bg-card p-4 shadow-sm">
      <Section title="Resumen">
        <StorefrontFrame colors={colors} transparent className="rounded-xl">
          <div inert className="mx-auto max-w-64">
            <ProductCard
              identifier={identifier}
              isPreview
              headingLevel="h3"
              sizes="256px"
              product={{
                name: values.name.trim() || 'Nombre del producto',
                price,
                discount,
                isOffer: discount > 0,
                isNew: values.isNew,
                currency: values.currency || '$',
                image: imageUrl ? { url: imageUrl } : null,
              }}
            />
          </div>
        </StorefrontFrame>
      </Section>

      <Section title="Datos">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {data.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 truncate text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title="Errores">
        {errors.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-success">
            <CircleCheck className="size-4" aria-hidden="true" />
            Sin errores
          </p>
        ) : (
          <ul className="grid gap-1.5 text-sm text-destructive" aria-label="Errores del formulario">
            {errors.map(([field, message]) => (
              <li key={`${field}-${message}`} className="flex items-start gap-2">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  <span className="font-semibold">{field}:</span> {message}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Campos revisados">
        <p className="text-sm text-muted-foreground">
          {touched.length === 0
            ? 'Todavía ninguno'
            : touched.map((field) => PRODUCT_FIELD_LABELS[field]).join(', ')}
        </p>
      </Section>
    </div>
  )
}
