import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS, STOREFRONT_MESSAGES } from '@vitrina/contracts'
import { renderApp } from '../../../test/render'
import {
  makeBusiness,
  makeProduct,
  OWNER_ID,
} from '../../../components/storefront/__tests__/fixtures'
import { installStorefrontApi, listQueries } from './storefront-api'

// Route modules and dialogs load lazily, as in the browser; a cold run pays for that once.
vi.setConfig({ testTimeout: 20_000 })

const business = makeBusiness()

describe('storefront home states (SPEC §2.5, §4, §8)', () => {
  it('shows a spinner while the business loads', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    installStorefrontApi({
      business,
      extra: {
        [`GET /api/businesses/${business.identifier}/identifier`]: () =>
          gate.then(() => ({ body: business })) as never,
      },
    })
    renderApp('/almacen-lucia')
    expect(await screen.findByRole('status', { name: 'Cargando…' })).toBeInTheDocument()
    release()
    expect(
      await screen.findByRole('heading', { level: 1, name: business.name }),
    ).toBeInTheDocument()
  })

  it("shows 'Negocio no encontrado' for a 404", async () => {
    installStorefrontApi({
      business,
      businessReply: {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Negocio no encontrado' },
      },
    })
    renderApp('/almacen-lucia')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Negocio no encontrado' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Lo sentimos, no pudimos encontrar el negocio que estás buscando.'),
    ).toBeInTheDocument()
  })

  it("shows 'Error al cargar los datos del negocio' for other failures, with a retry", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    installStorefrontApi({
      business,
      extra: {
        [`GET /api/businesses/${business.identifier}/identifier`]: () =>
          fail
            ? { status: 500, body: { statusCode: 500, error: 'x', message: 'Error interno' } }
            : { body: business },
      },
    })
    renderApp('/almacen-lucia')
    expect(
      await screen.findByRole('heading', { name: 'Error al cargar los datos del negocio' }),
    ).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: business.name }),
    ).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith('Error al cargar los datos del negocio', expect.anything())
    log.mockRestore()
  })
})

describe('storefront home content (SPEC §2.5)', () => {
  const featured = [makeProduct({ name: 'Café de Colombia', isFeatured: true })]
  const offers = [
    makeProduct({ name: 'Lemon pie', price: 980, discount: 20 }),
    makeProduct({ name: 'Cafetera', price: 1890, discount: 10 }),
  ]

  async function renderHome(overrides = {}) {
    const b = makeBusiness(overrides)
    const fake = installStorefrontApi({ business: b, carousels: { featured, offer: offers } })
    const view = renderApp('/almacen-lucia')
    await screen.findByRole('heading', { level: 1, name: b.name })
    return { ...view, fake, business: b }
  }

  it('shows the name, description, the set social links and the enabled feature badges', async () => {
    await renderHome()
    expect(screen.getByText(business.description)).toBeInTheDocument()
    // In the hero and in the contact section (issue 24).
    const instagram = screen.getAllByRole('link', { name: /Instagram/ })
    expect(instagram).toHaveLength(2)
    for (const link of instagram) {
      expect(link).toHaveAttribute('href', 'https://instagram.com/almacenlucia')
    }
    expect(screen.queryByRole('link', { name: /Facebook/ })).not.toBeInTheDocument()
    const badges = within(screen.getByRole('list', { name: 'Beneficios' }))
    expect(badges.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Envíos a todo el país',
      'Tienda física',
      'Mercado Pago',
    ])
  })

  it('renders the carousels with their texts and links; an empty one renders nothing', async () => {
    await renderHome()
    const featuredSection = (
      await screen.findByRole('heading', { name: 'Productos Destacados' })
    ).closest('section[aria-labelledby]') as HTMLElement
    expect(
      within(featuredSection).getByText('Descubre nuestra selección de productos destacados'),
    ).toBeInTheDocument()
    expect(within(featuredSection).getByRole('link', { name: 'Ver todos' })).toHaveAttribute(
      'href',
      '/almacen-lucia/productos?destacado=true',
    )
    expect(within(featuredSection).getByText('Café de Colombia')).toBeInTheDocument()

    const offersSection = (
      await screen.findByRole('heading', { name: 'Ofertas Especiales' })
    ).closest('section[aria-labelledby]') as HTMLElement
    expect(within(offersSection).getByText('Hasta -20%')).toBeInTheDocument()
    expect(
      within(offersSection).getByText('Aprovecha nuestros descuentos por tiempo limitado'),
    ).toBeInTheDocument()
    expect(
      within(offersSection).getByRole('link', { name: 'Ver todas las ofertas' }),
    ).toHaveAttribute('href', '/almacen-lucia/productos?oferta=true')
    expect(screen.queryByRole('heading', { name: 'Nuevos Productos' })).not.toBeInTheDocument()
    expect(
      screen.queryByRole('link', { name: 'Ver todos los nuevos productos' }),
    ).not.toBeInTheDocument()
  })

  it('loads the first cover eagerly with high priority, the rest lazily, arrows with >1 slide', async () => {
    await renderHome()
    const hero = screen.getByRole('region', { name: `Portada de ${business.name}` })
    const first = within(hero).getByRole('img', { name: `Portada de ${business.name}` })
    expect(first).toHaveAttribute('loading', 'eager')
    expect(first).toHaveAttribute('fetchpriority', 'high')
    const covers = hero.querySelectorAll('img[src="/media/slide2-1280.webp"]')
    expect([...covers].every((img) => img.getAttribute('loading') === 'lazy')).toBe(true)
    expect(within(hero).getByRole('button', { name: 'Anterior' })).toBeInTheDocument()
    expect(within(hero).getByRole('button', { name: 'Siguiente' })).toBeInTheDocument()
  })

  it('on a phone shows the cover at 16:9 with its arrows in a bar outside the slide', async () => {
    await renderHome()
    const hero = screen.getByRole('region', { name: `Portada de ${business.name}` })
    const slide = within(hero).getAllByRole('group')[0]!
    // 16:9 below 768 px (no full-height block, no blurred bands); full height from 768 px on.
    const box = within(slide).getByRole('img', {
      name: `Portada de ${business.name}`,
    }).parentElement!
    expect(box).toHaveClass('aspect-video', '@min-[768px]/storefront:h-(--hero-height)')
    expect(box.style.getPropertyValue('--hero-height')).toBe('calc(100dvh - 64px)')
    const blurred = box.querySelector('img[aria-hidden="true"]')
    expect(blurred).toHaveClass('hidden', '@min-[768px]/storefront:portrait:block')
    // The arrows never lie over a slide's text on a phone: they sit in a bar below the slides,
    // which only from 768 px on becomes `contents` and lets them over the cover.
    const previous = within(hero).getByRole('button', { name: 'Anterior' })
    const next = within(hero).getByRole('button', { name: 'Siguiente' })
    const bar = hero.querySelector('[data-slot="hero-controls"]')!
    expect(bar).toContainElement(previous)
    expect(bar).toContainElement(next)
    expect(bar).toHaveClass('flex', '@min-[768px]/storefront:contents')
    for (const group of within(hero).getAllByRole('group')) {
      expect(group).not.toContainElement(previous)
    }
    expect(previous).not.toHaveClass('absolute')
    expect(previous).toHaveClass('@min-[768px]/storefront:absolute')
  })

  it('has no arrows with a single slide and no carousel without slides', async () => {
    const { unmount } = await renderHome({ slides: [business.slides[0]!] })
    const hero = screen.getByRole('region', { name: `Portada de ${business.name}` })
    expect(within(hero).queryByRole('button', { name: 'Anterior' })).not.toBeInTheDocument()
    unmount()
    await renderHome({ slides: [] })
    expect(screen.queryByRole('region', { name: `Portada de ${business.name}` })).toBeNull()
  })

  it('shows the WhatsApp button with the phone reduced to digits, only with a phone', async () => {
    const { unmount } = await renderHome()
    expect(
      screen.getByRole('link', { name: /Escribir a Almacén Lucía por WhatsApp/ }),
    ).toHaveAttribute('href', 'https://wa.me/59899123456')
    unmount()
    await renderHome({ phone: '' })
    expect(screen.queryByRole('link', { name: /por WhatsApp/ })).not.toBeInTheDocument()
  })

  it("leaves the footer's last line room for the floating WhatsApp button", async () => {
    // The bar ends above the button on phones, its right-hand text stops beside it from `sm` on.
    const bottomBar = () => screen.getByText(/Tienda creada con/).parentElement!
    const { unmount } = await renderHome()
    expect(bottomBar()).toHaveClass('pb-24', 'sm:pb-5')
    expect(screen.getByText(/Tienda creada con/)).toHaveClass('sm:mr-20')
    unmount()
    await renderHome({ phone: '' })
    expect(bottomBar()).not.toHaveClass('pb-24')
    expect(screen.getByText(/Tienda creada con/)).not.toHaveClass('sm:mr-20')
  })
})

