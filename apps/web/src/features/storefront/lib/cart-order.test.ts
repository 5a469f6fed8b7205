import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  addToCart,
  cartCount,
  cartLineKey,
  cartLineName,
  cartLineTotal,
  getCartItems,
  removeFromCart,
  setCartQuantity,
  useCartItems,
} from '../../../lib/cart'
import type { CartItem } from '../../../lib/cart'
import { cartAmounts } from './cart-amounts'
import { productInquiryMessage } from './whatsapp-messages'

const pickupOnly = { delivery: { enabled: false, fee: {} } }

const item = (overrides: Partial<CartItem>): CartItem => ({
  businessIdentifier: 'almacen-lucia',
  productId: 'p1',
  name: 'Café de Colombia 250 g',
  price: 420,
  currency: '$',
  quantity: 1,
  ...overrides,
})

describe('cart maths (device cart, one per business)', () => {
  it('adds quantities to an existing line and keeps businesses apart', () => {
    addToCart(item({ quantity: 2 }))
    addToCart(item({ quantity: 3 }))
    addToCart(item({ businessIdentifier: 'otra-tienda', quantity: 5 }))
    expect(getCartItems('almacen-lucia')).toHaveLength(1)
    expect(cartCount('almacen-lucia')).toBe(5)
    expect(cartCount('otra-tienda')).toBe(5)
  })

  it('never stores less than one unit; setting below 1 removes the line', () => {
    addToCart(item({ quantity: 0 }))
    expect(cartCount('almacen-lucia')).toBe(1)
    setCartQuantity('almacen-lucia', 'p1', 4)
    expect(cartCount('almacen-lucia')).toBe(4)
    setCartQuantity('almacen-lucia', 'p1', 0)
    expect(getCartItems('almacen-lucia')).toEqual([])
  })

  it('survives a reload (kept in localStorage) and re-renders its readers', () => {
    const { result } = renderHook(() => useCartItems('almacen-lucia'))
    expect(result.current).toEqual([])
    act(() => addToCart(item({ quantity: 2 })))
    expect(result.current.map((i) => i.quantity)).toEqual([2])
    expect(JSON.parse(localStorage.getItem('vitrina:cart') ?? '[]')).toHaveLength(1)
    act(() => removeFromCart('almacen-lucia', 'p1'))
    expect(result.current).toEqual([])
  })

  it('computes line totals in cents and one total per currency', () => {
    expect(cartLineTotal({ price: 0.1, quantity: 3 })).toBe(0.3)
    expect(cartLineTotal({ price: 468, quantity: 2 })).toBe(936)
    const { totals } = cartAmounts(
      [
        item({ productId: 'a', price: 468, quantity: 2 }),
        item({ productId: 'b', price: 25.5, currency: 'US$', quantity: 2 }),
        item({ productId: 'c', price: 0.1, quantity: 3, currency: undefined }),
      ],
      'pickup',
      pickupOnly,
    )
    expect(totals).toEqual({ UYU: 93630, USD: 5100 })
  })

  it("adds lines saved before issue 25 ('$', 'US$') to the ISO-coded ones", () => {
    const { totals } = cartAmounts(
      [
        item({ productId: 'a', price: 100, currency: '$' }),
        item({ productId: 'b', price: 50, currency: 'UYU' }),
        item({ productId: 'c', price: 10, currency: 'US$' }),
        item({ productId: 'd', price: 5, currency: 'USD' }),
      ],
      'pickup',
      pickupOnly,
    )
    expect(totals).toEqual({ UYU: 15000, USD: 1500 })
  })

  it("adds the delivery fee by the order's rule, waived from the threshold (issue 41 §1)", () => {
    const options = { delivery: { enabled: true, fee: { UYU: 150 }, freeFrom: { UYU: 3000 } } }
    // The cart: $ 648,95 of items, $ 150 of delivery → the saved order's $ 798,95.
    const cart = [item({ price: 648.95 })]
    expect(cartAmounts(cart, 'delivery', options)).toEqual({
      subtotals: { UYU: 64895 },
      deliveryFee: { UYU: 15000 },
      totals: { UYU: 79895 },
      deliveryPending: false,
    })
    expect(cartAmounts(cart, 'pickup', options).totals).toEqual({ UYU: 64895 })
    expect(cartAmounts(cart, '', options).deliveryPending).toBe(true)
    expect(cartAmounts([item({ price: 1500, quantity: 2 })], 'delivery', options).totals).toEqual({
      UYU: 300000,
    })
  })

  it('keeps one line per product and variant, named with the variant', () => {
    addToCart(item({ variantId: 'v-m', variantLabel: 'M' }))
    addToCart(item({ variantId: 'v-l', variantLabel: 'L' }))
    addToCart(item({ variantId: 'v-m', variantLabel: 'M', quantity: 2 }))
    const lines = getCartItems('almacen-lucia')
    expect(lines.map((l) => [cartLineKey(l), l.quantity, cartLineName(l)])).toEqual([
      ['p1:v-m', 3, 'Café de Colombia 250 g (M)'],
      ['p1:v-l', 1, 'Café de Colombia 250 g (L)'],
    ])
    removeFromCart('almacen-lucia', 'p1:v-m')
    expect(getCartItems('almacen-lucia').map(cartLineKey)).toEqual(['p1:v-l'])
  })
})

describe('WhatsApp texts', () => {
  const productUrl = (id: string) => `https://vitrina.uy/almacen-lucia/productos/${id}`

  it("names the product and its link for 'Contactar'", () => {
    const one = productInquiryMessage({
      businessName: 'Almacén Lucía',
      productName: 'Té verde',
      productUrl: productUrl('t1'),
      quantity: 1,
    })
    expect(one).toBe(
      '¡Hola Almacén Lucía! Me interesa el producto "Té verde".\n¿Podrías darme más información?\nhttps://vitrina.uy/almacen-lucia/productos/t1',
    )
    expect(
      productInquiryMessage({
        businessName: 'X',
        productName: 'Té verde',
        productUrl: productUrl('t1'),
        quantity: 3,
      }),
    ).toContain('"Té verde" (3 unidades).')
  })
})
