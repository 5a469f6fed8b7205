/**
 * POST /api/businesses and the public reads (SPEC §3, §5, §6, §7, §9), through the real routes on
 * a real database, with real image processing.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  BUSINESS_MESSAGES,
  createBusinessSchema,
  DEFAULT_COLORS,
  type Business,
  type BusinessListResponse,
} from '@vitrina/contracts'
import { businesses } from '../src/db/schema/index.js'
import { createBusiness, type BusinessDeps } from '../src/modules/businesses/service.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin } from './helpers/auth.js'
import {
  businessFields,
  createTestBusiness,
  pngFile,
  postBusiness,
  storedMediaFiles,
  uniqueIdentifier,
} from './helpers/catalogue.js'

const t = useTestApp({ RATE_LIMIT: 'false' })

function errorOf(response: { json(): unknown }) {
  return response.json() as {
    statusCode: number
    message: string
    errors?: { path: string; message: string }[]
  }
}

describe('POST /api/businesses', () => {
  it('creates the business of the token’s owner with SPEC §9 defaults', async () => {
    const owner = await registerAndLogin(t.app)
    const identifier = uniqueIdentifier('cafe')
    const response = await postBusiness(
      t.app,
      owner,
      businessFields({ identifier, name: '  Café Niño ', features: { mercadopago: true } }),
    )
    expect(response.statusCode).toBe(201)
    const business = response.json() as Business
    expect(business).toMatchObject({
      name: 'Café Niño',
      identifier,
      category: 'moda',
      userId: owner.user._id,
      planType: 'free',
      logo: null,
      slides: [],
      address: 'Av. 18 de Julio 1234, Montevideo',
      socialLinks: { instagram: 'https://instagram.com/tienda' },
      ...DEFAULT_COLORS,
      features: {
        nationwide_shipping: false,
        same_day_delivery: false,
        physical_store: false,
        card_payment: false,
        mercadopago: true,
      },
      categories: [
        { name: 'Ropa', description: 'Prendas de temporada', subCategories: [{ name: 'Camisas' }] },
        { name: 'Calzado', subCategories: [] },
      ],
    })
    expect(business.socialLinks).not.toHaveProperty('facebook')
    // Public reply: never the owner's account e-mail nor internal columns
    expect(JSON.stringify(business)).not.toContain(owner.user.email)
    expect(business).not.toHaveProperty('searchText')
    expect(business).not.toHaveProperty('search_text')

    const [row] = await t.db.select().from(businesses).where(eq(businesses.identifier, identifier))
    expect(row?.searchText).toBe('cafe nino ropa y calzado para toda la familia')
  })

  it('ignores a userId in the form: the owner comes from the token', async () => {
    const owner = await registerAndLogin(t.app)
    const other = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, { userId: other.user._id })
    expect(business.userId).toBe(owner.user._id)
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(other.accessToken),
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toBeNull()
  })

  it('keeps chosen colours (upper-cased) and the pro plan', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, {
      primaryColor: '#1d4ed8',
      secondaryColor: '#DBEAFE',
      bgColor: '#1D4ED8',
      planType: 'pro',
    })
    expect(business).toMatchObject({
      primaryColor: '#1D4ED8',
      secondaryColor: '#DBEAFE',
      bgColor: '#1D4ED8',
      planType: 'pro',
    })
  })

  it('stores the logo (with favicon) and slide files as processed WebP images', async () => {
    const owner = await registerAndLogin(t.app)
    // (Slides given by URL are downloaded and stored too: businesses-slide-urls.test.ts.)
    const business = await createTestBusiness(
      t.app,
      owner,
      {},
      { logo: [await pngFile(300, 300)], slides: [await pngFile(1600, 900, '#aa3311')] },
    )
    expect(business.logo?.url).toMatch(/^\/media\/.+\.webp$/)
    expect(business.logo?.favicon).toMatch(/^\/media\/.+-favicon\.png$/)
    expect(business.slides).toHaveLength(1)
    expect(business.slides[0]?.image).toMatchObject({ width: 1280, height: 720 })

    const served = await t.app.inject({ method: 'GET', url: business.slides[0]!.image.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
  })

  it('accepts a logo given by https URL', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, {
      logo: 'https://images.example.com/logo.png',
    })
    expect(business.logo).toEqual({ url: 'https://images.example.com/logo.png' })
  })

  it('allows one business per user (409)', async () => {
    const owner = await registerAndLogin(t.app)
    await createTestBusiness(t.app, owner)
    const second = await postBusiness(t.app, owner, businessFields())
    expect(second.statusCode).toBe(409)
    expect(errorOf(second).message).toBe(BUSINESS_MESSAGES.alreadyHasBusiness)
  })

  it('refuses a taken identifier with the SPEC §8 text', async () => {
    const first = await registerAndLogin(t.app)
    const second = await registerAndLogin(t.app)
    const identifier = uniqueIdentifier()
    await createTestBusiness(t.app, first, { identifier })
    const response = await postBusiness(t.app, second, businessFields({ identifier }))
    expect(response.statusCode).toBe(409)
    expect(errorOf(response)).toMatchObject({
      message: 'Este identificador ya está en uso. Por favor, elige otro.',
      errors: [{ path: 'identifier', message: BUSINESS_MESSAGES.identifierTaken }],
    })
  })

  it('lets exactly one of several concurrent creates with the same identifier win', async () => {
    const owners = await Promise.all([1, 2, 3, 4].map(() => registerAndLogin(t.app)))
    const identifier = uniqueIdentifier('carrera')
    const responses = await Promise.all(
      owners.map((owner) => postBusiness(t.app, owner, businessFields({ identifier }))),
    )
    const statuses = responses.map((r) => r.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409, 409])
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(response).message).toBe(BUSINESS_MESSAGES.identifierTaken)
    }
    const rows = await t.db.select().from(businesses).where(eq(businesses.identifier, identifier))
    expect(rows).toHaveLength(1)
  })

  it('a create that loses the race at the database answers 409 and keeps no image', async () => {
    const owner = await registerAndLogin(t.app)
    const rival = await registerAndLogin(t.app)
    const identifier = uniqueIdentifier('al-vuelo')
    const filesBefore = await storedMediaFiles(t.app)
    const media: BusinessDeps['media'] = {
      // The rival commits after our checks and before our insert.
      withStoredImages: async (work) => {
        await createTestBusiness(t.app, rival, { identifier })
        return t.app.media.withStoredImages(work)
      },
    }
    const input = createBusinessSchema.parse(businessFields({ identifier }))
    await expect(
      createBusiness({ db: t.db, media, defaultExchangeRate: 40 }, owner.user._id, input, {
        logo: [(await pngFile(64, 64)).data],
        slides: [(await pngFile(320, 180)).data],
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: BUSINESS_MESSAGES.identifierTaken })
    expect(await storedMediaFiles(t.app)).toEqual(filesBefore)
    const rows = await t.db.select().from(businesses).where(eq(businesses.userId, owner.user._id))
    expect(rows).toHaveLength(0)
  })

  it('lets one of two concurrent creates by the same owner win', async () => {
    const owner = await registerAndLogin(t.app)
    const responses = await Promise.all([
      postBusiness(t.app, owner, businessFields()),
      postBusiness(t.app, owner, businessFields()),
    ])
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const rows = await t.db.select().from(businesses).where(eq(businesses.userId, owner.user._id))
    expect(rows).toHaveLength(1)
  })

  it.each([
    ['name', { name: '   ' }, BUSINESS_MESSAGES.nameRequired],
    ['identifier', { identifier: '' }, BUSINESS_MESSAGES.identifierRequired],
    ['identifier', { identifier: 'Mi Tienda' }, BUSINESS_MESSAGES.identifierFormat],
    ['identifier', { identifier: 'mi_tienda' }, BUSINESS_MESSAGES.identifierFormat],
    ['identifier', { identifier: 'admin' }, BUSINESS_MESSAGES.identifierReserved],
    ['identifier', { identifier: 'plataforma' }, BUSINESS_MESSAGES.identifierReserved],
    ['identifier', { identifier: 'check' }, BUSINESS_MESSAGES.identifierReserved],
    ['description', { description: '' }, BUSINESS_MESSAGES.descriptionRequired],
    ['category', { category: '' }, BUSINESS_MESSAGES.categoryRequired],
    ['category', { category: 'restaurantes' }, BUSINESS_MESSAGES.categoryRequired],
    ['phone', { phone: '' }, BUSINESS_MESSAGES.phoneRequired],
    ['phone', { phone: 'sin teléfono' }, BUSINESS_MESSAGES.phoneInvalid],
    ['email', { email: '' }, BUSINESS_MESSAGES.emailRequired],
    ['email', { email: 'no-es-correo' }, BUSINESS_MESSAGES.emailInvalid],
    ['categories', { categories: [] }, BUSINESS_MESSAGES.categoriesRequired],
    ['categories', { categories: undefined }, BUSINESS_MESSAGES.categoriesRequired],
    ['categories', { categories: '[{"name":' }, BUSINESS_MESSAGES.categoriesInvalid],
    ['categories.0.name', { categories: [{ name: ' ' }] }, BUSINESS_MESSAGES.categoryNameRequired],
    [
      'categories.1.name',
      { categories: [{ name: 'Café' }, { name: 'CAFE' }] },
      BUSINESS_MESSAGES.categoryNameDuplicate,
    ],
    [
      'categories.0.subCategories.0.name',
      { categories: [{ name: 'Ropa', subCategories: [{ name: '' }] }] },
      BUSINESS_MESSAGES.subCategoryNameRequired,
    ],
    [
      'categories.0.subCategories.1.name',
      { categories: [{ name: 'Ropa', subCategories: [{ name: 'Niños' }, { name: 'ninos' }] }] },
      BUSINESS_MESSAGES.subCategoryNameDuplicate,
    ],
    [
      'socialLinks.instagram',
      { socialLinks: { instagram: 'instagram.com/x' } },
      BUSINESS_MESSAGES.urlInvalid,
    ],
    ['socialLinks', { socialLinks: '{oops' }, BUSINESS_MESSAGES.socialLinksInvalid],
    ['features', { features: 'true' }, BUSINESS_MESSAGES.featuresInvalid],
    [
      'features.mercadopago',
      { features: { mercadopago: 'si' } },
      BUSINESS_MESSAGES.featuresInvalid,
    ],
    ['primaryColor', { primaryColor: 'azul' }, BUSINESS_MESSAGES.colorInvalid],
    ['planType', { planType: 'gold' }, BUSINESS_MESSAGES.planInvalid],
  ])('400 on %s: %j', async (path, overrides, message) => {
    const owner = await registerAndLogin(t.app)
    const response = await postBusiness(t.app, owner, businessFields(overrides))
    expect(response.statusCode).toBe(400)
    const body = errorOf(response)
    expect(body.message).toBe(message)
    expect(body.errors).toContainEqual({ path, message })
    // Nothing was created
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    expect(mine.json()).toBeNull()
  })

  it('reports every missing required field at once', async () => {
    const owner = await registerAndLogin(t.app)
    const response = await postBusiness(t.app, owner, { planType: 'free' })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).errors?.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        BUSINESS_MESSAGES.nameRequired,
        BUSINESS_MESSAGES.identifierRequired,
        BUSINESS_MESSAGES.descriptionRequired,
        BUSINESS_MESSAGES.categoryRequired,
        BUSINESS_MESSAGES.phoneRequired,
        BUSINESS_MESSAGES.emailRequired,
        BUSINESS_MESSAGES.categoriesRequired,
      ]),
    )
  })

  it('refuses more than 10 slides, counting files and URLs together', async () => {
    const owner = await registerAndLogin(t.app)
    const file = await pngFile(32, 18)
    const urls = Array.from({ length: 6 }, (_, i) => `https://images.example.com/${i}.jpg`)
    const response = await postBusiness(t.app, owner, businessFields({ slides: urls }), {
      slides: Array(5).fill(file),
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toBe(BUSINESS_MESSAGES.slidesMax)

    const tooManyFiles = await postBusiness(t.app, owner, businessFields(), {
      slides: Array(11).fill(file),
    })
    expect(tooManyFiles.statusCode).toBe(400)
    expect(errorOf(tooManyFiles).message).toBe(BUSINESS_MESSAGES.slidesMax)
  })

  it('refuses a file that is not an image and stores nothing', async () => {
    const owner = await registerAndLogin(t.app)
    const response = await postBusiness(t.app, owner, businessFields(), {
      logo: [{ data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/png' }],
    })
    expect(response.statusCode).toBe(415)
    expect(errorOf(response).errors).toEqual([{ path: 'logo', message: expect.any(String) }])
    const rows = await t.db.select().from(businesses).where(eq(businesses.userId, owner.user._id))
    expect(rows).toHaveLength(0)
  })

  it('needs a signed-in owner (401) and a multipart body (415)', async () => {
    const anonymous = await postBusiness(t.app, null, businessFields())
    expect(anonymous.statusCode).toBe(401)
    expect(errorOf(anonymous).message).toBe(AUTH_MESSAGES.unauthorized)

    const owner = await registerAndLogin(t.app)
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/businesses',
      headers: bearer(owner.accessToken),
      payload: { name: 'x' },
    })
    expect(json.statusCode).toBe(415)
  })
})

describe('GET /api/businesses/:identifier/identifier', () => {
  it('returns the public business', async () => {
    const owner = await registerAndLogin(t.app)
    const created = await createTestBusiness(t.app, owner)
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${created.identifier}/identifier`,
    })
    expect(response.statusCode).toBe(200)
    // The creator's reply also carries the plan state; the public one never does.
    const { plan, ...publicFields } = created as typeof created & { plan?: unknown }
    expect(plan).toBeDefined()
    expect(response.json()).toEqual(publicFields)

    // Identifiers are lower case; a shared link typed in capitals still finds the business.
    const shouted = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${created.identifier.toUpperCase()}/identifier`,
    })
    expect(shouted.statusCode).toBe(200)
  })

  it('finds identifiers that collide with route words', async () => {
    const owner = await registerAndLogin(t.app)
    const created = await createTestBusiness(t.app, owner, { identifier: 'user' })
    const response = await t.app.inject({ method: 'GET', url: '/api/businesses/user/identifier' })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Business)._id).toBe(created._id)
  })

  it('404 with the SPEC §2.5 text when unknown', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/no-existe-este-negocio/identifier',
    })
    expect(response.statusCode).toBe(404)
    expect(errorOf(response).message).toBe('Negocio no encontrado')
  })
})

describe('GET /api/businesses/check/:identifier', () => {
  it.each([
    ['libre-y-valido', { available: true }],
    ['admin', { available: false, reason: 'reserved' }],
    ['Con Mayusculas', { available: false, reason: 'invalid' }],
    ['con_guion_bajo', { available: false, reason: 'invalid' }],
    ['a'.repeat(61), { available: false, reason: 'invalid' }],
  ])('%s → %j', async (identifier, expected) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/check/${encodeURIComponent(identifier)}`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(expected)
  })

  it('a taken identifier is not available', async () => {
    const owner = await registerAndLogin(t.app)
    const { identifier } = await createTestBusiness(t.app, owner)
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/check/${identifier}`,
    })
    expect(response.json()).toEqual({ available: false, reason: 'taken' })
  })
})

describe('GET /api/businesses/user/me', () => {
  // Issue 41: an owner without a business yet is a normal state, not an error — a 404 here was a
  // console error on every page a signed-in user opened.
  it('returns the owner’s business, null (200) without one, 401 anonymous', async () => {
    const owner = await registerAndLogin(t.app)
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    expect(none.statusCode).toBe(200)
    expect(none.headers['content-type']).toMatch(/^application\/json/)
    expect(none.json()).toBeNull()

    const created = await createTestBusiness(t.app, owner)
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.json()).toEqual(created)

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/businesses/user/me' })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('GET /api/businesses', () => {
  it('lists newest first, paginated, with search on name and description', async () => {
    const tag = uniqueIdentifier('lote').replace('-', '')
    const names = ['Panadería Ñandú', 'Librería Árbol', 'Ferretería Tornillo']
    const created: Business[] = []
    for (const [i, name] of names.entries()) {
      const owner = await registerAndLogin(t.app)
      created.push(
        await createTestBusiness(t.app, owner, {
          name,
          description: `Negocio número ${i} del ${tag}`,
        }),
      )
    }

    const page1 = await t.app.inject({
      method: 'GET',
      url: `/api/businesses?search=${tag}&pageSize=2`,
    })
    expect(page1.statusCode).toBe(200)
    const body1 = page1.json() as BusinessListResponse
    expect(body1.total).toBe(3)
    expect(body1).toMatchObject({ page: 1, pageSize: 2 })
    expect(body1.items.map((b) => b.name)).toEqual(['Ferretería Tornillo', 'Librería Árbol'])

    const page2 = (
      await t.app.inject({ method: 'GET', url: `/api/businesses?search=${tag}&pageSize=2&page=2` })
    ).json() as BusinessListResponse
    expect(page2.items.map((b) => b.name)).toEqual(['Panadería Ñandú'])

    const beyond = (
      await t.app.inject({ method: 'GET', url: `/api/businesses?search=${tag}&page=9` })
    ).json() as BusinessListResponse
    expect(beyond).toMatchObject({ items: [], total: 3, page: 9 })

    // Accent- and case-insensitive, both ways, several words in any order
    for (const search of ['panaderia nandu', 'PANADERÍA', 'ñandú', `${tag} nandu`]) {
      const found = (
        await t.app.inject({
          method: 'GET',
          url: `/api/businesses?search=${encodeURIComponent(search)}`,
        })
      ).json() as BusinessListResponse
      expect(found.items.map((b) => b._id)).toContain(created[0]!._id)
      expect(found.items.map((b) => b._id)).not.toContain(created[1]!._id)
    }
    const arbol = (
      await t.app.inject({ method: 'GET', url: `/api/businesses?search=arbol` })
    ).json() as BusinessListResponse
    expect(arbol.items.map((b) => b._id)).toContain(created[1]!._id)
  })

  it('treats LIKE wildcards in the search literally', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/businesses?search=%25%25%25' })
    expect(response.statusCode).toBe(200)
    expect((response.json() as BusinessListResponse).total).toBe(0)
  })

  it('defaults to page 1 of 12 and validates the query', async () => {
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/businesses' })
    ).json() as BusinessListResponse
    expect(all).toMatchObject({ page: 1, pageSize: 12 })
    expect(all.items.length).toBeLessThanOrEqual(12)
    expect(all.total).toBeGreaterThan(0)

    const short = await t.app.inject({ method: 'GET', url: '/api/businesses?search=ab' })
    expect(short.statusCode).toBe(400)
    expect(errorOf(short).message).toBe('Ingresa al menos 3 caracteres para buscar')

    const big = await t.app.inject({ method: 'GET', url: '/api/businesses?pageSize=49' })
    expect(big.statusCode).toBe(400)
    const zero = await t.app.inject({ method: 'GET', url: '/api/businesses?page=0' })
    expect(zero.statusCode).toBe(400)
  })
})

describe('OpenAPI', () => {
  it('documents every business route from the contracts schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/businesses',
        '/api/businesses/{identifier}/identifier',
        '/api/businesses/check/{identifier}',
        '/api/businesses/user/me',
        '/api/businesses/{id}',
      ]),
    )
  })
})
