/**
 * Uploads end to end: throwaway routes (registered with startTestApp's setup) read real multipart
 * requests with `app.media.readMultipart` and save through `withStoredImages` into a real table,
 * so the orphan rule is proven against real database failures and real files on disk.
 */
import { mkdir, readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { API_MESSAGES, BUSINESS_MESSAGES, LIMITS, type ImageAsset } from '@vitrina/contracts'
import { UPLOAD_FIELDS, type MultipartBody } from '../src/modules/media/index.js'
import { createMediaService } from '../src/modules/media/service.js'
import { createLocalStorage, type Storage } from '../src/modules/media/storage/index.js'
import { startTestApp } from './helpers/app.js'
import {
  multipartPayload,
  photo,
  solid,
  SVG_BYTES,
  TEXT_BYTES,
  type UploadFile,
} from './helpers/images.js'

const mediaTest = pgTable('media_test', {
  name: text('name').primaryKey(),
  logo: jsonb('logo').$type<ImageAsset | null>(),
  slides: jsonb('slides').$type<ImageAsset[]>().notNull(),
})

const FILES = { logo: UPLOAD_FIELDS.logo, slides: UPLOAD_FIELDS.slides }

function summarise({ fields, files }: MultipartBody) {
  return {
    fields,
    files: Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.map((b) => b.length)])),
  }
}

/** A miniature "business" module using the media API the way the real ones do. */
async function registerTestRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>()

  typed.post('/api/test/form', async (request) =>
    summarise(await app.media.readMultipart(request, { files: FILES })),
  )

  typed.post('/api/test/businesses', async (request, reply) => {
    const { fields, files } = await app.media.readMultipart(request, { files: FILES })
    const name = String(fields.name)
    const saved = await app.media.withStoredImages(async (store) => {
      const [logo, ...slides] = await Promise.all([
        files.logo[0] ? store(files.logo[0], 'logo', { field: 'logo' }) : null,
        ...files.slides.map((buffer) => store(buffer, 'slide', { field: 'slides' })),
      ])
      const row = await app.db.transaction(async (tx) => {
        const [inserted] = await tx.insert(mediaTest).values({ name, logo, slides }).returning()
        // Injected failure: a real unique violation after the images were stored.
        if (fields.fail === 'db') await tx.insert(mediaTest).values({ name, slides: [] })
        return inserted
      })
      return { result: row }
    })
    return reply.code(201).send(saved)
  })

  typed.patch(
    '/api/test/businesses/:name',
    { schema: { params: z.object({ name: z.string() }) } },
    async (request) => {
      const { fields, files } = await app.media.readMultipart(request, { files: FILES })
      const [current] = await app.db
        .select()
        .from(mediaTest)
        .where(eq(mediaTest.name, request.params.name))
      if (!current) throw new Error('missing test row')
      const toDelete = JSON.parse(String(fields.slidesToDelete ?? '[]')) as string[]
      return app.media.withStoredImages(async (store) => {
        const logo = files.logo[0] ? await store(files.logo[0], 'logo') : current.logo
        const added = await Promise.all(files.slides.map((b) => store(b, 'slide')))
        const removed = current.slides.filter((s) => toDelete.includes(s.url))
        const slides = [...current.slides.filter((s) => !removed.includes(s)), ...added]
        const row = await app.db.transaction(async (tx) => {
          const [updated] = await tx
            .update(mediaTest)
            .set({ logo, slides })
            .where(eq(mediaTest.name, current.name))
            .returning()
          if (fields.fail === 'db') await tx.execute(sql`select 1 / 0`)
          return updated
        })
        return {
          result: row,
          afterCommitDelete: [logo !== current.logo ? current.logo : null, ...removed],
        }
      })
    },
  )
}

let app: FastifyInstance
let stop: () => Promise<void>

beforeAll(async () => {
  const started = await startTestApp({}, registerTestRoutes)
  ;({ app, stop } = started)
  await started.db.execute(
    sql`create table media_test (name text primary key, logo jsonb, slides jsonb not null)`,
  )
})
afterAll(async () => {
  await stop?.()
})

