/**
 * Issue 41: without JavaScript the list's filter panel did nothing. It is a GET form to the
 * list's own path whose fields carry the address keys the list reads, so submitting it gives the
 * address the same change makes with script.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { listAddressParams, listAddressSearch, parseListAddress } from '@vitrina/contracts'
import type { BusinessOptions, ListAddress } from '@vitrina/contracts'
import { axeViolations } from '../../../test/axe'
import { FilterPanel } from './filter-panel'

const ACTION = '/lanas-del-nandu/productos'
const CATEGORIES = [
  { name: 'Mates', subCategories: [{ name: 'Calabaza' }, { name: 'Madera' }] },
  { name: 'Bombillas', subCategories: [] },
]

function renderPanel(query: string, options: BusinessOptions = []) {
  const filters = parseListAddress(new URLSearchParams(query))
  const onChange = vi.fn<(next: ListAddress) => void>()
  render(
    <MemoryRouter initialEntries={[`${ACTION}?${query}`]}>
      <FilterPanel
        filters={filters}
        categories={CATEGORIES as never}
        priceMax={500}
        options={options}
        action={ACTION}
        hrefFor={(next) => `${ACTION}${listAddressSearch(next)}`}
        onChange={onChange}
      />
    </MemoryRouter>,
  )
  const form = document.querySelector('form')!
  return { filters, onChange, form }
}

/** The address a browser without script goes to: the form's fields (and the submitter's). */
function submitted(form: HTMLFormElement, submitter?: HTMLElement): string {
  const data = new FormData(form, submitter)
  const params = new URLSearchParams(data as unknown as Record<string, string>)
  // The list reads the address with parseListAddress: compare what it reads, canonically written.
  return listAddressParams(parseListAddress(params)).toString()
}

const jsAddress = (next: ListAddress) => listAddressParams(next).toString()

const QUERY =
  'categoria=Mates&subcategoria=Calabaza&nuevo=true&search=yerba&sort=cheapest&option=Talle:M&page=3'

