/**
 * Issue 41: without JavaScript the list's sort did nothing. It is a GET form to the list's own
 * address, the other filters as hidden fields, with a submit button shown only without script.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { renderApp } from '../../../test/render'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 20_000 })

describe('the product list without JavaScript (issue 41)', () => {
  it('sorts through a GET form that keeps the other filters', async () => {
    const business = makeBusiness()
    installStorefrontApi({ business, products: [makeProduct({ name: 'Yerba' })] })
    renderApp(`/${business.identifier}/productos?oferta=true&search=yerba&page=2`)
    const sort = await screen.findByRole('combobox', { name: 'Ordenar por' })
    const form = (sort as HTMLSelectElement).form!
    expect(form).not.toBeNull()
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe(`/${business.identifier}/productos`)
    expect(sort).toHaveAttribute('name', 'sort')
    const hidden = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((i) => [
        i.name,
        i.value,
      ]),
    )
    // A new order starts at page 1.
    expect(hidden).toEqual({ oferta: 'true', search: 'yerba' })
    expect(form.querySelector('noscript')).not.toBeNull()
  })
})
