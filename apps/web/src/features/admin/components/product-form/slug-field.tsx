import {
  PRODUCT_SLUG_MAX,
  PRODUCT_SLUG_MESSAGES,
  productSlug,
  storefrontPaths,
} from '@vitrina/contracts'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { FormField } from '../../../../components/form-field'
import { Input } from '../../../../components/ui/input'
import { SwitchRow } from './switch-row'
import type { ProductFormValues } from '../../lib/product-form'

/**
 * Issue 27 §3: the product's address, `/{identifier}/productos/{slug}`. A new product's is made
 * from its name when saved (the preview shows it; a taken one gets '-2'…), unless the owner types
 * one. Editing, a rename keeps it; the owner may type another or ask for one made from the new
 * name ('Actualizar la dirección con el nombre'). The old address keeps leading to the product.
 */
export function SlugField({ identifier, isEdit }: { identifier: string; isEdit: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProductFormValues>()
  const [name, slug, regenerate] = useWatch({
    control,
    name: ['name', 'slug', 'regenerateSlug'],
  })
  const fromName = productSlug(name)
  const prefix = storefrontPaths.product(identifier, '')
  const shown = regenerate || slug.trim() === '' ? fromName : slug.trim()
  const error = errors.slug?.message

  return (
    <div className="grid gap-3 rounded-xl border border-border p-3">
      <FormField
        label={PRODUCT_SLUG_MESSAGES.addressLabel}
        error={error}
        hint={
          <>
            <span className="block break-all">
              <span className="text-muted-foreground">{prefix}</span>
              <span className="font-medium text-foreground" data-testid="direccion-producto">
                {shown}
              </span>
            </span>
            <span className="mt-1 block">
              {isEdit
                ? regenerate
                  ? PRODUCT_SLUG_MESSAGES.regenerateHint
                  : PRODUCT_SLUG_MESSAGES.addressHint
                : PRODUCT_SLUG_MESSAGES.newProductHint}
            </span>
          </>
        }
      >
        <Input
          id="producto-direccion"
          placeholder={fromName}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={PRODUCT_SLUG_MAX + 20}
          disabled={regenerate}
          {...register('slug')}
        />
      </FormField>
      {isEdit && (
        <Controller
          control={control}
          name="regenerateSlug"
          render={({ field }) => (
            <SwitchRow
              id="producto-regenerar-direccion"
              label={PRODUCT_SLUG_MESSAGES.regenerate}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </div>
  )
}
