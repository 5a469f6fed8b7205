import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, PROFILE_TEXTS, STORAGE_KEYS } from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

const user = {
  _id: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'owner' as const,
}
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36'

function signIn() {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user))
  localStorage.setItem(STORAGE_KEYS.accessToken, 'a1')
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
}

const sessions = {
  sessions: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      userAgent: WINDOWS,
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-25T10:00:00.000Z',
      current: true,
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      userAgent: IPHONE,
      createdAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: '2026-11-24T08:30:00.000Z',
      current: false,
    },
  ],
}

function profileApi(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /api/auth/me': () => ({ body: user }),
    'GET /api/auth/sessions': () => ({ body: sessions }),
    ...extra,
  })
}

function section(name: string) {
  return screen.getByRole('region', { name })
}

describe('/perfil (issue 23 §1)', () => {
  it('lists the sessions with their device and last use, marking this device', async () => {
    signIn()
    profileApi()
    renderApp('/perfil')
    const list = await screen.findByText('Chrome en Windows')
    const sessionsRegion = section(PROFILE_TEXTS.sessionsSection)
    expect(sessionsRegion).toContainElement(list)
    expect(within(sessionsRegion).getByText('Safari en iPhone')).toBeInTheDocument()
    expect(within(sessionsRegion).getByText(PROFILE_TEXTS.thisDevice)).toBeInTheDocument()
    expect(within(sessionsRegion).getByText(PROFILE_TEXTS.sessionsDescription)).toBeInTheDocument()
    expect(
      within(sessionsRegion).getByText(
        PROFILE_TEXTS.lastUsed(
          new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date('2026-11-25T10:00:00.000Z'),
          ),
        ),
      ),
    ).toBeInTheDocument()
  })

  it('says when the sessions cannot be loaded', async () => {
    signIn()
    profileApi({ 'GET /api/auth/sessions': () => ({ status: 500, body: { message: 'x' } }) })
    renderApp('/perfil')
    expect(await screen.findByText(PROFILE_TEXTS.sessionsLoadFailed)).toBeInTheDocument()
  })

  it("reads 'Guardando...' while saving, and a failure is a toast", async () => {
    signIn()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    profileApi({
      'PATCH /api/auth/me': async () => {
        await gate
        return { status: 500, body: { message: 'x' } }
      },
    })
    renderApp('/perfil')
    const region = await screen.findByRole('region', { name: PROFILE_TEXTS.nameSection })
    await userEvent.click(within(region).getByRole('button', { name: PROFILE_TEXTS.saveName }))
    expect(await within(region).findByRole('button', { name: PROFILE_TEXTS.saving })).toBeDisabled()
    release()
    expect(await screen.findByText(PROFILE_TEXTS.failedTitle)).toBeInTheDocument()
  })

  it('changes the name and keeps it in the session', async () => {
    signIn()
    const fake = profileApi({
      'PATCH /api/auth/me': (call) => ({
        body: { ...user, name: (call.body as { name: string }).name },
      }),
    })
    renderApp('/perfil')
    const region = await screen.findByRole('region', { name: PROFILE_TEXTS.nameSection })
    const ui = userEvent.setup()
    const input = within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.nameLabel}`))
    await ui.clear(input)
    await ui.type(input, 'Ana María')
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.saveName }))
    expect(await screen.findByText(ACCOUNT_MESSAGES.nameUpdated)).toBeInTheDocument()
    expect(fake.callsTo('PATCH /api/auth/me')[0]?.body).toEqual({ name: 'Ana María' })
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe('Ana María'),
    )
  })

  it('shows a wrong current password at its field', async () => {
    signIn()
    const fake = profileApi({
      'POST /api/auth/me/password': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: ACCOUNT_MESSAGES.currentPasswordWrong,
          errors: [{ path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong }],
        },
      }),
    })
    renderApp('/perfil')
    const region = await screen.findByRole('region', { name: PROFILE_TEXTS.passwordSection })
    expect(within(region).getByText(PROFILE_TEXTS.passwordDescription)).toBeInTheDocument()
    const ui = userEvent.setup()
    await ui.type(
      within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.currentPasswordLabel}`)),
      'NoEsLaMia1',
    )
    await ui.type(within(region).getByLabelText(/^Contraseña nueva/), 'Caracol4Azul')
    await ui.type(within(region).getByLabelText(/^Confirmar contraseña nueva/), 'Caracol4Azul')
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.changePassword }))
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.currentPasswordWrong,
    )
    expect(
      within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.currentPasswordLabel}`)),
    ).toHaveAttribute('aria-invalid', 'true')
    expect(fake.callsTo('POST /api/auth/me/password')[0]?.body).toEqual({
      currentPassword: 'NoEsLaMia1',
      password: 'Caracol4Azul',
    })
    // A 400 never logs anyone out.
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1')
  })

  it('refuses a common new password before sending it, as registration does', async () => {
    signIn()
    const fake = profileApi()
    renderApp('/perfil')
    const region = await screen.findByRole('region', { name: PROFILE_TEXTS.passwordSection })
    const ui = userEvent.setup()
    await ui.type(
      within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.currentPasswordLabel}`)),
      'Segura123',
    )
    await ui.type(within(region).getByLabelText(/^Contraseña nueva/), 'Password123')
    await ui.type(within(region).getByLabelText(/^Confirmar contraseña nueva/), 'Password123')
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.changePassword }))
    expect(await within(region).findByText(AUTH_MESSAGES.passwordCommon)).toBeInTheDocument()
    expect(within(region).getByLabelText(/^Contraseña nueva/)).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(fake.callsTo('POST /api/auth/me/password')).toHaveLength(0)
  })

  it('changes the password: a confirmation, the form cleared', async () => {
    signIn()
    profileApi({
      'POST /api/auth/me/password': () => ({ body: { message: ACCOUNT_MESSAGES.passwordChanged } }),
    })
    renderApp('/perfil')
    const region = await screen.findByRole('region', { name: PROFILE_TEXTS.passwordSection })
    const ui = userEvent.setup()
    await ui.type(
      within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.currentPasswordLabel}`)),
      'Segura123',
    )
    await ui.type(within(region).getByLabelText(/^Contraseña nueva/), 'Caracol4Azul')
    await ui.type(within(region).getByLabelText(/^Confirmar contraseña nueva/), 'Caracol4Verde')
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.changePassword }))
    expect(await within(region).findByText(AUTH_MESSAGES.passwordsMismatch)).toBeInTheDocument()
    await ui.clear(within(region).getByLabelText(/^Confirmar contraseña nueva/))
    await ui.type(within(region).getByLabelText(/^Confirmar contraseña nueva/), 'Caracol4Azul')
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.changePassword }))
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordChanged)).toBeInTheDocument()
    expect(
      within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.currentPasswordLabel}`)),
    ).toHaveValue('')
  })

  it('asks for a new e-mail: says a link was sent, and shows an address in use at the field', async () => {
    signIn()
    let taken = true
    profileApi({
      'POST /api/auth/me/email': () =>
        taken
          ? {
              status: 409,
              body: { statusCode: 409, error: 'Conflict', message: AUTH_MESSAGES.emailInUse },
            }
          : { status: 202, body: { message: ACCOUNT_MESSAGES.emailChangeSent } },
    })
    renderApp('/perfil')
    const region = await screen.findByRole('region', { name: PROFILE_TEXTS.emailSection })
    expect(
      within(region).getByText(PROFILE_TEXTS.emailDescription('ana@example.com')),
    ).toBeInTheDocument()
    const ui = userEvent.setup()
    await ui.type(
      within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.newEmailLabel}`)),
      'nueva@example.com',
    )
    await ui.type(
      within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.currentPasswordLabel}`)),
      'Segura123',
    )
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.changeEmail }))
    expect(await within(region).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailInUse)
    taken = false
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.changeEmail }))
    expect(await within(region).findByRole('status')).toHaveTextContent(
      ACCOUNT_MESSAGES.emailChangeSent,
    )
  })

  it("'Cerrar sesión en todos los dispositivos' ends them and goes to the login", async () => {
    signIn()
    const fake = profileApi({ 'DELETE /api/auth/sessions': () => ({ status: 204 }) })
    const { location } = renderApp('/perfil')
    await screen.findByText('Chrome en Windows')
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXTS.endAllSessions }))
    await waitFor(() => expect(location()).toBe('/auth/login'))
    expect(fake.callsTo('DELETE /api/auth/sessions')).toHaveLength(1)
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull()
    expect(await screen.findByText(ACCOUNT_MESSAGES.sessionsEnded)).toBeInTheDocument()
  })

  it('deletes the account after the warning and the password, then goes home signed out', async () => {
    signIn()
    const fake = profileApi({ 'DELETE /api/auth/me': () => ({ status: 204 }) })
    const { location } = renderApp('/perfil')
    const region = await screen.findByRole('region', { name: PROFILE_TEXTS.deleteSection })
    expect(within(region).getByText(PROFILE_TEXTS.deleteWarning)).toBeInTheDocument()
    const ui = userEvent.setup()
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.deleteAccount }))
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.currentPasswordRequired,
    )
    expect(fake.callsTo('DELETE /api/auth/me')).toHaveLength(0)
    await ui.type(
      within(region).getByLabelText(new RegExp(`^${PROFILE_TEXTS.deletePasswordLabel}`)),
      'Segura123',
    )
    await ui.click(within(region).getByRole('button', { name: PROFILE_TEXTS.deleteAccount }))
    await waitFor(() => expect(location()).toBe('/'))
    expect(fake.callsTo('DELETE /api/auth/me')[0]?.body).toEqual({ password: 'Segura123' })
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull()
    expect(await screen.findByText(ACCOUNT_MESSAGES.accountDeleted)).toBeInTheDocument()
  })
})

