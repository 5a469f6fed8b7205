/**
 * Favourites (SPEC §1, §2.5, §2.8: "local only"): product references saved on this device and
 * listed on /favoritos. Keyed by business identifier + product id.
 */
import { useCallback } from 'react'
import { createStoredList, useStoredList } from './stored-list'

export const FAVORITES_STORAGE_KEY = 'vitrina:favorites'

export interface FavoriteProduct {
  businessIdentifier: string
  productId: string
  /** Issue 27 §3: the product's address (favourites saved before have none: the id redirects). */
  slug?: string
  name: string
  /** Image URL to show in lists (the product's main image). */
  image?: string | null
  /** Price as shown (after discount). */
  price: number
  currency?: string
}

function isFavoriteProduct(value: unknown): value is FavoriteProduct {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return (
    typeof v.businessIdentifier === 'string' &&
    typeof v.productId === 'string' &&
    typeof v.name === 'string' &&
    typeof v.price === 'number'
  )
}

const favorites = createStoredList(FAVORITES_STORAGE_KEY, isFavoriteProduct)

const sameProduct =
  (a: Pick<FavoriteProduct, 'businessIdentifier' | 'productId'>) => (b: FavoriteProduct) =>
    a.businessIdentifier === b.businessIdentifier && a.productId === b.productId

export function getFavorites(): readonly FavoriteProduct[] {
  return favorites.get()
}

export function isFavorite(businessIdentifier: string, productId: string): boolean {
  return favorites.get().some(sameProduct({ businessIdentifier, productId }))
}

export function addFavorite(product: FavoriteProduct): void {
  if (isFavorite(product.businessIdentifier, product.productId)) return
  favorites.set([product, ...favorites.get()])
}

export function removeFavorite(businessIdentifier: string, productId: string): void {
  const isSame = sameProduct({ businessIdentifier, productId })
  favorites.set(favorites.get().filter((item) => !isSame(item)))
}

/** Adds or removes; returns whether the product is a favourite afterwards. */
export function toggleFavorite(product: FavoriteProduct): boolean {
  if (isFavorite(product.businessIdentifier, product.productId)) {
    removeFavorite(product.businessIdentifier, product.productId)
    return false
  }
  addFavorite(product)
  return true
}

/** Every favourite on this device, newest first; re-renders on change (also from other tabs). */
export function useFavorites(): readonly FavoriteProduct[] {
  return useStoredList(favorites)
}

/** Whether one product is a favourite, and a toggle for it. */
export function useFavorite(product: FavoriteProduct): {
  isFavorite: boolean
  toggle: () => boolean
} {
  const all = useFavorites()
  const { businessIdentifier, productId } = product
  const is = all.some(sameProduct({ businessIdentifier, productId }))
  const toggle = useCallback(() => toggleFavorite(product), [product])
  return { isFavorite: is, toggle }
}
