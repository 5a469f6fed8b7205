/**
 * Issue 43 §1: /admin/pagos — «Pagos en línea»: not connected (OAuth offered or explained, the
 * pasted credentials checked with contracts' Spanish messages, then sent), connected («Probar
 * conexión» names the account, «Desconectar» asks first), the unsupported currency notice, and
 * the OAuth return's query shown as a message only (the state is the API's); axe at 375/1280 px.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  MERCADOPAGO_TEXTS as MP,
  PAYMENT_MESSAGES,
  PAYMENT_SETTINGS_TEXTS as T,
  type MercadoPagoConnection,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { makeBusiness, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const NOT_CONNECTED: MercadoPagoConnection = {
  connected: false,
  unsupportedCurrencies: [],
  oauthAvailable: true,
}
const CONNECTED: MercadoPagoConnection = {
  connected: true,
  method: 'token',
  accountName: 'Tienda de Marta',
  accountId: '123',
  unsupportedCurrencies: [],
  oauthAvailable: true,
  notificationUrl: 'https://vitrina.test/api/payments/mercadopago/notifications/abc',
}

function open(routes: Parameters<typeof installFakeApi>[0], url = '/admin/pagos') {
  signInOwner()
  const ui = userEvent.setup({ delay: null })
  const api = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    'GET /api/orders/counts': () => ({ body: { counts: {} } }),
    ...routes,
  })
  renderApp(url)
  return { ui, api }
}

function atWidth(width: number) {
  window.innerWidth = width
  window.dispatchEvent(new Event('resize'))
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('/admin/pagos', () => {
  for (const width of [375, 1280]) {
    it(`not connected: OAuth offered, pasted credentials checked then sent (axe at ${width} px)`, async () => {
      atWidth(width)
      let connected = false
      const { ui, api } = open({
        'GET /api/payments/mercadopago': () => ({
          body: connected ? CONNECTED : NOT_CONNECTED,
        }),
        'PUT /api/payments/mercadopago': () => {
          connected = true
          return { body: CONNECTED }
        },
      })
      expect(await screen.findByText(MP.notConnected)).toBeInTheDocument()
      expect(screen.getByRole('button', { name: MP.connectOauth })).toBeInTheDocument()
      expect(await axeViolations()).toEqual([])
      await ui.click(screen.getByRole('button', { name: MP.connectWithToken }))
      expect(await screen.findByText(PAYMENT_MESSAGES.accessTokenRequired)).toBeInTheDocument()
      expect(screen.getByText(PAYMENT_MESSAGES.publicKeyRequired)).toBeInTheDocument()
      await ui.type(screen.getByLabelText(new RegExp(T.accessTokenLabel)), 'hola')
      await ui.type(screen.getByLabelText(new RegExp(T.publicKeyLabel)), 'TEST-abcdef12-3456')
      await ui.click(screen.getByRole('button', { name: MP.connectWithToken }))
      expect(await screen.findByText(PAYMENT_MESSAGES.accessTokenInvalid)).toBeInTheDocument()
      expect(api.callsTo('PUT /api/payments/mercadopago')).toHaveLength(0)
      await ui.clear(screen.getByLabelText(new RegExp(T.accessTokenLabel)))
      await ui.type(screen.getByLabelText(new RegExp(T.accessTokenLabel)), 'TEST-1234567890-abc')
      await ui.click(screen.getByRole('button', { name: MP.connectWithToken }))
      expect(await screen.findByText(MP.connectedAs('Tienda de Marta'))).toBeInTheDocument()
      expect(api.callsTo('PUT /api/payments/mercadopago')[0]!.body).toEqual({
        accessToken: 'TEST-1234567890-abc',
        publicKey: 'TEST-abcdef12-3456',
      })
      expect(await axeViolations()).toEqual([])
    })

    it(`connected: «Probar conexión» names the account; «Desconectar» asks first (axe at ${width} px)`, async () => {
      atWidth(width)
      let connected = true
      const { ui, api } = open({
        'GET /api/payments/mercadopago': () => ({
          body: connected ? CONNECTED : NOT_CONNECTED,
        }),
        'POST /api/payments/mercadopago/test': () => ({
          body: { ok: true, accountName: 'Tienda de Marta' },
        }),
        'DELETE /api/payments/mercadopago': () => {
          connected = false
          return { status: 204 }
        },
      })
      await ui.click(await screen.findByRole('button', { name: MP.testConnection }))
      expect(await screen.findByText(T.tested('Tienda de Marta'))).toBeInTheDocument()
      expect(await axeViolations()).toEqual([])
      await ui.click(screen.getByRole('button', { name: MP.disconnect }))
      const dialog = await screen.findByRole('alertdialog', { name: T.disconnectTitle })
      expect(dialog).toHaveTextContent(T.disconnectDescription)
      expect(await axeViolations()).toEqual([])
      await ui.click(screen.getByRole('button', { name: T.disconnectKeep }))
      expect(api.callsTo('DELETE /api/payments/mercadopago')).toHaveLength(0)
      await ui.click(screen.getByRole('button', { name: MP.disconnect }))
      const again = await screen.findByRole('alertdialog')
      await ui.click(
        [...again.querySelectorAll('button')].find((b) => b.textContent === MP.disconnect)!,
      )
      expect(await screen.findByText(MP.notConnected)).toBeInTheDocument()
      expect(api.callsTo('DELETE /api/payments/mercadopago')).toHaveLength(1)
    })

    it(`tells the currencies the account cannot charge (axe at ${width} px)`, async () => {
      atWidth(width)
      open({
        'GET /api/payments/mercadopago': () => ({
          body: { ...CONNECTED, unsupportedCurrencies: ['USD'] },
        }),
      })
      expect(await screen.findByText(T.unsupportedTitle)).toBeInTheDocument()
      expect(screen.getByText(PAYMENT_MESSAGES.currencyUnsupported('USD'))).toBeInTheDocument()
      expect(await axeViolations()).toEqual([])
    })

    it(`after an OAuth error: the Spanish message, and the state read from the API (axe at ${width} px)`, async () => {
      atWidth(width)
      open(
        {
          'GET /api/payments/mercadopago': () => ({
            body: { ...NOT_CONNECTED, oauthAvailable: false },
          }),
        },
        '/admin/pagos?mercadopago=vencido',
      )
      expect(await screen.findByRole('alert')).toHaveTextContent(T.oauthOutcome.vencido!)
      expect(screen.getByText(MP.notConnected)).toBeInTheDocument()
      expect(screen.getByText(T.oauthUnavailable)).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: MP.connectOauth })).toBeNull()
      expect(await axeViolations()).toEqual([])
    })
  }

  it('a forged "conectado" in the address does not show the shop as connected', async () => {
    open(
      { 'GET /api/payments/mercadopago': () => ({ body: NOT_CONNECTED }) },
      '/admin/pagos?mercadopago=conectado',
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(T.oauthOutcome.error!)
    expect(screen.getByText(MP.notConnected)).toBeInTheDocument()
  })

  it('the OAuth return with success shows it, connected per the API', async () => {
    open(
      { 'GET /api/payments/mercadopago': () => ({ body: { ...CONNECTED, method: 'oauth' } }) },
      '/admin/pagos?mercadopago=conectado',
    )
    const shown = await screen.findByText(T.oauthOutcome.conectado!)
    expect(shown).toHaveAttribute('role', 'status')
    expect(screen.getByText(T.methodOauth)).toBeInTheDocument()
  })
})
