import { describe, expect, it } from 'vitest'
import {
  BUSINESS_MESSAGES,
  businessAppearanceSchema,
  businessBasicSchema,
  businessContactSchema,
  businessFeaturesSchema,
  businessListQuerySchema,
  businessSchema,
  categoryKey,
  createBusinessSchema,
  FIELD_MESSAGES,
  GENERIC_MESSAGES,
  identifierAvailabilitySchema,
  productCategoriesSchema,
  productCategorySchema,
  socialLinksSchema,
  updateBusinessSchema,
} from '../src/index.js'

type Result = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }

function messages(result: Result): string[] {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? [])
}
function issues(result: Result) {
  return result.success
    ? []
    : (result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [])
}

const basic = {
  name: 'Café Niño',
  identifier: 'cafe-nino',
  category: 'alimentos',
  description: 'Café de especialidad',
}
const contact = { phone: '+598 99 123 456', email: 'Hola@CafeNino.uy' }
const categories = [{ name: 'Bebidas', subCategories: [{ name: 'Calientes' }] }]

describe('step 1 — basic information (SPEC §5)', () => {
  it('accepts a complete step and trims', () => {
    const parsed = businessBasicSchema.parse({ ...basic, name: '  Café Niño ' })
    expect(parsed.name).toBe('Café Niño')
  })
  it.each([
    [{ name: '   ' }, 'name', BUSINESS_MESSAGES.nameRequired],
    [{ name: undefined }, 'name', BUSINESS_MESSAGES.nameRequired],
    [{ identifier: '' }, 'identifier', BUSINESS_MESSAGES.identifierRequired],
    [{ identifier: undefined }, 'identifier', BUSINESS_MESSAGES.identifierRequired],
    [{ identifier: 'Cafe Niño' }, 'identifier', BUSINESS_MESSAGES.identifierFormat],
    [{ identifier: 'cafe_nino' }, 'identifier', BUSINESS_MESSAGES.identifierFormat],
    [{ identifier: 'admin' }, 'identifier', BUSINESS_MESSAGES.identifierReserved],
    [{ identifier: 'plataforma' }, 'identifier', BUSINESS_MESSAGES.identifierReserved],
    [{ identifier: 'a'.repeat(61) }, 'identifier', FIELD_MESSAGES.tooLong(60)],
    [{ description: ' ' }, 'description', BUSINESS_MESSAGES.descriptionRequired],
    [{ category: '' }, 'category', BUSINESS_MESSAGES.categoryRequired],
    [{ category: undefined }, 'category', BUSINESS_MESSAGES.categoryRequired],
    [{ category: 'restaurantes' }, 'category', BUSINESS_MESSAGES.categoryRequired],
  ])('%j → %s: %s', (patch, path, message) => {
    expect(issues(businessBasicSchema.safeParse({ ...basic, ...patch }))).toEqual([
      { path, message },
    ])
  })
})

describe('step 2 — contact information (SPEC §5)', () => {
  it('lower-cases the e-mail and makes address and social links optional', () => {
    const parsed = businessContactSchema.parse(contact)
    expect(parsed.email).toBe('hola@cafenino.uy')
    expect(parsed.address).toBeUndefined()
  })
  it('turns a blank address into null (cleared)', () => {
    expect(businessContactSchema.parse({ ...contact, address: '  ' }).address).toBeNull()
    expect(businessContactSchema.parse({ ...contact, address: ' Calle 1 ' }).address).toBe(
      'Calle 1',
    )
  })
  it.each([
    [{ phone: '' }, BUSINESS_MESSAGES.phoneRequired],
    [{ phone: undefined }, BUSINESS_MESSAGES.phoneRequired],
    [{ phone: 'llamame' }, BUSINESS_MESSAGES.phoneInvalid],
    [{ phone: '12-34' }, BUSINESS_MESSAGES.phoneInvalid],
    [{ email: '' }, BUSINESS_MESSAGES.emailRequired],
    [{ email: undefined }, BUSINESS_MESSAGES.emailRequired],
    [{ email: 'no-es-correo' }, BUSINESS_MESSAGES.emailInvalid],
    [{ email: 'a@b' }, BUSINESS_MESSAGES.emailInvalid],
  ])('%j → %s', (patch, message) => {
    expect(messages(businessContactSchema.safeParse({ ...contact, ...patch }))).toEqual([message])
  })
})

describe('social links', () => {
  it('keeps https URLs and omits blank ones', () => {
    expect(
      socialLinksSchema.parse({ facebook: ' https://facebook.com/cafe ', instagram: '' }),
    ).toEqual({ facebook: 'https://facebook.com/cafe', instagram: undefined })
  })
  it.each(['http://facebook.com/cafe', 'facebook.com/cafe', 'javascript:alert(1)', 'https://x'])(
    'refuses %s',
    (url) => {
      expect(messages(socialLinksSchema.safeParse({ instagram: url }))).toEqual([
        BUSINESS_MESSAGES.urlInvalid,
      ])
    },
  )
})

