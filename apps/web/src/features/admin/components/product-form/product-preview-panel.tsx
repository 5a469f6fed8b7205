import { ADMIN_MESSAGES, currencySymbol, discountedPrice, formatPrice } from '@vitrina/contracts'
import { Circle, CircleAlert, CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import type { FieldError, FieldErrors } from 'react-hook-form'
import { ProductCard } from '../../../../components/storefront/product-card'
import { StorefrontFrame } from '../../../../components/storefront/storefront-frame'
import type { StorefrontColors } from '../../../../components/storefront/theme'
import { useObjectUrl } from '../../hooks/use-object-url'
import {
  fieldProgress,
  previewDiscount,
  previewPrice,
  PRODUCT_FIELD_LABELS,
  REQUIRED_PRODUCT_FIELDS,
} from '../../lib/product-form'
import type { FieldProgress, ProductFormValues } from '../../lib/product-form'

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

const PROGRESS_LOOK: Record<FieldProgress, { icon: ReactNode; status: string }> = {
  done: {
    icon: <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />,
    status: ADMIN_MESSAGES.fieldDone,
  },
  error: {
    icon: <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />,
    status: ADMIN_MESSAGES.fieldHasError,
  },
  pending: {
    icon: <Circle className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />,
    status: ADMIN_MESSAGES.fieldPending,
  },
}

/** The required fields as a checklist, with how many are done (the form's progress). */
function ProgressChecklist({
  values,
  errors,
}: {
  values: ProductFormValues
  errors: FieldErrors<ProductFormValues>
}) {
  const items = REQUIRED_PRODUCT_FIELDS.map((field) => ({
    field,
    progress: fieldProgress(field, values, errors),
  }))
  const done = items.filter((item) => item.progress === 'done').length
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium">{ADMIN_MESSAGES.productProgress(done, items.length)}</p>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
        <div
          className="h-full rounded-full bg-success transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${(done / items.length) * 100}%` }}
        />
      </div>
      <ul className="grid gap-1.5 text-sm" aria-label={ADMIN_MESSAGES.productProgressLabel}>
        {items.map(({ field, progress }) => (
          <li key={field} className="flex items-center gap-2" data-progress={progress}>
            {PROGRESS_LOOK[progress].icon}
            <span className={progress === 'done' ? 'text-muted-foreground' : undefined}>
              {PRODUCT_FIELD_LABELS[field]}
            </span>
            <span className="sr-only">: {PROGRESS_LOOK[progress].status}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * SPEC §2.16: beside the product form, a summary (the storefront card in preview mode), the data
 * entered, the errors and the fields touched so far — as a checklist of the required fields.
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
  // Only a valid price and discount are shown (a negative price never is).
  const price = previewPrice(values.price)
  const discount = previewDiscount(values.discount)
  const currency = values.currency
  const symbol = currencySymbol(currency)
  const errors = errorMessages(formState.errors)

  const data: [string, ReactNode][] = [
    ['Precio', price === null ? '—' : formatPrice(price, symbol)],
    ['Descuento', discount > 0 ? `${discount}%` : '—'],
    ['Precio final', price === null ? '—' : formatPrice(discountedPrice(price, discount), symbol)],
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
                price: price ?? 0,
                discount: price === null ? 0 : discount,
                isOffer: price !== null && discount > 0,
                isNew: values.isNew,
                currency,
                image: imageUrl ? { url: imageUrl } : null,
              }}
            />
          </div>
        </StorefrontFrame>
      </Section>

      <Section title={ADMIN_MESSAGES.productProgressTitle}>
        <ProgressChecklist values={values} errors={formState.errors} />
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
    </div>
  )
}
