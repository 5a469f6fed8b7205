import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { API_MESSAGES, imageAssetSchema, type ImageAsset } from '@vitrina/contracts'
import { AppError } from '../src/lib/errors.js'
import { detectFormat } from '../src/modules/media/images.js'
import { useTestApp } from './helpers/app.js'
import {
  CAMERA_MARKER,
  GPS_MARKER,
  HTML_POLYGLOT,
  jpegWithExif,
  photo,
  pixelBombPng,
  solid,
  SVG_BYTES,
  TEXT_BYTES,
  truncate,
} from './helpers/images.js'

const t = useTestApp()

/** Every file under the media root, temporary ones included. */
async function filesOnDisk(): Promise<string[]> {
  const root = t.app.media.storage.location
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

async function readKey(key: string): Promise<Buffer> {
  const object = await t.app.media.storage.get(key)
  if (!object) throw new Error(`missing ${key}`)
  const chunks: Buffer[] = []
  for await (const chunk of object.body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** [url, width] pairs of a srcset. */
function srcsetEntries(asset: ImageAsset): [string, number][] {
  return (asset.srcset ?? '').split(', ').map((entry) => {
    const [url = '', descriptor = ''] = entry.split(' ')
    return [url, Number(descriptor.replace(/w$/, ''))]
  })
}

const keyOf = (url: string) => url.replace(/^\/media\//, '')

async function expectRejected(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  expect(error).toMatchObject({ statusCode: status, message })
}

describe('image processing', () => {
  it('stores WebP variants of a product photo at 320/640/1280 with 640 as the default', async () => {
    const input = await photo({ width: 2400, height: 1800 })
    const { asset, keys } = await t.app.media.processImage(input, 'product')

    expect(imageAssetSchema.parse(asset)).toEqual(asset)
    expect(asset).toMatchObject({ width: 640, height: 480 })
    expect(asset.url).toMatch(/^\/media\/([0-9a-f]{2})\/\1[0-9a-f]{30}-640\.webp$/)
    expect(asset.favicon).toBeUndefined()
    const entries = srcsetEntries(asset)
    expect(entries.map(([, w]) => w)).toEqual([320, 640, 1280])
    expect(keys.sort()).toEqual(entries.map(([url]) => keyOf(url)).sort())

    for (const [url, width] of entries) {
      const stored = await readKey(keyOf(url))
      const meta = await sharp(stored).metadata()
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 })
      expect(url).toContain(`-${width}.webp`)
    }
  })

  it('uses slide and logo widths, and gives logos a 32×32 PNG favicon', async () => {
    const slide = await t.app.media.processImage(
      await photo({ width: 3840, height: 2160 }),
      'slide',
    )
    expect(srcsetEntries(slide.asset).map(([, w]) => w)).toEqual([640, 1280, 1920])
    expect(slide.asset).toMatchObject({ width: 1280, height: 720 })

    const logoInput = await photo({ width: 900, height: 600, format: 'png', alpha: true })
    const logo = await t.app.media.processImage(logoInput, 'logo')
    expect(srcsetEntries(logo.asset).map(([, w]) => w)).toEqual([128, 256, 512])
    expect(logo.asset).toMatchObject({ width: 256, height: 171 })
    expect(logo.asset.favicon).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}-favicon\.png$/)
    expect(logo.keys).toHaveLength(4)

    const favicon = await sharp(await readKey(keyOf(logo.asset.favicon!))).metadata()
    expect(favicon).toMatchObject({ format: 'png', width: 32, height: 32, hasAlpha: true })
    // Transparency survives the WebP re-encoding.
    const variant = await sharp(await readKey(keyOf(logo.asset.url))).metadata()
    expect(variant.hasAlpha).toBe(true)
  })

  it('never upscales: a small picture keeps its own width as the largest variant', async () => {
    const { asset } = await t.app.media.processImage(await solid(500, 250, 'webp'), 'product')
    expect(srcsetEntries(asset).map(([, w]) => w)).toEqual([320, 500])
    expect(asset).toMatchObject({ width: 500, height: 250 })

    const tiny = await t.app.media.processImage(await solid(100, 80, 'jpeg'), 'slide')
    expect(srcsetEntries(tiny.asset).map(([, w]) => w)).toEqual([100])
    expect(tiny.asset).toMatchObject({ width: 100, height: 80 })
  })

  it('bounds each variant to a box 4× taller than its width, so strips stay encodable', async () => {
    // A 1:10 strip: each variant is as tall as its box allows.
    const strip = await t.app.media.processImage(await solid(400, 4000, 'png'), 'product')
    expect(srcsetEntries(strip.asset).map(([, w]) => w)).toEqual([128, 256, 400])
    for (const [url, width] of srcsetEntries(strip.asset)) {
      const meta = await sharp(await readKey(keyOf(url))).metadata()
      expect(meta).toMatchObject({ width, height: width * 10 })
    }
    // 20000 px tall is past WebP's 16383 px limit: unbounded, this upload could not be stored.
    const needle = await t.app.media.processImage(await solid(200, 20_000, 'png'), 'slide')
    for (const [url] of srcsetEntries(needle.asset)) {
      const meta = await sharp(await readKey(keyOf(url))).metadata()
      expect(meta.height).toBeLessThanOrEqual(4 * 1920)
    }
  })

  it('applies the EXIF orientation and strips every piece of metadata, GPS included', async () => {
    // 400×300 pixels tagged "rotate 90°": the picture is 300 wide and 400 tall.
    const input = await jpegWithExif(400, 300, 6)
    expect(input.includes(GPS_MARKER)).toBe(true)
    expect(input.includes(CAMERA_MARKER)).toBe(true)
    const inputMeta = await sharp(input).metadata()
    expect(inputMeta.orientation).toBe(6)

    const { asset, keys } = await t.app.media.processImage(input, 'product')
    expect(asset).toMatchObject({ width: 300, height: 400 })
    for (const key of keys) {
      const stored = await readKey(key)
      const meta = await sharp(stored).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.orientation).toBeUndefined()
      expect(stored.includes(GPS_MARKER)).toBe(false)
      expect(stored.includes(CAMERA_MARKER)).toBe(false)
      expect(stored.includes('Exif')).toBe(false)
    }
  })

  it('keeps a product card variant within 40 KB even for a busy, grainy photo', async () => {
    const input = await photo({ width: 1600, height: 1200, quality: 95, noise: 40, seed: 7 })
    const { asset } = await t.app.media.processImage(input, 'product')
    for (const [url, width] of srcsetEntries(asset)) {
      const size = (await readKey(keyOf(url))).length
      if (width <= 640) expect(size).toBeLessThanOrEqual(40 * 1024)
    }
  })

  it('gives two uploads of the same file separate objects, so deleting one spares the other', async () => {
    const input = await solid(700, 500, 'png')
    const first = await t.app.media.processImage(input, 'product')
    const second = await t.app.media.processImage(input, 'product')
    expect(first.asset.url).not.toBe(second.asset.url)
    await t.app.media.deleteAssets([first.asset])
    for (const key of first.keys) expect(await t.app.media.storage.exists(key)).toBe(false)
    for (const key of second.keys) expect(await t.app.media.storage.exists(key)).toBe(true)
  })
})

