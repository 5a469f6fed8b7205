import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHECKOUT_TEXTS } from '@vitrina/contracts'
import { renderApp } from '../../../test/render'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { addToCart } from '../../../lib/cart'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 20_000 })

const product = makeProduct({ name: 'Cafetera italiana' })
const withWhatsapp = makeBusiness({ whatsapp: '+59891222333', phone: '2901 1234' })

const findFloatingButton = () => screen.findByRole('link', { name: /por WhatsApp \(se abre/ })

afterEach(() => window.localStorage.clear())

describe("WhatsApp goes to the business's WhatsApp number, else its phone (issue 24 §1)", () => {
  it('the floating button uses the WhatsApp number, not the landline', async () => {
    installStorefrontApi({ business: withWhatsapp, products: [product] })
    renderApp('/almacen-lucia')
    expect(await findFloatingButton()).toHaveAttribute('href', 'https://wa.me/59891222333')
  })

  it('on a product page, Contactar uses the WhatsApp number (no floating button over the page)', async () => {
    installStorefrontApi({ business: withWhatsapp, products: [product] })
    renderApp(`/almacen-lucia/productos/${product.slug}`)
    await screen.findByRole('heading', { level: 1, name: product.name })
    expect(screen.queryByRole('link', { name: /por WhatsApp \(se abre/ })).toBeNull()
    const contactar = screen.getByRole('link', { name: 'Contactar' })
    expect(contactar.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/59891222333\?text=/)
  })

  it('falls back to the phone as before', async () => {
    installStorefrontApi({ business: makeBusiness({ whatsapp: null }), products: [product] })
    renderApp('/almacen-lucia')
    expect(await findFloatingButton()).toHaveAttribute('href', 'https://wa.me/59899123456')
  })

  it('without either, the cart says it cannot take orders by WhatsApp', async () => {
    addToCart({
      businessIdentifier: 'almacen-lucia',
      productId: product._id,
      name: product.name,
      price: product.price,
      quantity: 1,
    })
    installStorefrontApi({ business: makeBusiness({ whatsapp: null, phone: '' }) })
    renderApp('/almacen-lucia')
    await userEvent.click(await screen.findByRole('button', { name: /^Carrito/ }))
    const drawer = await screen.findByRole('dialog', { name: 'Tu carrito' })
    expect(within(drawer).getByText(CHECKOUT_TEXTS.noWhatsapp)).toBeInTheDocument()
    expect(within(drawer).queryByRole('button', { name: CHECKOUT_TEXTS.start })).toBeNull()
    expect(screen.queryByRole('link', { name: /por WhatsApp \(se abre/ })).toBeNull()
  })
})
