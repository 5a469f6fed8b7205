import {
  BULK_MESSAGES,
  combinationCount,
  LIMITS,
  VARIANT_MESSAGES,
  variantLabel,
} from '@vitrina/contracts'
import type { ProductOption } from '@vitrina/contracts'
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, arrayMove, horizontalListSortingStrategy } from '@dnd-kit/sortable'
import { ChevronLeft, ChevronRight, GripVertical, Plus, Trash2, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import type { FieldError } from 'react-hook-form'
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
import { Label } from '../../../../components/ui/label'
import { SwitchRow } from './switch-row'
import { onEnter } from '../../lib/on-enter'
import {
  useSortableItem,
  useSortableSensors,
  useSpanishAccessibility,
} from '../dashboard/sortable-products'
import { definedOptions, removedRowCount, syncVariantRows } from '../../lib/product-form'
import { tidyPriceText } from '../../lib/price-text'
import type { ProductFormValues, VariantRow } from '../../lib/product-form'

const T = VARIANT_MESSAGES

const selectClass =
  'h-11 w-full min-w-0 rounded-lg border border-input bg-transparent px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/50 sm:text-sm'

/** The message zod left on a path the form does not render as its own field. */
function messageOf(node: unknown): string | undefined {
  const message = (node as FieldError | undefined)?.message
  return typeof message === 'string' && message ? message : undefined
}

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

/** One option: its name, its values as chips (drag or arrows to reorder), × to remove. */
function OptionEditor({
  index,
  option,
  error,
  onRename,
  onValues,
  onRemove,
}: {
  index: number
  option: ProductOption
  error: string | undefined
  onRename: (name: string) => void
  onValues: (values: string[]) => void
  onRemove: () => void
}) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const [draftError, setDraftError] = useState<string | null>(null)
  const values = option.values
  // Issue 27 §2: one way to drag in the owner's area (dnd-kit: mouse, touch and keyboard).
  const sensors = useSortableSensors()
  const accessibility = useSpanishAccessibility(values, (value) => value)
  const label = option.name || `${T.optionName} ${index + 1}`

  const add = () => {
    const value = draft.trim()
    if (value === '') return setDraftError(T.optionValueRequired)
    if (values.length >= LIMITS.optionValuesMax) return setDraftError(T.optionValuesMax)
    if (values.some((v) => v.toLowerCase() === value.toLowerCase())) {
      return setDraftError(T.optionValueDuplicate)
    }
    setDraftError(null)
    setDraft('')
    onValues([...values, value.slice(0, LIMITS.optionValueMax)])
  }

  const move = (from: number, to: number) => {
    if (to < 0 || to >= values.length || from === to) return
    const next = [...values]
    const [value] = next.splice(from, 1)
    next.splice(to, 0, value!)
    onValues(next)
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    const from = values.indexOf(String(active.id))
    const to = values.indexOf(String(over.id))
    if (from !== -1 && to !== -1) onValues(arrayMove([...values], from, to))
  }

  return (
    <fieldset className="grid gap-3 rounded-xl border border-border p-3 sm:p-4">
      <legend className="sr-only">{label}</legend>
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-2">
          <Label htmlFor={`${id}-nombre`}>{T.optionName}</Label>
          <Input
            id={`${id}-nombre`}
            value={option.name}
            maxLength={LIMITS.optionNameMax}
            placeholder={T.optionNamePlaceholder}
            onChange={(event) => onRename(event.target.value)}
          />
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={onRemove}
          aria-label={T.removeOption(option.name || String(index + 1))}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-valor`}>{T.optionValues}</Label>
        {values.length > 0 && (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={accessibility}
          >
            <SortableContext items={values} strategy={horizontalListSortingStrategy}>
              <ul aria-label={`${T.optionValues} de ${label}`} className="flex flex-wrap gap-2">
                {values.map((value, position) => (
                  <ValueChip
                    key={value}
                    value={value}
                    first={position === 0}
                    last={position === values.length - 1}
                    onLeft={() => move(position, position - 1)}
                    onRight={() => move(position, position + 1)}
                    onRemove={() => onValues(values.filter((_, i) => i !== position))}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        )}
        <div className="flex gap-2">
          <Input
            id={`${id}-valor`}
            value={draft}
            placeholder={T.optionValuePlaceholder}
            aria-invalid={draftError ? true : undefined}
            aria-describedby={draftError ? `${id}-valor-error` : undefined}
            onChange={(event) => {
              setDraft(event.target.value)
              setDraftError(null)
            }}
            onKeyDown={onEnter(add)}
          />
          <Button type="button" variant="outline" onClick={add}>
            <Plus aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{T.addValue}</span>
          </Button>
        </div>
        {(draftError ?? error) && (
          <p id={`${id}-valor-error`} role="alert" className="text-sm font-medium text-destructive">
            {draftError ?? error}
          </p>
        )}
      </div>
    </fieldset>
  )
}

/** The combinations: price, code, stock and image per row, with 'Aplicar a todas'. */
function VariantTable({
  options,
  rows,
  trackStock,
  imageCount,
  basePrice,
  total,
  errors,
  onRows,
}: {
  options: readonly ProductOption[]
  rows: readonly VariantRow[]
  trackStock: boolean
  imageCount: number
  /** The product's price as typed: a blank row price means it (shown as the placeholder). */
  basePrice: string
  total: number
  errors: unknown
  onRows: (rows: VariantRow[]) => void
}) {
  const id = useId()
  const [allPrice, setAllPrice] = useState('')
  const [allStock, setAllStock] = useState('')
  const rowErrors = (errors ?? {}) as Record<number, Record<string, unknown> | undefined>
  const setRow = (index: number, patch: Partial<VariantRow>) =>
    onRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)))

  if (total > LIMITS.variantsMax) {
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {T.combinationsOverMax(total)}
      </p>
    )
  }
  if (rows.length === 0) return null

  return (
    <section aria-labelledby={`${id}-titulo`} className="grid gap-4">
      <h3 id={`${id}-titulo`} className="text-base font-semibold">
        {T.combinationsTitle(rows.length)}
      </h3>
      <p className="text-sm text-muted-foreground">{T.variantPriceHint}</p>
      {messageOf(errors) && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {messageOf(errors)}
        </p>
      )}

      <div className="grid gap-3 rounded-xl bg-muted/50 p-3 sm:grid-cols-2">
        <ApplyToAll
          id={`${id}-precio-todas`}
          label={T.applyPriceToAll}
          value={allPrice}
          onChange={setAllPrice}
          inputMode="decimal"
          onApply={() => {
            const price = tidyPriceText(allPrice.trim())
            setAllPrice(price)
            onRows(rows.map((row) => ({ ...row, price })))
          }}
        />
        {trackStock && (
          <ApplyToAll
            id={`${id}-stock-todas`}
            label={T.applyStockToAll}
            value={allStock}
            onChange={setAllStock}
            inputMode="numeric"
            onApply={() => onRows(rows.map((row) => ({ ...row, stock: allStock.trim() })))}
          />
        )}
      </div>

      <div
        aria-hidden="true"
        className="hidden gap-3 px-3 text-xs font-medium text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_8rem_9rem_6rem_10rem]"
      >
        <span>{T.variantColumn}</span>
        <span title={T.variantPriceHint}>{T.variantPrice}</span>
        <span>{T.variantCode}</span>
        <span>{trackStock ? T.variantStock : ''}</span>
        <span>{T.variantImage}</span>
      </div>
      <ul className="grid gap-3" aria-label={T.variantsTab}>
        {rows.map((row, index) => {
          const label = variantLabel(options, row.options)
          const fieldErrors = rowErrors[index]
          const rowError = messageOf(fieldErrors)
          const priceError = messageOf(fieldErrors?.price)
          const codeError = messageOf(fieldErrors?.code)
          const stockError = messageOf(fieldErrors?.stock)
          const imageError = messageOf(fieldErrors?.imageIndex)
          const prefix = `${id}-${index}`
          return (
            <li key={label} className="rounded-xl border border-border p-3">
              <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_9rem_6rem_10rem] sm:items-start">
                <legend className="sr-only">{label}</legend>
                <p aria-hidden="true" className="self-center font-semibold break-words">
                  {label}
                </p>
                <VariantInput
                  id={`${prefix}-precio`}
                  label={T.variantPrice}
                  rowLabel={label}
                  error={priceError}
                  value={row.price}
                  placeholder={basePrice.trim() || undefined}
                  inputMode="decimal"
                  onChange={(price) => setRow(index, { price })}
                  onBlur={() => {
                    const tidy = tidyPriceText(row.price)
                    if (tidy !== row.price) setRow(index, { price: tidy })
                  }}
                />
                <VariantInput
                  id={`${prefix}-codigo`}
                  label={T.variantCode}
                  rowLabel={label}
                  error={codeError}
                  value={row.code}
                  onChange={(code) => setRow(index, { code })}
                />
                {trackStock ? (
                  <VariantInput
                    id={`${prefix}-stock`}
                    label={T.variantStock}
                    rowLabel={label}
                    error={stockError}
                    value={row.stock}
                    inputMode="numeric"
                    onChange={(stock) => setRow(index, { stock })}
                  />
                ) : (
                  <span className="hidden sm:block" />
                )}
                <div className="grid gap-1">
                  <label htmlFor={`${prefix}-imagen`} className="text-xs font-medium sm:sr-only">
                    {T.variantImage}
                    <span className="sr-only"> de {label}</span>
                  </label>
                  <select
                    id={`${prefix}-imagen`}
                    value={row.imageIndex}
                    onChange={(event) => setRow(index, { imageIndex: event.target.value })}
                    aria-invalid={imageError ? true : undefined}
                    className={selectClass}
                  >
                    <option value="">{T.variantImageNone}</option>
                    {Array.from({ length: imageCount }, (_, n) => (
                      <option key={n} value={String(n)}>
                        {T.variantImageNumber(n)}
                      </option>
                    ))}
                  </select>
                  {imageError && (
                    <p className="text-xs font-medium text-destructive">{imageError}</p>
                  )}
                </div>
              </fieldset>
              {rowError && (
                <p role="alert" className="mt-2 text-sm font-medium text-destructive">
                  {rowError}
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function VariantInput({
  id,
  label,
  rowLabel,
  error,
  value,
  placeholder,
  inputMode,
  onChange,
  onBlur,
}: {
  id: string
  label: string
  rowLabel: string
  error: string | undefined
  value: string
  placeholder?: string
  inputMode?: 'decimal' | 'numeric'
  onChange: (value: string) => void
  onBlur?: () => void
}) {
  return (
    <div className="grid gap-1">
      {/* On a phone each row shows its labels; on wider screens the row reads as a table line. */}
      <label htmlFor={id} className="text-xs font-medium sm:sr-only">
        {label}
        <span className="sr-only"> de {rowLabel}</span>
      </label>
      <Input
        id={id}
        value={value}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

function ApplyToAll({
  id,
  label,
  value,
  inputMode,
  onChange,
  onApply,
}: {
  id: string
  label: string
  value: string
  inputMode: 'decimal' | 'numeric'
  onChange: (value: string) => void
  onApply: () => void
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onEnter(onApply)}
        />
        <Button
          type="button"
          variant="outline"
          onClick={onApply}
          aria-label={`${T.applyToAll}: ${label}`}
        >
          {T.applyToAll}
        </Button>
      </div>
    </div>
  )
}

/** One value of an option: a drag handle, ← and → to move it, × to remove it. */
function ValueChip({
  value,
  first,
  last,
  onLeft,
  onRight,
  onRemove,
}: {
  value: string
  first: boolean
  last: boolean
  onLeft: () => void
  onRight: () => void
  onRemove: () => void
}) {
  const { itemProps, handleProps, isDragging } = useSortableItem(value, 'valor ordenable')
  return (
    <li
      {...itemProps}
      className="flex items-center gap-0.5 rounded-full border border-border bg-muted py-0.5 pr-1 pl-1 text-sm font-medium data-[dragging=true]:relative data-[dragging=true]:z-10 data-[dragging=true]:opacity-70"
      data-dragging={isDragging}
    >
      <button
        type="button"
        {...handleProps}
        aria-label={BULK_MESSAGES.dragHandle(value)}
        className="grid size-6 cursor-grab touch-none place-items-center rounded-full text-muted-foreground outline-none hover:bg-background focus-visible:ring-3 focus-visible:ring-ring/50 active:cursor-grabbing"
      >
        <GripVertical className="size-3.5" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={onLeft}
        disabled={first}
        aria-label={T.moveValueLeft(value)}
        className="grid size-6 place-items-center rounded-full text-muted-foreground hover:bg-background disabled:opacity-30"
      >
        <ChevronLeft className="size-3.5" aria-hidden="true" />
      </button>
      <span className="px-1">{value}</span>
      <button
        type="button"
        onClick={onRight}
        disabled={last}
        aria-label={T.moveValueRight(value)}
        className="grid size-6 place-items-center rounded-full text-muted-foreground hover:bg-background disabled:opacity-30"
      >
        <ChevronRight className="size-3.5" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={onRemove}
        aria-label={T.removeValue(value)}
        className="grid size-6 place-items-center rounded-full text-muted-foreground hover:bg-background hover:text-destructive"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  )
}
