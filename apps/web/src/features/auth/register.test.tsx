import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '../../test/fake-api'
import { renderApp } from '../../test/render'

const user = {
  _id: '7d1c6b39-5b43-4b4b-9d3f-7d2f5d9e4a11',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'owner' as const,
}

async function fill(values: Partial<Record<'name' | 'email' | 'password' | 'confirm', string>>) {
  const ui = userEvent.setup()
  await screen.findByRole('heading', { level: 1, name: 'Crear cuenta' })
  if (values.name) await ui.type(screen.getByLabelText(/^Nombre/), values.name)
  if (values.email) await ui.type(screen.getByLabelText(/^Correo electrónico/), values.email)
  if (values.password) await ui.type(screen.getByLabelText(/^Contraseña/), values.password)
  if (values.confirm) await ui.type(screen.getByLabelText(/^Confirmar contraseña/), values.confirm)
  await ui.click(screen.getByRole('button', { name: 'Crear cuenta' }))
  return ui
}

const valid = {
  name: 'Ana',
  email: 'ana@example.com',
  password: 'Secreta123',
  confirm: 'Secreta123',
}

function toastWith(text: string) {
  const toasts = screen
    .getAllByRole('listitem')
    .filter((li) => li.hasAttribute('data-sonner-toast'))
  return toasts.find((li) => within(li).queryByText(text))
}

describe('registration (SPEC §2.10, §5, §8)', () => {
  it('links to login', async () => {
    installFakeApi({})
    renderApp('/registro')
    expect(await screen.findByRole('link', { name: 'Inicia sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    )
  })

  it('requires name, e-mail and password', async () => {
    const fake = installFakeApi({})
    renderApp('/auth/register')
    await fill({})
    expect(await screen.findByText('El nombre es obligatorio')).toBeInTheDocument()
    expect(screen.getByText('El correo electrónico es obligatorio')).toBeInTheDocument()
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('rejects a malformed e-mail and a short password inline', async () => {
    installFakeApi({})
    renderApp('/auth/register')
    await fill({ name: 'Ana', email: 'ana@', password: 'Ab1', confirm: 'Ab1' })
    expect(await screen.findByText('Ingresa un correo electrónico válido')).toBeInTheDocument()
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument()
  })

  it("a password without both cases fails inline and in a toast titled 'Error en el registro'", async () => {
    installFakeApi({})
    renderApp('/auth/register')
    await fill({ ...valid, password: 'secreta123', confirm: 'secreta123' })
    const message = 'La contraseña debe contener al menos una letra mayúscula y una minúscula'
    await waitFor(() => expect(toastWith('Error en el registro')).toBeDefined())
    expect(within(toastWith('Error en el registro')!).getByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('aria-invalid', 'true')
  })

  it.each(['Password123', 'Qwerty123'])(
    'refuses the common password %s inline before submit (issue 22)',
    async (password) => {
      const fake = installFakeApi({})
      renderApp('/auth/register')
      await fill({ ...valid, password, confirm: password })
      expect(
        await screen.findByText(
          'Esta contraseña es demasiado común o fácil de adivinar. Elige una menos previsible.',
        ),
      ).toBeInTheDocument()
      expect(screen.getByLabelText(/^Contraseña/)).toHaveAttribute('aria-invalid', 'true')
      expect(fake.calls).toHaveLength(0)
    },
  )

  it('refuses a password containing the name before submit (issue 22)', async () => {
    const fake = installFakeApi({})
    renderApp('/auth/register')
    await fill({ ...valid, name: 'Ana Pérez', password: 'Perez2026!', confirm: 'Perez2026!' })
    expect(
      await screen.findByText('La contraseña no puede contener tu nombre ni tu correo electrónico'),
    ).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it("mismatched passwords fail inline and in a toast titled 'Error en el registro'", async () => {
    const fake = installFakeApi({})
    renderApp('/auth/register')
    await fill({ ...valid, confirm: 'Secreta124' })
    await waitFor(() => expect(toastWith('Error en el registro')).toBeDefined())
    expect(screen.getAllByText('Las contraseñas no coinciden')).toHaveLength(2)
    expect(fake.calls).toHaveLength(0)
  })

  it("success toasts 'Registro exitoso' and opens the activation notice with the e-mail", async () => {
    const fake = installFakeApi({
      'POST /api/auth/register': () => ({
        status: 201,
        body: { message: 'Registro exitoso', user },
      }),
    })
    const { location, router } = renderApp('/auth/register')
    await fill(valid)
    await waitFor(() => expect(location()).toBe('/auth/activar-notificacion'))
    expect(router.state.location.state).toEqual({ email: 'ana@example.com' })
    expect(await screen.findByText('Registro exitoso')).toBeInTheDocument()
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument()
    expect(fake.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'Secreta123',
    })
  })

  it("a 409 says 'El correo electrónico ya está en uso'", async () => {
    installFakeApi({
      'POST /api/auth/register': () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'x' },
      }),
    })
    const { location } = renderApp('/auth/register')
    await fill(valid)
    await waitFor(() => expect(toastWith('El correo electrónico ya está en uso')).toBeDefined())
    expect(screen.getByLabelText(/^Correo electrónico/)).toHaveAttribute('aria-invalid', 'true')
    expect(location()).toBe('/auth/register')
  })

  it('any other failure shows the generic text', async () => {
    installFakeApi({
      'POST /api/auth/register': () => ({ status: 503, body: { message: 'Caído' } }),
    })
    renderApp('/auth/register')
    await fill(valid)
    await waitFor(() =>
      expect(
        toastWith('Ha ocurrido un error. Por favor, intenta nuevamente más tarde.'),
      ).toBeDefined(),
    )
  })
})
