import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '@vitrina/contracts'
import { FAVORITES_STORAGE_KEY } from '../../lib/favorites'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

const user = {
  _id: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
  name: 'Ana Pereira',
  email: 'ana@example.com',
}

function signIn() {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
  localStorage.setItem(STORAGE_KEYS.accessToken, 'a1')
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
}

const business = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Café del Puerto',
  identifier: 'cafe-del-puerto',
  description: 'Café de especialidad',
  category: 'alimentos',
  categories: [],
  logo: null,
  address: null,
  phone: '099',
  email: 'c@example.com',
  socialLinks: {},
  primaryColor: '#7C4A2D',
  secondaryColor: '#F5E6D3',
  bgColor: '#7C4A2D',
  features: {},
  slides: [],
  planType: 'pro',
  userId: user._id,
  plan: {
    requested: 'pro',
    effective: 'pro',
    status: 'active',
    usage: { products: 3, hidden: 0, limit: null },
  },
}

describe('/plataforma/dashboard', () => {
  it('sends a visitor to the login page', async () => {
    installFakeApi({})
    const { location } = renderApp('/plataforma/dashboard')
    await waitFor(() => expect(location()).toBe('/auth/login'))
  })

  it("summarises the owner's business with shortcuts and saves it with the session", async () => {
    signIn()
    const fake = installFakeApi({ 'GET /api/businesses/user/me': () => ({ body: business }) })
    renderApp('/plataforma/dashboard')
    const summary = await screen.findByRole('region', { name: 'Café del Puerto' })
    expect(within(summary).getByText('Plan Premium')).toBeInTheDocument()
    expect(within(summary).getByRole('link', { name: 'Mi negocio' })).toHaveAttribute(
      'href',
      '/admin/mi-negocio',
    )
    expect(within(summary).getByRole('link', { name: 'Agregar producto' })).toHaveAttribute(
      'href',
      '/admin/nuevo-producto',
    )
    expect(within(summary).getByRole('link', { name: 'Ver mi tienda' })).toHaveAttribute(
      'href',
      '/cafe-del-puerto',
    )
    expect(fake.callsTo('GET /api/businesses/user/me')[0]?.headers.authorization).toBe('Bearer a1')
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.business) ?? 'null')?.identifier).toBe(
        'cafe-del-puerto',
      ),
    )
  })

  it('invites an owner without a business (404) to create one', async () => {
    signIn()
    installFakeApi({
      'GET /api/businesses/user/me': () => ({
        status: 404,
        body: { message: 'Negocio no encontrado' },
      }),
    })
    renderApp('/plataforma/dashboard')
    const invite = await screen.findByRole('region', { name: 'Todavía no creaste tu negocio' })
    expect(within(invite).getByRole('link', { name: 'Crear mi negocio' })).toHaveAttribute(
      'href',
      '/plataforma/nuevo',
    )
  })
})

describe('/perfil and /favoritos', () => {
  it("shows the user's data, refreshed from GET /api/auth/me", async () => {
    signIn()
    installFakeApi({ 'GET /api/auth/me': () => ({ body: { ...user, name: 'Ana María Pereira' } }) })
    renderApp('/perfil')
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ana María Pereira' }),
    ).toBeInTheDocument()
    expect(screen.getByText('ana@example.com')).toBeInTheDocument()
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe(
        'Ana María Pereira',
      ),
    )
  })

  it('lists the favourites of this device with links, and removes them', async () => {
    installFakeApi({})
    localStorage.setItem(
      FAVORITES_STORAGE_KEY,
      JSON.stringify([
        { businessIdentifier: 'mates', productId: 'p1', name: 'Mate de calabaza', price: 450 },
        // Issue 27 §3: saved with its address; the one above (saved before) links by id, which
        // redirects.
        {
          businessIdentifier: 'mates',
          productId: 'p2',
          slug: 'bombilla-de-alpaca',
          name: 'Bombilla',
          price: 300,
        },
      ]),
    )
    renderApp('/favoritos')
    expect(await screen.findByRole('link', { name: 'Mate de calabaza' })).toHaveAttribute(
      'href',
      '/mates/productos/p1',
    )
    expect(screen.getByRole('link', { name: 'Bombilla' })).toHaveAttribute(
      'href',
      '/mates/productos/bombilla-de-alpaca',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Quitar Bombilla de favoritos' }))
    expect(screen.getByText('$ 450,00')).toBeInTheDocument()
    await userEvent.click(
      screen.getByRole('button', { name: 'Quitar Mate de calabaza de favoritos' }),
    )
    expect(await screen.findByText('Todavía no tienes favoritos')).toBeInTheDocument()
  })
})