/** Every file under the media root, temporary ones included. */
async function filesOnDisk(): Promise<string[]> {
  const root = app.media.storage.location
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

async function rowCount(): Promise<number> {
  return (await app.db.select().from(mediaTest)).length
}

type Entry = [string, string | UploadFile]
async function post(url: string, entries: Entry[], method: 'POST' | 'PATCH' = 'POST') {
  return app.inject({ method, url, ...(await multipartPayload(entries)) })
}

const jpeg = (data: Buffer): UploadFile => ({
  data,
  filename: 'foto.jpg',
  contentType: 'image/jpeg',
})

describe('readMultipart', () => {
  it('collects text fields, repeated fields and indexed fields in index order', async () => {
    const res = await post('/api/test/form', [
      ['name', 'Panadería Sol'],
      ['tags[1]', 'segunda'],
      ['tags[0]', 'primera'],
      ['tags[10]', 'undécima'],
      ['tags[2]', 'tercera'],
      ['colors', 'rojo'],
      ['colors', 'azul'],
      ['single[0]', 'sola'],
      ['features', '{"physical_store":true}'],
      ['description', 'Pan casero\nTodos los días'],
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      fields: {
        name: 'Panadería Sol',
        tags: ['primera', 'segunda', 'tercera', 'undécima'],
        colors: ['rojo', 'azul'],
        single: ['sola'],
        features: '{"physical_store":true}',
        // FormData sends the line break as CRLF; the reader restores it.
        description: 'Pan casero\nTodos los días',
      },
      files: { logo: [], slides: [] },
    })
  })

  it('buffers the declared files in order and ignores blank file inputs', async () => {
    const small = await solid(10, 10, 'png')
    const res = await post('/api/test/form', [
      ['logo', { data: small, filename: 'logo.png' }],
      ['slides', { data: Buffer.alloc(3, 1), filename: 'a.jpg' }],
      ['slides', { data: Buffer.alloc(0), filename: '' }],
      ['slides', { data: Buffer.alloc(5, 1), filename: 'b.jpg' }],
    ])
    expect(res.statusCode).toBe(200)
    expect(res.json().files).toEqual({ logo: [small.length], slides: [3, 5] })
  })

  it('refuses a file in a field that takes none, naming the field', async () => {
    const res = await post('/api/test/form', [
      ['name', 'x'],
      ['avatar', { data: Buffer.alloc(10, 1), filename: 'avatar.png' }],
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      message: API_MESSAGES.unexpectedFile,
      errors: [{ path: 'avatar', message: API_MESSAGES.unexpectedFile }],
    })
  })

  it('refuses more slides than SPEC §9 allows with the wizard message, and a second logo', async () => {
    const slide = jpeg(Buffer.alloc(10, 1))
    const slides: Entry[] = Array.from({ length: LIMITS.maxSlides + 1 }, () => ['slides', slide])
    const tooMany = await post('/api/test/form', [['logo', slide], ...slides])
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json()).toMatchObject({
      message: BUSINESS_MESSAGES.slidesMax,
      errors: [{ path: 'slides', message: BUSINESS_MESSAGES.slidesMax }],
    })
    const justRight = await post('/api/test/form', [['logo', slide], ...slides.slice(1)])
    expect(justRight.statusCode).toBe(200)

    const twoLogos = await post('/api/test/form', [
      ['logo', slide],
      ['logo', slide],
    ])
    expect(twoLogos.statusCode).toBe(400)
    expect(twoLogos.json()).toMatchObject({ message: API_MESSAGES.tooManyFiles })
  })

  it('refuses a request that is not multipart with 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/form', payload: { name: 'x' } })
    expect(res.statusCode).toBe(415)
    expect(res.json().message).toBe(API_MESSAGES.unsupportedMediaType)
  })

  it('refuses a text field longer than the parser keeps instead of truncating it', async () => {
    const res = await post('/api/test/form', [['categories', 'x'.repeat(64 * 1024 + 1)]])
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe(API_MESSAGES.payloadTooLarge)
  })

  it('refuses field names that would touch Object.prototype', async () => {
    const res = await post('/api/test/form', [['constructor', 'x']])
    expect(res.statusCode).toBe(400)
  })
})

