import {
  BUSINESS_MESSAGES,
  businessCategoryLabel,
  enabledFeatures,
  featuresWithPayments,
  FEATURE_LABELS,
  PLAN_LIST,
} from '@vitrina/contracts'
import { CircleAlert, Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { useController, useFormContext, useWatch } from 'react-hook-form'
import { cn } from '../../../../lib/utils'
import { missingRequiredFields } from '../../lib/business-form'
import type { BusinessFormValues } from '../../lib/business-form'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words">{children || '—'}</dd>
    </div>
  )
}

/**
 * Step 5 — 'Resumen' (SPEC §2.13, §5): what was entered, the required fields still missing, the
 * alert when anything is wrong, and the plan (default from `?plan=`).
 */
export function SummaryStep() {
  const {
    control,
    formState: { errors },
  } = useFormContext<BusinessFormValues>()
  const values = useWatch({ control }) as BusinessFormValues
  const missing = missingRequiredFields(values)
  const hasErrors = missing.length > 0 || Object.keys(errors).length > 0
  const features = enabledFeatures(featuresWithPayments(values.features, values.paymentMethods))
  const { field: plan } = useController({ control, name: 'planType' })

  return (
    <div className="grid gap-6">
      {hasErrors && (
        <div
          role="alert"
          className="grid gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive"
        >
          <p className="flex items-start gap-2 font-semibold">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {BUSINESS_MESSAGES.summaryAlert}
          </p>
          {missing.length > 0 && (
            <div className="pl-6">
              <p>{BUSINESS_MESSAGES.missingRequiredFields}</p>
              <ul className="mt-1 list-disc pl-5">
                {missing.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}

      <section aria-labelledby="resumen-datos">
        <h3 id="resumen-datos" className="mb-1 text-sm font-semibold">
          Datos del negocio
        </h3>
        <dl className="divide-y divide-border rounded-xl border border-border bg-card px-4">
          <Row label="Nombre">{values.name}</Row>
          <Row label="Identificador">{values.identifier && `/${values.identifier}`}</Row>
          <Row label="Categoría">{values.category && businessCategoryLabel(values.category)}</Row>
          <Row label="Descripción">{values.description}</Row>
          <Row label="Teléfono">{values.phone}</Row>
          <Row label="Correo electrónico">{values.email}</Row>
          <Row label="Dirección">{values.address}</Row>
          <Row label="Características">{features.map((key) => FEATURE_LABELS[key]).join(', ')}</Row>
          <Row label="Categorías">{values.categories.map((c) => c.name).join(', ')}</Row>
          <Row label="Portadas">{values.slides.length > 0 ? values.slides.length : ''}</Row>
        </dl>
      </section>

      <fieldset>
        <legend className="mb-3 text-sm font-semibold">
          Elige tu plan{' '}
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLAN_LIST.map((option) => (
            <label
              key={option.type}
              className={cn(
                'grid cursor-pointer gap-2 rounded-2xl border border-border p-4 transition-colors hover:bg-muted has-[:checked]:border-accent has-[:checked]:bg-accent/5 has-[:checked]:ring-1 has-[:checked]:ring-accent has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50',
              )}
            >
              <input
                type="radio"
                name={plan.name}
                value={option.type}
                checked={plan.value === option.type}
                onChange={() => plan.onChange(option.type)}
                className="sr-only"
              />
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold">{option.name}</span>
                <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold">
                  {option.badge}
                </span>
              </span>
              <span className="text-sm text-muted-foreground">
                {option.price.uyu === 0
                  ? 'Gratis'
                  : `$U ${option.price.uyu} o US$ ${option.price.usd} por ${option.period}`}
              </span>
              <span className="grid gap-1 text-sm">
                {option.features.slice(0, 4).map((feature) => (
                  <span key={feature} className="flex items-center gap-1.5">
                    <Check className="size-3.5 text-success" aria-hidden="true" />
                    {feature}
                  </span>
                ))}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
