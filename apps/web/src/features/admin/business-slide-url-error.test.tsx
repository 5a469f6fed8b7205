/**
 * Issue 41: the API downloads a cover slide given by URL when the business is saved and refuses
 * one it cannot use, naming it. The edit form shows that reason on the slides (and in the toast)
 * until the owner changes them.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, expect, it, vi } from 'vitest'
import { ADMIN_MESSAGES, BUSINESS_MESSAGES, IMPORT_MESSAGES } from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import {
  formEntries,
  installUploadsOverFetch,
  makeBusiness,
  signInOwner,
  stubObjectUrls,
} from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const business = makeBusiness()
const refused = BUSINESS_MESSAGES.slideUrlFailed(
  3,
  'cdn.example.com',
  IMPORT_MESSAGES.imageHttpStatus(404),
)

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

it('shows which slide URL the server could not use, until the slides change', async () => {
  signInOwner()
  stubObjectUrls()
  installUploadsOverFetch()
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    [`PATCH /api/businesses/${business._id}`]: () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: refused,
        errors: [{ path: 'slides', message: refused }],
      },
    }),
  })
  renderApp('/admin/mi-negocio/editar/tienda-ana')
  const ui = userEvent.setup({ applyAccept: false, delay: null })

  await screen.findByLabelText('Nombre del negocio*')
  await ui.click(
    within(screen.getByRole('navigation', { name: 'Pasos' })).getByRole('button', {
      name: /Apariencia/,
    }),
  )
  await ui.type(
    screen.getByLabelText('URL de una imagen de portada'),
    'https://cdn.example.com/rota.jpg{Enter}',
  )
  // Saved from another step: the form comes back to the slides with the reason.
  await ui.click(
    within(screen.getByRole('navigation', { name: 'Pasos' })).getByRole('button', {
      name: /Información Básica/,
    }),
  )
  await ui.click(screen.getByRole('button', { name: 'Guardar cambios' }))

  expect(await screen.findByText(ADMIN_MESSAGES.businessUpdateFailed)).toBeInTheDocument()
  await screen.findByRole('heading', { level: 2, name: 'Apariencia' })
  const slides = screen.getByText('Imágenes de portada (opcional)').closest('fieldset')!
  expect(within(slides).getByRole('alert')).toHaveTextContent(
    'No pudimos agregar la imagen de portada 3 (cdn.example.com): El servidor de la imagen respondió 404',
  )
  const sent = formEntries(fake.callsTo(`PATCH /api/businesses/${business._id}`)[0]?.body)
  expect(sent.filter(([name]) => name === 'slides').map(([, v]) => v)).toEqual([
    'https://cdn.example.com/rota.jpg',
  ])

  await ui.click(screen.getByRole('button', { name: 'Eliminar portada 3' }))
  await waitFor(() => expect(within(slides).queryByRole('alert')).not.toBeInTheDocument())
})