describe('/auth/confirmar-correo/{token} (issue 23 §1)', () => {
  it('confirms the new address and updates the signed-in user', async () => {
    signIn()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const fake = installFakeApi({
      'POST /api/auth/email/confirm': async () => {
        await gate
        return {
          body: {
            message: ACCOUNT_MESSAGES.emailChanged,
            user: { ...user, email: 'nueva@example.com' },
          },
        }
      },
    })
    renderApp('/auth/confirmar-correo/tok_123')
    expect(
      await screen.findByRole('heading', { level: 1, name: PROFILE_TEXTS.confirmEmailTitle }),
    ).toBeInTheDocument()
    expect(screen.getByText(PROFILE_TEXTS.confirmEmailWait)).toBeInTheDocument()
    release()
    expect(
      await screen.findByRole('heading', { level: 1, name: ACCOUNT_MESSAGES.emailChanged }),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST /api/auth/email/confirm')[0]?.body).toEqual({ token: 'tok_123' })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').email).toBe(
      'nueva@example.com',
    )
    expect(screen.getByRole('link', { name: PROFILE_TEXTS.goToProfile })).toHaveAttribute(
      'href',
      '/perfil',
    )
  })

  it('explains an invalid or expired link', async () => {
    installFakeApi({
      'POST /api/auth/email/confirm': () => ({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'x' },
      }),
    })
    renderApp('/auth/confirmar-correo/tok_123')
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: PROFILE_TEXTS.confirmEmailFailedTitle,
      }),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.emailChangeInvalid)
  })
})
