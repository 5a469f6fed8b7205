/**
 * Issue 41: the applied filters' chips and 'Limpiar filtros' are links to the list without them
 * (so they work without JavaScript); with script a plain click is the list's own transition.
 */
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { parseListAddress, storefrontPaths } from '@vitrina/contracts'
import type { ListAddress } from '@vitrina/contracts'
import { ActiveFilters } from './active-filters'

const STORE = 'lanas-del-nandu'
const QUERY =
  'categoria=Lanas&subcategoria=Merino&oferta=true&search=ovillo&minPrice=100&option=Talle:M&sort=cheapest&page=2'

function renderChips(query = QUERY) {
  const onChange = vi.fn<(next: ListAddress) => void>()
  render(
    <MemoryRouter initialEntries={[storefrontPaths.products(STORE)]}>
      <ActiveFilters
        filters={parseListAddress(query)}
        hrefFor={(next) => storefrontPaths.products(STORE, next)}
        onChange={onChange}
      />
    </MemoryRouter>,
  )
  return { onChange }
}

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href')

describe('the applied filters as links (issue 41)', () => {
  it('links each chip to the list without it, back at page 1 and in the same order', () => {
    renderChips()
    const list = `/${STORE}/productos`
    const chips = within(screen.getByRole('list', { name: 'Filtros aplicados' }))
    expect(chips.getAllByRole('link')).toHaveLength(6)
    expect(href('Quitar filtro «ovillo»')).toBe(
      `${list}?categoria=Lanas&subcategoria=Merino&oferta=true&minPrice=100&option=Talle%3AM&sort=cheapest`,
    )
    // Removing the category removes its subcategory too.
    expect(href('Quitar filtro Lanas')).toBe(
      `${list}?oferta=true&search=ovillo&minPrice=100&option=Talle%3AM&sort=cheapest`,
    )
    expect(href('Quitar filtro Merino')).toBe(
      `${list}?categoria=Lanas&oferta=true&search=ovillo&minPrice=100&option=Talle%3AM&sort=cheapest`,
    )
    expect(href('Quitar filtro En oferta')).toBe(
      `${list}?categoria=Lanas&subcategoria=Merino&search=ovillo&minPrice=100&option=Talle%3AM&sort=cheapest`,
    )
    expect(href('Quitar filtro Desde $ 100,00')).toBe(
      `${list}?categoria=Lanas&subcategoria=Merino&oferta=true&search=ovillo&option=Talle%3AM&sort=cheapest`,
    )
    expect(href('Quitar filtro Talle: M')).toBe(
      `${list}?categoria=Lanas&subcategoria=Merino&oferta=true&search=ovillo&minPrice=100&sort=cheapest`,
    )
    // SPEC §4: clearing resets everything, the sort too.
    expect(href('Limpiar filtros')).toBe(list)
  })

  it('with script, a plain click is the transition to the same address', async () => {
    const { onChange } = renderChips()
    await userEvent.click(screen.getByRole('link', { name: 'Quitar filtro «ovillo»' }))
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(storefrontPaths.products(STORE, onChange.mock.calls[0]![0])).toBe(
      href('Quitar filtro «ovillo»'),
    )
    await userEvent.click(screen.getByRole('link', { name: 'Limpiar filtros' }))
    expect(onChange).toHaveBeenLastCalledWith(parseListAddress(''))
  })

  it('leaves a click that opens a new tab to the browser', () => {
    const { onChange } = renderChips()
    const link = screen.getByRole('link', { name: 'Quitar filtro En oferta' })
    fireEvent.click(link, { ctrlKey: true })
    fireEvent.click(link, { metaKey: true })
    expect(onChange).not.toHaveBeenCalled()
  })

  it('shows nothing without filters', () => {
    renderChips('sort=cheapest&page=3')
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})
