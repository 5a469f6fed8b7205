/**
 * PATCH /api/businesses/:id (SPEC §2.15, §6, §7): owner only, any subset of fields, slides added
 * and removed (at most 10 after the change), logo replacement, identifier changes, and the
 * orphan rule for stored images.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AUTH_MESSAGES,
  BUSINESS_MESSAGES,
  updateBusinessSchema,
  type Business,
} from '@vitrina/contracts'
import { businesses } from '../src/db/schema/index.js'
import { updateBusiness, type BusinessDeps } from '../src/modules/businesses/service.js'
import { useTestApp } from './helpers/app.js'
import { bearer, registerAndLogin, sessionIdOf, type TestAccount } from './helpers/auth.js'
import {
  businessFields,
  createTestBusiness,
  patchBusiness,
  pngFile,
  storedMediaFiles,
  uniqueIdentifier,
} from './helpers/catalogue.js'
import { startImageServer, type ImageServer } from './helpers/image-server.js'

const JWT_SECRET = 'pruebas-de-negocios-con-un-secreto-largo-0123456789'
// Slides given by URL are downloaded (issue 41): from a local server, loopback allowed.
const t = useTestApp({ RATE_LIMIT: 'false', JWT_SECRET, IMPORT_FETCH_ALLOW_LOOPBACK: 'true' })
let images: ImageServer
beforeAll(async () => {
  images = await startImageServer()
})
afterAll(async () => images.close())

function errorOf(response: { json(): unknown }) {
  return response.json() as { message: string; errors?: { path: string; message: string }[] }
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(businesses).where(eq(businesses.id, id))
  return row
}

const storedFiles = () => storedMediaFiles(t.app)

async function ownerWithBusiness(overrides = {}, files = {}) {
  const owner = await registerAndLogin(t.app)
  const business = await createTestBusiness(t.app, owner, overrides, files)
  return { owner, business }
}

/**
 * A business whose slides are outside URLs, as saved before issue 41 (URL slides are now
 * downloaded and stored as ours): written straight into its row.
 */
async function ownerWithUrlSlides(urls: string[]) {
  const { owner, business } = await ownerWithBusiness()
  const slides = urls.map((url) => ({ image: { url } }))
  await t.db.update(businesses).set({ slides }).where(eq(businesses.id, business._id))
  return { owner, business: { ...business, slides } }
}

function getMedia(url: string) {
  return t.app.inject({ method: 'GET', url })
}

describe('PATCH /api/businesses/:id — fields', () => {
  it('changes only what is sent and refreshes the search text', async () => {
    const { owner, business } = await ownerWithBusiness({ features: { card_payment: true } })
    const response = await patchBusiness(t.app, owner, business._id, {
      name: 'Nombre Nuevo Ñu',
      address: '',
      features: { mercadopago: true },
      socialLinks: { facebook: 'https://facebook.com/nuevo' },
    })
    expect(response.statusCode).toBe(200)
    const updated = response.json() as Business
    expect(updated).toMatchObject({
      ...business,
      name: 'Nombre Nuevo Ñu',
      address: null,
      features: { ...business.features, card_payment: true, mercadopago: true },
      socialLinks: { facebook: 'https://facebook.com/nuevo' },
      updatedAt: expect.any(String),
    })
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(business.updatedAt))
    expect((await rowOf(business._id))?.searchText).toMatch(/^nombre nuevo nu /)
  })

  it('accepts an empty form (no change)', async () => {
    const { owner, business } = await ownerWithBusiness()
    const response = await patchBusiness(t.app, owner, business._id, {})
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ ...business, updatedAt: expect.any(String) })
  })

  it('ignores userId: a business never changes hands', async () => {
    const { owner, business } = await ownerWithBusiness()
    const other = await registerAndLogin(t.app)
    const response = await patchBusiness(t.app, owner, business._id, { userId: other.user._id })
    expect(response.statusCode).toBe(200)
    expect((await rowOf(business._id))?.userId).toBe(owner.user._id)
  })

  it.each([
    [{ name: ' ' }, BUSINESS_MESSAGES.nameRequired],
    [{ email: 'x@' }, BUSINESS_MESSAGES.emailInvalid],
    [{ phone: '' }, BUSINESS_MESSAGES.phoneRequired],
    [{ categories: [] }, BUSINESS_MESSAGES.categoriesRequired],
    [{ slidesToDelete: 'no-es-json' }, BUSINESS_MESSAGES.slidesToDeleteInvalid],
    [{ slidesToDelete: '"/media/x.webp"' }, BUSINESS_MESSAGES.slidesToDeleteInvalid],
    [{ identifier: 'Con Espacios' }, BUSINESS_MESSAGES.identifierFormat],
    [{ identifier: 'auth' }, BUSINESS_MESSAGES.identifierReserved],
  ])('400 for %j, row unchanged', async (fields, message) => {
    const { owner, business } = await ownerWithBusiness()
    const before = await rowOf(business._id)
    const response = await patchBusiness(t.app, owner, business._id, fields)
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toBe(message)
    expect(await rowOf(business._id)).toEqual(before)
  })
})

