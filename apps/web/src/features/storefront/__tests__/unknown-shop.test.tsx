/**
 * Issue 41: an unknown shop was asked for 3 times after its 404 (the loaders, then every part of
 * the page that reads it, each retrying on mount). A 4xx does not change on a retry: once.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../test/render'
import { installFakeApi } from '../../../test/fake-api'

vi.setConfig({ testTimeout: 20_000 })

describe('an unknown shop (issue 41)', () => {
  it('is asked for once, and says it is not found', async () => {
    const fake = installFakeApi({
      'GET /api/businesses/no-existe/identifier': () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Negocio no encontrado' },
      }),
    })
    renderApp('/no-existe/productos', { strict: true })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Negocio no encontrado' }),
    ).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(fake.callsTo('GET /api/businesses/no-existe/identifier')).toHaveLength(1)
  })
})
