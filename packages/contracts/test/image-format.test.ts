import { describe, expect, it } from 'vitest'
import { imageDimensionsOf, imageFormatOf } from '../src/image-format.public.js'
import { LIMITS } from '../src/limits.public.js'

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  )

describe('imageFormatOf (SPEC §5: PNG, JPG or WEBP by content)', () => {
  it('names PNG, JPEG and WEBP by their first bytes', () => {
    expect(imageFormatOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0))).toBe('png')
    expect(imageFormatOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg')
    expect(imageFormatOf(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp')
  })

  it('refuses text, SVG, GIF, a RIFF that is not WEBP and truncated signatures', () => {
    expect(imageFormatOf(bytes('esto no es una imagen'))).toBeNull()
    expect(imageFormatOf(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull()
    expect(imageFormatOf(bytes('GIF89a'))).toBeNull()
    expect(imageFormatOf(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull()
    expect(imageFormatOf(bytes(0x89, 'PNG'))).toBeNull()
    expect(imageFormatOf(new Uint8Array())).toBeNull()
  })
})

describe('imageDimensionsOf (issue 41: the size an image declares, before any decoding)', () => {
  const png = (width: number, height: number) => {
    const bytes = new Uint8Array(33)
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    bytes.set(
      [...'IHDR'].map((c) => c.charCodeAt(0)),
      12,
    )
    new DataView(bytes.buffer).setUint32(16, width)
    new DataView(bytes.buffer).setUint32(20, height)
    return bytes
  }
  const riff = (chunk: string, body: number[]) => {
    const bytes = new Uint8Array(40)
    bytes.set(
      [...'RIFF'].map((c) => c.charCodeAt(0)),
      0,
    )
    bytes.set(
      [...'WEBP'].map((c) => c.charCodeAt(0)),
      8,
    )
    bytes.set(
      [...chunk].map((c) => c.charCodeAt(0)),
      12,
    )
    bytes.set(body, 20)
    return bytes
  }

  it('reads a PNG header, 400 megapixels included', () => {
    expect(imageDimensionsOf(png(640, 480))).toEqual({ width: 640, height: 480 })
    const huge = imageDimensionsOf(png(20_000, 20_000))!
    expect(huge.width * huge.height).toBeGreaterThan(LIMITS.maxImagePixels)
  })

  it('reads the three WebP headers', () => {
    // VP8X: 24-bit width-1 and height-1 at 24 and 27
    const vp8x = [0, 0, 0, 0, 0x1f, 0x4e, 0x00, 0x1f, 0x4e, 0x00]
    expect(imageDimensionsOf(riff('VP8X', vp8x))).toEqual({ width: 20_000, height: 20_000 })
    // VP8 (lossy): 14-bit width and height at 26 and 28
    const vp8 = [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]
    expect(imageDimensionsOf(riff('VP8 ', vp8))).toEqual({ width: 640, height: 480 })
    // VP8L (lossless): 14-bit width-1 and height-1 packed from 21
    const w = 640 - 1
    const h = 480 - 1
    const bits = w | (h << 14)
    const vp8l = [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff]
    expect(imageDimensionsOf(riff('VP8L', vp8l))).toEqual({ width: 640, height: 480 })
  })

  it('finds a JPEG frame header after other segments', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)]
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03]
    const bytes = new Uint8Array([0xff, 0xd8, ...app0, ...sof0, ...new Array(16).fill(0)])
    expect(imageDimensionsOf(bytes)).toEqual({ width: 640, height: 480 })
  })

  it('answers null for a truncated or corrupt header', () => {
    expect(imageDimensionsOf(png(640, 480).subarray(0, 20))).toBeNull()
    expect(imageDimensionsOf(png(0, 480))).toBeNull()
    expect(
      imageDimensionsOf(new Uint8Array([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0])),
    ).toBeNull()
    expect(imageDimensionsOf(new TextEncoder().encode('hola, no soy una imagen'))).toBeNull()
  })
})
