/** Colour helpers shared by the palettes, the forms and the storefront (WCAG 2.x definitions). */

/** #RRGGBB, either case. Stored and returned as given; compare case-insensitively. */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/

function channel(hex: string, offset: number): number {
  const value = parseInt(hex.slice(offset, offset + 2), 16) / 255
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

/** WCAG relative luminance of a #RRGGBB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  if (!HEX_COLOR_PATTERN.test(hex)) throw new TypeError(`Not a #RRGGBB colour: ${hex}`)
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5)
}

/** WCAG contrast ratio between two colours, 1 to 21. AA body text needs ≥ 4.5. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ]
  return (light + 0.05) / (dark + 0.05)
}

/** Black or white, whichever reads better on `background` (for text over owner colours). */
export function readableTextColor(background: string): '#000000' | '#FFFFFF' {
  return contrastRatio(background, '#FFFFFF') >= contrastRatio(background, '#000000')
    ? '#FFFFFF'
    : '#000000'
}
