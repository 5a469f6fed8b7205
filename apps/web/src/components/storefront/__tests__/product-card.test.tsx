import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { PriceDisplay } from '../price-display'
import { discountBadgeText } from '../product-badges'
import { ProductCard } from '../product-card'
import { StorefrontFrame } from '../storefront-frame'
import { makeProduct } from './fixtures'
import { axeViolations } from '../../../test/axe'

// Route modules and dialogs load lazily, as in the browser; a cold run pays for that once.
vi.setConfig({ testTimeout: 20_000 })

function renderCard(ui: Parameters<typeof ProductCard>[0]) {
  return renderWithProviders(
    <StorefrontFrame colors={{ primaryColor: '#1B4332' }}>
      <ProductCard {...ui} />
    </StorefrontFrame>,
  )
}

describe('prices and discounts (SPEC §9)', () => {
  it('shows the final price with 2 decimals and the original struck through', () => {
    const { container } = renderWithProviders(
      <PriceDisplay price={1890} discount={10} currency="$" />,
    )
    expect(container).toHaveTextContent('Precio final: $ 1.701,00')
    const struck = container.querySelector('s')
    expect(struck).toHaveTextContent('$ 1.890,00')
    expect(container).not.toHaveTextContent('Ahorras')
  })

  it("adds 'Ahorras {amount}' on the detail size", () => {
    renderWithProviders(<PriceDisplay price={460} discount={15} currency="US$" size="detail" />)
    expect(screen.getByText('Ahorras US$ 69,00')).toBeInTheDocument()
    expect(screen.getByText((_, el) => el?.textContent === 'Precio final: US$ 391,00')).toBeTruthy()
  })

  it('shows only the price without a discount, with the default currency', () => {
    const { container } = renderWithProviders(<PriceDisplay price={290} currency={null} />)
    expect(container).toHaveTextContent(/^\$ 290,00$/)
    expect(container.querySelector('s')).toBeNull()
  })

  it('shows the discount badge only when isOffer and discount > 0', () => {
    expect(discountBadgeText({ isOffer: true, discount: 20 })).toBe('-20%')
    expect(discountBadgeText({ isOffer: false, discount: 20 })).toBeNull()
    expect(discountBadgeText({ isOffer: true, discount: 0 })).toBeNull()
  })
})

describe('product card (SPEC §2.5)', () => {
  it('links the whole card to the product and shows name, badges and final price', () => {
    const product = makeProduct({ name: 'Lemon pie', price: 980, discount: 20, isNew: true })
    renderCard({ product, identifier: 'almacen-lucia' })
    const article = screen.getByRole('article')
    expect(within(article).getByRole('link', { name: 'Lemon pie' })).toHaveAttribute(
      'href',
      `/almacen-lucia/productos/${product.slug}`,
    )
    expect(within(article).getByText('Nuevo')).toBeInTheDocument()
    expect(within(article).getByText('-20%')).toBeInTheDocument()
    expect(article).toHaveTextContent('$ 784,00')
    expect(article.querySelector('h3')).toHaveClass('line-clamp-2')
  })

  it('gives the image its variants and size, lazily unless it is a priority image', () => {
    const product = makeProduct()
    const { unmount } = renderCard({ product, identifier: 'x' })
    const image = screen.getByRole('img', { name: product.name })
    expect(image).toHaveAttribute('srcset', product.image.srcset)
    expect(image).toHaveAttribute('sizes')
    expect(image).toHaveAttribute('width', '640')
    expect(image).toHaveAttribute('height', '640')
    expect(image).toHaveAttribute('loading', 'lazy')
    unmount()
    renderCard({ product, identifier: 'x', priority: true })
    const eager = screen.getByRole('img', { name: product.name })
    expect(eager).toHaveAttribute('loading', 'eager')
    expect(eager).toHaveAttribute('fetchpriority', 'high')
  })

  it("toggles a device favourite with 'Añadir a favoritos' (aria-pressed)", async () => {
    const ui = userEvent.setup()
    const product = makeProduct({ name: 'Alfajores', price: 290 })
    renderCard({ product, identifier: 'almacen-lucia' })
    const heart = screen.getByRole('button', { name: 'Añadir a favoritos' })
    expect(heart).toHaveAttribute('aria-pressed', 'false')
    await ui.click(heart)
    expect(heart).toHaveAttribute('aria-pressed', 'true')
    expect(JSON.parse(localStorage.getItem('vitrina:favorites') ?? '[]')).toEqual([
      expect.objectContaining({
        businessIdentifier: 'almacen-lucia',
        productId: product._id,
        name: 'Alfajores',
        price: 290,
      }),
    ])
    await ui.click(heart)
    expect(heart).toHaveAttribute('aria-pressed', 'false')
    expect(localStorage.getItem('vitrina:favorites')).toBeNull()
  })

  it("opens 'Vista rápida' with the product's data and a link to its page", async () => {
    const ui = userEvent.setup()
    const product = makeProduct({ name: 'Té verde', price: 200, discount: 10, code: 'TE-01' })
    renderCard({ product, identifier: 'almacen-lucia' })
    await ui.click(screen.getByRole('button', { name: 'Vista rápida' }))
    const dialog = await screen.findByRole('dialog', { name: 'Té verde' })
    expect(dialog).toHaveTextContent('$ 180,00')
    expect(dialog).toHaveTextContent('Ahorras $ 20,00')
    expect(dialog).toHaveTextContent('TE-01')
    expect(within(dialog).getByRole('link', { name: /Ver detalles del producto/ })).toHaveAttribute(
      'href',
      `/almacen-lucia/productos/${product.slug}`,
    )
  })

  it('can be used from the keyboard', async () => {
    const ui = userEvent.setup()
    renderCard({ product: makeProduct({ name: 'Budín' }), identifier: 'x' })
    await ui.tab()
    expect(screen.getByRole('button', { name: 'Añadir a favoritos' })).toHaveFocus()
    await ui.tab()
    expect(screen.getByRole('button', { name: 'Vista rápida' })).toHaveFocus()
    await ui.tab()
    expect(screen.getByRole('link', { name: 'Budín' })).toHaveFocus()
  })

  it('in preview mode has no link and no favourite button', () => {
    renderCard({
      product: { name: 'Borrador', price: 100, image: null },
      identifier: 'x',
      isPreview: true,
    })
    expect(screen.getByRole('heading', { name: 'Borrador' })).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Añadir a favoritos' })).not.toBeInTheDocument()
  })
})

describe('the automatic promotion’s badge (issue 45)', () => {
  for (const width of [375, 1280]) {
    it(`shows '3x2' on the card, with its words for screen readers, axe-clean at ${width} px`, async () => {
      window.innerWidth = width
      window.dispatchEvent(new Event('resize'))
      const product = makeProduct({
        name: 'Remera lisa',
        price: 500,
        promotion: { badge: '3x2', label: 'Promoción: llevá 3, pagá 2' },
      })
      renderCard({ product, identifier: 'almacen-lucia' })
      const article = screen.getByRole('article')
      // Not colour alone: the visible '3x2' and, for screen readers, what it means.
      expect(within(article).getByText('3x2')).toHaveAttribute('aria-hidden', 'true')
      expect(within(article).getByText('Promoción: llevá 3, pagá 2')).toHaveClass('sr-only')
      expect(await axeViolations(article)).toEqual([])
    })
  }

  it('shows no promotion badge when the product has none', () => {
    renderCard({ product: makeProduct({ name: 'Taza' }), identifier: 'almacen-lucia' })
    expect(screen.queryByText(/Promoción/)).toBeNull()
  })
})