describe('PATCH /api/businesses/:id — who may', () => {
  /** A token of the owner's own live session, expired an hour ago. */
  async function expiredToken(owner: TestAccount): Promise<string> {
    const past = Math.floor(Date.now() / 1000) - 3600
    return new SignJWT({ sid: sessionIdOf(owner.accessToken) })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(owner.user._id)
      .setIssuer(t.config.publicUrl)
      .setAudience('vitrina-api')
      .setJti(randomUUID())
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(JWT_SECRET))
  }

  it('refuses another owner (403), anonymous (401) and an expired token (401); row unchanged', async () => {
    const { owner, business } = await ownerWithBusiness()
    const intruder = await registerAndLogin(t.app)
    await createTestBusiness(t.app, intruder)
    const before = await rowOf(business._id)
    const change = { name: 'Robado', identifier: uniqueIdentifier('robado') }
    const file = { logo: [await pngFile(64, 64)] }

    const forbidden = await patchBusiness(t.app, intruder, business._id, change, file)
    expect(forbidden.statusCode).toBe(403)
    expect(errorOf(forbidden).message).toBe(AUTH_MESSAGES.forbidden)

    const anonymous = await patchBusiness(t.app, null, business._id, change, file)
    expect(anonymous.statusCode).toBe(401)
    expect(errorOf(anonymous).message).toBe(AUTH_MESSAGES.unauthorized)

    const expired = await patchBusiness(
      t.app,
      { accessToken: await expiredToken(owner) },
      business._id,
      change,
      file,
    )
    expect(expired.statusCode).toBe(401)
    expect(errorOf(expired).message).toBe(AUTH_MESSAGES.sessionExpired)

    const forged = await patchBusiness(
      t.app,
      { accessToken: `${owner.accessToken.slice(0, -4)}AAAA` },
      business._id,
      change,
    )
    expect(forged.statusCode).toBe(401)

    expect(await rowOf(business._id)).toEqual(before)
  })

  it('404 for an unknown or malformed id', async () => {
    const owner = await registerAndLogin(t.app)
    for (const id of [randomUUID(), 'no-es-un-uuid']) {
      const response = await patchBusiness(t.app, owner, id, { name: 'X' })
      expect(response.statusCode).toBe(404)
      expect(errorOf(response).message).toBe(BUSINESS_MESSAGES.notFound)
    }
  })
})

