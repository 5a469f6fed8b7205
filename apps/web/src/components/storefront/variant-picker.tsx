/**
 * Issue 25: choosing a variant on the product page and in the quick view. One control per option
 * — buttons for a few values, a native select for many (no extra library on the storefront) —
 * with the values that cannot lead to an available combination shown but disabled. The choice
 * decides the price, the image and the availability; 'Añadir al carrito' needs a complete one.
 */
import {
  findVariant,
  isCompleteChoice,
  isValueAvailable,
  SHOPPER_VARIANT_TEXTS,
  variantLabel,
} from '@vitrina/contracts'
import type { Product, ProductOption, ProductVariant, VariantChoice } from '@vitrina/contracts'
import { useId, useState } from 'react'
import { cn } from '../../lib/utils'
import { PriceDisplay } from './price-display'

/** Up to this many values an option shows as buttons; more, as a select. */
export const PICKER_BUTTONS_MAX = 6

export type PickableProduct = Pick<
  Product,
  'price' | 'discount' | 'options' | 'variants' | 'available' | 'lowStock'
>

export interface VariantChoiceState {
  choice: VariantChoice
  choose: (optionName: string, value: string) => void
  /** The variant of a complete choice (undefined while incomplete or without options). */
  variant: ProductVariant | undefined
  hasOptions: boolean
  isComplete: boolean
  /** '' while incomplete; 'M / Azul' once complete. */
  label: string
  /** What the page shows: the variant's, or the product's while nothing is chosen. */
  available: boolean
  lowStock: number | null
  /** Unit price before the discount: the variant's, or the product's. */
  price: number
  canAddToCart: boolean
}

/** The picker's state: an option with one value starts chosen (nothing to choose there). */
export function useVariantChoice(product: Partial<PickableProduct> & { price: number }) {
  const options = product.options ?? []
  const variants = product.variants ?? []
  const [choice, setChoice] = useState<VariantChoice>(() =>
    Object.fromEntries(
      options.filter((o) => o.values.length === 1).map((o) => [o.name, o.values[0]!]),
    ),
  )
  const hasOptions = options.length > 0 && variants.length > 0
  const isComplete = hasOptions && isCompleteChoice(options, choice)
  const variant = isComplete ? findVariant(options, variants, choice) : undefined
  const available = hasOptions
    ? isComplete
      ? variant?.available === true
      : product.available !== false
    : product.available !== false
  const state: VariantChoiceState = {
    choice,
    choose: (name, value) => setChoice((current) => ({ ...current, [name]: value })),
    variant,
    hasOptions,
    isComplete,
    label: isComplete ? variantLabel(options, choice) : '',
    available,
    lowStock: variant ? variant.lowStock : (product.lowStock ?? null),
    price: variant ? variant.price : product.price,
    canAddToCart: available && (!hasOptions || variant !== undefined),
  }
  return state
}

/** What each option's control (buttons or a select) needs. */
interface OptionControlProps {
  option: ProductOption
  state: VariantChoiceState
  variants: readonly ProductVariant[]
}

function OptionButtons({ option, state, variants }: OptionControlProps) {
  const labelId = useId()
  const chosen = state.choice[option.name]
  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-2">
      <p id={labelId} className="text-sm font-medium">
        {option.name}
        {chosen && <span className="font-normal text-muted-foreground">: {chosen}</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        {option.values.map((value) => {
          const isAvailable = isValueAvailable(variants, state.choice, option.name, value)
          const isChosen = chosen === value
          return (
            <button
              key={value}
              type="button"
              aria-pressed={isChosen}
              disabled={!isAvailable}
              onClick={() => state.choose(option.name, value)}
              className={cn(
                'inline-flex min-h-10 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50',
                isChosen
                  ? 'border-(--store-primary) bg-(--store-primary) text-(--store-on-primary)'
                  : isAvailable
                    ? 'border-border bg-card hover:bg-muted'
                    : 'cursor-not-allowed border-dashed border-border bg-card text-muted-foreground line-through opacity-60',
              )}
            >
              {value}
              {!isAvailable && <span className="sr-only"> ({SHOPPER_VARIANT_TEXTS.soldOut})</span>}
            </button>
          )
        })}
      </div>
    </div>
  )
}

