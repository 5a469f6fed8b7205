import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '../../test/fake-api'
import { renderWithProviders } from '../../test/render'
import { ContactForm } from './components/contact-form'

const fields = () => ({
  name: screen.getByLabelText(/^Nombre/),
  email: screen.getByLabelText(/^Correo electrónico/),
  message: screen.getByLabelText(/^Mensaje/),
  submit: screen.getByRole('button', { name: /Enviar/ }),
})

describe('contact form (SPEC §2.17, §4, §5, §8)', () => {
  it('shows every rule message and sends nothing while invalid', async () => {
    const fake = installFakeApi({})
    renderWithProviders(<ContactForm />)
    const ui = userEvent.setup()
    await ui.type(fields().name, 'A')
    await ui.type(fields().email, 'no-es-un-correo')
    await ui.type(fields().message, 'Hola')
    await ui.click(fields().submit)
    expect(
      await screen.findByText('El nombre debe tener al menos 2 caracteres'),
    ).toBeInTheDocument()
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeInTheDocument()
    expect(screen.getByText('El mensaje debe tener al menos 10 caracteres')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('clears a field error as soon as that field is edited', async () => {
    installFakeApi({})
    renderWithProviders(<ContactForm />)
    const ui = userEvent.setup()
    await ui.click(fields().submit)
    expect(
      await screen.findByText('El nombre debe tener al menos 2 caracteres'),
    ).toBeInTheDocument()
    await ui.type(fields().name, 'x')
    expect(screen.queryByText('El nombre debe tener al menos 2 caracteres')).not.toBeInTheDocument()
    expect(screen.getByText('El mensaje debe tener al menos 10 caracteres')).toBeInTheDocument()
  })

  it("reads 'Enviando...' while sending, then toasts success and clears the form", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const fake = installFakeApi({
      'POST /api/email/contact': async () => {
        await gate
        return { status: 201, body: { message: 'ok' } }
      },
    })
    renderWithProviders(<ContactForm />)
    const ui = userEvent.setup()
    await ui.type(fields().name, '  Ana  ')
    await ui.type(fields().email, 'ana@example.com')
    await ui.type(fields().message, 'Quiero saber más sobre el plan Premium.')
    await ui.click(fields().submit)
    expect(await screen.findByRole('button', { name: /Enviando\.\.\./ })).toBeDisabled()
    release()
    expect(await screen.findByText('¡Mensaje enviado!')).toBeInTheDocument()
    expect(
      screen.getByText('Gracias por contactarnos. Te responderemos lo antes posible.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(fields().name).toHaveValue(''))
    expect(fields().email).toHaveValue('')
    expect(fields().message).toHaveValue('')
    expect(fake.callsTo('POST /api/email/contact')[0]?.body).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Quiero saber más sobre el plan Premium.',
    })
  })

  it('toasts the failure and keeps what was typed', async () => {
    installFakeApi({ 'POST /api/email/contact': () => ({ status: 500, body: { message: 'x' } }) })
    renderWithProviders(<ContactForm />)
    const ui = userEvent.setup()
    await ui.type(fields().name, 'Ana')
    await ui.type(fields().email, 'ana@example.com')
    await ui.type(fields().message, 'Un mensaje suficientemente largo.')
    await ui.click(fields().submit)
    expect(await screen.findByText('Error al enviar el mensaje')).toBeInTheDocument()
    expect(
      screen.getByText('Ha ocurrido un error. Por favor, intenta nuevamente más tarde.'),
    ).toBeInTheDocument()
    expect(fields().name).toHaveValue('Ana')
    expect(fields().submit).toHaveTextContent('Enviar mensaje')
  })
})
