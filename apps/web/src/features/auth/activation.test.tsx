import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AUTH_MESSAGES } from '@vitrina/contracts'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

describe('activation (SPEC §2.12, §4, §8)', () => {
  it('activates once under StrictMode, shows success and goes to login after 2 s', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const fake = installFakeApi({
      'POST /api/auth/activar/tok-123': async () => {
        await gate
        return { body: { message: '¡Cuenta activada con éxito!' } }
      },
    })
    const { location } = renderApp('/auth/activar/tok-123', { strict: true })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activando tu cuenta...' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Por favor, espera mientras verificamos tu cuenta.'),
    ).toBeInTheDocument()

    const start = Date.now()
    release()
    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Cuenta activada con éxito!' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Serás redirigido al inicio de sesión en unos segundos...'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
    expect(location()).toBe('/auth/activar/tok-123')
    await waitFor(() => expect(location()).toBe('/auth/login'), { timeout: 4000 })
    expect(Date.now() - start).toBeGreaterThanOrEqual(1900)
    expect(fake.callsTo('POST /api/auth/activar/tok-123')).toHaveLength(1)
  })

  it.each([
    [400, 'El enlace de activación no es válido o ha expirado'],
    [500, 'Ha ocurrido un error al activar tu cuenta. Por favor, intenta nuevamente más tarde'],
  ])('a %i shows the error screen with %j and the support e-mail', async (status, text) => {
    installFakeApi({ 'POST /api/auth/activar/bad': () => ({ status, body: { message: 'x' } }) })
    const { location } = renderApp('/auth/activar/bad')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error de activación' }),
    ).toBeInTheDocument()
    expect(screen.getByText(text)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'soporte@vitrina.uy' })).toHaveAttribute(
      'href',
      'mailto:soporte@vitrina.uy',
    )
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toBeInTheDocument()
    await act(() => new Promise((resolve) => setTimeout(resolve, 2200)))
    expect(location()).toBe('/auth/activar/bad')
  })

  it('a link opened again says the account is already active, not an error (issue 41)', async () => {
    installFakeApi({
      'POST /api/auth/activar/usado': () => ({
        body: { message: AUTH_MESSAGES.activationAlreadyActive, alreadyActive: true },
      }),
    })
    renderApp('/auth/activar/usado')
    expect(
      await screen.findByRole('heading', { level: 1, name: AUTH_MESSAGES.activationAlreadyActive }),
    ).toBeInTheDocument()
    expect(screen.getByText(AUTH_MESSAGES.activationAlreadyActiveDetail)).toBeInTheDocument()
    expect(screen.queryByText('Error de activación')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
  })

  it("a link without a token says 'Token de activación no válido' without calling the API", async () => {
    const fake = installFakeApi({})
    renderApp('/auth/activar')
    expect(await screen.findByText('Token de activación no válido')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })
})

describe('activation notice (SPEC §2.12)', () => {
  it('explains the e-mail, shows support and resends to the known address', async () => {
    const fake = installFakeApi({
      'POST /api/auth/activation/resend': () => ({
        status: 202,
        body: { message: 'Te enviamos un nuevo correo.' },
      }),
    })
    renderApp({ pathname: '/auth/activar-notificacion', state: { email: 'ana@example.com' } })
    expect(await screen.findByText(/Te enviamos un correo de verificación/)).toHaveTextContent(
      'ana@example.com',
    )
    expect(screen.getByText(/carpeta de spam/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'soporte@vitrina.uy' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar correo' }))
    expect(await screen.findByText('Te enviamos un nuevo correo.')).toBeInTheDocument()
    expect(fake.callsTo('POST /api/auth/activation/resend')[0]?.body).toEqual({
      email: 'ana@example.com',
    })
  })

  it('asks for the e-mail when it does not know it', async () => {
    const fake = installFakeApi({
      'POST /api/auth/activation/resend': () => ({ status: 202, body: { message: 'Enviado.' } }),
    })
    renderApp('/auth/activar-notificacion')
    const ui = userEvent.setup()
    await ui.click(await screen.findByRole('button', { name: 'Reenviar correo' }))
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument()
    await ui.type(screen.getByLabelText(/Escribe tu correo/), 'ana@example.com')
    await ui.click(screen.getByRole('button', { name: 'Reenviar correo' }))
    await waitFor(() => expect(fake.callsTo('POST /api/auth/activation/resend')).toHaveLength(1))
  })
})
