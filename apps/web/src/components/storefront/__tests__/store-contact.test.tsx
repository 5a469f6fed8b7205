import { act, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORE_CONTACT_TEXTS } from '@vitrina/contracts'
import type { OpeningHours } from '@vitrina/contracts'
import { setRenderTime } from '../../../lib/render-time'
import { StoreContact } from '../store-contact'
import { StorefrontFooter } from '../storefront-footer'
import { hydrate, serverMarkup } from '../../../test/render'
import { makeBusiness } from './fixtures'

const weekdays = [{ from: '09:00', to: '19:00' }]
const hours: OpeningHours = {
  mon: weekdays,
  tue: weekdays,
  wed: weekdays,
  thu: weekdays,
  fri: weekdays,
  sat: [{ from: '10:00', to: '13:00' }],
  sun: [],
}
const business = makeBusiness({
  whatsapp: '+59891222333',
  phone: '2901 1234',
  socialLinks: {
    instagram: 'https://instagram.com/almacenlucia',
    facebook: 'https://facebook.com/al',
  },
  openingHours: hours,
})

function contact(entry = '/almacen-lucia', b = business) {
  return (
    <MemoryRouter initialEntries={[entry]}>
      <StoreContact business={b} />
    </MemoryRouter>
  )
}

afterEach(() => {
  vi.useRealTimers()
})

describe("the shop's contact section (issue 24 §1)", () => {
  it('links WhatsApp (its WhatsApp number), the phone, the e-mail and the socials; lists the hours', () => {
    render(contact())
    const section = screen.getByRole('region', { name: STORE_CONTACT_TEXTS.contactTitle })
    expect(section).toHaveAttribute('id', 'contacto')
    expect(within(section).getByRole('link', { name: /Escribir por WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/59891222333',
    )
    expect(within(section).getByRole('link', { name: '2901 1234' })).toHaveAttribute(
      'href',
      'tel:29011234',
    )
    expect(within(section).getByRole('link', { name: business.email! })).toHaveAttribute(
      'href',
      `mailto:${business.email}`,
    )
    expect(within(section).getByText(business.address!)).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: /en Instagram/ })).toHaveAttribute(
      'href',
      'https://instagram.com/almacenlucia',
    )
    expect(within(section).getByRole('link', { name: /en Facebook/ })).toBeInTheDocument()
    const week = within(section)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
    expect(week).toEqual(
      expect.arrayContaining([
        ['Lunes', '09:00–19:00'],
        ['Sábado', '10:00–13:00'],
        ['Domingo', 'Cerrado'],
      ]),
    )
  })

  it('falls back to the phone for WhatsApp, and shows no hours when there are none', () => {
    render(contact('/almacen-lucia', makeBusiness({ whatsapp: null, openingHours: null })))
    expect(screen.getByRole('link', { name: /Escribir por WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/59899123456',
    )
    expect(screen.queryByRole('heading', { name: STORE_CONTACT_TEXTS.hours })).toBeNull()
  })

  it("says whether it is open in the business's time zone, and updates at each minute", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    // Wednesday 18:58 in Montevideo (UTC−3).
    vi.setSystemTime(new Date('2026-11-25T21:58:30Z'))
    render(contact())
    expect(screen.getByText('Abierto ahora · cierra a las 19:00')).toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(2 * 60_000)
    })
    expect(screen.getByText('Cerrado · abre mañana a las 09:00')).toBeInTheDocument()
  })

  it("reads the shop's clock from the reply's offsets, creating no Intl date format", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    // Saturday 12:30 in New York (UTC−4 in daylight saving), 16:30 UTC.
    vi.setSystemTime(new Date('2026-06-13T16:30:00Z'))
    const inNewYork = makeBusiness({
      openingHours: hours,
      timeZone: 'America/New_York',
      // As the API sends them (contracts' timeZoneOffsets, tested there), written out here so
      // that nothing in this test has made a New York date format before the spy.
      timeZoneOffsets: {
        until: Date.parse('2027-06-01T00:00:00Z'),
        offsets: [
          { from: Date.parse('2026-05-31T00:00:00Z'), minutes: -240 },
          { from: Date.parse('2026-11-01T06:00:00Z'), minutes: -300 },
        ],
      },
    })
    const format = vi.spyOn(Intl, 'DateTimeFormat')
    render(contact('/almacen-lucia', inNewYork))
    expect(screen.getByText('Abierto ahora · cierra a las 13:00')).toBeInTheDocument()
    expect(format).not.toHaveBeenCalled()
    format.mockRestore()
  })

  it('hydrates the server render without a mismatch, then shows the state', async () => {
    const html = renderToString(contact())
    expect(html).not.toMatch(/Abierto|Cerrado ·/)
    expect(html).toContain('09:00–19:00')
    const root = serverMarkup(html)
    const consoleError = vi.spyOn(console, 'error')
    const errors = await hydrate(root, contact())
    expect(errors).toEqual([])
    expect(consoleError).not.toHaveBeenCalled()
    expect(within(root).getByText(/^(Abierto ahora|Cerrado) ·/)).toBeInTheDocument()
  })

  it("renders the status on the server at the server's time, hydrates it as is, then re-checks (issue 41)", async () => {
    // Rendered on a Tuesday at 10:00 in Montevideo (13:00 UTC); hydrated at 20:00, when closed.
    const queryClient = new QueryClient()
    setRenderTime(queryClient, Date.parse('2026-11-24T13:00:00Z'))
    const page = () => <QueryClientProvider client={queryClient}>{contact()}</QueryClientProvider>
    const html = renderToString(page())
    expect(html).toContain('Abierto ahora · cierra a las 19:00')
    vi.useFakeTimers({ now: Date.parse('2026-11-24T23:00:00Z'), toFake: ['Date'] })
    const root = serverMarkup(html)
    const errors = await hydrate(root, page())
    expect(errors).toEqual([])
    expect(within(root).getByText('Cerrado · abre mañana a las 09:00')).toBeInTheDocument()
  })

  it('scrolls into view when the address names it', () => {
    const scrollIntoView = vi.fn()
    Element.prototype.scrollIntoView = scrollIntoView
    render(contact('/almacen-lucia#contacto'))
    expect(scrollIntoView).toHaveBeenCalledTimes(1)
  })

  it("is linked from the footer's shop column; the platform's contact stays in 'Vitrina'", () => {
    render(
      <MemoryRouter>
        <StorefrontFooter identifier="almacen-lucia" name="Almacén Lucía" />
      </MemoryRouter>,
    )
    const shop = screen.getByRole('navigation', { name: 'Tienda, pie de página' })
    expect(within(shop).getByRole('link', { name: 'Contacto' })).toHaveAttribute(
      'href',
      '/almacen-lucia#contacto',
    )
    const platform = screen.getByRole('navigation', { name: 'Vitrina, pie de página' })
    expect(within(platform).getByRole('link', { name: 'Contacto' })).toHaveAttribute(
      'href',
      '/plataforma/contacto',
    )
  })
})
