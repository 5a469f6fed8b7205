import { describe, expect, it } from 'vitest'
import {
  createProductSchema,
  FIELD_MESSAGES,
  GENERIC_MESSAGES,
  isSubCategoryOf,
  PRICE_INPUT_MESSAGES,
  PRODUCT_MESSAGES,
  PRODUCT_VISIBILITY_TEXTS,
  productBasicFormSchema,
  productDetailsFormSchema,
  productImagesFormSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  specificationSchema,
  tagSchema,
  updateProductSchema,
} from '../src/index.js'

type Result = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }

function messages(result: Result): string[] {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? [])
}

const businessId = '3f1c8d9e-2b4a-4c6d-8e0f-1a2b3c4d5e6f'
// Multipart text parts, as the API receives them
const body = {
  businessId,
  name: ' Taza de cerámica ',
  description: 'Taza hecha a mano',
  price: '450.5',
  category: 'Cocina',
}

describe('createProductSchema (parsed multipart)', () => {
  it('coerces text fields and applies defaults', () => {
    expect(createProductSchema.parse(body)).toEqual({
      businessId,
      name: 'Taza de cerámica',
      description: 'Taza hecha a mano',
      price: 450.5,
      discount: 0,
      currency: 'UYU',
      isFeatured: false,
      isNew: false,
      category: 'Cocina',
      tags: [],
      specifications: [],
      options: [],
      variants: [],
      trackStock: false,
      status: 'active',
      info: undefined,
      code: undefined,
      subCategory: undefined,
    })
  })
  it('parses booleans, discount, tags and specifications', () => {
    const parsed = createProductSchema.parse({
      ...body,
      isFeatured: 'true',
      isNew: '0',
      discount: '15',
      currency: 'US$',
      tags: [' artesanal ', 'Artesanal', 'regalo'],
      specifications: [{ name: ' Material ', value: 'Cerámica' }],
      subCategory: ' Tazas ',
      code: ' ',
    })
    expect(parsed).toMatchObject({
      isFeatured: true,
      isNew: false,
      discount: 15,
      currency: 'USD',
      tags: ['artesanal', 'regalo'],
      specifications: [{ name: 'Material', value: 'Cerámica' }],
      subCategory: 'Tazas',
      code: undefined,
    })
  })
  it('drops isOffer: the API derives it from the discount', () => {
    expect(createProductSchema.parse({ ...body, isOffer: 'true' })).not.toHaveProperty('isOffer')
  })
  it.each([
    [{ name: '  ' }, PRODUCT_MESSAGES.nameRequired],
    [{ name: undefined }, PRODUCT_MESSAGES.nameRequired],
    [{ description: '' }, PRODUCT_MESSAGES.descriptionRequired],
    [{ description: 'x'.repeat(256) }, PRODUCT_MESSAGES.descriptionMax],
    [{ price: '0' }, PRODUCT_MESSAGES.priceMin],
    [{ price: '-3' }, PRODUCT_MESSAGES.priceMin],
    // Issue 41 §2: text is read by parsePriceInput, which says why it is no price
    [{ price: 'gratis' }, PRICE_INPUT_MESSAGES.invalid],
    [{ price: '' }, PRODUCT_MESSAGES.priceMin],
    [{ price: '1000000000' }, PRODUCT_MESSAGES.priceMax],
    [{ price: '1.000.000.000' }, PRODUCT_MESSAGES.priceMax],
    [{ discount: '100' }, PRODUCT_MESSAGES.discountRange],
    [{ discount: '-1' }, PRODUCT_MESSAGES.discountRange],
    [{ discount: '10.5' }, PRODUCT_MESSAGES.discountRange],
    [{ category: ' ' }, PRODUCT_MESSAGES.categoryRequired],
    [{ tags: ['ok', '  '] }, PRODUCT_MESSAGES.tagRequired],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, PRODUCT_MESSAGES.tagsMax],
    [{ specifications: [{ name: 'Peso', value: ' ' }] }, PRODUCT_MESSAGES.specificationRequired],
    [{ specifications: 'no' }, PRODUCT_MESSAGES.specificationsInvalid],
  ])('%j → %s', (patch, message) => {
    expect(messages(createProductSchema.safeParse({ ...body, ...patch }))).toEqual([message])
  })
  it('accepts a 255-character description and rounds prices to cents', () => {
    const parsed = createProductSchema.parse({
      ...body,
      description: 'x'.repeat(255),
      price: 9.999,
    })
    expect(parsed.price).toBe(10)
  })
  it('needs a valid businessId', () => {
    expect(createProductSchema.safeParse({ ...body, businessId: 'abc' }).success).toBe(false)
  })
})

