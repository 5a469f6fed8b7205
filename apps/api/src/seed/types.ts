/** The shape of a demo business: what an owner would type in the wizard and the product form. */
import type {
  CreateBusinessInput,
  CurrencyCode,
  ProductOption,
  ProductVariantInput,
  Specification,
} from '@vitrina/contracts'
import type { Motif } from './art.js'

export interface DemoProduct {
  name: string
  description: string
  info?: string
  /** Uruguayan pesos unless `currency` says otherwise. */
  price: number
  discount?: number
  currency?: CurrencyCode
  code?: string
  isFeatured?: boolean
  isNew?: boolean
  tags?: string[]
  specifications?: Specification[]
  category: string
  subCategory?: string
  motif: Motif
  /** How long ago it was added: storefronts list newest first. */
  daysAgo: number
  /** Extra gallery pictures (0–2), drawn in other shades of the business palette. */
  extraImages?: number
  /** Issue 25: options and their variants (imageIndex: 0 the main picture, 1… the extra ones). */
  options?: ProductOption[]
  variants?: ProductVariantInput[]
  trackStock?: boolean
  /** Units of a product without variants (with trackStock). */
  stock?: number
}

export interface DemoBusiness {
  /** Short key: the owner logs in as demo+{key}@vitrina.uy. */
  key: string
  ownerName: string
  /** The wizard's fields (no images: those are drawn from `motif` and `slides`). */
  business: Omit<CreateBusinessInput, 'logo' | 'slides'>
  motif: Motif
  slides: { headline: string; motif: Motif }[]
  products: DemoProduct[]
}
