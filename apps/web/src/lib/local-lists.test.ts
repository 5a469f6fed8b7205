import { act, renderHook } from '@testing-library/react'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  addToCart,
  cartCount,
  clearCart,
  getCartItems,
  setCartQuantity,
  useCartCount,
} from './cart'
import {
  FAVORITES_STORAGE_KEY,
  getFavorites,
  isFavorite,
  removeFavorite,
  toggleFavorite,
  useFavorites,
} from './favorites'
import { hydrate, serverMarkup } from '../test/render'

const mate = {
  businessIdentifier: 'mates',
  productId: 'p1',
  name: 'Mate',
  image: '/media/m.webp',
  price: 450,
}
const bombilla = { businessIdentifier: 'mates', productId: 'p2', name: 'Bombilla', price: 120 }

describe('favourites on this device', () => {
  it('toggles a product reference and keeps it in storage, newest first', () => {
    expect(toggleFavorite(mate)).toBe(true)
    expect(toggleFavorite(bombilla)).toBe(true)
    expect(getFavorites().map((f) => f.productId)).toEqual(['p2', 'p1'])
    expect(JSON.parse(localStorage.getItem(FAVORITES_STORAGE_KEY) ?? '[]')).toHaveLength(2)
    expect(toggleFavorite(mate)).toBe(false)
    expect(isFavorite('mates', 'p1')).toBe(false)
    expect(isFavorite('mates', 'p2')).toBe(true)
  })

  it('the same product id in another business is a different favourite', () => {
    toggleFavorite(mate)
    toggleFavorite({ ...mate, businessIdentifier: 'otra' })
    removeFavorite('mates', 'p1')
    expect(getFavorites()).toEqual([{ ...mate, businessIdentifier: 'otra' }])
  })

  it('drops malformed stored entries and survives corrupt JSON', () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify([mate, { productId: 3 }, 'x']))
    expect(getFavorites()).toEqual([mate])
    localStorage.setItem(FAVORITES_STORAGE_KEY, '{oops')
    expect(getFavorites()).toEqual([])
  })

  it('a server-rendered page with nothing stored hydrates without rendering the list again', async () => {
    let renders = 0
    function Favourites() {
      renders += 1
      return createElement('p', null, `${useFavorites().length} favoritos`)
    }
    const container = serverMarkup(renderToString(createElement(Favourites)))
    renders = 0
    await hydrate(container, createElement(Favourites))
    // The hydration's render only: nothing stored reads as the server's own empty list.
    expect(renders).toBe(1)
    expect(container.textContent).toBe('0 favoritos')
  })

  it('re-renders subscribers on change', () => {
    const { result } = renderHook(() => useFavorites())
    expect(result.current).toEqual([])
    act(() => void toggleFavorite(mate))
    expect(result.current).toEqual([mate])
  })
})

describe('cart on this device', () => {
  it('adds quantities per business and product, minimum 1', () => {
    addToCart({ ...mate, quantity: 2 })
    addToCart({ ...mate, quantity: 0 })
    addToCart({ ...bombilla, quantity: 1 })
    addToCart({ ...mate, businessIdentifier: 'otra', quantity: 5 })
    expect(cartCount('mates')).toBe(4)
    expect(getCartItems('mates').find((i) => i.productId === 'p1')?.quantity).toBe(3)
    setCartQuantity('mates', 'p2', 0)
    expect(cartCount('mates')).toBe(3)
    clearCart('mates')
    expect(cartCount('mates')).toBe(0)
    expect(cartCount('otra')).toBe(5)
  })

  it('useCartCount follows changes', () => {
    const { result } = renderHook(() => useCartCount('mates'))
    expect(result.current).toBe(0)
    act(() => addToCart({ ...mate, quantity: 2 }))
    expect(result.current).toBe(2)
  })
})
