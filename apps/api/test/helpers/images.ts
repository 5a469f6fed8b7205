/**
 * Test images made in code with sharp (no binary fixtures in the repository): photo-like pictures
 * of any size, JPEGs carrying EXIF GPS tags, and hostile inputs (renamed SVG, HTML polyglot,
 * truncated JPEG, a PNG "pixel bomb").
 */
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { prng } from '../../../../bench/lib/random.js'

export type TestFormat = 'jpeg' | 'png' | 'webp'

export interface PhotoOptions {
  width: number
  height: number
  format?: TestFormat
  /** JPEG/WebP quality (default 85). */
  quality?: number
  /** Amplitude of per-pixel noise, 0–127 (default 6: camera-like grain). */
  noise?: number
  /** Seed for the noise, so sizes are reproducible. */
  seed?: number
  /** Add an alpha channel (PNG/WebP), transparent towards the corners. */
  alpha?: boolean
}

/**
 * Raw pixels that compress like a photograph: smooth gradients, soft shapes of different
 * frequencies and a little grain (pure noise would be the unrealistic worst case).
 */
export function photoPixels(options: PhotoOptions): { data: Buffer; channels: 3 | 4 } {
  const { width, height, noise = 6, seed = 1, alpha = false } = options
  const channels = alpha ? 4 : 3
  const data = Buffer.alloc(width * height * channels)
  const random = prng(seed)
  const cx = width / 2
  const cy = height / 2
  const maxR = Math.hypot(cx, cy)
  let i = 0
  for (let y = 0; y < height; y++) {
    const v = y / height
    for (let x = 0; x < width; x++) {
      const u = x / width
      const wave = Math.sin(u * 9 + Math.cos(v * 7) * 2) * Math.cos(v * 11 - u * 3)
      const grain = (random() - 0.5) * 2 * noise
      const r = 120 + 90 * u + 40 * wave + grain
      const g = 90 + 110 * v - 35 * wave + grain
      const b = 160 - 80 * u * v + 50 * Math.sin(u * 23) * Math.sin(v * 19) + grain
      data[i++] = Math.max(0, Math.min(255, r))
      data[i++] = Math.max(0, Math.min(255, g))
      data[i++] = Math.max(0, Math.min(255, b))
      if (alpha) data[i++] = Math.round(255 * Math.max(0, 1 - Math.hypot(x - cx, y - cy) / maxR))
    }
  }
  return { data, channels }
}

/** A photo-like image encoded as JPEG (default), PNG or WebP. */
export async function photo(options: PhotoOptions): Promise<Buffer> {
  const { width, height, format = 'jpeg', quality = 85 } = options
  const { data, channels } = photoPixels(options)
  const image = sharp(data, { raw: { width, height, channels } })
  if (format === 'png') return image.png({ compressionLevel: 6 }).toBuffer()
  if (format === 'webp') return image.webp({ quality }).toBuffer()
  return image.jpeg({ quality, mozjpeg: false }).toBuffer()
}

/** A flat-colour image: the cheapest valid input of a given size. */
export function solid(width: number, height: number, format: TestFormat = 'png'): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } },
  })
    .toFormat(format)
    .toBuffer()
}

export const GPS_MARKER = 'VITRINA-GPS-WGS84'
export const CAMERA_MARKER = 'VitrinaCam'

/** GPS coordinates written into test JPEGs (Montevideo); they must never reach a stored file. */
export const GPS_TAGS = {
  GPSLatitudeRef: 'S',
  GPSLatitude: '34/1 54/1 1234/100',
  GPSLongitudeRef: 'W',
  GPSLongitude: '56/1 9/1 5678/100',
  // An ASCII GPS tag, so a byte search can prove the GPS block is in the input and not the output.
  GPSMapDatum: GPS_MARKER,
} as const

/**
 * A JPEG with EXIF: camera make/model, GPS position and an orientation tag. With orientation 6
 * the stored pixels are landscape (`width`×`height`) but the picture is meant to be shown rotated
 * 90° clockwise, i.e. portrait.
 */
export function jpegWithExif(width: number, height: number, orientation = 6): Promise<Buffer> {
  const { data, channels } = photoPixels({ width, height })
  return sharp(data, { raw: { width, height, channels } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: CAMERA_MARKER, Model: 'GPS-1' }, IFD3: { ...GPS_TAGS } })
    .withMetadata({ orientation })
    .toBuffer()
}

/** The 12-megapixel, ~5 MB JPEG of the performance budget (a phone photo at high quality). */
export function twelveMegapixelJpeg(): Promise<Buffer> {
  return photo({ width: 4000, height: 3000, quality: 92, noise: 20, seed: 12 })
}

/** An SVG document: decodable by sharp (librsvg) but not an accepted upload type. */
export const SVG_BYTES = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
    '<script>alert(document.cookie)</script><rect width="64" height="64" fill="red"/></svg>',
)

/** An HTML page that starts with a JPEG signature, so only a real decode can tell. */
export const HTML_POLYGLOT = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
])

/** Plain text, as an attacker would upload it under a .jpg name. */
export const TEXT_BYTES = Buffer.from('Esto no es una imagen, aunque se llame foto.jpg\n')

/** The first `fraction` of a valid image: the signature and headers are intact, the pixels not. */
export function truncate(image: Buffer, fraction = 0.6): Buffer {
  return image.subarray(0, Math.floor(image.length * fraction))
}

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff
  for (const byte of buffer) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A valid, fully decodable PNG "pixel bomb": a 1-bit greyscale image of `side`×`side` pixels of
 * zeros. 20000×20000 is 400 megapixels (400 MB once decoded to 8-bit) in a file of a few
 * hundred kilobytes.
 */
export function pixelBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // colour type: greyscale
  const rowBytes = 1 + Math.ceil(side / 8) // filter byte + packed pixels
  const raw = Buffer.alloc(rowBytes * side) // all zeros: filter "none", black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

export interface UploadFile {
  data: Buffer
  /** What the client claims; the server must not believe either. */
  filename?: string
  contentType?: string
}

/**
 * A multipart/form-data body for `app.inject`, encoded by the platform's own FormData (undici),
 * exactly as a browser would send it. Entries keep their order, so repeated and indexed names
 * (`tags[1]`, `tags[0]`) arrive as listed.
 *
 *   await app.inject({ method: 'POST', url, ...(await multipartPayload([['name', 'x'], ['logo', { data }]])) })
 */
export async function multipartPayload(
  entries: [name: string, value: string | UploadFile][],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      form.append(name, value)
    } else {
      const type = value.contentType ?? 'application/octet-stream'
      form.append(name, new Blob([value.data], { type }), value.filename ?? 'upload.bin')
    }
  }
  const request = new Request('http://vitrina.test/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }
}
