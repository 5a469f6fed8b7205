/**
 * Issue 41, the owner's insights: numbers with thousands separators; 'Sin datos del período
 * anterior' once, not on every card; today's day (still going on) marked as partial on the charts
 * instead of reading as a drop.
 */
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { INSIGHTS_TEXTS as T, type InsightDay, type Insights } from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { niceMax } from '../../components/charts/line-chart'
import { BUSINESS_ID, makeBusiness, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const business = makeBusiness({ timeZone: 'America/Montevideo' })
const INSIGHTS = `GET /api/businesses/${BUSINESS_ID}/insights`
const zero = {
  visits: 0,
  uniqueVisitors: 0,
  productViews: 0,
  searches: 0,
  whatsappClicks: 0,
  cartAdds: 0,
  orders: 0,
}

function reply(from: string, to: string, previousVisits: number): Insights {
  const days: InsightDay[] = []
  for (let d = from; d <= to;) {
    days.push({ date: d, ...zero, visits: 1500, uniqueVisitors: 1500 })
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  }
  days[days.length - 1] = { date: to, ...zero, visits: 40, uniqueVisitors: 40 }
  return {
    from,
    to,
    days,
    totals: { ...zero, visits: 12_345, uniqueVisitors: 12_345, orders: 1_002 },
    coupons: [],
    previous: {
      from: '2026-01-01',
      to: '2026-01-07',
      totals: { ...zero, visits: previousVisits, uniqueVisitors: previousVisits },
    },
    sources: { whatsapp: 1_200, instagram: 0, facebook: 0, google: 0, other: 0, direct: 0 },
    topProducts: [],
    topOrderedProducts: [],
    topSearches: [],
    zeroResultSearches: [],
  }
}

function open(previousVisits: number) {
  signInOwner()
  installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    'GET /api/orders/counts': () => ({ body: { counts: {} } }),
    [INSIGHTS]: (call) => {
      const q = new URL(call.path, 'http://x').searchParams
      return { body: reply(q.get('from')!, q.get('to')!, previousVisits) }
    },
  })
  renderApp('/admin/estadisticas?dias=7')
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('insights display (issue 41)', () => {
  it('writes numbers with thousands separators', async () => {
    open(6_000)
    expect(await screen.findByText('12.345')).toBeInTheDocument()
    expect(screen.getByText('1.002')).toBeInTheDocument()
    expect(screen.getByText(T.previous('6.000'))).toBeInTheDocument()
    const table = screen.getByRole('table', { name: T.visitsChart })
    expect(within(table).getAllByText('1.500').length).toBeGreaterThan(0)
    expect(screen.getByRole('img', { name: /Visitantes 9\.040/ })).toBeInTheDocument()
    const sources = screen.getByRole('region', { name: T.sources })
    expect(within(sources).getByText('1.200')).toBeInTheDocument()
  })

  it('says once that there is no previous period, not on every card', async () => {
    open(0)
    expect(await screen.findByText('12.345')).toBeInTheDocument()
    expect(screen.queryByText(T.noPrevious)).toBeNull()
    expect(screen.getAllByText(T.noPreviousPeriod)).toHaveLength(1)
    expect(screen.queryByText(T.previous('0'))).toBeNull()
  })

  it('marks today, still going on, as partial on the charts', async () => {
    open(6_000)
    const chart = await screen.findByRole('img', { name: new RegExp(T.visitsChart) })
    expect(chart).toHaveAccessibleName(expect.stringContaining(T.partialDayNote))
    expect(chart.querySelector('[data-partial="true"]')).not.toBeNull()
    expect(screen.getAllByText(T.partialDayNote).length).toBeGreaterThan(0)
  })

  it('fits the chart axis to the peak (65 → 80, not 100)', () => {
    expect([niceMax(3), niceMax(65), niceMax(120), niceMax(1_423), niceMax(9_040)]).toEqual([
      4, 80, 120, 1_600, 10_000,
    ])
  })
})
