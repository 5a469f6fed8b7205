import { combinationCount, LIMITS, VARIANT_MESSAGES } from '@vitrina/contracts'
import type { ProductOption } from '@vitrina/contracts'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { FormField } from '../../../../components/form-field'
import { Button } from '../../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog'
import { Input } from '../../../../components/ui/input'
import { SwitchRow } from './switch-row'
import { definedOptions, removedRowCount, syncVariantRows } from '../../lib/product-form'
import type { ProductFormValues } from '../../lib/product-form'
import { OptionEditor } from './option-editor'
import { messageOf, VariantTable } from './variant-table'

const T = VARIANT_MESSAGES

/**
 * Tab 'Variantes' (issue 25): up to 3 options with their values as chips (Enter adds; drag, or
 * the arrow buttons, reorder; × removes), the grid of combinations generated from them, a table
 * editing each combination's price, code, stock and image with 'Aplicar a todas', and 'Controlar
 * stock'. Removing a value (or an option) that removes combinations asks first.
 */
export function VariantsTab() {
  const { control, getValues, setValue, formState } = useFormContext<ProductFormValues>()
  const [options, rows, trackStock, image, images, basePrice] = useWatch({
    control,
    name: ['options', 'variants', 'trackStock', 'image', 'images', 'price'],
  })
  const [pending, setPending] = useState<{ options: ProductOption[]; count: number } | null>(null)
  const errors = formState.errors
  const imageCount = (image ? 1 : 0) + images.length

  /** Writes the options and the rows they make (keeping what each combination held). */
  const commit = (next: ProductOption[]) => {
    setValue('options', next, { shouldDirty: true })
    setValue('variants', syncVariantRows(next, getValues('variants')), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    })
  }

  /** Asks before a change that drops combinations the owner may have filled in. */
  const change = (next: ProductOption[]) => {
    const count = removedRowCount(next, getValues('variants'))
    if (count > 0 && getValues('variants').length > 0) setPending({ options: next, count })
    else commit(next)
  }

  const updateOption = (index: number, option: ProductOption) =>
    options.map((o, i) => (i === index ? option : o))

  const renameOption = (index: number, name: string) => {
    const previous = options[index]!.name
    // The rows follow the rename, so no combination is lost.
    const renamed = getValues('variants').map((row) => {
      if (!(previous in row.options)) return row
      const { [previous]: value, ...rest } = row.options
      return { ...row, options: { ...rest, [name]: value! } }
    })
    setValue('variants', renamed)
    commit(updateOption(index, { ...options[index]!, name }))
  }

  const combinationTotal = combinationCount(definedOptions(options))

  return (
    <div className="grid gap-8">
      <p className="text-sm text-muted-foreground">{T.variantsIntro}</p>

      <section aria-label="Opciones" className="grid gap-4">
        {options.map((option, index) => (
          <OptionEditor
            key={index}
            index={index}
            option={option}
            error={
              messageOf((errors.options as unknown as unknown[] | undefined)?.[index]) ??
              messageOf(
                (
                  errors.options as unknown as Record<number, Record<string, unknown>> | undefined
                )?.[index]?.name,
              ) ??
              messageOf(
                (
                  errors.options as unknown as Record<number, Record<string, unknown>> | undefined
                )?.[index]?.values,
              )
            }
            onRename={(name) => renameOption(index, name)}
            onValues={(values) => change(updateOption(index, { ...option, values }))}
            onRemove={() => change(options.filter((_, i) => i !== index))}
          />
        ))}
        {messageOf(errors.options) && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {messageOf(errors.options)}
          </p>
        )}
        {options.length < LIMITS.productOptionsMax && (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => commit([...options, { name: '', values: [] }])}
          >
            <Plus aria-hidden="true" />
            {T.addOption}
          </Button>
        )}
      </section>

      <Controller
        control={control}
        name="trackStock"
        render={({ field }) => (
          <SwitchRow
            id="producto-trackStock"
            label={T.trackStock}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            hint={T.trackStockHint}
            className="grid gap-1 rounded-xl border border-border p-3"
          />
        )}
      />

      {trackStock && options.length === 0 && (
        <Controller
          control={control}
          name="stock"
          render={({ field, fieldState }) => (
            <FormField label={T.productStock} error={fieldState.error?.message}>
              <Input
                id="producto-stock"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className="max-w-40"
                {...field}
              />
            </FormField>
          )}
        />
      )}

      {options.length > 0 && (
        <VariantTable
          options={definedOptions(options)}
          rows={rows}
          trackStock={trackStock}
          imageCount={imageCount}
          basePrice={basePrice}
          total={combinationTotal}
          errors={errors.variants}
          onRows={(next) => setValue('variants', next, { shouldDirty: true })}
        />
      )}

      <Dialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <DialogContent showCloseButton={false}>
          <DialogHeader>
            <DialogTitle>{T.confirm}</DialogTitle>
            <DialogDescription>{pending && T.removeValuesConfirm(pending.count)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setPending(null)}>
              {T.cancel}
            </Button>
            <Button
              type="button"
              variant="destructive"
              onClick={() => {
                if (pending) commit(pending.options)
                setPending(null)
              }}
            >
              {T.confirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  )
}