describe('uploads through withStoredImages', () => {
  it('stores the logo and slides and saves their assets', async () => {
    const res = await post('/api/test/businesses', [
      ['name', 'ok'],
      [
        'logo',
        { data: await photo({ width: 600, height: 600, format: 'png' }), filename: 'l.png' },
      ],
      ['slides', jpeg(await photo({ width: 1920, height: 1080 }))],
      [
        'slides',
        { data: await photo({ width: 1600, height: 900, format: 'webp' }), filename: 's.webp' },
      ],
    ])
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.logo.favicon).toMatch(/-favicon\.png$/)
    expect(body.slides).toHaveLength(2)
    const [row] = await app.db.select().from(mediaTest).where(eq(mediaTest.name, 'ok'))
    expect(row).toEqual(body)
    for (const asset of [row!.logo!, ...row!.slides]) {
      const image = await app.inject({ method: 'GET', url: asset.url })
      expect(image.statusCode).toBe(200)
    }
    // 4 logo files (3 variants + favicon) and 3 variants per slide.
    expect(await filesOnDisk()).toHaveLength(4 + 3 + 3)
    await app.media.deleteAssets([row!.logo, ...row!.slides])
    await app.db.delete(mediaTest)
  })

  it('decides by content, not by the name or type the client claims', async () => {
    const lies: [string, UploadFile][] = [
      ['slides', { data: SVG_BYTES, filename: 'portada.png', contentType: 'image/png' }],
      ['logo', { data: TEXT_BYTES, filename: 'logo.jpg', contentType: 'image/jpeg' }],
    ]
    for (const [field, file] of lies) {
      const res = await post('/api/test/businesses', [
        ['name', 'lie'],
        [field, file],
      ])
      expect(res.statusCode).toBe(415)
      expect(res.json()).toMatchObject({
        message: API_MESSAGES.unsupportedImage,
        errors: [{ path: field, message: API_MESSAGES.unsupportedImage }],
      })
    }
    expect(await filesOnDisk()).toEqual([])
    expect(await rowCount()).toBe(0)
  })

  it('answers 413 past 5 MB, accepts exactly 5 MB, and a refused upload leaves nothing', async () => {
    const base = await photo({ width: 800, height: 600 })
    // Bytes after a JPEG's end marker are ignored by decoders: a valid image of any size.
    const padTo = (size: number) => Buffer.concat([base, Buffer.alloc(size - base.length)])
    const tooBig = await post('/api/test/businesses', [
      ['name', 'big'],
      ['logo', { data: await solid(300, 300, 'png'), filename: 'logo.png' }],
      ['slides', jpeg(padTo(LIMITS.maxImageBytes + 1))],
    ])
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toMatchObject({ statusCode: 413, message: API_MESSAGES.fileTooLarge })
    expect(await filesOnDisk()).toEqual([])
    expect(await rowCount()).toBe(0)

    const exact = await post('/api/test/businesses', [
      ['name', 'exact'],
      ['slides', jpeg(padTo(LIMITS.maxImageBytes))],
    ])
    expect(exact.statusCode).toBe(201)
    await app.media.deleteAssets(exact.json().slides)
    await app.db.delete(mediaTest)
    expect(await filesOnDisk()).toEqual([])
  })

  it('removes every stored file when the database transaction fails', async () => {
    const res = await post('/api/test/businesses', [
      ['name', 'rollback'],
      ['fail', 'db'],
      [
        'logo',
        { data: await photo({ width: 500, height: 500, format: 'png' }), filename: 'l.png' },
      ],
      ['slides', jpeg(await photo({ width: 1920, height: 1080 }))],
      ['slides', jpeg(await photo({ width: 1280, height: 720, seed: 2 }))],
    ])
    expect(res.statusCode).toBe(500)
    expect(res.json().message).toBe(API_MESSAGES.internal)
    expect(await rowCount()).toBe(0)
    expect(await filesOnDisk()).toEqual([])
  })

  it('removes the images already stored when another one in the same request is refused', async () => {
    // The big slides are still being processed when the SVG fails: they must be waited for.
    const res = await post('/api/test/businesses', [
      ['name', 'partial'],
      ['slides', jpeg(await photo({ width: 2400, height: 1600 }))],
      ['slides', jpeg(await photo({ width: 2400, height: 1600, seed: 3 }))],
      ['slides', { data: SVG_BYTES, filename: 'c.png', contentType: 'image/png' }],
    ])
    expect(res.statusCode).toBe(415)
    expect(await filesOnDisk()).toEqual([])
    expect(await rowCount()).toBe(0)
  })

  it('deletes replaced and removed images only after the commit', async () => {
    const created = await post('/api/test/businesses', [
      ['name', 'edit'],
      [
        'logo',
        { data: await photo({ width: 400, height: 400, format: 'png' }), filename: 'l.png' },
      ],
      ['slides', jpeg(await photo({ width: 1280, height: 720 }))],
      ['slides', jpeg(await photo({ width: 1280, height: 720, seed: 5 }))],
    ])
    expect(created.statusCode).toBe(201)
    const before = created.json() as { logo: ImageAsset; slides: ImageAsset[] }
    const [kept, removed] = before.slides as [ImageAsset, ImageAsset]
    const filesBefore = await filesOnDisk()
    const newLogo = {
      data: await photo({ width: 450, height: 300, format: 'png' }),
      filename: 'n.png',
    }

    // A failed update changes nothing: the old images stay, the new logo is removed.
    const failed = await post(
      '/api/test/businesses/edit',
      [
        ['fail', 'db'],
        ['slidesToDelete', JSON.stringify([removed.url])],
        ['logo', newLogo],
      ],
      'PATCH',
    )
    expect(failed.statusCode).toBe(500)
    expect((await filesOnDisk()).sort()).toEqual([...filesBefore].sort())

    const updated = await post(
      '/api/test/businesses/edit',
      [
        ['slidesToDelete', JSON.stringify([removed.url])],
        ['logo', newLogo],
      ],
      'PATCH',
    )
    expect(updated.statusCode).toBe(200)
    const after = updated.json() as { logo: ImageAsset; slides: ImageAsset[] }
    expect(after.slides).toEqual([kept])
    expect(after.logo.url).not.toBe(before.logo.url)
    for (const gone of [before.logo, removed]) {
      for (const key of app.media.keysOf(gone))
        expect(await app.media.storage.exists(key)).toBe(false)
    }
    for (const live of [after.logo, kept]) {
      for (const key of app.media.keysOf(live))
        expect(await app.media.storage.exists(key)).toBe(true)
    }
    // New logo: 128/256/450 + favicon; kept 1280×720 slide: 640/1280 (never upscaled to 1920).
    expect(await filesOnDisk()).toHaveLength(4 + 2)
  })
})

