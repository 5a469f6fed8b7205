/**
 * SPEC §8 "Product list failure: only logged", through the real storefront screens with the API
 * failing at the network boundary: the failure is logged, the page keeps working and no SPEC
 * error screen replaces it.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../test/render'
import { makeBusiness, makeProduct } from '../../../components/storefront/__tests__/fixtures'
import { installStorefrontApi } from './storefront-api'

vi.setConfig({ testTimeout: 20_000 })

const business = makeBusiness()
const serverError = () => ({
  status: 500,
  body: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno del servidor' },
})

describe('product list failure (SPEC §8)', () => {
  it('on the list page: logged, the page stays, and a retry brings the products', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    const product = makeProduct({ name: 'Café de Colombia' })
    installStorefrontApi({
      business,
      extra: {
        [`GET /api/products/${business._id}/business`]: () =>
          fail
            ? serverError()
            : { body: { items: [product], total: 1, page: 1, pageSize: 12, priceMax: 420 } },
      },
    })
    renderApp('/almacen-lucia/productos')
    expect(
      await screen.findByText('Ha ocurrido un error. Por favor, intenta nuevamente más tarde.'),
    ).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith('No se pudieron cargar los productos', expect.anything())
    // The storefront itself did not fail: its heading, header and filters are still there.
    expect(screen.getByRole('heading', { level: 1, name: 'Productos' })).toBeInTheDocument()
    expect(screen.queryByText('Error al cargar los datos del negocio')).not.toBeInTheDocument()

    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }))
    expect(await screen.findByText('Café de Colombia')).toBeInTheDocument()
    expect(
      screen.queryByText('Ha ocurrido un error. Por favor, intenta nuevamente más tarde.'),
    ).not.toBeInTheDocument()
  })

  it('on the home page: a failing carousels read is only logged and renders no carousel', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    installStorefrontApi({
      business,
      carousels: { offer: [makeProduct({ name: 'Lemon pie', price: 980, discount: 20 })] },
      extra: { [`GET /api/products/${business._id}/carousels`]: serverError },
    })
    renderApp('/almacen-lucia')
    expect(
      await screen.findByRole('heading', { level: 1, name: business.name }),
    ).toBeInTheDocument()
    await waitFor(() => {
      expect(log).toHaveBeenCalledWith(
        'No se pudieron cargar los carruseles de productos',
        expect.anything(),
      )
    })
    expect(screen.queryByRole('heading', { name: 'Productos Destacados' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Nuevos Productos' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Ofertas Especiales' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver todos los productos' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
