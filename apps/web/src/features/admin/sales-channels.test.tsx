/**
 * Issue 46 §2: /admin/canales-de-venta — the shop's Google and Meta feed addresses on the
 * platform's origin, copied with one click (or selected when the clipboard refuses), the steps
 * to add each, the suspended shop's notice, the menu link; and axe.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  SALES_CHANNELS_NAV_TEXTS,
  SALES_CHANNELS_TEXTS as T,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { makeBusiness, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const ORIGIN = window.location.origin
const GOOGLE_URL = `${ORIGIN}/tienda-ana/feeds/google.xml`
const META_URL = `${ORIGIN}/tienda-ana/feeds/meta.csv`

function open(path: string, business: OwnerBusiness = makeBusiness()) {
  signInOwner()
  // Before rendering: user-event's clipboard stub is the one the page writes to.
  const ui = userEvent.setup({ delay: null })
  installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    'GET /api/orders/counts': () => ({ body: { counts: {} } }),
  })
  renderApp(path)
  return { ui }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('/admin/canales-de-venta', () => {
  it('shows each feed’s address with the steps to add it in Google and Meta', async () => {
    open('/admin/canales-de-venta')
    expect(await screen.findByRole('heading', { name: T.title, level: 1 })).toBeInTheDocument()
    expect(screen.getByText(T.description)).toBeInTheDocument()
    expect(screen.getByText(T.whatGoes)).toBeInTheDocument()
    expect(screen.queryByText(T.suspended)).toBeNull()
    for (const [service, url] of [
      ['google', GOOGLE_URL],
      ['meta', META_URL],
    ] as const) {
      const texts = T[service]
      const section = screen.getByRole('region', { name: texts.title })
      expect(within(section).getByText(texts.summary)).toBeInTheDocument()
      expect(within(section).getByLabelText(texts.urlLabel)).toHaveValue(url)
      expect(within(section).getByLabelText(texts.urlLabel)).toHaveAttribute('readonly')
      expect(
        within(section).getByRole('link', { name: T.openLabel(texts.service) }),
      ).toHaveAttribute('href', url)
      expect(within(section).getByRole('heading', { name: T.stepsTitle })).toBeInTheDocument()
      expect(
        within(section)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(texts.steps)
    }
    expect(await axeViolations()).toEqual([])
  })

  it('copies an address to the clipboard and says so', async () => {
    const { ui } = open('/admin/canales-de-venta')
    await ui.click(await screen.findByRole('button', { name: T.copyLabel(T.meta.service) }))
    expect(await screen.findByText(T.copied)).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(META_URL)
    await ui.click(screen.getByRole('button', { name: T.copyLabel(T.google.service) }))
    expect(await navigator.clipboard.readText()).toBe(GOOGLE_URL)
  })

  it('selects the address to copy by hand when the clipboard refuses', async () => {
    const { ui } = open('/admin/canales-de-venta')
    const button = await screen.findByRole('button', { name: T.copyLabel(T.google.service) })
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    await ui.click(button)
    expect(await screen.findByText(T.copyFailed)).toBeInTheDocument()
    const input = screen.getByLabelText<HTMLInputElement>(T.google.urlLabel)
    expect(input).toHaveFocus()
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, GOOGLE_URL.length])
  })

  it('tells the owner of a suspended shop that the feeds are not available', async () => {
    open(
      '/admin/canales-de-venta',
      makeBusiness({ suspension: { reason: 'Pagos', suspendedAt: '2026-01-12T10:00:00.000Z' } }),
    )
    expect(await screen.findByText(T.suspended)).toHaveAttribute('role', 'status')
    expect(await axeViolations()).toEqual([])
  })

  it('is in the owner’s menu', async () => {
    const { ui } = open('/admin/canales-de-venta')
    await screen.findByRole('heading', { name: T.title, level: 1 })
    await ui.click(await screen.findByRole('button', { name: /Ana/ }))
    const link = await screen.findByRole('menuitem', { name: SALES_CHANNELS_NAV_TEXTS.menuLink })
    expect(link).toHaveAttribute('href', '/admin/canales-de-venta')
  })
})
