import { act, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it } from 'vitest'
import AppToaster from './toaster'

const matchMedia = window.matchMedia

function emulateWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const maxWidth = Number(/max-width: (\d+)px/.exec(query)?.[1] ?? Infinity)
    return { ...matchMedia(query), matches: width <= maxWidth }
  }) as typeof window.matchMedia
}

async function showToast() {
  render(<AppToaster />)
  act(() => void toast.success('Producto creado'))
  await screen.findByText('Producto creado')
  return document.querySelector('[data-sonner-toaster]')
}

describe('toasts (SPEC §2.18)', () => {
  afterEach(() => {
    window.matchMedia = matchMedia
    toast.dismiss()
  })

  it('appear at the top right on a large screen', async () => {
    emulateWidth(1280)
    const toaster = await showToast()
    expect(toaster).toHaveAttribute('data-y-position', 'top')
    expect(toaster).toHaveAttribute('data-x-position', 'right')
    // Below the 64 px header, clear of its cart and account buttons.
    expect((toaster as HTMLElement).style.getPropertyValue('--offset-top')).toBe('80px')
  })

  it("rise from the bottom on a phone, clear of the header and the page's title", async () => {
    emulateWidth(375)
    const toaster = await showToast()
    expect(toaster).toHaveAttribute('data-y-position', 'bottom')
  })
})
