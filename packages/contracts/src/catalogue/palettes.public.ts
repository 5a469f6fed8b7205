/**
 * SPEC §3: nine colour palettes (primary/secondary pairs). Picking one sets primary and secondary
 * and sets the navigation background to the primary. Every primary carries white text at
 * WCAG AA (≥ 4.5:1) and every secondary reads against its primary at AA too.
 */
export const PALETTES = [
  { id: 'dark-blue', name: 'Azul oscuro', primaryColor: '#0D1B2A', secondaryColor: '#E0E1DD' },
  {
    id: 'corporate-blue',
    name: 'Azul corporativo',
    primaryColor: '#1D4ED8',
    secondaryColor: '#DBEAFE',
  },
  { id: 'energy-red', name: 'Rojo energía', primaryColor: '#B91C1C', secondaryColor: '#FEE2E2' },
  {
    id: 'turquoise-green',
    name: 'Verde turquesa',
    primaryColor: '#0F766E',
    secondaryColor: '#CCFBF1',
  },
  {
    id: 'elegant-purple',
    name: 'Morado elegante',
    primaryColor: '#6D28D9',
    secondaryColor: '#EDE9FE',
  },
  { id: 'warm-orange', name: 'Naranja cálido', primaryColor: '#C2410C', secondaryColor: '#FFEDD5' },
  {
    id: 'nature-green',
    name: 'Verde naturaleza',
    primaryColor: '#166534',
    secondaryColor: '#DCFCE7',
  },
  { id: 'navy-blue', name: 'Azul marino', primaryColor: '#1E3A8A', secondaryColor: '#E0E7FF' },
  {
    id: 'craft-brown',
    name: 'Marrón artesanal',
    primaryColor: '#7C4A2D',
    secondaryColor: '#F5E6D3',
  },
] as const

export type Palette = (typeof PALETTES)[number]
export type PaletteId = Palette['id']

export interface BusinessColors {
  primaryColor: string
  secondaryColor: string
  bgColor: string
}

/** 'Azul oscuro' is the default (SPEC §9 creation colours). */
export const DEFAULT_PALETTE: Palette = PALETTES[0]

/** SPEC §3: a palette sets primary and secondary, and the navigation background to the primary. */
export function applyPalette(
  palette: Pick<Palette, 'primaryColor' | 'secondaryColor'>,
): BusinessColors {
  return {
    primaryColor: palette.primaryColor,
    secondaryColor: palette.secondaryColor,
    bgColor: palette.primaryColor,
  }
}

/** SPEC §9: colours a business gets when created without choosing any. */
export const DEFAULT_COLORS: Readonly<BusinessColors> = {
  primaryColor: '#0D1B2A',
  secondaryColor: '#E0E1DD',
  bgColor: '#0D1B2A',
}

/** SPEC §9: the wizard's summary preview falls back to these while colours are unset. */
export const PREVIEW_FALLBACK_COLORS = {
  primaryColor: '#415A77',
  secondaryColor: '#778DA9',
} as const

/** SPEC §9: the edit screen falls back to white for the background. */
export const EDIT_BG_FALLBACK = '#FFFFFF'

/** SPEC §3 "Storefront header inputs" defaults. */
export const STOREFRONT_HEADER_DEFAULTS = {
  primaryColor: '#000000',
  secondaryColor: '#000000',
  bgColor: '#ffffff',
  cartItemsCount: 0,
} as const