describe('content checks', () => {
  it('recognises PNG, JPEG and WebP by their signatures only', async () => {
    expect(detectFormat(await solid(8, 8, 'png'))).toBe('png')
    expect(detectFormat(await solid(8, 8, 'jpeg'))).toBe('jpeg')
    expect(detectFormat(await solid(8, 8, 'webp'))).toBe('webp')
    expect(detectFormat(SVG_BYTES)).toBeNull()
    expect(detectFormat(TEXT_BYTES)).toBeNull()
    expect(detectFormat(Buffer.alloc(0))).toBeNull()
  })

  it.each([
    ['an SVG (which sharp could render)', () => Promise.resolve(SVG_BYTES)],
    ['a text file', () => Promise.resolve(TEXT_BYTES)],
    ['an HTML page behind a JPEG signature', () => Promise.resolve(HTML_POLYGLOT)],
    ['a truncated JPEG', async () => truncate(await photo({ width: 800, height: 600 }))],
    [
      'a truncated PNG',
      async () => truncate(await photo({ width: 300, height: 200, format: 'png' })),
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
    ],
    [
      'a TIFF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
    ],
    ['an empty file', () => Promise.resolve(Buffer.alloc(0))],
  ])('refuses %s with 415 and stores nothing', async (_name, make) => {
    const before = await filesOnDisk()
    await expectRejected(
      t.app.media.processImage(await make(), 'product'),
      415,
      API_MESSAGES.unsupportedImage,
    )
    expect(await filesOnDisk()).toEqual(before)
  })

  it('re-encodes a valid JPEG carrying an HTML payload, so the payload never reaches a file', async () => {
    const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>')
    const input = Buffer.concat([await photo({ width: 640, height: 480 }), payload])
    const { keys } = await t.app.media.processImage(input, 'product')
    for (const key of keys) expect((await readKey(key)).includes('<script>')).toBe(false)
  })

  it('refuses a pixel bomb from its header, before decoding, with 422', async () => {
    const bomb = pixelBombPng(20_000)
    expect(bomb.length).toBeLessThan(200 * 1024) // a small file…
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata()
    expect(meta.width! * meta.height!).toBe(400_000_000) // …declaring 400 megapixels

    const before = await filesOnDisk()
    const rssBefore = process.memoryUsage().rss
    const started = performance.now()
    await expectRejected(
      t.app.media.processImage(bomb, 'slide', { field: 'slides' }),
      422,
      API_MESSAGES.imageTooLarge,
    )
    // Decoding 400 MP would take seconds and hundreds of megabytes.
    expect(performance.now() - started).toBeLessThan(500)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024)
    expect(await filesOnDisk()).toEqual(before)
  })

  it('names the form field in the error when given one', async () => {
    const error = await t.app.media
      .processImage(TEXT_BYTES, 'logo', { field: 'logo' })
      .catch((e) => e)
    expect(error).toMatchObject({
      statusCode: 415,
      errors: [{ path: 'logo', message: API_MESSAGES.unsupportedImage }],
    })
  })
})