describe('the filter panel as a GET form (issue 41)', () => {
  it('names its fields with the list’s address keys and keeps the other filters', async () => {
    const { form } = renderPanel(QUERY)
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe(ACTION)
    const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => [
      i.name,
      i.value,
    ])
    // The page is not kept: every change goes back to page 1.
    expect(hidden).toEqual([
      ['search', 'yerba'],
      ['option', 'Talle:M'],
      ['sort', 'cheapest'],
      ['categoria', 'Mates'],
    ])
    const nuevo = screen.getByRole('checkbox', { name: 'Nuevos' })
    expect(nuevo).toHaveAttribute('name', 'nuevo')
    expect(nuevo).toHaveAttribute('value', 'true')
    expect(nuevo).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'En oferta' })).toHaveAttribute('name', 'oferta')
    expect(screen.getByLabelText('Mínimo ($)')).toHaveAttribute('name', 'minPrice')
    expect(screen.getByLabelText('Máximo ($)')).toHaveAttribute('name', 'maxPrice')
    // The selected category's button deselects it; another's selects that one.
    expect(screen.getByRole('button', { name: 'Mates' })).toHaveAttribute('value', '')
    expect(screen.getByRole('button', { name: 'Bombillas' })).toHaveAttribute('name', 'categoria')
    expect(screen.getByRole('button', { name: 'Madera' })).toHaveAttribute('name', 'subcategoria')
    expect(form.querySelector('noscript')).not.toBeNull()
    expect(await axeViolations()).toEqual([])
  })

  it.each([
    ['another category', 'Bombillas'],
    ['the selected category', 'Mates'],
    ['another subcategory', 'Madera'],
    ['the selected subcategory', 'Calabaza'],
  ])('choosing %s submits the address the script navigates to', async (_, name) => {
    const { onChange, form } = renderPanel(QUERY)
    const button = screen.getByRole('button', { name })
    await userEvent.click(button)
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(submitted(form, button)).toBe(jsAddress(onChange.mock.calls[0]![0]))
  })

  it('applies the checkboxes and the price bounds as the script does', async () => {
    const { filters, onChange, form } = renderPanel(QUERY)
    const ui = userEvent.setup()
    await ui.click(screen.getByRole('checkbox', { name: 'En oferta' }))
    const withOffer = onChange.mock.calls[0]![0]
    await ui.type(screen.getByLabelText('Mínimo ($)'), '100')
    await ui.type(screen.getByLabelText('Máximo ($)'), '250,5')
    const apply = screen.getByRole('button', { name: 'Aplicar' })
    await ui.click(apply)
    const withPrice = onChange.mock.calls[1]![0]
    // The script applied each change to the filters shown; without script both go at once.
    const both = { ...withOffer, minPrice: withPrice.minPrice, maxPrice: withPrice.maxPrice }
    expect(both).toMatchObject({ oferta: true, minPrice: 100, maxPrice: 250.5, page: 1 })
    // jsdom keeps the controlled checkbox as the filters say; a browser without script ticks it.
    const offer = screen.getByRole<HTMLInputElement>('checkbox', { name: 'En oferta' })
    fireEvent.click(offer)
    offer.checked = true
    expect(submitted(form, apply)).toBe(jsAddress(both))
    expect(filters.subcategoria).toBe('Calabaza')
  })

  it('makes the option chips and "Limpiar filtros" links to the address the script goes to', async () => {
    const { onChange } = renderPanel(QUERY, [
      { name: 'Color', values: ['Azul', 'Rojo'] },
      { name: 'Talle', values: ['S', 'M'] },
    ])
    const link = (name: string) => screen.getByRole('link', { name })
    // Choosing a value adds it (page 1); the chosen one's link clears it.
    expect(link('Rojo')).toHaveAttribute(
      'href',
      `${ACTION}?categoria=Mates&subcategoria=Calabaza&nuevo=true&search=yerba&option=Color%3ARojo&option=Talle%3AM&sort=cheapest`,
    )
    expect(link('S')).toHaveAttribute(
      'href',
      `${ACTION}?categoria=Mates&subcategoria=Calabaza&nuevo=true&search=yerba&option=Talle%3AS&sort=cheapest`,
    )
    expect(link('M')).toHaveAttribute('aria-current', 'true')
    expect(link('S')).not.toHaveAttribute('aria-current')
    expect(link('M')).toHaveAttribute(
      'href',
      `${ACTION}?categoria=Mates&subcategoria=Calabaza&nuevo=true&search=yerba&sort=cheapest`,
    )
    expect(link('Limpiar filtros')).toHaveAttribute('href', ACTION)
    // With script, a click is the list's own transition, to the same address.
    await userEvent.click(link('S'))
    expect(jsAddress(onChange.mock.calls[0]![0])).toBe(
      link('S').getAttribute('href')!.split('?')[1],
    )
    expect(await axeViolations()).toEqual([])
  })

  it("sends an option's select instead of the value it replaces", () => {
    const colours = Array.from({ length: 12 }, (_, i) => `Color ${i + 1}`)
    const { form } = renderPanel('option=Color:Color 2&option=Talle:M', [
      { name: 'Color', values: colours },
      { name: 'Talle', values: ['S', 'M'] },
    ])
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Color' })
    expect(select).toHaveAttribute('name', 'option')
    expect(select).toHaveValue('Color:Color 2')
    // The chip-shown option rides along; the select's own does not (it would win).
    const hidden = [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
      (i) => `${i.name}=${i.value}`,
    )
    expect(hidden).toEqual(['option=Talle:M'])
    fireEvent.change(select, { target: { value: 'Color:Color 7' } })
    select.value = 'Color:Color 7'
    expect(submitted(form)).toBe('option=Color%3AColor+7&option=Talle%3AM')
  })
})
