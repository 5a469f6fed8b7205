/**
 * Issue 45: the cart's coupon field — the promotions the server's quote applies are listed, a
 * code that does not apply shows the server's Spanish reason, an applied code can be removed, and
 * the summary prices with the quote (orderAmounts); axe.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PROMOTION_MESSAGES as M, type PromotionQuote } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { installFakeApi } from '../../../test/fake-api'
import { renderWithProviders } from '../../../test/render'
import { resetCartPromotions } from '../lib/cart-promotions'
import { CartCoupon } from './cart-coupon'
import { CartSummary } from './cart-summary'

vi.setConfig({ testTimeout: 30_000 })

const BUSINESS_ID = '5d1e2d3f-4a5b-4c6d-8e7f-000000000005'
const PRODUCT_ID = '9c1e2d3f-4a5b-4c6d-8e7f-000000000001'
const items = [
  {
    businessIdentifier: 'tienda',
    productId: PRODUCT_ID,
    name: 'Remera',
    price: 500,
    currency: 'UYU',
    quantity: 3,
  },
]
const business = {
  deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
} as never

const promotion = {
  source: 'promotion' as const,
  label: 'Promoción 3x2',
  productId: PRODUCT_ID,
  currency: 'UYU' as const,
  amount: 500,
}

beforeEach(() => resetCartPromotions())
afterEach(() => vi.restoreAllMocks())

describe('the cart’s coupon', () => {
  it('lists the promotions, refuses a code with the server’s reason, applies and removes one', async () => {
    const ui = userEvent.setup({ delay: null })
    const api = installFakeApi({
      [`POST /api/businesses/${BUSINESS_ID}/promotions/quote`]: (call) => {
        const { coupon } = call.body as { coupon?: string }
        const body: PromotionQuote =
          coupon?.toUpperCase() === 'VIEJO'
            ? {
                discounts: [promotion],
                couponRefusal: 'El cupón venció el 30/11',
                freeDelivery: false,
              }
            : coupon
              ? {
                  discounts: [
                    promotion,
                    { source: 'coupon', label: 'Cupón HOLA', currency: 'UYU', amount: 100 },
                  ],
                  coupon: 'HOLA',
                  freeDelivery: false,
                }
              : { discounts: [promotion], freeDelivery: false }
        return { body }
      },
    })
    renderWithProviders(
      <div>
        <CartCoupon businessId={BUSINESS_ID} items={items} />
        <CartSummary items={items} business={business} step="cart" deliveryMethod="" />
      </div>,
    )
    const applied = await screen.findByRole('list', { name: 'Promociones aplicadas' })
    expect(within(applied).getByText('Promoción 3x2')).toBeVisible()
    const summary = screen.getByRole('region', { name: 'Resumen del pedido' })
    expect(await within(summary).findByText('$ 1.000,00')).toBeVisible()
    expect(await axeViolations()).toEqual([])

    const field = screen.getByRole('textbox', { name: M.couponField })
    await ui.click(screen.getByRole('button', { name: M.couponApply }))
    expect(await screen.findByText(M.couponUnknown)).toBeVisible()
    await ui.type(field, 'viejo')
    await ui.click(screen.getByRole('button', { name: M.couponApply }))
    expect(await screen.findByText('El cupón venció el 30/11')).toBeVisible()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolations()).toEqual([])

    await ui.clear(field)
    await ui.type(field, 'hola')
    await ui.click(screen.getByRole('button', { name: M.couponApply }))
    expect(await screen.findByText(M.couponApplied('HOLA'))).toBeVisible()
    expect(within(summary).getByText('Cupón HOLA')).toBeVisible()
    expect(within(summary).getByText('$ 900,00')).toBeVisible()
    expect(
      api.callsTo(`POST /api/businesses/${BUSINESS_ID}/promotions/quote`).at(-1)?.body,
    ).toEqual({ items: [{ productId: PRODUCT_ID, quantity: 3 }], coupon: 'hola' })
    await ui.click(screen.getByRole('button', { name: M.couponRemove }))
    expect(await screen.findByRole('textbox', { name: M.couponField })).toBeVisible()
    expect(await within(summary).findByText('$ 1.000,00')).toBeVisible()
  })
})
