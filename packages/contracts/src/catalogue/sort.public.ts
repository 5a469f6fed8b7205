import type { ProductOrder } from '../schemas/product-order.js'

/** SPEC §9: product sort options, in display order; clearing the filters resets to 'newest'. */
export const SORT_OPTIONS = [
  { value: 'newest', label: 'Más recientes' },
  { value: 'oldest', label: 'Más antiguos' },
  { value: 'cheapest', label: 'Precio: menor a mayor' },
  { value: 'expensive', label: 'Precio: mayor a menor' },
] as const

export type SortOption = (typeof SORT_OPTIONS)[number]
export type SortValue = SortOption['value']

export const SORT_VALUES = SORT_OPTIONS.map((o) => o.value) as unknown as [
  SortValue,
  ...SortValue[],
]

export const DEFAULT_SORT: SortValue = 'newest'

/**
 * Issue 27 §2: a storefront in the owner's manual order answers the default sort with that order,
 * so its first option is named for it rather than 'Más recientes'.
 */
export const MANUAL_ORDER_SORT_LABEL = 'Recomendados'

/** The sort options as a storefront (or its owner's list) in the given default order offers them. */
export function sortOptionsFor(
  productOrder: ProductOrder | undefined,
): readonly { value: SortValue; label: string }[] {
  return productOrder === 'manual'
    ? SORT_OPTIONS.map((o) =>
        o.value === DEFAULT_SORT ? { ...o, label: MANUAL_ORDER_SORT_LABEL } : o,
      )
    : SORT_OPTIONS
}
