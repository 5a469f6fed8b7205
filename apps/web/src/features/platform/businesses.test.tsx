import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Business } from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp, renderWithProviders } from '../../test/render'
import { BusinessCard } from './components/business-card'
import { cardFeatureBadges } from './components/feature-badges'

const noFeatures = {
  nationwide_shipping: false,
  same_day_delivery: false,
  physical_store: false,
  card_payment: false,
  mercadopago: false,
}

function business(n: number, overrides: Partial<Business> = {}): Business {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Negocio ${n}`,
    identifier: `negocio-${n}`,
    description: `Descripción del negocio ${n}`,
    category: 'moda',
    categories: [],
    logo: null,
    address: null,
    phone: '099123456',
    email: `n${n}@example.com`,
    socialLinks: {},
    whatsapp: null,
    deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
    paymentMethods: [{ type: 'efectivo' }],
    openingHours: null,
    timeZone: 'America/Montevideo',
    primaryColor: '#0D1B2A',
    secondaryColor: '#E0E1DD',
    bgColor: '#0D1B2A',
    features: noFeatures,
    slides: [],
    planType: 'free',
    mainCurrency: 'UYU',
    exchangeRate: 40,
    exchangeRateDate: null,
    userId: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  }
}

const page = (items: Business[], total = items.length, pageNumber = 1, pageSize = 12) => ({
  body: { items, total, page: pageNumber, pageSize },
})

describe('business card badges (SPEC §2.3)', () => {
  it.each([
    [0, [], 0],
    [3, ['Envío Nacional', 'Entrega en el Día', 'Tienda Física'], 0],
    [4, ['Envío Nacional', 'Entrega en el Día', 'Tienda Física'], 1],
    [5, ['Envío Nacional', 'Entrega en el Día', 'Tienda Física'], 2],
  ])('%i active features → %j and +%i', (count, labels, hidden) => {
    const keys = Object.keys(noFeatures).slice(0, count)
    const features = { ...noFeatures, ...Object.fromEntries(keys.map((k) => [k, true])) }
    expect(cardFeatureBadges(features)).toEqual({ labels, hiddenCount: hidden })
  })

  it('counts only active features, in the fixed order', () => {
    expect(cardFeatureBadges({ ...noFeatures, mercadopago: true, physical_store: true })).toEqual({
      labels: ['Tienda Física', 'Mercado Pago'],
      hiddenCount: 0,
    })
  })

  it('renders logo, name, description, 3 badges plus +2 and links to /{identifier}', () => {
    const all = {
      nationwide_shipping: true,
      same_day_delivery: true,
      physical_store: true,
      card_payment: true,
      mercadopago: true,
    }
    renderWithProviders(
      <BusinessCard business={business(1, { features: all, logo: { url: '/media/logo.webp' } })} />,
    )
    expect(screen.getByRole('img', { name: 'Logo de Negocio 1' })).toHaveAttribute(
      'src',
      '/media/logo.webp',
    )
    expect(screen.getByRole('link', { name: 'Negocio 1' })).toHaveAttribute('href', '/negocio-1')
    expect(screen.getByText('Descripción del negocio 1')).toBeInTheDocument()
    const badges = within(screen.getByRole('list', { name: 'Características' })).getAllByRole(
      'listitem',
    )
    expect(badges.map((b) => b.textContent)).toEqual([
      'Envío Nacional',
      'Entrega en el Día',
      'Tienda Física',
      '+2',
    ])
  })

  it('shows the whole cover at 16:9 and keeps the logo off it, beside the name', () => {
    const cover = { url: '/media/portada-1280.webp' }
    const { container } = renderWithProviders(
      <BusinessCard business={business(1, { slides: [{ image: cover }] })} />,
    )
    const coverImage = container.querySelector('img[src="/media/portada-1280.webp"]')!
    expect(coverImage.parentElement).toHaveClass('aspect-video')
    const logo = screen.getByRole('img', { name: 'Logo de Negocio 1' })
    // Neither inside the cover nor pulled up over it (the cover's text showed under the badge).
    expect(coverImage.parentElement).not.toContainElement(logo)
    for (let node: Element | null = logo; node; node = node.parentElement) {
      expect([...node.classList].some((name) => /^-m[ty]-/.test(name))).toBe(false)
    }
    expect(logo.parentElement).toContainElement(screen.getByRole('link', { name: 'Negocio 1' }))
  })
})

describe('/plataforma/negocios', () => {
  it("lists businesses under 'Negocios' with the page in the address", async () => {
    const items = Array.from({ length: 12 }, (_, i) => business(i + 13))
    const fake = installFakeApi({ 'GET /api/businesses': () => page(items, 30, 2) })
    renderApp('/plataforma/negocios?page=2')
    expect(await screen.findByRole('heading', { level: 1, name: 'Negocios' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Negocio 13' })).toHaveAttribute(
      'href',
      '/negocio-13',
    )
    expect(fake.callsTo('GET /api/businesses')[0]?.path).toBe('/api/businesses?page=2&pageSize=12')
    const pagination = screen.getByRole('navigation', { name: 'Paginación' })
    expect(within(pagination).getByRole('link', { name: 'Página 2' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(pagination).getByRole('link', { name: 'Página 3' })).toHaveAttribute(
      'href',
      '/plataforma/negocios?page=3',
    )
  })

  it('the header search filters by name through the address', async () => {
    const fake = installFakeApi({
      'GET /api/businesses': (call) =>
        call.path.includes('search=')
          ? page([business(7, { name: 'Mate y Cía' })])
          : page([business(1)]),
    })
    const { location } = renderApp('/plataforma/negocios')
    await screen.findByRole('link', { name: 'Negocio 1' })
    const ui = userEvent.setup()
    const [search] = screen.getAllByRole('searchbox', { name: 'Buscar negocios' })
    await ui.type(search!, 'mate{Enter}')
    await waitFor(() => expect(location()).toBe('/plataforma/negocios?search=mate'))
    expect(await screen.findByRole('link', { name: 'Mate y Cía' })).toBeInTheDocument()
    expect(fake.calls.at(-1)?.path).toBe('/api/businesses?page=1&pageSize=12&search=mate')
    expect(screen.getByText(/Resultados para/)).toHaveTextContent('“mate”')
  })

  it('searches what the field holds, also text typed before the app had hydrated the page', async () => {
    installFakeApi({ 'GET /api/businesses': () => page([business(1)]) })
    const { location } = renderApp('/plataforma/negocios')
    await screen.findByRole('link', { name: 'Negocio 1' })
    const [search] = screen.getAllByRole('searchbox', { name: 'Buscar negocios' })
    // Typed into the server's HTML: the input holds it, React's state never saw an input event.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'mate')
    const form = search!.closest('form')!
    expect(form).toHaveAttribute('action', '/plataforma/negocios')
    form.requestSubmit()
    await waitFor(() => expect(location()).toBe('/plataforma/negocios?search=mate'))
  })

  it('a search shorter than 3 characters lists everything and says why', async () => {
    const fake = installFakeApi({ 'GET /api/businesses': () => page([business(1)]) })
    renderApp('/plataforma/negocios?search=ma')
    expect(await screen.findByText('Ingresa al menos 3 caracteres para buscar')).toBeInTheDocument()
    await screen.findByRole('link', { name: 'Negocio 1' })
    expect(fake.calls[0]?.path).toBe('/api/businesses?page=1&pageSize=12')
  })
})

describe("landing 'Negocios destacados' (SPEC §2.2)", () => {
  it('asks for the featured businesses and shows them as cards', async () => {
    const fake = installFakeApi({
      'GET /api/businesses/featured': () => ({
        body: Array.from({ length: 5 }, (_, i) => business(i + 1)),
      }),
    })
    renderApp('/')
    await screen.findByRole('link', { name: 'Negocio 1' })
    const slides = screen
      .getAllByRole('group')
      .filter((el) => el.getAttribute('aria-roledescription') === 'diapositiva')
    expect(slides).toHaveLength(5)
    // Issue 23 §3: not the directory's first page (which listed empty test shops).
    expect(fake.callsTo('GET /api/businesses/featured')[0]?.path).toBe('/api/businesses/featured')
    expect(fake.callsTo('GET /api/businesses')).toHaveLength(0)
    expect(screen.getByRole('link', { name: /Ver todos/ })).toHaveAttribute(
      'href',
      '/plataforma/negocios',
    )
    expect(screen.getByRole('link', { name: 'Comenzar ahora' })).toHaveAttribute(
      'href',
      '/plataforma/nuevo',
    )
    expect(screen.getByRole('link', { name: 'Ver ejemplos' })).toHaveAttribute(
      'href',
      '/plataforma/negocios',
    )
    expect(screen.getByRole('link', { name: 'Más información' })).toHaveAttribute(
      'href',
      '/plataforma/contacto',
    )
  })

  it('shows the empty text when there are none', async () => {
    installFakeApi({ 'GET /api/businesses/featured': () => ({ body: [] }) })
    renderApp('/')
    expect(await screen.findByText('Todavía no hay negocios destacados')).toBeInTheDocument()
  })

  it('only logs a load failure and shows the empty text', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    installFakeApi({
      'GET /api/businesses/featured': () => ({ status: 500, body: { message: 'x' } }),
    })
    renderApp('/')
    expect(await screen.findByText('Todavía no hay negocios destacados')).toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith(
      'No se pudieron cargar los negocios destacados',
      expect.anything(),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    logged.mockRestore()
  })
})
