import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render'
import { ContactSection } from './components/contact-section'

vi.setConfig({ testTimeout: 20_000 })

/** An IntersectionObserver the test drives: `reveal()` reports every observed element visible. */
function installObserver() {
  const callbacks: IntersectionObserverCallback[] = []
  class DrivenObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback)
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', DrivenObserver)
  return {
    reveal: () =>
      act(() => {
        for (const callback of callbacks) {
          callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          )
        }
      }),
  }
}

afterEach(() => vi.unstubAllGlobals())

describe("landing's contact section (SPEC §2.2)", () => {
  it('loads the form only when the section comes near the screen', async () => {
    const observer = installObserver()
    renderWithProviders(<ContactSection />)
    expect(screen.getByRole('heading', { name: '¿Tienes preguntas?' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Nombre/)).not.toBeInTheDocument()
    observer.reveal()
    expect(await screen.findByLabelText(/^Nombre/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Enviar/ })).toBeInTheDocument()
  })
})
