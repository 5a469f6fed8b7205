/**
 * Issue 26: the console's platform activity — visits, orders and businesses with visits per day
 * (GET /api/operator/insights), with its table; axe.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { INSIGHTS_TEXTS as T, STORAGE_KEYS } from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

vi.setConfig({ testTimeout: 30_000 })

const operator = {
  _id: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
  name: 'Olga',
  email: 'operador@vitrina.uy',
  role: 'operator' as const,
}

describe('/operador/negocios platform activity', () => {
  it('shows the last 30 days’ visits, orders and businesses with visits', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(operator))
    localStorage.setItem(STORAGE_KEYS.accessToken, 'a1')
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      visits: i === 29 ? 120 : 10,
      orders: i === 29 ? 7 : 1,
      activeBusinesses: i === 29 ? 14 : 3,
    }))
    const fake = installFakeApi({
      'GET /api/auth/me': () => ({ body: operator }),
      'GET /api/operator/businesses': () => ({
        body: { items: [], total: 0, page: 1, pageSize: 20 },
      }),
      'GET /api/operator/insights': () => ({ body: { days } }),
    })
    renderApp('/operador/negocios')
    const region = await screen.findByRole('region', { name: new RegExp(T.platformTitle) })
    expect(fake.callsTo('GET /api/operator/insights')[0]?.path).toBe(
      '/api/operator/insights?days=30',
    )
    // 29 × 10 + 120 visits, 29 + 7 orders, 14 businesses at the most.
    expect(within(region).getByText('410', { selector: 'dd' })).toBeInTheDocument()
    expect(within(region).getByText('36', { selector: 'dd' })).toBeInTheDocument()
    expect(within(region).getByText('14', { selector: 'dd' })).toBeInTheDocument()
    expect(within(region).getAllByRole('row')).toHaveLength(31)
    // Issue 41: the axis fits the peak (120 → 120, not 200), and today is marked partial.
    const chart = within(region).getByRole('img')
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toContain('120')
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).not.toContain('200')
    expect(chart.querySelector('[data-partial="true"]')).not.toBeNull()
    expect(within(region).getByText(T.partialDayNote)).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })
})
