import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LoadingOverlay } from './loading-overlay'

describe('LoadingOverlay (SPEC §2.18)', () => {
  it('covers the screen with a spinner and the message, and locks page scroll while shown', () => {
    document.body.style.overflow = 'auto'
    const { rerender } = render(<LoadingOverlay show message="Modificando producto..." />)
    expect(screen.getByRole('alertdialog', { name: 'Modificando producto...' })).toBeInTheDocument()
    expect(screen.getByText('Modificando producto...')).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Modificando producto...' })).toBeInTheDocument()
    expect(document.body.style.overflow).toBe('hidden')

    rerender(<LoadingOverlay show={false} message="Modificando producto..." />)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('auto')
  })

  it('keeps the page locked until the last of two overlays closes', () => {
    document.body.style.overflow = ''
    const first = render(<LoadingOverlay show message="Uno" />)
    const second = render(<LoadingOverlay show message="Dos" />)
    first.unmount()
    expect(document.body.style.overflow).toBe('hidden')
    second.unmount()
    expect(document.body.style.overflow).toBe('')
  })
})
