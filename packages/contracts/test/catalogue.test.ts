import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  applyPalette,
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_VALUES,
  businessCategoryLabel,
  canAddProduct,
  CONTACT_FAQ,
  contrastRatio,
  DEFAULT_COLORS,
  DEFAULT_FEATURES,
  DEFAULT_PALETTE,
  DEFAULT_SORT,
  EDIT_BG_FALLBACK,
  enabledFeatures,
  FEATURE_BADGES,
  FEATURE_KEYS,
  FEATURE_LABELS,
  HEX_COLOR_PATTERN,
  normalizeSearchText,
  PALETTES,
  PLAN_LIST,
  PLAN_TYPES,
  PLANS,
  PLANS_FAQ,
  PREVIEW_FALLBACK_COLORS,
  readableTextColor,
  relativeLuminance,
  SORT_OPTIONS,
  sortOptionsFor,
  SORT_VALUES,
  STOREFRONT_HEADER_DEFAULTS,
  WORKING_HOURS,
} from '../src/index.js'

describe('business categories (SPEC §3)', () => {
  it('are the 20 fixed values in order', () => {
    expect(BUSINESS_CATEGORY_VALUES).toEqual([
      'tecnologia',
      'moda',
      'hogar',
      'alimentos',
      'belleza',
      'deportes',
      'juguetes',
      'mascotas',
      'libros',
      'salud',
      'artesania',
      'joyeria',
      'infantil',
      'ferreteria',
      'automocion',
      'musica',
      'arte',
      'regalos',
      'organico',
      'otros',
    ])
  })
  it('each has a distinct Spanish label and a one-line description', () => {
    const labels = BUSINESS_CATEGORIES.map((c) => c.label)
    expect(new Set(labels).size).toBe(20)
    for (const category of BUSINESS_CATEGORIES) {
      expect(category.label.length).toBeGreaterThan(2)
      expect(category.description.length).toBeGreaterThan(10)
      expect(category.description).not.toContain('\n')
    }
    expect(businessCategoryLabel('tecnologia')).toBe('Tecnología')
    expect(businessCategoryLabel('moda')).toBe('Moda y accesorios')
    expect(businessCategoryLabel('desconocida')).toBe('desconocida')
  })
  it('feed z.enum', () => {
    const schema = z.enum(BUSINESS_CATEGORY_VALUES)
    expect(schema.safeParse('otros').success).toBe(true)
    expect(schema.safeParse('Otros').success).toBe(false)
  })
})

describe('features (SPEC §3, §2.5)', () => {
  it('has five keys, labels and storefront badges word for word', () => {
    expect(FEATURE_KEYS).toEqual([
      'nationwide_shipping',
      'same_day_delivery',
      'physical_store',
      'card_payment',
      'mercadopago',
    ])
    expect(FEATURE_LABELS).toEqual({
      nationwide_shipping: 'Envío Nacional',
      same_day_delivery: 'Entrega en el Día',
      physical_store: 'Tienda Física',
      card_payment: 'Pago con Tarjeta',
      mercadopago: 'Mercado Pago',
    })
    expect(FEATURE_BADGES).toEqual({
      nationwide_shipping: 'Envíos a todo el país',
      same_day_delivery: 'Entrega en el día',
      physical_store: 'Tienda física',
      card_payment: 'Pagos con tarjeta',
      mercadopago: 'Mercado Pago',
    })
  })
  it('defaults to all false and lists enabled ones in order', () => {
    expect(Object.values(DEFAULT_FEATURES)).toEqual([false, false, false, false, false])
    expect(
      enabledFeatures({ mercadopago: true, physical_store: true, card_payment: false }),
    ).toEqual(['physical_store', 'mercadopago'])
    expect(enabledFeatures(null)).toEqual([])
  })
})

describe('contrast helpers', () => {
  it('matches the WCAG reference values', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 5)
    expect(relativeLuminance('#000000')).toBe(0)
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5)
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBe(1)
    // #767676 is the classic lightest grey that passes AA on white (4.54:1)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#777777', '#FFFFFF')).toBeLessThan(4.5)
  })
  it('is symmetric and rejects malformed colours', () => {
    expect(contrastRatio('#0D1B2A', '#E0E1DD')).toBe(contrastRatio('#E0E1DD', '#0D1B2A'))
    expect(() => relativeLuminance('#FFF')).toThrow(TypeError)
  })
  it('picks readable text', () => {
    expect(readableTextColor('#0D1B2A')).toBe('#FFFFFF')
    expect(readableTextColor('#FFEDD5')).toBe('#000000')
  })
})

