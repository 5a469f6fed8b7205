/**
 * Issue 46 §1: /admin/dominio — «Dominio propio»: the owner saves a domain (the API's Spanish
 * refusal shown beside the field), reads the DNS records to create, sees the state and the
 * reason of a failed check, and «Verificar» asks the API again; the menu links to it; and axe.
 */
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DOMAIN_ERROR_MESSAGES,
  DOMAIN_MESSAGES,
  DOMAIN_NAV_TEXTS,
  DOMAIN_PAGE_TEXTS as T,
  DOMAIN_STATE_LABELS,
  type CustomDomain,
} from '@vitrina/contracts'
import { axeViolations } from '../../test/axe'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'
import { makeBusiness, signInOwner } from '../../test/owner-kit'

vi.setConfig({ testTimeout: 30_000 })

const PENDING: CustomDomain = {
  hostname: 'tienda.ejemplo.com.uy',
  displayName: 'tienda.ejemplo.com.uy',
  apex: false,
  state: 'pending',
  error: null,
  records: [
    {
      type: 'CNAME',
      name: 'tienda.ejemplo.com.uy',
      value: 'vitrina.uy',
      purpose: 'Hace que tu dominio muestre tu tienda de Vitrina',
    },
    {
      type: 'TXT',
      name: '_vitrina.tienda.ejemplo.com.uy',
      value: 'vitrina-verificacion=abcdefghijklmnopqrstuvwx',
      purpose: 'Demuestra que el dominio es tuyo',
    },
  ],
  checkedAt: null,
  verifiedAt: null,
  url: 'https://tienda.ejemplo.com.uy',
}

function open(routes: Parameters<typeof installFakeApi>[0]) {
  signInOwner()
  const ui = userEvent.setup({ delay: null })
  const api = installFakeApi({
    'GET /api/businesses/user/me': () => ({ body: makeBusiness() }),
    'GET /api/orders/counts': () => ({ body: { counts: {} } }),
    ...routes,
  })
  renderApp('/admin/dominio')
  return { ui, api }
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('/admin/dominio', () => {
  it('saves a domain, shows the API’s Spanish refusal, then the records to create', async () => {
    let saved = false
    const { ui, api } = open({
      'GET /api/domains/mine': () => ({ body: { domain: null } }),
      'PUT /api/domains/mine': (call) => {
        const { hostname } = call.body as { hostname: string }
        if (hostname === 'vitrina.uy') {
          const message = DOMAIN_MESSAGES.platformHost
          return {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message,
              errors: [{ path: 'hostname', message }],
            },
          }
        }
        saved = true
        return { body: PENDING }
      },
    })
    expect(await screen.findByRole('heading', { name: T.title, level: 1 })).toBeInTheDocument()
    const input = await screen.findByLabelText(T.label)
    expect(input).toHaveAccessibleDescription(T.hint)
    expect(await axeViolations()).toEqual([])

    await ui.type(input, 'vitrina.uy')
    await ui.click(screen.getByRole('button', { name: T.save }))
    expect(await screen.findByRole('alert')).toHaveTextContent(DOMAIN_MESSAGES.platformHost)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(`${T.hint} ${DOMAIN_MESSAGES.platformHost}`)
    expect(await axeViolations()).toEqual([])

    await ui.clear(input)
    await ui.type(input, 'Tienda.Ejemplo.com.uy')
    await ui.click(screen.getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.saved)).toBeInTheDocument()
    expect(saved).toBe(true)
    expect(api.callsTo('PUT /api/domains/mine').at(-1)?.body).toEqual({
      hostname: 'Tienda.Ejemplo.com.uy',
    })

    const records = screen.getByRole('region', { name: T.recordsTitle })
    const rows = within(records).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual(PENDING.records.map((r) => [r.type, r.name, r.value, r.purpose]))
    const status = screen.getByRole('region', { name: T.state })
    expect(within(status).getByText(`${T.state}: ${DOMAIN_STATE_LABELS.pending}`)).toBeVisible()
    expect(within(status).getByText(`${T.checkedAt}: ${T.never}`)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: T.change })).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })

  it('«Verificar» shows the reason of a failed check, then the live address', async () => {
    let attempt = 0
    const { ui } = open({
      'GET /api/domains/mine': () => ({ body: { domain: PENDING } }),
      'POST /api/domains/mine/verify': () => {
        attempt += 1
        return attempt === 1
          ? {
              body: {
                ...PENDING,
                state: 'failed',
                error: DOMAIN_ERROR_MESSAGES.txt_missing,
                checkedAt: '2026-11-28T02:00:00.000Z',
              },
            }
          : {
              body: {
                ...PENDING,
                state: 'verified',
                checkedAt: '2026-11-28T02:05:00.000Z',
                verifiedAt: '2026-11-28T02:05:00.000Z',
              },
            }
      },
    })
    const verify = await screen.findByRole('button', { name: T.verify })
    await ui.click(verify)
    expect(await screen.findByText(DOMAIN_ERROR_MESSAGES.txt_missing)).toHaveAttribute(
      'role',
      'status',
    )
    expect(screen.getByText(`${T.state}: ${DOMAIN_STATE_LABELS.failed}`)).toBeInTheDocument()
    expect(await screen.findByText(T.notYet)).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])

    await ui.click(screen.getByRole('button', { name: T.verify }))
    expect(await screen.findByText(`${T.state}: ${DOMAIN_STATE_LABELS.verified}`)).toBeVisible()
    expect(screen.queryByText(DOMAIN_ERROR_MESSAGES.txt_missing)).toBeNull()
    expect(screen.getByRole('link', { name: PENDING.url })).toHaveAttribute('href', PENDING.url)
    expect(await screen.findByText(T.verifiedToast)).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })

  it('is in the owner’s menu', async () => {
    const { ui } = open({ 'GET /api/domains/mine': () => ({ body: { domain: null } }) })
    await screen.findByRole('heading', { name: T.title, level: 1 })
    await ui.click(await screen.findByRole('button', { name: /Ana/ }))
    const link = await screen.findByRole('menuitem', { name: DOMAIN_NAV_TEXTS.menuLink })
    expect(link).toHaveAttribute('href', '/admin/dominio')
  })
})
