/**
 * Issue 23 §3 — the operator console (/operador) and what a suspension shows elsewhere: the
 * storefront's 'Negocio no disponible', the owner's reason, the 'Operador' label.
 */
import { makeBusiness } from '../../test/owner-kit'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  OPERATOR_CONSOLE_MESSAGES as M,
  STORAGE_KEYS,
  type AuditEntry,
  type OperatorBusiness,
  type OperatorBusinessDetail,
} from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

const operatorUser = {
  _id: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
  name: 'Olga',
  email: 'operador@vitrina.uy',
  role: 'operator' as const,
}
const ownerUser = {
  ...operatorUser,
  name: 'Dora',
  email: 'dora@example.com',
  role: 'owner' as const,
}

function signIn(user: typeof operatorUser | typeof ownerUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
  localStorage.setItem(STORAGE_KEYS.accessToken, 'a1')
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

function listing(n: number, overrides: Partial<OperatorBusiness> = {}): OperatorBusiness {
  return {
    _id: id(n),
    name: `Negocio ${n}`,
    identifier: `negocio-${n}`,
    logo: null,
    planType: 'free',
    effectivePlan: 'free',
    ownerEmail: `dueno${n}@example.com`,
    productCount: n,
    createdAt: '2026-11-01T12:00:00.000Z',
    suspendedAt: null,
    suspensionReason: null,
    featuredPosition: null,
    ...overrides,
  }
}

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 })

function detail(overrides: Partial<OperatorBusiness> = {}, history: AuditEntry[] = []) {
  return {
    business: {
      ...listing(1, overrides),
      description: 'Una tienda',
      phone: '099',
      email: 'a@b.uy',
    },
    owner: {
      id: id(9),
      name: 'Dora Dueña',
      email: 'dora@example.com',
      isActive: true,
      createdAt: '2026-10-01T00:00:00.000Z',
    },
    history,
  } satisfies OperatorBusinessDetail
}

const auditEntry: AuditEntry = {
  id: id(77),
  operatorId: operatorUser._id,
  operatorEmail: 'operador@vitrina.uy',
  operatorName: 'Olga Operadora',
  action: 'business.suspend',
  targetType: 'business',
  targetId: id(1),
  targetName: 'Tejidos Colonia',
  reason: 'Contenido engañoso',
  before: { suspendedAt: null },
  after: { suspendedAt: '2026-11-25T10:00:00.000Z' },
  createdAt: '2026-11-25T10:00:00.000Z',
}

const me = (user: typeof operatorUser | typeof ownerUser) => ({
  'GET /api/auth/me': () => ({ body: user }),
})

describe('/operador access', () => {
  it('an owner is told the console is for operators only, and the API is not asked', async () => {
    signIn(ownerUser)
    const fake = installFakeApi({ ...me(ownerUser) })
    renderApp('/operador/negocios')
    expect(await screen.findByRole('heading', { name: M.onlyOperatorsTitle })).toBeInTheDocument()
    expect(screen.getByText(M.onlyOperators)).toBeInTheDocument()
    expect(fake.calls.some((c) => c.path.startsWith('/api/operator'))).toBe(false)
  })

  it('a signed-out visitor goes to the login', async () => {
    installFakeApi({})
    const { location } = renderApp('/operador')
    await waitFor(() => expect(location()).toBe('/auth/login'))
  })

  it('an operator lands on Negocios, with every section in the navigation and "Operador" in the menu', async () => {
    signIn(operatorUser)
    installFakeApi({
      ...me(operatorUser),
      'GET /api/operator/businesses': () => ({ body: page([listing(1), listing(2)]) }),
    })
    const { location } = renderApp('/operador')
    await waitFor(() => expect(location()).toBe('/operador/negocios'))
    const nav = await screen.findByRole('navigation', { name: M.navLabel })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Negocios', 'Pagos', 'Destacados', 'Mensajes', 'Correos', 'Auditoría'])
    expect(within(nav).getByRole('link', { name: 'Pagos' })).toHaveAttribute(
      'href',
      '/operador/pagos',
    )
    expect(screen.getByRole('button', { name: 'Menú de Olga' })).toHaveTextContent(M.roleLabel)
  })
})

describe('/operador/negocios', () => {
  it('lists businesses with owner, products and date, and searches with filters', async () => {
    signIn(operatorUser)
    const fake = installFakeApi({
      ...me(operatorUser),
      'GET /api/operator/businesses': (call) =>
        call.path.includes('search=')
          ? { body: page([listing(2, { suspendedAt: '2026-11-20T00:00:00.000Z' })]) }
          : { body: page([listing(1), listing(2)]) },
    })
    const { location } = renderApp('/operador/negocios')
    const first = await screen.findByRole('link', { name: 'Negocio 1' })
    expect(first).toHaveAttribute('href', `/operador/negocios/${id(1)}`)
    expect(screen.getByText(/dueno1@example.com/)).toBeInTheDocument()
    expect(screen.getByText('2 negocios')).toBeInTheDocument()

    await userEvent.type(screen.getByRole('searchbox', { name: M.searchLabel }), 'dueno2')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: M.stateLabel }), 'suspended')
    await userEvent.click(screen.getByRole('button', { name: M.searchLabel }))
    await waitFor(() => expect(location()).toBe('/operador/negocios?search=dueno2&state=suspended'))
    expect(await screen.findByText(M.stateSuspended, { selector: 'span' })).toBeInTheDocument()
    expect(fake.callsTo('GET /api/operator/businesses').at(-1)?.path).toBe(
      '/api/operator/businesses?page=1&pageSize=20&search=dueno2&state=suspended',
    )
  })
})

