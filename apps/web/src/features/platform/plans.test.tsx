import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

describe('plans page (SPEC §2.4, §9)', () => {
  it('shows both plans with badges, UYU and USD prices, features and wizard links', async () => {
    installFakeApi({})
    renderApp('/plataforma/planes')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Planes de Suscripción' }),
    ).toBeInTheDocument()

    const free = screen.getByRole('article', { name: 'Plan Básico' })
    expect(within(free).getByText('GRATUITO')).toBeInTheDocument()
    expect(within(free).getByText('$ 0')).toBeInTheDocument()
    expect(within(free).getByText('20 productos')).toBeInTheDocument()
    expect(within(free).getByRole('list', { name: 'No incluye el Plan Básico' })).toHaveTextContent(
      'Soporte personalizado',
    )
    expect(within(free).getByRole('link', { name: 'Comenzar gratis' })).toHaveAttribute(
      'href',
      '/plataforma/nuevo?plan=free',
    )

    const pro = screen.getByRole('article', { name: 'Plan Premium' })
    expect(within(pro).getByText('POPULAR')).toBeInTheDocument()
    expect(within(pro).getByText('$ 200')).toBeInTheDocument()
    expect(within(pro).getByText(/US\$ 5 por mes/)).toBeInTheDocument()
    expect(within(pro).getAllByRole('listitem')).toHaveLength(6)
    expect(within(pro).getByRole('link', { name: 'Elegir Plan Premium' })).toHaveAttribute(
      'href',
      '/plataforma/nuevo?plan=pro',
    )
  })

  it('has an FAQ whose answers open and close from the keyboard', async () => {
    installFakeApi({})
    renderApp('/plataforma/planes')
    const question = await screen.findByRole('button', {
      name: '¿Puedo cambiar de plan en cualquier momento?',
    })
    expect(question).toHaveAttribute('aria-expanded', 'false')
    question.focus()
    await userEvent.keyboard('{Enter}')
    expect(question).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(/El cambio se aplica de inmediato/)).toBeVisible()
    expect(screen.getAllByRole('button', { name: /^¿/ })).toHaveLength(4)
  })

  it('the landing shows only the first four features of each plan', async () => {
    installFakeApi({
      'GET /api/businesses/featured': () => ({ body: [] }),
    })
    renderApp('/')
    const pro = await screen.findByRole('article', { name: 'Plan Premium' })
    expect(within(pro).getAllByRole('listitem')).toHaveLength(4)
    expect(within(pro).queryByText('Soporte personalizado')).not.toBeInTheDocument()
  })
})
