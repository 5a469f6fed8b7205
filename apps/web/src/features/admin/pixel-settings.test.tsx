/**
 * Issue 46 §3: the owner's GA4 and Meta Pixel ids in 'Canales de venta' — labelled fields with
 * the saved ids, the contracts' Spanish messages before any request, the API's per-field 400,
 * the save (PUT, the saved ids shown back); and axe.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  SHOP_PIXELS_MESSAGES as M,
  SHOP_PIXELS_TEXTS as T,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { makeBusiness, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

function open(
  business: OwnerBusiness = makeBusiness(),
  put: (body: unknown) => { status?: number; body?: unknown } = (body) => ({
    body: { ...business, pixels: body },
  }),
) {
  signInOwner()
  const ui = userEvent.setup({ delay: null })
  const api = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    'GET /api/orders/counts': () => ({ body: { counts: {} } }),
    [`PUT /api/businesses/${business._id}/pixels`]: (call) => put(call.body),
  })
  renderApp('/admin/canales-de-venta')
  return { ui, api, business }
}

async function section() {
  return screen.findByRole('region', { name: T.title })
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('Canales de venta › Medición de visitas y anuncios', () => {
  it('shows both fields, labelled and described, empty for a shop without ids; axe clean', async () => {
    open()
    const region = await section()
    const ga4 = within(region).getByLabelText(T.ga4Label)
    const meta = within(region).getByLabelText(T.metaLabel)
    expect(ga4).toHaveValue('')
    expect(meta).toHaveValue('')
    expect(ga4).toHaveAccessibleDescription(T.ga4Hint)
    expect(meta).toHaveAccessibleDescription(T.metaHint)
    expect(within(region).getByText(T.consentNote)).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })

  it('shows the saved ids', async () => {
    open(makeBusiness({ pixels: { ga4MeasurementId: 'G-ABC123XYZ9', metaPixelId: '12345678' } }))
    const region = await section()
    expect(within(region).getByLabelText(T.ga4Label)).toHaveValue('G-ABC123XYZ9')
    expect(within(region).getByLabelText(T.metaLabel)).toHaveValue('12345678')
  })

  it('says what is wrong in Spanish, on the field, before sending anything; axe clean', async () => {
    const { ui, api, business } = open()
    const region = await section()
    await ui.type(within(region).getByLabelText(T.ga4Label), 'UA-1234-1')
    await ui.type(within(region).getByLabelText(T.metaLabel), 'mi-pixel')
    await ui.click(within(region).getByRole('button', { name: T.save }))
    const ga4 = within(region).getByLabelText(T.ga4Label)
    expect(ga4).toHaveAttribute('aria-invalid', 'true')
    expect(ga4).toHaveAccessibleDescription(`${T.ga4Hint} ${M.ga4Invalid}`)
    expect(within(region).getByLabelText(T.metaLabel)).toHaveAccessibleDescription(
      `${T.metaHint} ${M.metaPixelInvalid}`,
    )
    expect(ga4).toHaveFocus()
    expect(api.callsTo(`PUT /api/businesses/${business._id}/pixels`)).toHaveLength(0)
    expect(await axeViolations()).toEqual([])
  })

  it('saves the ids (the API’s normalised ids shown back) and says so', async () => {
    const { ui, api, business } = open(makeBusiness(), () => ({
      body: {
        ...makeBusiness(),
        pixels: { ga4MeasurementId: 'G-ABC123XYZ9', metaPixelId: '98765' },
      },
    }))
    const region = await section()
    await ui.type(within(region).getByLabelText(T.ga4Label), 'g-abc123xyz9')
    await ui.type(within(region).getByLabelText(T.metaLabel), '98765')
    await ui.click(within(region).getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.saved)).toBeInTheDocument()
    expect(api.callsTo(`PUT /api/businesses/${business._id}/pixels`)[0]?.body).toEqual({
      ga4MeasurementId: 'g-abc123xyz9',
      metaPixelId: '98765',
    })
    expect(within(region).getByLabelText(T.ga4Label)).toHaveValue('G-ABC123XYZ9')
  })

  it('says the save failed when the server does not answer with a field', async () => {
    const { ui } = open(makeBusiness(), () => ({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno' },
    }))
    const region = await section()
    await ui.type(within(region).getByLabelText(T.metaLabel), '123456')
    await ui.click(within(region).getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.saveFailed)).toBeInTheDocument()
    expect(within(region).getByLabelText(T.metaLabel)).not.toHaveAttribute('aria-invalid')
  })

  it('shows the API’s 400 on its field', async () => {
    const { ui } = open(makeBusiness(), () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: M.metaPixelInvalid,
        errors: [{ path: 'metaPixelId', message: M.metaPixelInvalid }],
      },
    }))
    const region = await section()
    await ui.type(within(region).getByLabelText(T.metaLabel), '123456')
    await ui.click(within(region).getByRole('button', { name: T.save }))
    const meta = within(region).getByLabelText(T.metaLabel)
    await vi.waitFor(() => expect(meta).toHaveAttribute('aria-invalid', 'true'))
    expect(meta).toHaveAccessibleDescription(`${T.metaHint} ${M.metaPixelInvalid}`)
    expect(meta).toHaveFocus()
  })
})