describe('/operador/negocios/:id', () => {
  it('asks for a reason, suspends, shows the reason and lifts it', async () => {
    signIn(operatorUser)
    let current = detail()
    const fake = installFakeApi({
      ...me(operatorUser),
      [`GET /api/operator/businesses/${id(1)}`]: () => ({ body: current }),
      [`POST /api/operator/businesses/${id(1)}/suspend`]: (call) => {
        const reason = (call.body as { reason: string }).reason
        current = detail({ suspendedAt: '2026-11-25T10:00:00.000Z', suspensionReason: reason }, [
          auditEntry,
        ])
        return { body: current }
      },
      [`POST /api/operator/businesses/${id(1)}/unsuspend`]: () => {
        current = detail({}, [auditEntry])
        return { body: current }
      },
    })
    renderApp(`/operador/negocios/${id(1)}`)
    expect(await screen.findByRole('heading', { name: 'Negocio 1' })).toBeInTheDocument()
    expect(screen.getByText('dora@example.com')).toBeInTheDocument()
    expect(screen.getByText(M.noHistory)).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: M.suspendSubmit }))
    expect(await screen.findByText(M.reasonRequired)).toBeInTheDocument()
    expect(fake.callsTo(`POST /api/operator/businesses/${id(1)}/suspend`)).toHaveLength(0)

    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Contenido engañoso')
    await userEvent.click(screen.getByRole('button', { name: M.suspendSubmit }))
    expect(await screen.findByRole('button', { name: M.unsuspendSubmit })).toBeInTheDocument()
    expect(fake.callsTo(`POST /api/operator/businesses/${id(1)}/suspend`)[0]?.body).toEqual({
      reason: 'Contenido engañoso',
    })
    const history = screen.getByRole('region', { name: M.historyTitle })
    expect(within(history).getByText('Suspendió un negocio')).toBeInTheDocument()
    expect(within(history).getByText('(operador@vitrina.uy)')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: M.unsuspendSubmit }))
    expect(await screen.findByRole('button', { name: M.suspendSubmit })).toBeInTheDocument()
  })

  it('an unknown business shows the API’s message', async () => {
    signIn(operatorUser)
    installFakeApi({
      ...me(operatorUser),
      [`GET /api/operator/businesses/${id(5)}`]: () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Negocio no encontrado' },
      }),
    })
    renderApp(`/operador/negocios/${id(5)}`)
    expect(await screen.findByText('Negocio no encontrado')).toBeInTheDocument()
  })
})

describe('/operador/destacados', () => {
  it('adds, orders and saves the chosen businesses', async () => {
    signIn(operatorUser)
    let selection: { mode: 'automatic' | 'chosen'; items: OperatorBusiness[] } = {
      mode: 'automatic',
      items: [listing(3)],
    }
    const fake = installFakeApi({
      ...me(operatorUser),
      'GET /api/operator/featured': () => ({ body: selection }),
      'GET /api/operator/businesses': () => ({ body: page([listing(1), listing(2)]) }),
      'PUT /api/operator/featured': (call) => {
        const ids = (call.body as { businessIds: string[] }).businessIds
        selection = { mode: 'chosen', items: ids.map((x) => listing(Number(x.slice(-1)))) }
        return { body: selection }
      },
    })
    renderApp('/operador/destacados')
    expect(await screen.findByText(M.featuredAutomatic)).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar Negocio 1' }))
    await userEvent.click(screen.getByRole('button', { name: 'Agregar Negocio 2' }))
    await userEvent.click(screen.getByRole('button', { name: 'Subir Negocio 2' }))
    await userEvent.click(screen.getByRole('button', { name: M.featuredSave }))
    await waitFor(() =>
      expect(fake.callsTo('PUT /api/operator/featured')[0]?.body).toEqual({
        businessIds: [id(2), id(1)],
      }),
    )
    expect(await screen.findByRole('button', { name: M.featuredClear })).toBeInTheDocument()
  })
})

