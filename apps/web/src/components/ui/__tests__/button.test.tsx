import { readFileSync } from 'node:fs'
import path from 'node:path'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Button } from '../button'

/** The theme's colour tokens (`--name: #rrggbb`), as index.css declares them. */
const css = readFileSync(path.resolve(__dirname, '../../../index.css'), 'utf8')
const tokens = Object.fromEntries(
  [...css.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map(([, name, hex]) => [name, hex]),
)

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

/** What a colour looks like at `alpha` over `background` (a disabled button at 55 %). */
function over(hex: string, alpha: number, background: string): string {
  const mix = [1, 3, 5].map((i) => {
    const fg = parseInt(hex.slice(i, i + 2), 16)
    const bg = parseInt(background.slice(i, i + 2), 16)
    return Math.round(fg * alpha + bg * (1 - alpha))
  })
  return `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`
}

describe('the primary button', () => {
  it('is the default look: the primary colour', () => {
    render(<Button>Agregar producto</Button>)
    expect(screen.getByRole('button', { name: 'Agregar producto' })).toHaveClass(
      'bg-primary',
      'text-primary-foreground',
    )
  })

  it('has text well above WCAG AA (4.5:1) on its colour', () => {
    expect(contrast(tokens.primary!, tokens['primary-foreground']!)).toBeGreaterThanOrEqual(7)
  })

  it('stands clearly apart from its own disabled look (55 % opacity on the page)', () => {
    const disabled = over(tokens.primary!, 0.55, tokens.background!)
    expect(contrast(tokens.primary!, disabled)).toBeGreaterThanOrEqual(3)
  })
})
