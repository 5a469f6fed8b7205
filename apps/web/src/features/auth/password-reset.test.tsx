import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  AUTH_MESSAGES,
  GENERIC_MESSAGES,
  STORAGE_KEYS,
} from '@vitrina/contracts'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde'

describe('forgot password (/auth/recuperar, issue 23 §1)', () => {
  it('asks for the e-mail, sends it and says a link went out if the account exists', async () => {
    const fake = installFakeApi({
      'POST /api/auth/password/forgot': () => ({
        status: 202,
        body: { message: ACCOUNT_MESSAGES.forgotSent },
      }),
    })
    renderApp('/auth/recuperar')
    expect(
      await screen.findByRole('heading', { level: 1, name: ACCOUNT_MESSAGES.forgotTitle }),
    ).toBeInTheDocument()
    expect(screen.getByText(ACCOUNT_MESSAGES.forgotDescription)).toBeInTheDocument()
    const ui = userEvent.setup()
    const email = screen.getByLabelText(/Correo electrónico/)
    expect(email).toHaveFocus()
    await ui.type(email, ' Ana@Example.com ')
    await ui.keyboard('{Enter}')
    expect(
      await screen.findByRole('heading', { level: 1, name: ACCOUNT_MESSAGES.forgotSentTitle }),
    ).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.forgotSent)
    expect(fake.callsTo('POST /api/auth/password/forgot')[0]?.body).toEqual({
      email: 'ana@example.com',
    })
    expect(screen.getByRole('link', { name: ACCOUNT_MESSAGES.backToLogin })).toHaveAttribute(
      'href',
      '/auth/login',
    )
  })

  it('announces a bad e-mail at the field and sends nothing', async () => {
    const fake = installFakeApi({})
    renderApp('/auth/recuperar')
    const ui = userEvent.setup()
    await ui.type(await screen.findByLabelText(/Correo electrónico/), 'no-es-correo')
    await ui.click(screen.getByRole('button', { name: ACCOUNT_MESSAGES.forgotSubmit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailInvalid)
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveAttribute('aria-invalid', 'true')
    expect(fake.calls).toHaveLength(0)
  })

  it('shows the rate-limit text in a toast', async () => {
    installFakeApi({
      'POST /api/auth/password/forgot': () => ({
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: API_MESSAGES.rateLimited },
      }),
    })
    renderApp('/auth/recuperar')
    const ui = userEvent.setup()
    await ui.type(await screen.findByLabelText(/Correo electrónico/), 'ana@example.com')
    await ui.click(screen.getByRole('button', { name: ACCOUNT_MESSAGES.forgotSubmit }))
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetFailedTitle)).toBeInTheDocument()
    expect(screen.getByText(API_MESSAGES.rateLimited)).toBeInTheDocument()
    expect(screen.getByText(ACCOUNT_MESSAGES.rememberedPassword)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: ACCOUNT_MESSAGES.loginLink })).toHaveAttribute(
      'href',
      '/auth/login',
    )
  })
})

const validLink = {
  'POST /api/auth/password/reset/check': () => ({ body: { valid: true } }),
}