describe('step 3 — appearance', () => {
  it('is always valid when empty and upper-cases colours', () => {
    expect(businessAppearanceSchema.parse({})).toEqual({})
    expect(businessAppearanceSchema.parse({ primaryColor: '#0d1b2a' }).primaryColor).toBe('#0D1B2A')
  })
  it('refuses malformed colours', () => {
    expect(messages(businessAppearanceSchema.safeParse({ bgColor: 'red' }))).toEqual([
      BUSINESS_MESSAGES.colorInvalid,
    ])
    expect(messages(businessAppearanceSchema.safeParse({ bgColor: '#FFF' }))).toEqual([
      BUSINESS_MESSAGES.colorInvalid,
    ])
  })
})

describe('step 4 — features and product categories (SPEC §5)', () => {
  it('needs at least one category', () => {
    expect(messages(businessFeaturesSchema.safeParse({ categories: [] }))).toEqual([
      BUSINESS_MESSAGES.categoriesRequired,
    ])
    expect(messages(businessFeaturesSchema.safeParse({}))).toEqual([
      BUSINESS_MESSAGES.categoriesRequired,
    ])
    expect(messages(businessFeaturesSchema.safeParse({ categories: 'Ropa' }))).toEqual([
      BUSINESS_MESSAGES.categoriesInvalid,
    ])
  })
  it('defaults missing features to false', () => {
    const parsed = businessFeaturesSchema.parse({
      categories,
      features: { card_payment: true },
    })
    expect(parsed.features).toEqual({
      nationwide_shipping: false,
      same_day_delivery: false,
      physical_store: false,
      card_payment: true,
      mercadopago: false,
    })
  })
  it('refuses non-boolean features', () => {
    expect(
      messages(businessFeaturesSchema.safeParse({ categories, features: { mercadopago: 'si' } })),
    ).toEqual([BUSINESS_MESSAGES.featuresInvalid])
  })
  it('trims names, omits a blank description and defaults subcategories', () => {
    expect(productCategorySchema.parse({ name: ' Ropa ', description: ' ' })).toEqual({
      name: 'Ropa',
      description: undefined,
      subCategories: [],
      previousName: undefined,
    })
  })
  it('needs non-empty category and subcategory names', () => {
    expect(issues(productCategorySchema.safeParse({ name: '  ', subCategories: [] }))).toEqual([
      { path: 'name', message: BUSINESS_MESSAGES.categoryNameRequired },
    ])
    expect(
      issues(productCategorySchema.safeParse({ name: 'Ropa', subCategories: [{ name: ' ' }] })),
    ).toEqual([
      { path: 'subCategories.0.name', message: BUSINESS_MESSAGES.subCategoryNameRequired },
    ])
  })
  it('refuses duplicate names ignoring case and accents, at both levels', () => {
    expect(
      issues(productCategoriesSchema.safeParse([{ name: 'Café' }, { name: ' CAFE' }])),
    ).toEqual([{ path: '1.name', message: BUSINESS_MESSAGES.categoryNameDuplicate }])
    expect(
      issues(
        productCategorySchema.safeParse({
          name: 'Ropa',
          subCategories: [{ name: 'Niños' }, { name: 'ninos' }],
        }),
      ),
    ).toEqual([
      { path: 'subCategories.1.name', message: BUSINESS_MESSAGES.subCategoryNameDuplicate },
    ])
    // the same subcategory name under two categories is fine
    expect(
      productCategoriesSchema.safeParse([
        { name: 'Hombre', subCategories: [{ name: 'Camisas' }] },
        { name: 'Mujer', subCategories: [{ name: 'Camisas' }] },
      ]).success,
    ).toBe(true)
    expect(categoryKey(' Cámaras  Réflex ')).toBe('camaras reflex')
  })
  it('caps categories and subcategories', () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `Categoría ${i}` }))
    expect(messages(productCategoriesSchema.safeParse(many))).toEqual([
      BUSINESS_MESSAGES.categoriesMax,
    ])
    const subs = Array.from({ length: 51 }, (_, i) => ({ name: `Sub ${i}` }))
    expect(messages(productCategorySchema.safeParse({ name: 'A', subCategories: subs }))).toEqual([
      BUSINESS_MESSAGES.subCategoriesMax,
    ])
  })
})