describe('/operador/mensajes and /operador/correos', () => {
  it('shows messages newest first and marks one read', async () => {
    signIn(operatorUser)
    const fake = installFakeApi({
      ...me(operatorUser),
      'GET /api/operator/messages': () => ({
        body: {
          ...page([
            {
              id: id(1),
              name: 'Lucía',
              email: 'lucia@example.com',
              message: 'Hola, ¿cómo creo mi tienda?',
              createdAt: '2026-11-25T10:00:00.000Z',
              readAt: null,
            },
          ]),
          unreadCount: 1,
        },
      }),
      [`POST /api/operator/messages/${id(1)}/read`]: () => ({ body: {} }),
    })
    renderApp('/operador/mensajes')
    expect(await screen.findByText('Hola, ¿cómo creo mi tienda?')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: M.markRead }))
    await waitFor(() =>
      expect(fake.callsTo(`POST /api/operator/messages/${id(1)}/read`)).toHaveLength(1),
    )
  })

  it('shows a failed mail’s stored text ({{token}}, no link) and retries it', async () => {
    signIn(operatorUser)
    const fake = installFakeApi({
      ...me(operatorUser),
      'GET /api/operator/mail': () => ({
        body: page([
          {
            id: id(4),
            to: 'nuevo@example.com',
            subject: 'Activa tu cuenta',
            kind: 'activation',
            text: 'Abre http://vitrina.test/auth/activar/{{token}}',
            status: 'failed',
            attempts: 3,
            lastError: 'SMTP 550',
            createdAt: '2026-11-25T10:00:00.000Z',
            nextAttemptAt: '2026-11-25T10:10:00.000Z',
            sentAt: null,
          },
        ]),
      }),
      [`POST /api/operator/mail/${id(4)}/retry`]: () => ({ body: {} }),
    })
    renderApp('/operador/correos')
    expect(await screen.findByText('Activa tu cuenta')).toBeInTheDocument()
    expect(screen.getByText(/SMTP 550/)).toBeInTheDocument()
    expect(screen.getByText(/activar\/\{\{token\}\}/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: M.mailRetry }))
    await waitFor(() =>
      expect(fake.callsTo(`POST /api/operator/mail/${id(4)}/retry`)).toHaveLength(1),
    )
  })
})

describe('/operador/auditoria', () => {
  it('shows who did what, when, why, before and after', async () => {
    signIn(operatorUser)
    installFakeApi({
      ...me(operatorUser),
      'GET /api/operator/audit': () => ({ body: page([auditEntry]) }),
    })
    renderApp('/operador/auditoria')
    expect(await screen.findByText('Suspendió un negocio')).toBeInTheDocument()
    expect(screen.getByText('(operador@vitrina.uy)')).toBeInTheDocument()
    expect(screen.getByText('Contenido engañoso')).toBeInTheDocument()
    expect(screen.getAllByText(/Suspendido desde:/)).toHaveLength(2)
  })

  // Issue 41: it showed 'payment.confirm', UUIDs and raw JSON.
  it('says actions, names and details in words', async () => {
    signIn(operatorUser)
    installFakeApi({
      ...me(operatorUser),
      'GET /api/operator/audit': () => ({
        body: page([
          {
            ...auditEntry,
            action: 'payment.confirm',
            reason: null,
            before: { effectivePlan: 'free', paidUntil: null },
            after: { effectivePlan: 'pro', paidUntil: '2026-12-25T10:00:00.000Z', months: 1 },
          },
        ]),
      }),
    })
    renderApp('/operador/auditoria')
    expect(await screen.findByText('Confirmó un pago')).toBeInTheDocument()
    expect(screen.queryByText('payment.confirm')).toBeNull()
    expect(screen.getByText('Olga Operadora', { exact: false })).toBeInTheDocument()
    expect(screen.getByText('Negocio: Tejidos Colonia')).toBeInTheDocument()
    expect(document.body.textContent).not.toContain(id(1))
    expect(document.body.textContent).not.toMatch(/[{}"]/)
    expect(screen.getByText('Plan Básico', { exact: false })).toBeInTheDocument()
    expect(screen.getByText('Plan Premium', { exact: false })).toBeInTheDocument()
    expect(screen.getAllByText(/Pagado hasta/, { selector: 'span' })).toHaveLength(2)
  })
})

describe('a suspension outside the console', () => {
  it("the storefront says 'Negocio no disponible'", async () => {
    installFakeApi({
      'GET /api/businesses/cerrado/identifier': () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: M.businessUnavailable },
      }),
    })
    renderApp('/cerrado')
    expect(await screen.findByRole('heading', { name: M.businessUnavailable })).toBeInTheDocument()
    expect(screen.queryByText('Negocio no encontrado')).not.toBeInTheDocument()
  })

  it('the owner sees the reason on the dashboard', async () => {
    signIn(ownerUser)
    const business = makeBusiness({
      _id: id(1),
      name: 'Kiosco',
      identifier: 'kiosco',
      userId: ownerUser._id,
      suspension: { reason: 'Contenido engañoso', suspendedAt: '2026-11-25T10:00:00.000Z' },
    })
    installFakeApi({
      ...me(ownerUser),
      'GET /api/businesses/user/me': () => ({ body: business }),
    })
    renderApp('/plataforma/dashboard')
    const notice = await screen.findByRole('alert')
    expect(within(notice).getByText(M.ownerSuspendedTitle)).toBeInTheDocument()
    expect(within(notice).getByText('Contenido engañoso')).toBeInTheDocument()
  })
})
