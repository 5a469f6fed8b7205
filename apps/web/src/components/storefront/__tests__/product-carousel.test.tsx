import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { axeViolations } from '../../../test/axe'
import { renderWithProviders } from '../../../test/render'
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

function renderCarousel(list = products) {
  return renderWithProviders(
    <ProductCarousel
      title="Productos Destacados"
      viewAllLabel="Ver todos"
      viewAllHref="/almacen-lucia/productos?destacado=true"
      products={list}
      identifier="almacen-lucia"
    />,
  )
}

describe('product carousel (SPEC §2.5)', () => {
  it('is one region, named by its visible heading (announced once)', async () => {
    renderCarousel()
    const heading = screen.getByRole('heading', { level: 2, name: 'Productos Destacados' })
    expect(screen.getAllByRole('region', { name: 'Productos Destacados' })).toHaveLength(1)
    expect(section()).toHaveAttribute('aria-labelledby', heading.id)
    expect(await axeViolations()).toEqual([])
  })

  it('renders its link, every card and a dot per card at once', () => {
    renderCarousel()
    expect(within(section()).getByRole('link', { name: 'Ver todos' })).toHaveAttribute(
      'href',
      '/almacen-lucia/productos?destacado=true',
    )
    const cards = within(section()).getAllByRole('article')
    expect(cards).toHaveLength(3)
    expect(within(cards[0]!).getByRole('heading', { name: 'Café de especialidad' })).toBeVisible()
    expect(screen.getAllByRole('button', { name: /^Ir a la página \d de 3$/ })).toHaveLength(3)
    // Three cards may all share a wide view: no arrows until the layout says otherwise.
    expect(screen.getByRole('button', { name: 'Productos Destacados: siguientes' })).toBeDisabled()
  })

  it('loops: with more cards than a view ever shows, both arrows move from the start', () => {
    const names = ['Mate', 'Bombilla', 'Yerba', 'Termo', 'Azúcar']
    renderCarousel(names.map((name) => makeProduct({ name })))
    expect(screen.getByRole('button', { name: 'Productos Destacados: anteriores' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Productos Destacados: siguientes' })).toBeEnabled()
  })

  it('renders nothing without products', () => {
    const { container } = renderCarousel([])
    expect(container).toBeEmptyDOMElement()
  })
})