describe('media service failures', () => {
  function recordingLogger() {
    const errors: unknown[] = []
    const log = {
      error: (obj: unknown) => errors.push(obj),
      warn: () => {},
      info: () => {},
      debug: () => {},
      trace: () => {},
      fatal: () => {},
      child: () => log,
      level: 'info',
      silent: () => {},
    }
    return { log: log as unknown as FastifyBaseLogger, errors }
  }

  it('deleteAssets ignores external URLs and never throws when a delete fails', async () => {
    const { log, errors } = recordingLogger()
    const storage = await createLocalStorage({ root: path.join(app.media.storage.location, 'svc') })
    const media = createMediaService({ storage, log, publicUrl: 'http://vitrina.test' })
    const { asset, keys } = await media.processImage(
      await photo({ width: 700, height: 400 }),
      'product',
    )
    // Make one delete fail for real: a non-empty directory where the file was.
    const [blocked, ...others] = keys as [string, ...string[]]
    await storage.delete(blocked)
    await mkdir(path.join(storage.location, blocked, 'inside'), { recursive: true })

    await expect(
      media.deleteAssets([
        asset,
        { url: 'https://example.com/media/ab/x-640.webp' },
        null,
        undefined,
      ]),
    ).resolves.toBeUndefined()
    for (const key of others) expect(await storage.exists(key)).toBe(false)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ key: blocked })
    expect(media.keysOf({ url: 'https://cdn.example.com/a.jpg' })).toEqual([])
    expect(media.keysOf({ url: '/media/../../etc/passwd' })).toEqual([])
  })

  it('processImage removes the variants already written when one write fails', async () => {
    const { log } = recordingLogger()
    const local = await createLocalStorage({ root: path.join(app.media.storage.location, 'svc2') })
    // Fault injection around the real driver: the largest variant cannot be written.
    const failing: Storage = {
      ...local,
      async put(key, body, contentType) {
        if (key.endsWith('-1280.webp')) throw new Error('disco lleno')
        await new Promise((resolve) => setTimeout(resolve, 20))
        return local.put(key, body, contentType)
      },
    }
    const media = createMediaService({ storage: failing, log, publicUrl: 'http://vitrina.test' })
    await expect(
      media.processImage(await photo({ width: 2000, height: 1500 }), 'product'),
    ).rejects.toThrow('disco lleno')
    const left = await readdir(local.location, { recursive: true, withFileTypes: true })
    expect(left.filter((e) => e.isFile())).toEqual([])
  })
})
