import {
  CURRENCY_CODES,
  currencySymbol,
  discountedPrice,
  formatPrice,
  LIMITS,
  PRICE_INPUT_MESSAGES,
  PRODUCT_WEIGHT_TEXTS,
  VARIANT_MESSAGES,
} from '@vitrina/contracts'
import type { FocusEvent } from 'react'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { FormField } from '../../../../components/form-field'
import { Input } from '../../../../components/ui/input'
import { SwitchRow } from './switch-row'
import { Textarea } from '../../../../components/ui/textarea'
import { cn } from '../../../../lib/utils'
import { previewDiscount, previewPrice } from '../../lib/product-form'
import { tidyPriceText } from '../../lib/price-text'
import type { ProductFormValues } from '../../lib/product-form'
import { FormSelect } from '../form-select'
import { SlugField } from './slug-field'

/** Tab 'Información Básica' (SPEC §2.16, §5): texts, price, discount with the final price, flags. */
export function BasicTab({ identifier, isEdit }: { identifier: string; isEdit: boolean }) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFormContext<ProductFormValues>()
  const [name, description, price, discount, currency] = useWatch({
    control,
    name: ['name', 'description', 'price', 'discount', 'currency'],
  })
  const length = description.length
  // Only a valid price is shown: a negative or unfinished one leaves the final price blank.
  const validPrice = previewPrice(price)
  const validDiscount = previewDiscount(discount)

  return (
    <div className="grid gap-5">
      {/* Issue 41: the contracts' limit as maxlength, with a counter as the description has. */}
      <FormField
        label="Nombre del producto"
        error={errors.name?.message}
        required
        labelAside={<Counter length={name.length} max={LIMITS.nameMax} />}
      >
        <Input
          id="producto-nombre"
          placeholder="Ej.: Camisa de lino"
          maxLength={LIMITS.nameMax}
          {...register('name')}
        />
      </FormField>

      <SlugField identifier={identifier} isEdit={isEdit} />

      <FormField
        label="Descripción corta"
        error={errors.description?.message}
        required
        labelAside={<Counter length={length} max={LIMITS.shortTextMax} />}
      >
        <Textarea
          id="producto-descripcion"
          rows={3}
          placeholder="Lo que se ve en la tarjeta del producto."
          {...register('description')}
        />
      </FormField>

      <FormField label="Información adicional" error={errors.info?.message} hint="Opcional">
        <Textarea
          id="producto-info"
          rows={5}
          placeholder="Materiales, medidas, cuidados… (se muestra en 'Descripción')"
          {...register('info')}
        />
      </FormField>

      <div className="grid items-start gap-5 sm:grid-cols-[1fr_13rem]">
        <FormField label="Precio" error={errors.price?.message} required>
          {/* Issue 41 §2: text, so a decimal comma is kept (type=number dropped it). */}
          <Input
            id="producto-precio"
            inputMode="decimal"
            autoComplete="off"
            placeholder={PRICE_INPUT_MESSAGES.placeholder}
            {...register('price', {
              onBlur: (event: FocusEvent<HTMLInputElement>) => {
                const tidy = tidyPriceText(event.target.value)
                if (tidy !== event.target.value) setValue('price', tidy, { shouldValidate: true })
              },
            })}
          />
        </FormField>
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <FormField label="Moneda" error={errors.currency?.message}>
              <FormSelect
                id="producto-moneda"
                value={field.value}
                options={CURRENCY_CODES.map((code) => ({
                  value: code,
                  label: VARIANT_MESSAGES.currencyNames[code],
                }))}
                triggerRef={field.ref}
                onBlur={field.onBlur}
                onChange={field.onChange}
              />
            </FormField>
          )}
        />
      </div>

      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField label="Descuento (%)" error={errors.discount?.message} hint="De 0 a 99">
          <Input
            id="producto-descuento"
            type="number"
            inputMode="numeric"
            min={0}
            max={LIMITS.discountMax}
            step={1}
            placeholder="0"
            {...register('discount')}
          />
        </FormField>
        <div className="grid content-start gap-2">
          <span className="text-sm font-medium">Precio final</span>
          <p
            className="flex h-11 items-center gap-2 rounded-lg bg-muted px-3 text-base font-semibold tabular-nums"
            aria-live="polite"
            data-testid="precio-final"
          >
            {validPrice === null ? (
              '—'
            ) : (
              <>
                {formatPrice(discountedPrice(validPrice, validDiscount), currencySymbol(currency))}
                {validDiscount > 0 && (
                  <span className="text-sm font-normal text-muted-foreground line-through">
                    {formatPrice(validPrice, currencySymbol(currency))}
                  </span>
                )}
              </>
            )}
          </p>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Código (SKU)" error={errors.code?.message} hint="Opcional">
          <Input id="producto-codigo" placeholder="Ej.: CAM-001" {...register('code')} />
        </FormField>
        <FormField
          label={PRODUCT_WEIGHT_TEXTS.label}
          error={errors.weightGrams?.message}
          hint={PRODUCT_WEIGHT_TEXTS.hint}
        >
          <Input
            id="producto-peso"
            inputMode="numeric"
            placeholder={PRODUCT_WEIGHT_TEXTS.placeholder}
            {...register('weightGrams')}
          />
        </FormField>
      </div>

      <div className="grid gap-2 sm:grid-cols-2">
        {(
          [
            ['isFeatured', 'Producto destacado'],
            ['isNew', 'Producto nuevo'],
          ] as const
        ).map(([name, label]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <SwitchRow
                id={`producto-${name}`}
                label={label}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                className="rounded-xl border border-border p-3"
              />
            )}
          />
        ))}
        {/* Issue 23/25: a hidden product stays in the owner's list but not on the storefront. */}
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <SwitchRow
              id="producto-status"
              label={VARIANT_MESSAGES.statusLabel}
              checked={field.value !== 'hidden'}
              onCheckedChange={(visible) => field.onChange(visible ? 'active' : 'hidden')}
              onBlur={field.onBlur}
              hint={VARIANT_MESSAGES.statusHint}
              className="grid gap-1 rounded-xl border border-border p-3 sm:col-span-2"
            />
          )}
        />
      </div>
    </div>
  )
}

/** Characters typed of the field's limit, red past it. */
function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span
      className={cn(
        'text-xs tabular-nums',
        length > max ? 'font-semibold text-destructive' : 'text-muted-foreground',
      )}
      aria-live="polite"
    >
      {length}/{max}
    </span>
  )
}
