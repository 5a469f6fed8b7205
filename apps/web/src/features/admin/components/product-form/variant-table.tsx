import { LIMITS, VARIANT_MESSAGES, variantLabel } from '@vitrina/contracts'
import type { ProductOption } from '@vitrina/contracts'
import { useId, useState } from 'react'
import type { FieldError } from 'react-hook-form'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'
import { onEnter } from '../../lib/on-enter'
import { tidyPriceText } from '../../lib/price-text'
import type { VariantRow } from '../../lib/product-form'

const T = VARIANT_MESSAGES

const selectClass =
  'h-11 w-full min-w-0 rounded-lg border border-input bg-transparent px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/50 sm:text-sm'

/** The message zod left on a path the form does not render as its own field. */
export function messageOf(node: unknown): string | undefined {
  const message = (node as FieldError | undefined)?.message
  return typeof message === 'string' && message ? message : undefined
}

/** The combinations: price, code, stock and image per row, with 'Aplicar a todas'. */
export function VariantTable({
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
