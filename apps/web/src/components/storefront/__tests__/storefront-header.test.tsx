import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { isStorefrontOwner } from '../owner'
import { StorefrontHeader } from '../storefront-header'
import type { StorefrontHeaderProps } from '../storefront-header'
import { storefrontTheme } from '../theme'
import { makeBusiness, OWNER_ID } from './fixtures'

// Route modules and dialogs load lazily, as in the browser; a cold run pays for that once.
vi.setConfig({ testTimeout: 20_000 })

const business = makeBusiness()

function renderHeader(props: Partial<StorefrontHeaderProps> = {}, path = '/almacen-lucia') {
  const view = renderWithProviders(
    <StorefrontHeader
      identifier={business.identifier}
      name={business.name}
      logo={business.logo}
      categories={business.categories}
      businessUserId={business.userId}
      {...props}
    />,
    { path },
  )
  const location = () =>
    `${view.router.state.location.pathname}${view.router.state.location.search}`
  return { ...view, location }
}

afterEach(() => vi.useRealTimers())

describe('storefront header search (SPEC §2.6, §5)', () => {
  function setup() {
    vi.useFakeTimers()
    // Testing Library advances fake timers through a global `jest` (vitest has none).
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    const ui = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const view = renderHeader()
    const input = screen.getByRole('searchbox', { name: 'Buscar productos' })
    return { ui, input, ...view }
  }

  it('blocks a search under 3 characters and shows the tooltip for exactly 2 seconds', async () => {
    const { ui, input, location } = setup()
    await ui.type(input, 'ca{Enter}')
    const tooltip = screen.getByRole('tooltip')
    expect(tooltip).toHaveTextContent('Ingresa al menos 3 caracteres para buscar')
    expect(input).toHaveAttribute('aria-describedby', tooltip.id)
    expect(location()).toBe('/almacen-lucia')

    act(() => vi.advanceTimersByTime(1990))
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(20))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(location()).toBe('/almacen-lucia')
  })

  it('searches what the field holds, also text typed before the app had hydrated the page', () => {
    const { input, location } = setup()
    // Typed into the server's HTML: the input holds it, React's state never saw an input event.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'mate')
    const form = input.closest('form')!
    expect(form).toHaveAttribute('action', '/almacen-lucia/productos')
    act(() => form.requestSubmit())
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(location()).toBe('/almacen-lucia/productos?search=mate')
  })

  it('counts characters without the surrounding spaces', async () => {
    const { ui, input, location } = setup()
    await ui.type(input, '   té   ')
    await ui.click(screen.getByRole('button', { name: 'Buscar' }))
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
    expect(location()).toBe('/almacen-lucia')
  })

  it('a new blocked submit restarts the 2 s', async () => {
    const { ui, input } = setup()
    await ui.type(input, 'ab{Enter}')
    act(() => vi.advanceTimersByTime(1500))
    await ui.type(input, '{Enter}')
    act(() => vi.advanceTimersByTime(1500))
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(600))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('goes to /{identifier}/productos?search={text} with 3 characters or more', async () => {
    const { ui, input, location } = setup()
    await ui.type(input, '  café molido {Enter}')
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(location()).toBe('/almacen-lucia/productos?search=caf%C3%A9+molido')
  })

  it('closes the mobile menu when searching from it', async () => {
    const ui = userEvent.setup()
    const { location } = renderHeader()
    await ui.click(screen.getByRole('button', { name: 'Abrir menú' }))
    const menu = await screen.findByRole('dialog', { name: business.name })
    await ui.type(within(menu).getByRole('searchbox'), 'chocolate{Enter}')
    expect(location()).toBe('/almacen-lucia/productos?search=chocolate')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('storefront header links and account area (SPEC §2.6)', () => {
  it("links Inicio, Productos, Ofertas and Contacto (the shop's own contact, issue 24)", () => {
    renderHeader()
    const nav = screen.getByRole('navigation', { name: 'Tienda' })
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute(
      'href',
      '/almacen-lucia',
    )
    expect(within(nav).getByRole('link', { name: 'Productos' })).toHaveAttribute(
      'href',
      '/almacen-lucia/productos',
    )
    expect(within(nav).getByRole('link', { name: 'Ofertas' })).toHaveAttribute(
      'href',
      '/almacen-lucia/productos?oferta=true',
    )
    expect(within(nav).getByRole('link', { name: 'Contacto' })).toHaveAttribute(
      'href',
      '/almacen-lucia#contacto',
    )
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })

  it('marks Ofertas, not Productos, as the current page on the offers list', () => {
    renderHeader({}, '/almacen-lucia/productos?oferta=true')
    const nav = screen.getByRole('navigation', { name: 'Tienda' })
    expect(within(nav).getByRole('link', { name: 'Ofertas' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Productos' })).not.toHaveAttribute('aria-current')
  })

  it('opens a 650 px, two-column categories panel with category and subcategory links', async () => {
    const ui = userEvent.setup()
    renderHeader()
    const trigger = screen.getByRole('button', { name: 'Categorías' })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await ui.click(trigger)
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '')
    expect(panel).toBeVisible()
    expect(panel).toHaveStyle({ width: '650px' })
    expect(panel?.querySelector('ul')).toHaveClass('grid-cols-2')
    expect(within(panel!).getByRole('link', { name: 'Bebidas' })).toHaveAttribute(
      'href',
      '/almacen-lucia/productos?categoria=Bebidas',
    )
    expect(within(panel!).getByRole('link', { name: 'Café' })).toHaveAttribute(
      'href',
      '/almacen-lucia/productos?categoria=Bebidas&subcategoria=Caf%C3%A9',
    )
    await ui.keyboard('{Escape}')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(trigger).toHaveFocus()
  })

  it("offers a visitor no sign-up to buy: only a discreet 'Iniciar sesión' for owners (issue 41)", () => {
    renderHeader({ user: null })
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
    expect(screen.queryByRole('link', { name: 'Crear cuenta' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Cuenta de/ })).not.toBeInTheDocument()
  })

  it("links a visitor's favourites, with their count, in the header and the menu (issue 41 §5)", async () => {
    const ui = userEvent.setup()
    localStorage.setItem(
      'vitrina:favorites',
      JSON.stringify([
        { businessIdentifier: 'almacen-lucia', productId: 'p1', name: 'Café', price: 420 },
        { businessIdentifier: 'otra', productId: 'p2', name: 'Té', price: 90 },
      ]),
    )
    renderHeader({ user: null })
    expect(screen.getByRole('link', { name: 'Favoritos: 2 productos' })).toHaveAttribute(
      'href',
      '/favoritos',
    )
    await ui.click(screen.getByRole('button', { name: 'Abrir menú' }))
    const menu = await screen.findByRole('dialog')
    expect(within(menu).getByRole('link', { name: /Favoritos/ })).toHaveAttribute(
      'href',
      '/favoritos',
    )
    expect(within(menu).getByRole('link', { name: /Favoritos/ })).toHaveTextContent('2')
    expect(within(menu).queryByRole('link', { name: 'Crear cuenta' })).not.toBeInTheDocument()
    localStorage.clear()
  })

  it("gives a signed-in shopper 'Mi perfil', 'Mis favoritos' and 'Cerrar sesión' but not 'Mi negocio'", async () => {
    const ui = userEvent.setup()
    const onLogout = vi.fn()
    renderHeader({ user: { _id: 'another-user', name: 'Bruno' }, onLogout })
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: 'Cuenta de Bruno' }))
    expect(screen.getByRole('link', { name: 'Mi perfil' })).toHaveAttribute('href', '/perfil')
    expect(screen.getByRole('link', { name: 'Mis favoritos' })).toHaveAttribute(
      'href',
      '/favoritos',
    )
    expect(screen.queryByRole('link', { name: 'Mi negocio' })).not.toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: 'Cerrar sesión' }))
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it("recognises the owner (user _id = business userId) and adds 'Mi negocio'", async () => {
    const ui = userEvent.setup()
    renderHeader({ user: { _id: OWNER_ID, name: 'Lucía' } })
    await ui.click(screen.getByRole('button', { name: 'Cuenta de Lucía' }))
    expect(screen.getByRole('link', { name: 'Mi negocio' })).toHaveAttribute(
      'href',
      '/admin/mi-negocio',
    )
  })

  it('shows the cart units on the badge and opens the cart', async () => {
    const onCartClick = vi.fn()
    renderHeader({ cartItemsCount: 3, onCartClick })
    await userEvent.click(screen.getByRole('button', { name: 'Carrito: 3 productos' }))
    expect(onCartClick).toHaveBeenCalledOnce()
  })

  it('is inert in preview mode', () => {
    renderHeader({ isPreview: true })
    expect(screen.getByRole('banner', { hidden: true })).toHaveAttribute('inert')
  })
})

describe('owner detection and header colours', () => {
  it('isStorefrontOwner compares the user _id with the business userId', () => {
    expect(isStorefrontOwner({ _id: OWNER_ID }, OWNER_ID)).toBe(true)
    expect(isStorefrontOwner({ _id: 'someone-else' }, OWNER_ID)).toBe(false)
    expect(isStorefrontOwner(null, OWNER_ID)).toBe(false)
    expect(isStorefrontOwner({ _id: '' }, '')).toBe(false)
    expect(isStorefrontOwner({ _id: OWNER_ID }, undefined)).toBe(false)
  })

  it('picks the bar text colour by contrast and falls back to the SPEC §3 defaults', () => {
    expect(storefrontTheme({ bgColor: '#1B4332' }).onBar).toBe('#FFFFFF')
    expect(storefrontTheme({ bgColor: '#F4E285' }).onBar).toBe('#000000')
    const defaults = storefrontTheme({})
    expect(defaults).toMatchObject({ primary: '#000000', secondary: '#000000', bar: '#FFFFFF' })
    expect(defaults.onBar).toBe('#000000')
    expect(storefrontTheme({ primaryColor: 'red' }).primary).toBe('#000000')
    // A pale primary is not used as text on the white page.
    expect(storefrontTheme({ primaryColor: '#FFE66D' }).primaryText).toBe('#0D1B2A')
    expect(storefrontTheme({ primaryColor: '#1B4332' }).primaryText).toBe('#1B4332')
  })
})