describe('createBusinessSchema (parsed multipart)', () => {
  const body = { ...basic, ...contact, categories }
  it('defaults the plan to free and ignores userId', () => {
    const parsed = createBusinessSchema.parse({ ...body, userId: 'someone-else' })
    expect(parsed.planType).toBe('free')
    expect(parsed).not.toHaveProperty('userId')
  })
  it('accepts pro and refuses other plans', () => {
    expect(createBusinessSchema.parse({ ...body, planType: 'pro' }).planType).toBe('pro')
    expect(messages(createBusinessSchema.safeParse({ ...body, planType: 'gold' }))).toEqual([
      BUSINESS_MESSAGES.planInvalid,
    ])
  })
  it('reports every missing required field of steps 1, 2 and 4 at once', () => {
    expect(messages(createBusinessSchema.safeParse({})).sort()).toEqual(
      [
        BUSINESS_MESSAGES.nameRequired,
        BUSINESS_MESSAGES.identifierRequired,
        BUSINESS_MESSAGES.categoryRequired,
        BUSINESS_MESSAGES.descriptionRequired,
        BUSINESS_MESSAGES.phoneRequired,
        BUSINESS_MESSAGES.emailRequired,
        BUSINESS_MESSAGES.categoriesRequired,
      ].sort(),
    )
  })
  it('accepts slide and logo URLs, at most 10 slides', () => {
    const url = 'https://images.example.com/slide.jpg'
    expect(createBusinessSchema.parse({ ...body, slides: [url], logo: url }).slides).toEqual([url])
    expect(
      messages(createBusinessSchema.safeParse({ ...body, slides: Array(11).fill(url) })),
    ).toEqual([BUSINESS_MESSAGES.slidesMax])
  })
})

describe('updateBusinessSchema', () => {
  it('accepts any subset, including nothing', () => {
    expect(updateBusinessSchema.parse({})).toEqual({})
    expect(updateBusinessSchema.parse({ name: ' Nuevo ' })).toEqual({ name: 'Nuevo' })
  })
  it('keeps unsent feature flags undefined so the stored ones survive', () => {
    expect(updateBusinessSchema.parse({ features: { mercadopago: true } }).features).toEqual({
      mercadopago: true,
    })
  })
  it('still applies each field rule', () => {
    expect(messages(updateBusinessSchema.safeParse({ identifier: 'Mal Id' }))).toEqual([
      BUSINESS_MESSAGES.identifierFormat,
    ])
    expect(messages(updateBusinessSchema.safeParse({ categories: [] }))).toEqual([
      BUSINESS_MESSAGES.categoriesRequired,
    ])
    expect(messages(updateBusinessSchema.safeParse({ slidesToDelete: 'x' }))).toEqual([
      BUSINESS_MESSAGES.slidesToDeleteInvalid,
    ])
  })
})

describe('business list query', () => {
  it('defaults page 1, size 12, no search', () => {
    expect(businessListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 12 })
  })
  it('coerces query text and treats blank search as none', () => {
    expect(businessListQuerySchema.parse({ page: '3', pageSize: '48', search: '  ' })).toEqual({
      page: 3,
      pageSize: 48,
      search: undefined,
    })
  })
  it.each([
    [{ page: '0' }, FIELD_MESSAGES.pageInvalid],
    [{ page: 'x' }, FIELD_MESSAGES.pageInvalid],
    [{ page: '1.5' }, FIELD_MESSAGES.pageInvalid],
    [{ pageSize: '49' }, FIELD_MESSAGES.pageSizeInvalid],
    [{ search: 'ab' }, GENERIC_MESSAGES.searchMin],
    [{ search: 'x'.repeat(101) }, FIELD_MESSAGES.searchMax],
  ])('%j → %s', (query, message) => {
    expect(messages(businessListQuerySchema.safeParse(query))).toEqual([message])
  })
})

describe('reply schemas', () => {
  it('strip anything that is not public', () => {
    const now = new Date().toISOString()
    const row = {
      _id: '3f1c8d9e-2b4a-4c6d-8e0f-1a2b3c4d5e6f',
      name: 'Café Niño',
      identifier: 'cafe-nino',
      description: 'Café',
      category: 'alimentos',
      categories: [{ name: 'Bebidas', subCategories: [] }],
      logo: null,
      address: null,
      phone: '099',
      email: 'hola@cafenino.uy',
      socialLinks: {},
      whatsapp: null,
      deliveryOptions: { pickup: true, delivery: { enabled: false, fee: {} } },
      paymentMethods: [{ type: 'efectivo' }],
      openingHours: null,
      timeZone: 'America/Montevideo',
      mainCurrency: 'UYU',
      exchangeRate: 40,
      exchangeRateDate: null,
      primaryColor: '#0D1B2A',
      secondaryColor: '#E0E1DD',
      bgColor: '#0D1B2A',
      features: {
        nationwide_shipping: false,
        same_day_delivery: false,
        physical_store: false,
        card_payment: false,
        mercadopago: false,
      },
      slides: [],
      planType: 'free',
      userId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
      createdAt: now,
      updatedAt: now,
      searchText: 'cafe nino',
      ownerEmail: 'private@example.com',
    }
    const parsed = businessSchema.parse(row)
    expect(parsed).not.toHaveProperty('searchText')
    expect(parsed).not.toHaveProperty('ownerEmail')
    expect(identifierAvailabilitySchema.parse({ available: true })).toEqual({ available: true })
  })
})