describe('tags and specifications', () => {
  it('trim and require content', () => {
    expect(tagSchema.parse('  nuevo ')).toBe('nuevo')
    expect(messages(specificationSchema.safeParse({ name: '', value: 'x' }))).toEqual([
      PRODUCT_MESSAGES.specificationRequired,
    ])
    expect(messages(specificationSchema.safeParse({ name: 'Color' }))).toEqual([
      PRODUCT_MESSAGES.specificationRequired,
    ])
  })
})

describe('updateProductSchema', () => {
  it('accepts a subset without resetting defaults', () => {
    expect(updateProductSchema.parse({ price: '99' })).toEqual({ price: 99 })
    expect(updateProductSchema.parse({})).toEqual({})
  })
  it('never moves a product to another business, but lets owners retire isNew', () => {
    expect(updateProductSchema.parse({ businessId, isNew: 'false' })).toEqual({ isNew: false })
  })
  it('takes imagesToDelete as a list of URLs', () => {
    expect(updateProductSchema.parse({ imagesToDelete: ['/media/a.webp'] })).toEqual({
      imagesToDelete: ['/media/a.webp'],
    })
    expect(messages(updateProductSchema.safeParse({ imagesToDelete: '/media/a.webp' }))).toEqual([
      PRODUCT_MESSAGES.imagesToDeleteInvalid,
    ])
  })
})

describe('productListQuerySchema (SPEC §7)', () => {
  it('defaults sort newest, page 1, size 12', () => {
    expect(productListQuerySchema.parse({})).toEqual({
      sort: 'newest',
      status: 'active',
      page: 1,
      pageSize: 12,
      minPrice: undefined,
      maxPrice: undefined,
      category: undefined,
      subCategory: undefined,
      search: undefined,
    })
  })
  it('coerces every query parameter', () => {
    expect(
      productListQuerySchema.parse({
        sort: 'cheapest',
        minPrice: '10',
        maxPrice: '99.5',
        category: 'Ropa',
        subCategory: 'Camisas',
        isOffer: 'true',
        isFeatured: 'false',
        isNew: '1',
        search: ' camisa ',
        status: 'all',
        page: '2',
        pageSize: '48',
      }),
    ).toEqual({
      sort: 'cheapest',
      minPrice: 10,
      maxPrice: 99.5,
      category: 'Ropa',
      subCategory: 'Camisas',
      isOffer: true,
      isFeatured: false,
      isNew: true,
      search: 'camisa',
      status: 'all',
      page: 2,
      pageSize: 48,
    })
  })
  it('treats blank price bounds and search as not set', () => {
    expect(productListQuerySchema.parse({ minPrice: '', search: '' })).toMatchObject({
      minPrice: undefined,
      search: undefined,
    })
  })
  it.each([
    [{ sort: 'popular' }, FIELD_MESSAGES.invalid],
    [{ minPrice: '-1' }, FIELD_MESSAGES.numberInvalid],
    [{ maxPrice: 'abc' }, FIELD_MESSAGES.numberInvalid],
    [{ minPrice: '50', maxPrice: '10' }, PRODUCT_MESSAGES.priceRange],
    [{ search: 'ca' }, GENERIC_MESSAGES.searchMin],
    [{ pageSize: '49' }, FIELD_MESSAGES.pageSizeInvalid],
    [{ page: '0' }, FIELD_MESSAGES.pageInvalid],
    // Issue 25 §2: the owner's visibility filter.
    [{ status: 'ocultos' }, PRODUCT_VISIBILITY_TEXTS.statusInvalid],
  ])('%j → %s', (query, message) => {
    expect(messages(productListQuerySchema.safeParse(query))).toEqual([message])
  })
})

