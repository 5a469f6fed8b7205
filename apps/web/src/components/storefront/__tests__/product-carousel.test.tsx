import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { installDrivenObserver, placeElementsAt } from '../../../test/viewport'
import { ProductCarousel } from '../product-carousel'
import { makeProduct } from './fixtures'

vi.setConfig({ testTimeout: 20_000 })

const products = [
  makeProduct({ name: 'Café de especialidad' }),
  makeProduct({ name: 'Té verde' }),
  makeProduct({ name: 'Alfajor de maicena' }),
]

/** The row: one region, its carousel, named by the row's heading. */
const section = () => screen.getByRole('region', { name: 'Productos Destacados' })

function renderCarousel({ deferCards }: { deferCards: boolean }) {
  return renderWithProviders(
    <ProductCarousel
      title="Productos Destacados"
      viewAllLabel="Ver todos"
      viewAllHref="/almacen-lucia/productos?destacado=true"
      products={products}
      identifier="almacen-lucia"
      deferCards={deferCards}
    />,
  )
}

describe('product carousel cards below the fold (SPEC §2.5, §9)', () => {
  it('is one region, named by its visible heading (announced once)', () => {
    installDrivenObserver()
    placeElementsAt(300)
    renderCarousel({ deferCards: false })
    const heading = screen.getByRole('heading', { level: 2, name: 'Productos Destacados' })
    expect(screen.getAllByRole('region', { name: 'Productos Destacados' })).toHaveLength(1)
    expect(section()).toHaveAttribute('aria-labelledby', heading.id)
  })

  it('renders the heading and link at once and the cards when the section comes near', async () => {
    const observer = installDrivenObserver()
    placeElementsAt(2500)
    renderCarousel({ deferCards: true })
    expect(within(section()).getByRole('link', { name: 'Ver todos' })).toHaveAttribute(
      'href',
      '/almacen-lucia/productos?destacado=true',
    )
    expect(within(section()).queryAllByRole('article')).toHaveLength(0)

    observer.reveal()
    const cards = await within(section()).findAllByRole('article')
    expect(cards).toHaveLength(3)
    expect(within(cards[0]!).getByRole('heading', { name: 'Café de especialidad' })).toBeVisible()
  })

  it('renders the cards before the first paint when the section is already on screen', () => {
    installDrivenObserver() // never reports: only the measurement can let the cards in
    placeElementsAt(300)
    renderCarousel({ deferCards: true })
    expect(within(section()).getAllByRole('article')).toHaveLength(3)
  })

  it('renders every card at once when not deferred (the owner’s previews)', () => {
    installDrivenObserver()
    placeElementsAt(2500)
    renderCarousel({ deferCards: false })
    expect(screen.getAllByRole('article')).toHaveLength(3)
  })
})
