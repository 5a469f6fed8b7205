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
