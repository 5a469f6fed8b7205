/**
 * Issue 41: the landing said 'Productos ilimitados' beside a free plan of 20 products. It says the
 * free plan's limit, and 'ilimitados' only of the Premium plan.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PLANS } from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

describe('landing copy (issue 41)', () => {
  it('states the free plan’s limit and ties unlimited products to Premium', async () => {
    installFakeApi({ 'GET /api/businesses/featured': () => ({ body: [] }) })
    renderApp('/')
    expect(
      await screen.findByText(`Gratis hasta ${PLANS.free.productLimit} productos`),
    ).toBeInTheDocument()
    for (const unlimited of screen.queryAllByText(/productos ilimitados/i)) {
      // The nearest part of the page that names a plan names Premium only.
      let card: HTMLElement | null = unlimited
      while (card && !/Plan (Básico|Premium)/.test(card.textContent ?? ''))
        card = card.parentElement
      expect(card?.textContent).toMatch(/Plan Premium/)
      expect(card?.textContent).not.toMatch(/Plan Básico/)
      // Not a highlight of the hero nor a heading of its own.
      expect(unlimited.closest('h1, h2, h3')).toBeNull()
    }
    expect(
      screen.getByText(new RegExp(`incluye ${PLANS.free.productLimit} productos`)),
    ).toBeInTheDocument()
  })
})