describe('storefront home of a store without products', () => {
  const owner = { _id: OWNER_ID, name: 'Lucía', email: 'lucia@example.com', role: 'owner' as const }

  function renderEmptyHome({ total = 0 } = {}) {
    const fake = installStorefrontApi({
      business,
      list: () => ({ total, items: total > 0 ? [makeProduct()] : [] }),
    })
    renderApp('/almacen-lucia')
    return fake
  }

  it('tells shoppers the catalogue is coming, with no empty band or link to an empty list', async () => {
    renderEmptyHome()
    expect(
      await screen.findByRole('heading', { name: STOREFRONT_MESSAGES.emptyStoreTitle }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(STOREFRONT_MESSAGES.emptyStoreDescription(business.name)),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Explora todo el catálogo' })).toBeNull()
    expect(
      screen.queryByRole('link', { name: STOREFRONT_MESSAGES.ownerAddFirstProduct }),
    ).toBeNull()
    // The message fills the page down to the footer.
    const section = screen
      .getByRole('heading', { name: STOREFRONT_MESSAGES.emptyStoreTitle })
      .closest('section')
    expect(section).toHaveClass('flex-1')
  })

  it('offers the owner, viewing their own store, to add the first product', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(owner))
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
    renderEmptyHome()
    expect(
      await screen.findByRole('heading', { name: STOREFRONT_MESSAGES.ownerEmptyStoreTitle }),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: STOREFRONT_MESSAGES.ownerAddFirstProduct }),
    ).toHaveAttribute('href', '/admin/nuevo-producto')
  })

  it('keeps the catalogue link when there are products but none featured, new or on offer', async () => {
    const fake = renderEmptyHome({ total: 3 })
    await waitFor(() => expect(listQueries(fake, business._id)).toHaveLength(1))
    expect(listQueries(fake, business._id)[0]?.get('pageSize')).toBe('1')
    expect(
      await screen.findByRole('heading', { name: 'Explora todo el catálogo' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: STOREFRONT_MESSAGES.emptyStoreTitle })).toBeNull()
  })

  it('does not ask for the catalogue when a carousel has products', async () => {
    const fake = installStorefrontApi({ business, carousels: { featured: [makeProduct()] } })
    renderApp('/almacen-lucia')
    expect(await screen.findByRole('heading', { name: 'Productos Destacados' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(listQueries(fake, business._id)).toHaveLength(0)
  })
})
