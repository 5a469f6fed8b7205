/**
 * Issue 41: a cover slide given by URL is downloaded (the import's guarded fetch), checked like an
 * upload and stored as our own image; a URL that does not load, is not an image, is too large or
 * points to a private address is a Spanish 400 naming the slide, and nothing changes — no row,
 * no stored file. Slides already stored are kept as they are, never fetched again.
 *
 * A local server (loopback allowed by IMPORT_FETCH_ALLOW_LOOPBACK, as in the import tests; a
 * second app without it shows the guard refusing 127.0.0.1) serves PNGs made with sharp.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_MESSAGES, BUSINESS_MESSAGES, IMPORT_MESSAGES, type Business } from '@vitrina/contracts'
import { businesses } from '../src/db/schema/index.js'
import { useTestApp, type TestContext } from './helpers/app.js'
import { registerAndLogin, type TestAccount } from './helpers/auth.js'
import {
  businessFields,
  createTestBusiness,
  patchBusiness,
  pngFile,
  postBusiness,
  storedMediaFiles,
} from './helpers/catalogue.js'
import { startImageServer, type ImageServer } from './helpers/image-server.js'

type Images = ImageServer

function errorOf(response: { json(): unknown }) {
  return response.json() as { message: string; errors?: { path: string; message: string }[] }
}

const refusal = (position: number, host: string, reason: string) => {
  const message = BUSINESS_MESSAGES.slideUrlFailed(position, host, reason)
  return { message, errors: [{ path: 'slides', message }] }
}

async function rowOf(t: TestContext, id: string) {
  const [row] = await t.db.select().from(businesses).where(eq(businesses.id, id))
  return row!
}

async function businessesOf(t: TestContext, owner: TestAccount) {
  return t.db.select().from(businesses).where(eq(businesses.userId, owner.user._id))
}

describe('cover slides given by URL', () => {
  const t = useTestApp({ RATE_LIMIT: 'false', IMPORT_FETCH_ALLOW_LOOPBACK: 'true' })
  let images: Images

  beforeAll(async () => {
    images = await startImageServer()
  })
  afterAll(async () => images.close())

  const media = (url: string) => t.app.inject({ method: 'GET', url })

  it('on create, downloads the image and saves our own asset instead of the URL', async () => {
    const owner = await registerAndLogin(t.app)
    const before = await storedMediaFiles(t.app)
    const url = images.url('/w1600.png')
    const business = await createTestBusiness(t.app, owner, { slides: [url] })

    expect(business.slides).toHaveLength(1)
    const image = business.slides[0]!.image
    expect(image.url).toMatch(/^\/media\/.+-1280\.webp$/)
    expect(image).toMatchObject({ width: 1280, height: 720 })
    expect(image.srcset).toContain('1600w') // never enlarged
    expect(JSON.stringify(await rowOf(t, business._id))).not.toContain(url)
    const served = await media(image.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    // The three slide variants were written.
    expect((await storedMediaFiles(t.app)).length).toBe(before.length + 3)
  })

  it('keeps the editor’s order between URL and file slides', async () => {
    const owner = await registerAndLogin(t.app)
    const url = images.url('/w320.png')
    const business = await createTestBusiness(
      t.app,
      owner,
      { slides: [url], slideOrder: [0, url] },
      { slides: [await pngFile(640, 360, '#222288')] },
    )
    const [first, second] = business.slides.map((s) => s.image)
    expect(first).toMatchObject({ width: 640, height: 360 })
    expect(second).toMatchObject({ width: 320, height: 180 })
    expect(second!.url).toMatch(/^\/media\//)
  })

  it.each([
    ['does not load (404)', '/falta.png', IMPORT_MESSAGES.imageHttpStatus(404)],
    ['is a web page, not an image', '/pagina.png', API_MESSAGES.unsupportedImage],
    ['is over 5 MB', '/enorme.png', API_MESSAGES.fileTooLarge],
    ['redirects to a private address', '/interna.png', IMPORT_MESSAGES.imageBlocked],
  ])('a slide URL that %s: 400 naming it, no business, no stored file', async (_, path, reason) => {
    const owner = await registerAndLogin(t.app)
    const before = await storedMediaFiles(t.app)
    // A logo file, a slide file and a good URL are stored first: all of them must go.
    const response = await postBusiness(
      t.app,
      owner,
      businessFields({ slides: [images.url('/w320.png'), images.url(path)] }),
      { logo: [await pngFile(300, 300)], slides: [await pngFile(640, 360)] },
    )
    expect(response.statusCode).toBe(400)
    expect(errorOf(response)).toMatchObject(refusal(2, '127.0.0.1', reason))
    expect(await businessesOf(t, owner)).toEqual([])
    expect(await storedMediaFiles(t.app)).toEqual(before)
  })

  it.each([
    ['a private network', 'http://10.0.0.1/foto.png', '10.0.0.1'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ])('refuses a slide URL on %s before connecting', async (_, url, host) => {
    const owner = await registerAndLogin(t.app)
    const before = await storedMediaFiles(t.app)
    const response = await postBusiness(t.app, owner, businessFields({ slides: [url] }))
    expect(response.statusCode).toBe(400)
    expect(errorOf(response)).toMatchObject(refusal(1, host, IMPORT_MESSAGES.imageBlocked))
    expect(await businessesOf(t, owner)).toEqual([])
    expect(await storedMediaFiles(t.app)).toEqual(before)
  })

  it('names the slide by its place in the saved order, and lists every failure', async () => {
    const owner = await registerAndLogin(t.app)
    const missing = images.url('/falta.png')
    const page = images.url('/pagina.png')
    // Saved order: the file and the page (slideOrder), then the rest: the missing one, the good one.
    const response = await postBusiness(
      t.app,
      owner,
      businessFields({
        slides: [missing, images.url('/w320.png'), page],
        slideOrder: [0, page],
      }),
      { slides: [await pngFile(640, 360)] },
    )
    expect(response.statusCode).toBe(400)
    const pageFailed = BUSINESS_MESSAGES.slideUrlFailed(
      2,
      '127.0.0.1',
      API_MESSAGES.unsupportedImage,
    )
    const missingFailed = BUSINESS_MESSAGES.slideUrlFailed(
      3,
      '127.0.0.1',
      IMPORT_MESSAGES.imageHttpStatus(404),
    )
    expect(errorOf(response)).toMatchObject({
      message: pageFailed,
      errors: [
        { path: 'slides', message: pageFailed },
        { path: 'slides', message: missingFailed },
      ],
    })
    expect(pageFailed).toBe(
      'No pudimos agregar la imagen de portada 2 (127.0.0.1): El archivo no es una imagen válida (PNG, JPG o WEBP)',
    )
  })

  it('on edit, stores a new URL slide as ours and keeps the stored ones without fetching', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, {}, { slides: [await pngFile()] })
    const stored = business.slides[0]!.image
    const url = images.url('/w320.png')
    const fetched = images.hits.get('/w320.png') ?? 0

    const response = await patchBusiness(t.app, owner, business._id, {
      slides: [url],
      slideOrder: [url, stored.url],
    })
    expect(response.statusCode).toBe(200)
    const [added, kept] = (response.json() as Business).slides.map((s) => s.image)
    expect(kept).toEqual(stored)
    expect(added!.url).toMatch(/^\/media\//)
    expect(added).toMatchObject({ width: 320, height: 180 })
    expect((await media(added!.url)).statusCode).toBe(200)
    expect(images.hits.get('/w320.png')).toBe(fetched + 1)

    // Reordering and unrelated edits fetch nothing and leave the slides as they are.
    const requests = images.requests()
    const reordered = await patchBusiness(t.app, owner, business._id, {
      name: 'Otro nombre',
      slideOrder: [stored.url, added!.url],
    })
    expect(reordered.statusCode).toBe(200)
    expect((reordered.json() as Business).slides.map((s) => s.image)).toEqual([stored, added])
    expect(images.requests()).toBe(requests)
  })

  it('on edit, a failed URL slide changes nothing and leaves no file', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, {}, { slides: [await pngFile()] })
    const before = await rowOf(t, business._id)
    const filesBefore = await storedMediaFiles(t.app)

    const response = await patchBusiness(
      t.app,
      owner,
      business._id,
      {
        name: 'Nombre nuevo',
        slides: [images.url('/w320.png'), images.url('/falta.png')],
        slidesToDelete: [business.slides[0]!.image.url],
      },
      { logo: [await pngFile(300, 300)], slides: [await pngFile(640, 360)] },
    )
    expect(response.statusCode).toBe(400)
    // The stored slide is removed: the new ones are 1 and 2 (URLs), 3 (the file).
    expect(errorOf(response)).toMatchObject(
      refusal(2, '127.0.0.1', IMPORT_MESSAGES.imageHttpStatus(404)),
    )
    expect(await rowOf(t, business._id)).toEqual(before)
    expect(await storedMediaFiles(t.app)).toEqual(filesBefore)
    expect((await media(business.slides[0]!.image.url)).statusCode).toBe(200)
  })

  it('a slide stored before this rule (an outside URL) is kept as it is, never fetched', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner)
    const legacy = { image: { url: images.url('/w1600.png') } }
    await t.db
      .update(businesses)
      .set({ slides: [legacy] })
      .where(eq(businesses.id, business._id))
    const requests = images.requests()

    const response = await patchBusiness(
      t.app,
      owner,
      business._id,
      { slideOrder: [0, legacy.image.url] },
      { slides: [await pngFile()] },
    )
    expect(response.statusCode).toBe(200)
    const slides = (response.json() as Business).slides
    expect(slides[1]).toEqual(legacy)
    expect(slides[0]!.image.url).toMatch(/^\/media\//)
    expect(images.requests()).toBe(requests)
  })

  it('a URL of our own storage is copied: the slide gets files of its own', async () => {
    const owner = await registerAndLogin(t.app)
    const business = await createTestBusiness(t.app, owner, {}, { slides: [await pngFile()] })
    const stored = business.slides[0]!.image
    const requests = images.requests()

    // Named again by its absolute address, then the original removed: the copy stays whole.
    const response = await patchBusiness(t.app, owner, business._id, {
      slides: [`${t.config.publicUrl}${stored.url}`],
      slidesToDelete: [stored.url],
    })
    expect(response.statusCode).toBe(200)
    const [copy] = (response.json() as Business).slides.map((s) => s.image)
    expect(copy!.url).not.toBe(stored.url)
    expect(copy!.url).toMatch(/^\/media\//)
    expect(copy).toMatchObject({ width: stored.width, height: stored.height })
    expect(copy!.srcset?.split(',')).toHaveLength(stored.srcset!.split(',').length)
    expect((await media(copy!.url)).statusCode).toBe(200)
    expect((await media(stored.url)).statusCode).toBe(404)
    expect(images.requests()).toBe(requests)

    // One of our addresses whose files are gone: the same 400.
    const gone = `${t.config.publicUrl}${stored.url}`
    const again = await patchBusiness(t.app, owner, business._id, { slides: [gone] })
    expect(again.statusCode).toBe(400)
    expect(errorOf(again)).toMatchObject(
      refusal(2, new URL(gone).hostname, IMPORT_MESSAGES.imageUnreachable),
    )
  })
})

describe('cover slides given by URL, with the SSRF guard as in production', () => {
  const t = useTestApp({ RATE_LIMIT: 'false' })
  let images: Images

  beforeAll(async () => {
    images = await startImageServer()
  })
  afterAll(async () => images.close())

  it('refuses a slide URL on 127.0.0.1 without asking it', async () => {
    const owner = await registerAndLogin(t.app)
    const before = await storedMediaFiles(t.app)
    const response = await postBusiness(
      t.app,
      owner,
      businessFields({ slides: [images.url('/w1600.png')] }),
    )
    expect(response.statusCode).toBe(400)
    expect(errorOf(response)).toMatchObject(refusal(1, '127.0.0.1', IMPORT_MESSAGES.imageBlocked))
    expect(errorOf(response).message).toBe(
      'No pudimos agregar la imagen de portada 1 (127.0.0.1): La dirección de la imagen no está permitida',
    )
    expect(images.requests()).toBe(0)
    expect(await businessesOf(t, owner)).toEqual([])
    expect(await storedMediaFiles(t.app)).toEqual(before)
  })
})