describe('PATCH /api/businesses/:id — identifier', () => {
  it('moves to an available identifier; the old one is held for it (issue 40 §5)', async () => {
    const { owner, business } = await ownerWithBusiness()
    const identifier = uniqueIdentifier('nuevo')
    const response = await patchBusiness(t.app, owner, business._id, { identifier })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Business).identifier).toBe(identifier)

    const old = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business.identifier}/identifier`,
    })
    expect(old.statusCode).toBe(404)
    // Held for a while (businesses-released-identifiers.test.ts): others may not take it, this
    // business may take it back.
    const check = (headers = {}) =>
      t.app.inject({ method: 'GET', url: `/api/businesses/check/${business.identifier}`, headers })
    expect((await check()).json()).toEqual({ available: false, reason: 'held' })
    expect((await check(bearer(owner.accessToken))).json()).toEqual({ available: true })
  })

  it('keeping its own identifier is not a conflict', async () => {
    const { owner, business } = await ownerWithBusiness()
    const response = await patchBusiness(t.app, owner, business._id, {
      identifier: business.identifier,
    })
    expect(response.statusCode).toBe(200)
  })

  it('409 for an identifier another business holds', async () => {
    const { owner, business } = await ownerWithBusiness()
    const { business: other } = await ownerWithBusiness()
    const response = await patchBusiness(t.app, owner, business._id, {
      identifier: other.identifier,
    })
    expect(response.statusCode).toBe(409)
    expect(errorOf(response).message).toBe(BUSINESS_MESSAGES.identifierTaken)
    expect((await rowOf(business._id))?.identifier).toBe(business.identifier)
  })

  it('two owners racing for one identifier: exactly one gets it', async () => {
    const a = await ownerWithBusiness()
    const b = await ownerWithBusiness()
    const identifier = uniqueIdentifier('disputado')
    const responses = await Promise.all([
      patchBusiness(t.app, a.owner, a.business._id, { identifier }),
      patchBusiness(t.app, b.owner, b.business._id, { identifier }),
    ])
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const holders = await t.db
      .select()
      .from(businesses)
      .where(eq(businesses.identifier, identifier))
    expect(holders).toHaveLength(1)
  })
})

describe('PATCH /api/businesses/:id — losing a race at the database', () => {
  it('answers 409 when another business takes the identifier first, and keeps no image', async () => {
    const { owner, business } = await ownerWithBusiness()
    const rival = await ownerWithBusiness()
    const identifier = uniqueIdentifier('al-vuelo')
    const filesBefore = await storedFiles()
    const media: BusinessDeps['media'] = {
      // The rival's change commits after our availability check, before our transaction.
      withStoredImages: async (work) => {
        const taken = await patchBusiness(t.app, rival.owner, rival.business._id, { identifier })
        expect(taken.statusCode).toBe(200)
        return t.app.media.withStoredImages(work)
      },
    }
    const input = updateBusinessSchema.parse({ identifier })
    await expect(
      updateBusiness(
        { db: t.db, media, defaultExchangeRate: 40 },
        owner.user._id,
        business._id,
        input,
        {
          logo: [(await pngFile(64, 64)).data],
          slides: [],
        },
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: BUSINESS_MESSAGES.identifierTaken })
    expect(await storedFiles()).toEqual(filesBefore)
    expect((await rowOf(business._id))?.identifier).toBe(business.identifier)
  })
})

describe('PATCH /api/businesses/:id — images', () => {
  it('replaces the logo and deletes the old files after the commit', async () => {
    const { owner, business } = await ownerWithBusiness({}, { logo: [await pngFile(200, 200)] })
    const oldLogo = business.logo!
    expect((await getMedia(oldLogo.url)).statusCode).toBe(200)

    const response = await patchBusiness(
      t.app,
      owner,
      business._id,
      {},
      {
        logo: [await pngFile(200, 200, '#22aa66')],
      },
    )
    expect(response.statusCode).toBe(200)
    const updated = response.json() as Business
    expect(updated.logo?.url).not.toBe(oldLogo.url)
    expect((await getMedia(updated.logo!.url)).statusCode).toBe(200)
    expect((await getMedia(oldLogo.url)).statusCode).toBe(404)
    expect((await getMedia(oldLogo.favicon!)).statusCode).toBe(404)
  })

  it('adds slide files and URLs, removes slides by URL and deletes their files', async () => {
    const slide = await pngFile(640, 360)
    const { owner, business } = await ownerWithBusiness({}, { slides: [slide, slide] })
    const [first, second] = business.slides.map((s) => s.image)
    const response = await patchBusiness(
      t.app,
      owner,
      business._id,
      { slidesToDelete: [first!.url], slides: [images.url('/w200.png')] },
      { slides: [slide] },
    )
    expect(response.statusCode).toBe(200)
    const slides = (response.json() as Business).slides.map((s) => s.image)
    expect(slides).toHaveLength(3)
    expect(slides[0]).toEqual(second)
    // The URL slide was downloaded and stored as ours (issue 41).
    expect(slides[1]).toMatchObject({ url: expect.stringMatching(/^\/media\//), width: 200 })
    expect(slides[2]?.url).toMatch(/^\/media\//)
    expect((await getMedia(first!.url)).statusCode).toBe(404)
    expect((await getMedia(second!.url)).statusCode).toBe(200)

    // Removing it deletes its files; unknown URLs are ignored.
    const again = await patchBusiness(t.app, owner, business._id, {
      slidesToDelete: [slides[1]!.url, '/media/no/existe.webp'],
    })
    expect((again.json() as Business).slides.map((s) => s.image.url)).toEqual([
      second!.url,
      slides[2]!.url,
    ])
    expect((await getMedia(slides[1]!.url)).statusCode).toBe(404)
  })

  it('removing an outside URL slide forgets it (nothing of ours to delete)', async () => {
    const outside = 'https://images.example.com/vieja.jpg'
    const { owner, business } = await ownerWithUrlSlides([outside])
    const filesBefore = await storedFiles()
    const response = await patchBusiness(t.app, owner, business._id, { slidesToDelete: [outside] })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Business).slides).toEqual([])
    expect(await storedFiles()).toEqual(filesBefore)
  })

  it('also takes slidesToDelete as repeated parts (slidesToDelete[0], …)', async () => {
    const urls = ['https://images.example.com/a.jpg', 'https://images.example.com/b.jpg']
    const { owner, business } = await ownerWithUrlSlides(urls)
    const form = new FormData()
    form.append('slidesToDelete[0]', urls[1]!)
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/businesses/${business._id}`,
      headers: bearer(owner.accessToken),
      payload: form,
    })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Business).slides).toEqual([{ image: { url: urls[0] } }])
  })

  it('at most 10 slides after the change; a refused change stores nothing', async () => {
    const urls = Array.from({ length: 9 }, (_, i) => `https://images.example.com/${i}.jpg`)
    const { owner, business } = await ownerWithUrlSlides(urls)
    const slide = await pngFile(320, 180)
    const filesBefore = await storedFiles()
    const before = await rowOf(business._id)

    const over = await patchBusiness(t.app, owner, business._id, {}, { slides: [slide, slide] })
    expect(over.statusCode).toBe(400)
    expect(errorOf(over)).toMatchObject({
      message: BUSINESS_MESSAGES.slidesMax,
      errors: [{ path: 'slides', message: 'Puedes tener como máximo 10 imágenes de portada' }],
    })
    expect(await rowOf(business._id)).toEqual(before)
    expect(await storedFiles()).toEqual(filesBefore)

    // Deleting makes room: 9 − 1 + 2 = 10
    const swap = await patchBusiness(
      t.app,
      owner,
      business._id,
      { slidesToDelete: [urls[0]!] },
      { slides: [slide, slide] },
    )
    expect(swap.statusCode).toBe(200)
    expect((swap.json() as Business).slides).toHaveLength(10)
  })

  it('concurrent edits never lose slides nor exceed the limit', async () => {
    const urls = Array.from({ length: 8 }, (_, i) => `https://images.example.com/c${i}.jpg`)
    const { owner, business } = await ownerWithUrlSlides(urls)
    const slide = await pngFile(320, 180)
    const add = () => patchBusiness(t.app, owner, business._id, {}, { slides: [slide] })

    const twoFit = await Promise.all([add(), add()])
    expect(twoFit.map((r) => r.statusCode)).toEqual([200, 200])
    expect((await rowOf(business._id))?.slides).toHaveLength(10)

    const filesBefore = await storedFiles()
    const noneFit = await add()
    expect(noneFit.statusCode).toBe(400)
    expect(await storedFiles()).toEqual(filesBefore)
  })

  it('a bad image refuses the whole change and keeps the stored ones', async () => {
    const { owner, business } = await ownerWithBusiness()
    const filesBefore = await storedFiles()
    const response = await patchBusiness(
      t.app,
      owner,
      business._id,
      { name: 'Cambiado' },
      {
        slides: [await pngFile(320, 180), { data: Buffer.from('no soy una imagen') }],
      },
    )
    expect(response.statusCode).toBe(415)
    expect((await rowOf(business._id))?.name).toBe(business.name)
    expect(await storedFiles()).toEqual(filesBefore)
  })
})