describe('palettes (SPEC §3, §9)', () => {
  it('are the nine named palettes, Azul oscuro first and default', () => {
    expect(PALETTES.map((p) => p.name)).toEqual([
      'Azul oscuro',
      'Azul corporativo',
      'Rojo energía',
      'Verde turquesa',
      'Morado elegante',
      'Naranja cálido',
      'Verde naturaleza',
      'Azul marino',
      'Marrón artesanal',
    ])
    expect(DEFAULT_PALETTE).toMatchObject({ primaryColor: '#0D1B2A', secondaryColor: '#E0E1DD' })
    expect(new Set(PALETTES.map((p) => p.id)).size).toBe(9)
  })
  it.each(PALETTES.map((p) => [p.name, p] as const))(
    '%s: white text on primary and secondary on primary meet WCAG AA',
    (_name, palette) => {
      expect(palette.primaryColor).toMatch(HEX_COLOR_PATTERN)
      expect(palette.secondaryColor).toMatch(HEX_COLOR_PATTERN)
      expect(contrastRatio(palette.primaryColor, '#FFFFFF')).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(palette.primaryColor, palette.secondaryColor)).toBeGreaterThanOrEqual(
        4.5,
      )
    },
  )
  it('applyPalette sets the navigation background to the primary', () => {
    const corporate = PALETTES[1]
    expect(applyPalette(corporate)).toEqual({
      primaryColor: corporate.primaryColor,
      secondaryColor: corporate.secondaryColor,
      bgColor: corporate.primaryColor,
    })
  })
  it('has the SPEC §9 and §3 defaults and fallbacks', () => {
    expect(DEFAULT_COLORS).toEqual({
      primaryColor: '#0D1B2A',
      secondaryColor: '#E0E1DD',
      bgColor: '#0D1B2A',
    })
    expect(applyPalette(DEFAULT_PALETTE)).toEqual(DEFAULT_COLORS)
    expect(PREVIEW_FALLBACK_COLORS).toEqual({ primaryColor: '#415A77', secondaryColor: '#778DA9' })
    expect(EDIT_BG_FALLBACK).toBe('#FFFFFF')
    expect(STOREFRONT_HEADER_DEFAULTS).toEqual({
      primaryColor: '#000000',
      secondaryColor: '#000000',
      bgColor: '#ffffff',
      cartItemsCount: 0,
    })
  })
})

describe('plans (SPEC §9)', () => {
  it('free: Plan Básico, $0, GRATUITO, 20 products', () => {
    expect(PLANS.free).toMatchObject({
      name: 'Plan Básico',
      badge: 'GRATUITO',
      price: { uyu: 0, usd: 0 },
      productLimit: 20,
    })
    expect(PLANS.free.features).toHaveLength(4)
    expect(PLANS.free.excluded).toEqual([
      'Soporte personalizado',
      'Acceso a nuevas funcionalidades',
    ])
  })
  it('pro: Plan Premium, 200 UYU / 5 USD a month, POPULAR, unlimited', () => {
    expect(PLANS.pro).toMatchObject({
      name: 'Plan Premium',
      badge: 'POPULAR',
      price: { uyu: 200, usd: 5 },
      period: 'mes',
      productLimit: null,
    })
    expect(PLANS.pro.features).toContain('Productos ilimitados')
    expect(PLANS.pro.features).toContain('Soporte personalizado')
    expect(PLANS.pro.features).toContain('Acceso a nuevas funcionalidades')
  })
  it('lists both in order', () => {
    expect(PLAN_TYPES).toEqual(['free', 'pro'])
    expect(PLAN_LIST.map((p) => p.type)).toEqual(['free', 'pro'])
  })
  it('canAddProduct enforces the free limit only', () => {
    expect(canAddProduct('free', 0)).toBe(true)
    expect(canAddProduct('free', 19)).toBe(true)
    expect(canAddProduct('free', 20)).toBe(false)
    expect(canAddProduct('pro', 20)).toBe(true)
    expect(canAddProduct('pro', 100_000)).toBe(true)
  })
})

describe('FAQ and working hours (SPEC §9, §2.17)', () => {
  it('has four plan questions and two contact questions, all Spanish questions', () => {
    expect(PLANS_FAQ).toHaveLength(4)
    expect(CONTACT_FAQ).toHaveLength(2)
    for (const entry of [...PLANS_FAQ, ...CONTACT_FAQ]) {
      expect(entry.question).toMatch(/^¿.+\?$/)
      expect(entry.answer.length).toBeGreaterThan(20)
    }
    expect(PLANS_FAQ[0]?.answer).toMatch(/inmediato/)
    expect(PLANS_FAQ[1]?.answer).toMatch(/mensual/)
    expect(PLANS_FAQ[2]?.answer).toMatch(/Mercado Pago.*transferencia bancaria.*billetera/)
    expect(PLANS_FAQ[3]?.answer).toMatch(/Premium/)
    expect(WORKING_HOURS).toBe('Lunes a Viernes de 9:00 a 18:00')
  })
})

describe('sort options (SPEC §9)', () => {
  it('are exactly the four options', () => {
    expect(SORT_OPTIONS).toEqual([
      { value: 'newest', label: 'Más recientes' },
      { value: 'oldest', label: 'Más antiguos' },
      { value: 'cheapest', label: 'Precio: menor a mayor' },
      { value: 'expensive', label: 'Precio: mayor a menor' },
    ])
    expect(SORT_VALUES).toEqual(['newest', 'oldest', 'cheapest', 'expensive'])
    expect(DEFAULT_SORT).toBe('newest')
  })

  it("name the default 'Recomendados' on a storefront in manual order (issue 27 §2)", () => {
    expect(sortOptionsFor('newest')).toBe(SORT_OPTIONS)
    expect(sortOptionsFor(undefined)).toBe(SORT_OPTIONS)
    expect(sortOptionsFor('manual').map((o) => [o.value, o.label])).toEqual([
      ['newest', 'Recomendados'],
      ['oldest', 'Más antiguos'],
      ['cheapest', 'Precio: menor a mayor'],
      ['expensive', 'Precio: mayor a menor'],
    ])
  })
})

describe('normalizeSearchText', () => {
  it.each([
    ['Café  Niño', 'cafe nino'],
    ['  ÁRBOL\tVERDE\n', 'arbol verde'],
    ['Pingüino', 'pinguino'],
    ['ya normal', 'ya normal'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected)
  })
})
