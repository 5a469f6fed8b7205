import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render'
import { installDrivenObserver, placeElementsAt } from '../../test/viewport'
import { ContactSection } from './components/contact-section'

vi.setConfig({ testTimeout: 20_000 })

describe("landing's contact section (SPEC §2.2)", () => {
  it('loads the form only when the section comes near the screen', async () => {
    const observer = installDrivenObserver()
    placeElementsAt(3000)
    renderWithProviders(<ContactSection />)
    expect(screen.getByRole('heading', { name: '¿Tienes preguntas?' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Nombre/)).not.toBeInTheDocument()
    observer.reveal()
    expect(await screen.findByLabelText(/^Nombre/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Enviar/ })).toBeInTheDocument()
  })
})
