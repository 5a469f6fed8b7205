/**
 * Issue 45: the owner chooses specific products for a coupon or a promotion — searched by name
 * (the owner's product list, hidden ones included), marked with checkboxes; the chosen ones
 * stay listed with a «Quitar …» button. Plain controls in a fieldset: keyboard and screen
 * readers need nothing more, and it wraps at 375 px.
 */
import { useQuery } from '@tanstack/react-query'
import { PROMOTION_PAGE_TEXTS as T } from '@vitrina/contracts'
import { X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { getProducts } from '../../../../api/products'
import { Input } from '../../../../components/ui/input'
import { Label } from '../../../../components/ui/label'

export interface ChosenProduct {
  _id: string
  name: string
}

/** The API refuses searches of 1–2 characters. */
const SEARCH_MIN = 3

export function ProductPicker({
  businessId,
  chosen,
  onChange,
  error,
}: {
  businessId: string
  chosen: readonly ChosenProduct[]
  onChange: (chosen: ChosenProduct[]) => void
  error?: string
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300)
    return () => clearTimeout(timer)
  }, [text])
  const enabled = search.length >= SEARCH_MIN
  const results = useQuery({
    queryKey: ['promotions', 'product-picker', businessId, search],
    queryFn: ({ signal }) =>
      getProducts(businessId, { search, status: 'all', pageSize: 8 }, signal),
    enabled,
  })
  const isChosen = (productId: string) => chosen.some((p) => p._id === productId)
  const toggle = (product: ChosenProduct) =>
    onChange(
      isChosen(product._id)
        ? chosen.filter((p) => p._id !== product._id)
        : [...chosen, { _id: product._id, name: product.name }],
    )
  const items = enabled ? (results.data?.items ?? []) : []
  return (
    <fieldset
      className="grid gap-2 sm:col-span-2"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{T.products}</legend>
      <ul aria-label={T.chosenProducts} className="flex flex-wrap gap-2">
        {chosen.length === 0 && (
          <li className="text-sm text-muted-foreground">{T.noChosenProducts}</li>
        )}
        {chosen.map((product) => (
          <li
            key={product._id}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm"
          >
            <span className="truncate">{product.name}</span>
            <button
              type="button"
              onClick={() => toggle(product)}
              aria-label={T.removeProduct(product.name)}
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-search`}>{T.productSearch}</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {T.productSearchHint}
        </p>
      </div>
      {items.length > 0 && (
        <ul
          aria-label={T.productResults}
          className="grid gap-1 rounded-md border border-border p-2"
        >
          {items.map((product) => (
            <li key={product._id}>
              <label className="flex min-h-10 items-center gap-3 rounded px-2 text-sm hover:bg-muted">
                <input
                  type="checkbox"
                  className="size-4 shrink-0"
                  checked={isChosen(product._id)}
                  onChange={() => toggle(product)}
                />
                <span className="min-w-0 break-words">{product.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {enabled && results.isSuccess && items.length === 0 ? T.noProductsFound : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
