/**
 * Issue 44 §3: 'Avisos por correo a tus clientes' in the ordering settings of the edit screen —
 * one labelled switch per shopper mail, as the API has them; a switch saves at once (a PATCH of
 * that switch only, never the business form's), is announced, and goes back when the save is
 * refused; a failed load says so in Spanish and retries. Axe clean at 375 and 1280 px.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  SHOPPER_MAIL_KINDS,
  SHOPPER_MAIL_MESSAGES as M,
  SHOPPER_MAIL_SETTINGS_TEXTS as T,
  type ShopperMailSettingsReply,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi, json } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import {
  installUploadsOverFetch,
  makeBusiness,
  signInOwner,
  stubObjectUrls,
} from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const ALL_ON: ShopperMailSettingsReply['mails'] = {
  confirmado: true,
  enviado: true,
  listo: true,
  entregado: true,
  cancelado: true,
  pago: true,
}

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

async function openSettings(
  mails: Partial<ShopperMailSettingsReply['mails']> = {},
  patch: (body: Record<string, boolean>) => Response | { body: unknown } = (body) => ({
    body: { mails: { ...ALL_ON, ...mails, ...body } },
  }),
  get: () => Response | { body: unknown } = () => ({ body: { mails: { ...ALL_ON, ...mails } } }),
) {
  const business = makeBusiness()
  signInOwner()
  stubObjectUrls()
  installUploadsOverFetch()
  const url = `/api/businesses/${business._id}/shopper-mails`
  const fake = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: business }),
    'GET /api/businesses/tienda-ana/identifier': () => ({ body: business }),
    [`GET ${url}`]: () => get(),
    [`PATCH ${url}`]: (call) => patch(call.body as Record<string, boolean>),
  })
  renderApp('/admin/mi-negocio/editar/tienda-ana')
  const ui = userEvent.setup({ delay: null })
  await screen.findByLabelText('Nombre del negocio*', {}, { timeout: 15_000 })
  await ui.click(
    within(screen.getByRole('navigation', { name: 'Pasos' })).getByRole('button', {
      name: /Información de Contacto/,
    }),
  )
  await screen.findByRole('heading', { level: 2, name: 'Información de Contacto' })
  const region = await screen.findByRole('region', { name: T.title })
  return { business, fake, ui, region, url }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('Avisos por correo a tus clientes', () => {
  for (const width of [375, 1280]) {
    it(`one labelled switch per mail, as the API has them (axe at ${width} px)`, async () => {
      atWidth(width)
      const { region } = await openSettings({ enviado: false })
      expect(within(region).getByText(T.intro)).toBeInTheDocument()
      const switches = await within(region).findAllByRole('switch')
      expect(switches).toHaveLength(SHOPPER_MAIL_KINDS.length)
      await waitFor(() =>
        expect(within(region).getByRole('switch', { name: T.labels.confirmado })).toBeEnabled(),
      )
      for (const kind of SHOPPER_MAIL_KINDS) {
        expect(within(region).getByRole('switch', { name: T.labels[kind] })).toHaveAttribute(
          'aria-checked',
          kind === 'enviado' ? 'false' : 'true',
        )
      }
      expect(await axeViolations()).toEqual([])
    })
  }

  it('saves one switch at once (only that one), announces it, and never sends the form', async () => {
    const { fake, ui, region, url, business } = await openSettings({ enviado: false })
    const shipped = within(region).getByRole('switch', { name: T.labels.enviado })
    await waitFor(() => expect(shipped).toBeEnabled())
    await ui.click(shipped)
    await waitFor(() => expect(fake.callsTo(`PATCH ${url}`)).toHaveLength(1))
    expect(fake.callsTo(`PATCH ${url}`)[0]!.body).toEqual({ enviado: true })
    expect(shipped).toHaveAttribute('aria-checked', 'true')
    expect(
      await within(region).findByText(`${T.labels.enviado}: ${T.on}. ${M.saved}.`),
    ).toBeInTheDocument()
    await ui.click(within(region).getByRole('switch', { name: T.labels.pago }))
    await waitFor(() => expect(fake.callsTo(`PATCH ${url}`)).toHaveLength(2))
    expect(fake.callsTo(`PATCH ${url}`)[1]!.body).toEqual({ pago: false })
    expect(fake.callsTo(`PATCH /api/businesses/${business._id}`)).toHaveLength(0)
  })

  it('a refused save puts the switch back and says so', async () => {
    const { ui, region } = await openSettings({}, () =>
      json(400, { statusCode: 400, error: 'Bad Request', message: M.switchesInvalid }),
    )
    const cancelled = within(region).getByRole('switch', { name: T.labels.cancelado })
    await waitFor(() => expect(cancelled).toBeEnabled())
    await ui.click(cancelled)
    expect(await screen.findByText(M.saveFailed)).toBeInTheDocument()
    await waitFor(() => expect(cancelled).toHaveAttribute('aria-checked', 'true'))
  })

  it('a failed load says so in Spanish and tries again', async () => {
    let fail = true
    const { ui, region } = await openSettings({}, undefined, () =>
      fail ? json(500, { statusCode: 500, error: 'x', message: 'x' }) : { body: { mails: ALL_ON } },
    )
    expect(
      await within(region).findByText(M.loadFailed, {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
    fail = false
    await ui.click(within(region).getByRole('button', { name: 'Intentar de nuevo' }))
    expect(await within(region).findAllByRole('switch')).toHaveLength(6)
  })
})
