/**
 * The owner's colours as CSS variables (SPEC §2.6, §3). Every storefront component reads them
 * through Tailwind arbitrary values (`bg-(--store-primary)`), so a business, or the wizard's live
 * preview, re-themes the whole storefront by setting them once on <StorefrontFrame>.
 */
import { contrastRatio, HEX_COLOR_PATTERN, readableTextColor } from '@vitrina/contracts'
import type { CSSProperties } from 'react'

/** SPEC §3 "Storefront header inputs": primary #000000, secondary #000000, background #ffffff. */
export const STOREFRONT_DEFAULT_COLORS = {
  primaryColor: '#000000',
  secondaryColor: '#000000',
  bgColor: '#FFFFFF',
} as const

export interface StorefrontColors {
  primaryColor?: string | null
  secondaryColor?: string | null
  bgColor?: string | null
}

function colorOr(value: string | null | undefined, fallback: string): string {
  return value && HEX_COLOR_PATTERN.test(value) ? value : fallback
}

export interface StorefrontTheme {
  primary: string
  onPrimary: string
  secondary: string
  onSecondary: string
  /** Navigation bar background (bgColor) and the text colour that reads best on it. */
  bar: string
  onBar: string
  /** The primary colour as text on the white page: itself when legible, else the ink colour. */
  primaryText: string
  /** The same for large headings (WCAG large text needs 3:1 instead of 4.5:1). */
  primaryHeading: string
}

/** The platform's ink colour (index.css --foreground), used when an owner colour is too pale. */
const INK = '#0D1B2A'
const PAGE = '#FFFFFF'

export function storefrontTheme(colors: StorefrontColors): StorefrontTheme {
  const primary = colorOr(colors.primaryColor, STOREFRONT_DEFAULT_COLORS.primaryColor)
  const secondary = colorOr(colors.secondaryColor, STOREFRONT_DEFAULT_COLORS.secondaryColor)
  const bar = colorOr(colors.bgColor, STOREFRONT_DEFAULT_COLORS.bgColor)
  return {
    primary,
    onPrimary: readableTextColor(primary),
    secondary,
    onSecondary: readableTextColor(secondary),
    bar,
    onBar: readableTextColor(bar),
    primaryText: contrastRatio(primary, PAGE) >= 4.5 ? primary : INK,
    primaryHeading: contrastRatio(primary, PAGE) >= 3 ? primary : INK,
  }
}

/** The theme as the CSS custom properties the storefront components use. */
export function storefrontThemeStyle(colors: StorefrontColors): CSSProperties {
  const theme = storefrontTheme(colors)
  return {
    '--store-primary': theme.primary,
    '--store-on-primary': theme.onPrimary,
    '--store-secondary': theme.secondary,
    '--store-on-secondary': theme.onSecondary,
    '--store-bar': theme.bar,
    '--store-on-bar': theme.onBar,
    '--store-primary-text': theme.primaryText,
    '--store-primary-heading': theme.primaryHeading,
  } as CSSProperties
}