describe('product form tabs (SPEC §2.16)', () => {
  const png = { name: 'taza.png', size: 1000, type: 'image/png' }
  it('basic tab shares the API rules', () => {
    expect(
      messages(productBasicFormSchema.safeParse({ name: '', description: 'x', price: 1 })),
    ).toEqual([PRODUCT_MESSAGES.nameRequired])
    expect(
      messages(productBasicFormSchema.safeParse({ name: 'Taza', description: 'x', price: 0 })),
    ).toEqual([PRODUCT_MESSAGES.priceMin])
    expect(
      productBasicFormSchema.parse({ name: 'Taza', description: 'x', price: 1 }),
    ).toMatchObject({ discount: 0, currency: 'UYU', isFeatured: false, isNew: false })
  })
  it('images tab requires the main image and caps extras at 10', () => {
    expect(messages(productImagesFormSchema.safeParse({}))).toEqual([
      PRODUCT_MESSAGES.mainImageRequired,
    ])
    expect(messages(productImagesFormSchema.safeParse({ image: '' }))).toEqual([
      PRODUCT_MESSAGES.mainImageRequired,
    ])
    expect(productImagesFormSchema.safeParse({ image: png }).success).toBe(true)
    // an existing image kept by its URL while editing
    expect(productImagesFormSchema.safeParse({ image: '/media/abc-640.webp' }).success).toBe(true)
    expect(
      messages(productImagesFormSchema.safeParse({ image: png, images: Array(11).fill(png) })),
    ).toEqual([PRODUCT_MESSAGES.imagesMax])
  })
  it('images tab accepts PNG, JPG or WEBP up to 5MB only', () => {
    expect(
      messages(productImagesFormSchema.safeParse({ image: { ...png, type: 'image/gif' } })),
    ).toEqual([FIELD_MESSAGES.imageInvalid])
    expect(
      messages(productImagesFormSchema.safeParse({ image: { ...png, size: 5 * 1024 * 1024 + 1 } })),
    ).toEqual([FIELD_MESSAGES.imageTooLarge])
  })
  it('details tab needs a category and non-empty tags and specifications', () => {
    expect(messages(productDetailsFormSchema.safeParse({ category: '' }))).toEqual([
      PRODUCT_MESSAGES.categoryRequired,
    ])
    expect(messages(productDetailsFormSchema.safeParse({ category: 'Ropa', tags: [' '] }))).toEqual(
      [PRODUCT_MESSAGES.tagRequired],
    )
  })
  it('isSubCategoryOf checks the subcategory belongs to the category (SPEC §3)', () => {
    const categories = [
      { name: 'Ropa', subCategories: [{ name: 'Camisas' }] },
      { name: 'Calzado', subCategories: [] },
    ]
    expect(isSubCategoryOf(categories, 'Ropa', 'Camisas')).toBe(true)
    expect(isSubCategoryOf(categories, 'Ropa', undefined)).toBe(true)
    expect(isSubCategoryOf(categories, 'Calzado', 'Camisas')).toBe(false)
    expect(isSubCategoryOf(categories, 'Otra', 'Camisas')).toBe(false)
  })
})

describe('reply schemas', () => {
  it('describe a product and a list page', () => {
    const now = new Date().toISOString()
    const product = {
      _id: businessId,
      businessId,
      slug: 'taza',
      name: 'Taza',
      description: 'Taza',
      info: null,
      price: 100,
      discount: 10,
      finalPrice: 90,
      currency: 'UYU',
      currencySymbol: '$',
      code: null,
      isFeatured: false,
      isNew: true,
      isOffer: true,
      image: { url: '/media/a.webp' },
      images: [],
      tags: [],
      specifications: [],
      category: 'Cocina',
      subCategory: null,
      createdAt: now,
      updatedAt: now,
      status: 'active',
      options: [],
      variants: [],
      trackStock: false,
      available: true,
      lowStock: null,
      priceFrom: null,
      searchText: 'taza',
    }
    expect(productSchema.parse(product)).not.toHaveProperty('searchText')
    expect(
      productListResponseSchema.safeParse({
        items: [product],
        total: 1,
        page: 1,
        pageSize: 12,
        priceMax: 90,
      }).success,
    ).toBe(true)
  })
})
