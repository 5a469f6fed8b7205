import {
  FEATURE_KEYS,
  FEATURE_LABELS,
  isPaymentFeature,
  PAYMENT_FEATURES_NOTE,
} from '@vitrina/contracts'
import { Controller, useFormContext } from 'react-hook-form'
import { Label } from '../../../../components/ui/label'
import { Switch } from '../../../../components/ui/switch'
import type { BusinessFormValues } from '../../lib/business-form'
import { CategoriesEditor } from './categories-editor'

/**
 * Step 4 — 'Características': the feature switches and the product categories (SPEC §2.13). The
 * payment features follow step 2's payment methods (issue 41: one source), so they are not
 * switches here.
 */
export function FeaturesStep() {
  const { control } = useFormContext<BusinessFormValues>()
  return (
    <div className="grid gap-8">
      <fieldset>
        <legend className="mb-3 text-sm font-semibold">Características del negocio</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {FEATURE_KEYS.filter((key) => !isPaymentFeature(key)).map((key) => (
            <li key={key}>
              <Controller
                control={control}
                name={`features.${key}`}
                render={({ field }) => (
                  <div className="flex items-center justify-between gap-3 rounded-xl border border-border p-3">
                    <Label htmlFor={`caracteristica-${key}`} className="cursor-pointer">
                      {FEATURE_LABELS[key]}
                    </Label>
                    <Switch
                      id={`caracteristica-${key}`}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  </div>
                )}
              />
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted-foreground">{PAYMENT_FEATURES_NOTE}</p>
      </fieldset>
      <CategoriesEditor />
    </div>
  )
}