describe('reset password (/auth/restablecer/{token}, issue 23 §1)', () => {
  async function fill(password: string, confirm = password) {
    const ui = userEvent.setup()
    await ui.type(
      await screen.findByLabelText(new RegExp(`^${ACCOUNT_MESSAGES.newPasswordLabel}`)),
      password,
    )
    await ui.type(
      screen.getByLabelText(new RegExp(`^${ACCOUNT_MESSAGES.confirmNewPasswordLabel}`)),
      confirm,
    )
    await ui.click(screen.getByRole('button', { name: ACCOUNT_MESSAGES.resetSubmit }))
    return ui
  }

  it('sends the token and the new password, ends the local session and offers the login', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r1')
    const fake = installFakeApi({
      ...validLink,
      'POST /api/auth/password/reset': () => ({ body: { message: ACCOUNT_MESSAGES.resetSuccess } }),
    })
    renderApp(`/auth/restablecer/${TOKEN}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: ACCOUNT_MESSAGES.resetTitle }),
    ).toBeInTheDocument()
    // The title shows while the link is checked; the form (and its description) once it is valid.
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetDescription)).toBeInTheDocument()
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordHint)).toBeInTheDocument()
    await fill('Caracol4Azul')
    expect(
      await screen.findByRole('heading', { level: 1, name: ACCOUNT_MESSAGES.resetSuccessTitle }),
    ).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.resetSuccess)
    expect(fake.callsTo('POST /api/auth/password/reset')[0]?.body).toEqual({
      token: TOKEN,
      password: 'Caracol4Azul',
    })
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull()
    expect(screen.getByRole('link', { name: ACCOUNT_MESSAGES.loginButton })).toHaveAttribute(
      'href',
      '/auth/login',
    )
  })

  it('checks the registration rules before sending', async () => {
    const fake = installFakeApi({ ...validLink })
    renderApp(`/auth/restablecer/${TOKEN}`)
    await fill('corta1A')
    expect(await screen.findByText(AUTH_MESSAGES.passwordMin)).toBeInTheDocument()
    expect(fake.callsTo('POST /api/auth/password/reset')).toHaveLength(0)
  })

  it('says the passwords do not match', async () => {
    const fake = installFakeApi({ ...validLink })
    renderApp(`/auth/restablecer/${TOKEN}`)
    await fill('Caracol4Azul', 'Caracol4Verde')
    expect(await screen.findByText(AUTH_MESSAGES.passwordsMismatch)).toBeInTheDocument()
    expect(fake.callsTo('POST /api/auth/password/reset')).toHaveLength(0)
  })

  it("shows the API's refusal of the password at the field (personal data)", async () => {
    installFakeApi({
      'POST /api/auth/password/reset': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: AUTH_MESSAGES.passwordPersonal,
          errors: [{ path: 'password', message: AUTH_MESSAGES.passwordPersonal }],
        },
      }),
    })
    renderApp(`/auth/restablecer/${TOKEN}`)
    await fill('AnaPerez2024x')
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordPersonal)
    expect(
      screen.getByRole('heading', { level: 1, name: ACCOUNT_MESSAGES.resetTitle }),
    ).toBeInTheDocument()
  })

  it('checks the link on load: a bad one says so before any typing (issue 41)', async () => {
    const fake = installFakeApi({
      'POST /api/auth/password/reset/check': () => ({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: ACCOUNT_MESSAGES.resetInvalid },
      }),
    })
    renderApp(`/auth/restablecer/${TOKEN}`, { strict: true })
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.resetInvalid)
    expect(screen.queryByLabelText(new RegExp(`^${ACCOUNT_MESSAGES.newPasswordLabel}`))).toBeNull()
    expect(screen.getByRole('link', { name: ACCOUNT_MESSAGES.resetRequestNew })).toBeInTheDocument()
    // Once, in the body (never in a logged address), under StrictMode's double mount too.
    expect(fake.callsTo('POST /api/auth/password/reset/check')).toHaveLength(1)
    expect(fake.callsTo('POST /api/auth/password/reset/check')[0]?.body).toEqual({ token: TOKEN })
  })

  it('shows the form when the check on load cannot answer; sending checks again', async () => {
    installFakeApi({
      'POST /api/auth/password/reset/check': () => ({ status: 503, body: { message: 'x' } }),
      'POST /api/auth/password/reset': () => ({ body: { message: ACCOUNT_MESSAGES.resetSuccess } }),
    })
    renderApp(`/auth/restablecer/${TOKEN}`)
    await fill('Caracol4Azul')
    expect(
      await screen.findByRole('heading', { level: 1, name: ACCOUNT_MESSAGES.resetSuccessTitle }),
    ).toBeInTheDocument()
  })

  it('explains an unknown, used or expired link and offers a new one', async () => {
    installFakeApi({
      ...validLink,
      'POST /api/auth/password/reset': () => ({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: ACCOUNT_MESSAGES.resetInvalid },
      }),
    })
    renderApp(`/auth/restablecer/${TOKEN}`)
    await fill('Caracol4Azul')
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.resetInvalid)
    expect(screen.getByText(ACCOUNT_MESSAGES.resetInvalidHint)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: ACCOUNT_MESSAGES.resetRequestNew })).toHaveAttribute(
      'href',
      '/auth/recuperar',
    )
  })

  it('a failure that is not the link or the password is a generic toast, the form stays', async () => {
    installFakeApi({
      'POST /api/auth/password/reset': () => ({ status: 500, body: { message: 'x' } }),
    })
    renderApp(`/auth/restablecer/${TOKEN}`)
    await fill('Caracol4Azul')
    expect(await screen.findByText(GENERIC_MESSAGES.tryAgainLater)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: ACCOUNT_MESSAGES.resetSubmit })).toBeEnabled(),
    )
  })
})