function OptionSelect({ option, state, variants }: OptionControlProps) {
  const id = useId()
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {option.name}
      </label>
      <select
        id={id}
        value={state.choice[option.name] ?? ''}
        onChange={(event) => state.choose(option.name, event.target.value)}
        className="h-11 w-full rounded-lg border border-border bg-card px-3 text-base outline-none focus-visible:ring-3 focus-visible:ring-ring/50 sm:max-w-xs"
      >
        <option value="" disabled>
          {SHOPPER_VARIANT_TEXTS.chooseOption(option.name)}
        </option>
        {option.values.map((value) => {
          const isAvailable = isValueAvailable(variants, state.choice, option.name, value)
          return (
            <option key={value} value={value} disabled={!isAvailable}>
              {isAvailable ? value : `${value} (${SHOPPER_VARIANT_TEXTS.soldOut})`}
            </option>
          )
        })}
      </select>
    </div>
  )
}

/** One control per option, in the owner's order. */
export function VariantPicker({
  product,
  state,
}: {
  product: Partial<PickableProduct>
  state: VariantChoiceState
}) {
  const options = product.options ?? []
  const variants = product.variants ?? []
  if (!state.hasOptions) return null
  return (
    <div className="grid gap-4">
      {options.map((option) =>
        option.values.length <= PICKER_BUTTONS_MAX ? (
          <OptionButtons key={option.name} option={option} state={state} variants={variants} />
        ) : (
          <OptionSelect key={option.name} option={option} state={state} variants={variants} />
        ),
      )}
    </div>
  )
}

/** 'Agotado', 'Quedan 3', 'Esta combinación no está disponible', or the hint to choose. */
export function AvailabilityNote({ state, id }: { state: VariantChoiceState; id?: string }) {
  let text: string | null = null
  let tone: 'muted' | 'warning' | 'danger' = 'muted'
  if (state.isComplete && !state.variant) {
    text = SHOPPER_VARIANT_TEXTS.unavailableCombination
    tone = 'danger'
  } else if (!state.available) {
    text = SHOPPER_VARIANT_TEXTS.soldOut
    tone = 'danger'
  } else if (state.hasOptions && !state.isComplete) {
    text = SHOPPER_VARIANT_TEXTS.chooseOptions
  } else if (state.lowStock !== null) {
    text = SHOPPER_VARIANT_TEXTS.lowStock(state.lowStock)
    tone = 'warning'
  }
  return (
    <p
      id={id}
      aria-live="polite"
      data-testid="disponibilidad"
      className={cn(
        'min-h-5 text-sm font-medium',
        tone === 'muted' && 'text-muted-foreground',
        tone === 'warning' && 'text-amber-700 dark:text-amber-400',
        tone === 'danger' && 'text-destructive',
      )}
    >
      {text}
    </p>
  )
}

/**
 * The product page's and the quick view's price: 'desde' the cheapest variant's while a product
 * with options has no complete choice, then the chosen variant's (or the product's) with the
 * product's discount.
 */
export function PickedPrice({
  product,
  state,
}: {
  product: { priceFrom?: number | null; discount?: number; currency?: string }
  state: VariantChoiceState
}) {
  return state.hasOptions &&
    !state.variant &&
    product.priceFrom !== null &&
    product.priceFrom !== undefined ? (
    <PriceDisplay price={product.priceFrom} currency={product.currency} size="detail" isFrom />
  ) : (
    <PriceDisplay
      price={state.price}
      discount={product.discount}
      currency={product.currency}
      size="detail"
    />
  )
}
