/**
 * Issue 26: the owner's insights at /admin/estadisticas, against the fake API at the network
 * boundary — the period (7/30/90 days, in the address), the figures with the previous period,
 * the charts' table, sources, top products and searches, the CSV, a failed load; and axe.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  INSIGHTS_NAV_TEXTS,
  INSIGHTS_TEXTS as T,
  type InsightDay,
  type Insights,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { BUSINESS_ID, makeBusiness, signInOwner } from '../../test/owner-kit'
import { insightsCsv } from './lib/insights-csv'
import { periodDates } from './routes/insights'

vi.setConfig({ testTimeout: 30_000 })

const business = makeBusiness({ timeZone: 'America/Montevideo' })
const INSIGHTS = `GET /api/businesses/${BUSINESS_ID}/insights`

function day(date: string, values: Partial<InsightDay> = {}): InsightDay {
  return {
    date,
    visits: 0,
    uniqueVisitors: 0,
    productViews: 0,
    searches: 0,
    whatsappClicks: 0,
    cartAdds: 0,
    orders: 0,
    ...values,
  }
}

function reply(from: string, to: string): Insights {
  const days: InsightDay[] = []
  for (let d = from; d <= to;) {
    days.push(day(d))
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  }
  days[days.length - 1] = day(to, { visits: 12, uniqueVisitors: 8, whatsappClicks: 3, orders: 2 })
  const zero = {
    visits: 0,
    uniqueVisitors: 0,
    productViews: 0,
    searches: 0,
    whatsappClicks: 0,
    cartAdds: 0,
    orders: 0,
  }
  return {
    from,
    to,
    days,
    totals: { ...zero, visits: 12, uniqueVisitors: 8, whatsappClicks: 3, orders: 2 },
    previous: {
      from: '2026-01-01',
      to: '2026-01-07',
      totals: { ...zero, visits: 6, uniqueVisitors: 4, orders: 2 },
    },
    sources: { whatsapp: 5, instagram: 4, facebook: 0, google: 2, other: 0, direct: 1 },
    topProducts: [{ productId: 'p1', name: 'Mate de calabaza', views: 9, orders: 1 }],
    topOrderedProducts: [{ productId: 'p1', name: 'Mate de calabaza', views: 9, orders: 1 }],
    topSearches: [{ query: 'yerba', count: 4, zeroResults: 4 }],
    zeroResultSearches: [{ query: 'yerba', count: 4, zeroResults: 4 }],
    coupons: [
      { code: 'HOLA10', orders: 2, revenue: { UYU: 1800 } },
      { code: 'DOLARES', orders: 1, revenue: { USD: 25.5 } },
    ],
  }
}

function open(path: string, fail = false) {
  signInOwner()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    'GET /api/orders/counts': () => ({ body: { counts: {} } }),
    [INSIGHTS]: (call) => {
      if (fail) return { status: 500, body: { statusCode: 500, message: 'Error' } }
      const q = new URL(call.path, 'http://x').searchParams
      return { body: reply(q.get('from')!, q.get('to')!) }
    },
  })
  renderApp(path)
  return { fake, ui: userEvent.setup({ delay: null }) }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('/admin/estadisticas', () => {
  it('shows the last 30 days with the previous period, sources, products and searches', async () => {
    const { fake } = open('/admin/estadisticas')
    expect(await screen.findByRole('heading', { name: T.title, level: 1 })).toBeInTheDocument()
    const figures = await screen.findByText(T.conversionHint)
    expect(figures).toBeInTheDocument()
    const { from, to } = periodDates(30, 'America/Montevideo')
    const [call] = fake.callsTo(INSIGHTS)
    expect(Object.fromEntries(new URL(call!.path, 'http://x').searchParams)).toEqual({ from, to })
    expect(screen.getByRole('radio', { name: T.periodOption(30) })).toBeChecked()
    // Issue 41: one figure, 'Visitantes' (unique visitors, 8 against 4: +100 %), no 'Visitas'
    // card; conversion 2 ÷ 8 = 25 %, the previous 2 ÷ 4 = 50 %.
    expect(screen.getAllByText('+100 %')).toHaveLength(1)
    expect(screen.getByText(T.visitors, { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '8',
    )
    expect(screen.queryByText('Visitas')).toBeNull()
    expect(screen.getByText('25 %')).toBeInTheDocument()
    expect(screen.getByText(T.previous('50 %'))).toBeInTheDocument()
    const visitorsChart = screen.getByRole('img', { name: /Visitantes 8/ })
    expect(visitorsChart).not.toHaveAccessibleName(/Visitas|únicos/)
    const sources = screen.getByRole('region', { name: T.sources })
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['WhatsApp5', 'Instagram4', 'Google2', 'Directo1'])
    const zero = screen.getByRole('region', { name: T.zeroResultSearches })
    expect(within(zero).getByText('yerba')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: T.topViewed })).getByText('Mate de calabaza'),
    ).toBeInTheDocument()
    // The numbers as a table.
    const table = screen.getByRole('table', { name: T.visitsChart })
    expect(within(table).getAllByRole('row')).toHaveLength(31)
    expect(await axeViolations()).toEqual([])
  })

  for (const width of [375, 1280]) {
    it(`counts orders and revenue per coupon (issue 45), axe-clean at ${width} px`, async () => {
      window.innerWidth = width
      window.dispatchEvent(new Event('resize'))
      open('/admin/estadisticas')
      const coupons = await screen.findByRole('region', { name: T.coupons }, { timeout: 10_000 })
      expect(within(coupons).getByText(T.couponsHint)).toBeInTheDocument()
      const rows = within(coupons)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent))
      expect(rows).toEqual([
        [T.coupon, T.orders, T.couponRevenue],
        ['HOLA10', '2', '$ 1.800,00'],
        ['DOLARES', '1', 'US$ 25,50'],
      ])
      expect(await axeViolations(coupons)).toEqual([])
    })
  }

  it('changes the period in the address and asks for those days', async () => {
    const { fake, ui } = open('/admin/estadisticas')
    await ui.click(await screen.findByRole('radio', { name: T.periodOption(7) }))
    await waitFor(() => expect(fake.callsTo(INSIGHTS)).toHaveLength(2))
    const { from, to } = periodDates(7, 'America/Montevideo')
    expect(fake.callsTo(INSIGHTS)[1]!.path).toContain(`from=${from}&to=${to}`)
    expect(screen.getByRole('radio', { name: T.periodOption(7) })).toBeChecked()
    // The days' table (the coupons' table has rows of its own).
    const days = await screen.findByRole('table', { name: T.visitsChart }, { timeout: 5_000 })
    await waitFor(() => expect(within(days).getAllByRole('row')).toHaveLength(8))
  })

  it('offers a retry when the load fails', async () => {
    open('/admin/estadisticas?dias=90', true)
    expect(
      await screen.findByText(T.loadFailed, undefined, { timeout: 15_000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: T.retry })).toBeInTheDocument()
  })

  it('exports the days as CSV with the Spanish headers', () => {
    const csv = insightsCsv(reply('2026-01-08', '2026-01-09'))
    expect(csv).toBe(
      '\uFEFFFecha;Visitantes;Productos vistos;Clics en WhatsApp;Pedidos\r\n' +
        '2026-01-08;0;0;0;0\r\n2026-01-09;8;0;3;2\r\n',
    )
  })

  it('is linked from the dashboard', async () => {
    signInOwner()
    installFakeApi({
      'GET /api/businesses/user/me': () => ({ body: business }),
      'GET /api/orders/counts': () => ({ body: { counts: {} } }),
    })
    renderApp('/admin/mi-negocio')
    const link = await screen.findByRole('link', { name: INSIGHTS_NAV_TEXTS.dashboardLink })
    expect(link).toHaveAttribute('href', '/admin/estadisticas')
  })
})