describe('PATCH /api/businesses/:id — removing the logo', () => {
  it('removeLogo deletes the stored logo and favicon files after the commit; replies say null', async () => {
    const filesAtStart = await storedFiles()
    const { owner, business } = await ownerWithBusiness({}, { logo: [await pngFile(200, 200)] })
    const logo = business.logo!
    expect(logo.favicon).toBeTruthy()
    const withLogo = await storedFiles()
    expect(withLogo.length).toBeGreaterThan(filesAtStart.length)

    const response = await patchBusiness(t.app, owner, business._id, { removeLogo: 'true' })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Business).logo).toBeNull()
    const publicView = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business.identifier}/identifier`,
    })
    expect((publicView.json() as Business).logo).toBeNull()
    expect((await rowOf(business._id))?.logo).toBeNull()
    // No orphans: every file the logo had is gone, nothing else was touched.
    expect((await getMedia(logo.url)).statusCode).toBe(404)
    expect((await getMedia(logo.favicon!)).statusCode).toBe(404)
    expect(await storedFiles()).toEqual(filesAtStart)

    // Removing again, with no logo stored, is simply no change.
    const again = await patchBusiness(t.app, owner, business._id, { removeLogo: 'true' })
    expect(again.statusCode).toBe(200)
    expect((again.json() as Business).logo).toBeNull()
  })

  it('removeLogo false or absent keeps it; a new logo sent with removeLogo wins; bad values are a 400', async () => {
    const { owner, business } = await ownerWithBusiness({}, { logo: [await pngFile(200, 200)] })
    const kept = await patchBusiness(t.app, owner, business._id, { removeLogo: 'false' })
    expect((kept.json() as Business).logo).toEqual(business.logo)

    const bad = await patchBusiness(t.app, owner, business._id, { removeLogo: 'quizas' })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).errors).toEqual([
      { path: 'removeLogo', message: BUSINESS_MESSAGES.removeLogoInvalid },
    ])

    const replaced = await patchBusiness(
      t.app,
      owner,
      business._id,
      { removeLogo: 'true' },
      { logo: [await pngFile(200, 200, '#22aa66')] },
    )
    expect(replaced.statusCode).toBe(200)
    const logo = (replaced.json() as Business).logo
    expect(logo?.url).toMatch(/^\/media\//)
    expect(logo?.url).not.toBe(business.logo!.url)
    expect((await getMedia(business.logo!.url)).statusCode).toBe(404)
  })
})

describe('cover slide order (slideOrder)', () => {
  const url = (name: string) => `https://images.example.com/${name}.jpg`
  const small = () => pngFile(320, 180, '#112233')
  const large = () => pngFile(480, 270, '#445566')

  it('creation keeps the editor order of URL and file slides', async () => {
    // URL slides are downloaded (issue 41): told apart by their widths, 200 and 240.
    const [u0, u1] = [images.url('/w200.png'), images.url('/w240.png')]
    const { business } = await ownerWithBusiness(
      { slides: [u0, u1], slideOrder: [1, u1, 0, u0] },
      { slides: [await small(), await large()] },
    )
    const slides = business.slides.map((s) => s.image)
    expect(slides.map((image) => image.width)).toEqual([480, 240, 320, 200])

    // Without an order: URLs, then files (the SPEC §7 form as before).
    const plain = await ownerWithBusiness({ slides: [u0] }, { slides: [await small()] })
    expect(plain.business.slides.map((s) => s.image.width)).toEqual([200, 320])
  })

  it('an edit places kept, new URL and new file slides where the editor had them', async () => {
    const { owner, business } = await ownerWithUrlSlides([url('a'), url('b'), url('c')])
    // The owner replaced 'b' by a file in place, added a URL first and a file last.
    const nueva = images.url('/w160.png')
    const response = await patchBusiness(
      t.app,
      owner,
      business._id,
      {
        slidesToDelete: [url('b')],
        slides: [nueva],
        slideOrder: [nueva, url('a'), 0, url('c'), 1],
      },
      { slides: [await small(), await large()] },
    )
    expect(response.statusCode).toBe(200)
    const order = (response.json() as Business).slides.map((s) => s.image.width ?? s.image.url)
    // The new URL slide is downloaded and stored (160 px wide); the stored ones are kept.
    expect(order).toEqual([160, url('a'), 320, url('c'), 480])

    // Only reordering: no file, no deletion.
    const stored = (response.json() as Business).slides.map((s) => s.image.url)
    const reversed = [...stored].reverse()
    const reorder = await patchBusiness(t.app, owner, business._id, { slideOrder: reversed })
    expect(reorder.statusCode).toBe(200)
    expect((reorder.json() as Business).slides.map((s) => s.image.url)).toEqual(reversed)
  })

  it('entries naming no slide are ignored; slides left out keep the default order after', async () => {
    const { owner, business } = await ownerWithUrlSlides([url('a'), url('b')])
    const response = await patchBusiness(
      t.app,
      owner,
      business._id,
      { slideOrder: [url('b'), url('desconocida'), 5] },
      { slides: [await small()] },
    )
    expect(response.statusCode).toBe(200)
    const order = (response.json() as Business).slides.map((s) => s.image.width ?? s.image.url)
    expect(order).toEqual([url('b'), url('a'), 320])
  })

  it('a slideOrder that is not a JSON list of URLs and indexes is a 400; nothing changes', async () => {
    const { owner, business } = await ownerWithUrlSlides([url('a'), url('b')])
    for (const slideOrder of [
      '[0,',
      '{"a":1}',
      '[-1]',
      '[{"url":"x"}]',
      JSON.stringify(Array(11).fill(0)),
    ]) {
      const response = await patchBusiness(t.app, owner, business._id, { slideOrder })
      expect(response.statusCode, slideOrder).toBe(400)
      expect(errorOf(response).message, slideOrder).toBe(BUSINESS_MESSAGES.slideOrderInvalid)
    }
    expect((await rowOf(business._id))?.slides.map((s) => s.image.url)).toEqual([
      url('a'),
      url('b'),
    ])
  })
})

describe('GET after PATCH', () => {
  it('the storefront and the owner see the change', async () => {
    const { owner, business }: { owner: TestAccount; business: Business } =
      await ownerWithBusiness(businessFields())
    await patchBusiness(t.app, owner, business._id, { description: 'Descripción renovada' })
    const publicView = await t.app.inject({
      method: 'GET',
      url: `/api/businesses/${business.identifier}/identifier`,
    })
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/user/me',
      headers: bearer(owner.accessToken),
    })
    expect((publicView.json() as Business).description).toBe('Descripción renovada')
    // The owner's reply is the public one plus the plan state (issue 23 §2).
    const { plan, ...ownView } = mine.json() as Business & { plan: unknown }
    expect(ownView).toEqual(publicView.json())
    expect(plan).toMatchObject({ effective: 'free' })
    expect(publicView.json()).not.toHaveProperty('plan')
  })
})
