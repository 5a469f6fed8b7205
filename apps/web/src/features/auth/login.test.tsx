import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, API_MESSAGES, AUTH_MESSAGES, STORAGE_KEYS } from '@vitrina/contracts'
import { makeBusiness } from '../../test/owner-kit'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

const user = {
  _id: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'owner' as const,
}
const business = makeBusiness({ identifier: 'tienda-ana', name: 'Tienda Ana', userId: user._id })

async function fillAndSubmit(email = 'ana@example.com', password = 'Secreta123') {
  const ui = userEvent.setup()
  await ui.type(await screen.findByLabelText(/Correo electrónico/), email)
  await ui.type(screen.getByLabelText(/^Contraseña/), password)
  await ui.click(screen.getByRole('button', { name: 'Iniciar sesión' }))
  return ui
}

function loginReplies(status: number, message: string) {
  return installFakeApi({
    'POST /api/auth/login': () => ({ status, body: { statusCode: status, error: 'x', message } }),
  })
}

describe('login (SPEC §2.9, §4, §8)', () => {
  it("shows 'Bienvenido', a forgot-password link to /auth/recuperar and a link to register", async () => {
    installFakeApi({})
    renderApp('/auth/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenido' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: ACCOUNT_MESSAGES.forgotPasswordLink })).toHaveAttribute(
      'href',
      '/auth/recuperar',
    )
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute(
      'href',
      '/auth/register',
    )
  })

  it('requires e-mail and password', async () => {
    const fake = installFakeApi({})
    renderApp('/auth/login')
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }))
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument()
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it("reads 'Procesando...' and is disabled while submitting, then saves the session and goes to the wizard", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const fake = installFakeApi({
      'POST /api/auth/login': async () => {
        await gate
        return { body: { user, access_token: 'a1', refresh_token: 'r1' } }
      },
      'GET /api/businesses/user/me': () => ({ body: null }),
    })
    const { location } = renderApp('/auth/login')
    await fillAndSubmit()
    const busy = await screen.findByRole('button', { name: 'Procesando...' })
    expect(busy).toBeDisabled()
    release()
    // Issue 41: an owner without a business lands on the business wizard, not the marketing home.
    await waitFor(() => expect(location()).toBe('/plataforma/nuevo'))
    expect(fake.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'Secreta123',
    })
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('a1')
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1')
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(user)
  })

  it.each([
    [
      401,
      'Usuario no activado',
      'Tu cuenta no ha sido activada. Por favor, verifica tu correo electrónico.',
    ],
    [401, 'Correo o contraseña incorrectos', 'Credenciales incorrectas'],
    [
      500,
      'Error interno del servidor',
      'Ha ocurrido un error. Por favor, intenta nuevamente más tarde.',
    ],
    [
      429,
      'Demasiadas solicitudes',
      'Ha ocurrido un error. Por favor, intenta nuevamente más tarde.',
    ],
  ])('a %i saying %j shows %j on the form', async (status, serverMessage, text) => {
    loginReplies(status, serverMessage)
    const { location } = renderApp('/auth/login')
    await fillAndSubmit()
    // Issue 41: inline, in the form (not a toast that vanishes), announced as an alert.
    const form = screen.getByRole('button', { name: 'Iniciar sesión' }).closest('form')!
    await waitFor(() => expect(within(form).getByText(text)).toBeInTheDocument())
    expect(location()).toBe('/auth/login')
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
  })

  it("offers 'Reenviar correo de activación' to a not-activated account, and sends it to that address", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const fake = installFakeApi({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Usuario no activado' },
      }),
      'POST /api/auth/activation/resend': async () => {
        await gate
        return { status: 202, body: { message: AUTH_MESSAGES.activationResent } }
      },
    })
    const { location } = renderApp('/auth/login')
    const ui = await fillAndSubmit('Ana@Example.com')
    const offer = await screen.findByRole('button', { name: ACCOUNT_MESSAGES.resendActivation })
    await ui.click(offer)
    expect(
      await screen.findByRole('button', { name: ACCOUNT_MESSAGES.resendActivationSending }),
    ).toBeDisabled()
    release()
    expect(fake.callsTo('POST /api/auth/activation/resend')[0]?.body).toEqual({
      email: 'ana@example.com',
    })
    expect(await screen.findByText(ACCOUNT_MESSAGES.resendActivationSent)).toBeInTheDocument()
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      AUTH_MESSAGES.activationResent,
    )
    expect(location()).toBe('/auth/login')
  })

  it('says when the activation mail could not be resent', async () => {
    installFakeApi({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'Usuario no activado' },
      }),
      'POST /api/auth/activation/resend': () => ({
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: API_MESSAGES.rateLimited },
      }),
    })
    renderApp('/auth/login')
    const ui = await fillAndSubmit()
    await ui.click(await screen.findByRole('button', { name: ACCOUNT_MESSAGES.resendActivation }))
    expect(await screen.findByText(ACCOUNT_MESSAGES.resendActivationFailed)).toBeInTheDocument()
    expect(screen.getByText(API_MESSAGES.rateLimited)).toBeInTheDocument()
  })

  it('does not offer the activation mail for wrong credentials', async () => {
    loginReplies(401, 'Credenciales incorrectas')
    renderApp('/auth/login')
    const ui = await fillAndSubmit()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(AUTH_MESSAGES.invalidCredentials)
    expect(screen.queryByRole('button', { name: ACCOUNT_MESSAGES.resendActivation })).toBeNull()
    // The fields point at the error; typing again clears it.
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('aria-invalid', 'true')
    await ui.type(screen.getByLabelText(/^Contraseña/), 'x')
    expect(screen.queryByText(AUTH_MESSAGES.invalidCredentials)).toBeNull()
  })

  it('sends a signed-in operator home', async () => {
    installFakeApi({ 'GET /api/businesses/user/me': () => ({ body: null }) })
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, role: 'operator' }))
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
    const { location } = renderApp('/login')
    await waitFor(() => expect(location()).toBe('/'))
  })

  it('sends a signed-in owner without a business to the wizard (issue 41)', async () => {
    installFakeApi({ 'GET /api/businesses/user/me': () => ({ body: null }) })
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
    const { location } = renderApp('/login')
    await waitFor(() => expect(location()).toBe('/plataforma/nuevo'))
  })

  it('takes an owner with a business to their dashboard, and saves the business', async () => {
    const fake = installFakeApi({
      'POST /api/auth/login': () => ({ body: { user, access_token: 'a1', refresh_token: 'r1' } }),
      'GET /api/businesses/user/me': () => ({ body: business }),
    })
    const { location } = renderApp('/auth/login')
    await fillAndSubmit()
    await waitFor(() => expect(location()).toBe('/admin/mi-negocio'))
    // The dashboard shows that business.
    expect(await screen.findByRole('heading', { name: 'Tienda Ana' })).toBeInTheDocument()
    // Asked with the new session's token.
    expect(fake.callsTo('GET /api/businesses/user/me')[0]?.headers.authorization).toBe('Bearer a1')
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.business) ?? 'null')).toMatchObject({
      identifier: 'tienda-ana',
    })
  })

  it('sends a signed-in owner with a business to the dashboard from the login page', async () => {
    installFakeApi({ 'GET /api/businesses/user/me': () => ({ body: business }) })
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
    const { location } = renderApp('/login')
    await waitFor(() => expect(location()).toBe('/admin/mi-negocio'))
  })

  it('returns to the page that asked for a login, even for an owner with a business', async () => {
    installFakeApi({
      'POST /api/auth/login': () => ({ body: { user, access_token: 'a1', refresh_token: 'r1' } }),
      'GET /api/auth/me': () => ({ body: user }),
      'GET /api/businesses/user/me': () => ({ body: business }),
    })
    const { location } = renderApp('/perfil')
    await waitFor(() => expect(location()).toBe('/auth/login'))
    await fillAndSubmit()
    await waitFor(() => expect(location()).toBe('/perfil'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeInTheDocument()
  })
})
