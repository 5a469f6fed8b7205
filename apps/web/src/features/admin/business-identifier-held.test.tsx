/**
 * Issue 40 §5: an identifier another business gave up recently is held; the wizard's availability
 * check says so in its own words (not 'ya está en uso': no shop uses it now).
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, it, vi } from 'vitest'
import { BUSINESS_MESSAGES } from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { installUploadsOverFetch, signInOwner, stubObjectUrls } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

it("stays on step 1 with the 'held' message when the identifier was given up recently", async () => {
  signInOwner()
  stubObjectUrls()
  installUploadsOverFetch()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: null }),
    'GET /api/businesses/check/tienda-vieja': () => ({
      body: { available: false, reason: 'held' },
    }),
  })
  renderApp('/plataforma/nuevo')
  const ui = userEvent.setup({ applyAccept: false, delay: null })

  await ui.type(await screen.findByLabelText('Nombre del negocio*'), 'Tienda Vieja')
  await ui.click(screen.getByRole('combobox', { name: 'Categoría' }))
  await ui.click(await screen.findByRole('option', { name: 'Moda y accesorios' }))
  await ui.type(screen.getByLabelText('Descripción*'), 'Ropa hecha a mano en Montevideo.')
  const identifier = screen.getByLabelText('Identificador*')
  await ui.clear(identifier)
  await ui.type(identifier, 'tienda-vieja')
  await ui.click(screen.getByRole('button', { name: 'Siguiente' }))

  expect(await screen.findByText(BUSINESS_MESSAGES.identifierHeld)).toBeInTheDocument()
  expect(screen.queryByText(BUSINESS_MESSAGES.identifierTaken)).not.toBeInTheDocument()
  expect(identifier).toHaveFocus()
  expect(screen.getByText('Paso 1 de 5')).toBeInTheDocument()
  expect(fake.callsTo('GET /api/businesses/check/tienda-vieja')).toHaveLength(1)
})
