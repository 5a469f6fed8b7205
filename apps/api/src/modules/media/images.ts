/**
 * Image processing with sharp (ARCHITECTURE.md "images"; SPEC §5, §9). Uploads are never served
 * as sent: the type is decided by content (signature, then header, then a full decode), the pixel
 * count is checked before any pixel is decoded, and the picture is re-encoded as WebP at a few
 * widths with every piece of metadata (EXIF GPS included) dropped. Logos also get a 32×32 PNG.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { API_MESSAGES, imageFormatOf, LAYOUT, LIMITS } from '@vitrina/contracts'
import type { ImageFormat } from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'

export type ImageKind = 'product' | 'slide' | 'logo'

/**
 * Widths per kind: a card or thumbnail, a normal and a high-density display. `defaultWidth` is the
 * variant used as `url` (what `<img src>` falls back to and what deletes refer to).
 */
export const IMAGE_KINDS: Record<ImageKind, { widths: number[]; defaultWidth: number }> = {
  product: { widths: [320, 640, 1280], defaultWidth: 640 },
  slide: { widths: [640, 1280, 1920], defaultWidth: 1280 },
  logo: { widths: [128, 256, 512], defaultWidth: 256 },
}

/** Variants may be at most this many times taller than wide (a 1:4 strip); taller is scaled down. */
const MAX_ASPECT = 4

/**
 * WebP quality 80 (libwebp's default). Card-sized variants use effort 4, libwebp's own balance;
 * the large ones dominate the time and use effort 2, measured about twice as fast on a 1920 px
 * photo for files within 3 % of the size. Card-sized variants must stay light (a product card
 * ≤ 40 KB), so a busy picture is re-encoded at lower quality until it fits.
 */
export const WEBP = {
  quality: 80,
  cardEffort: 4,
  largeEffort: 2,
  cardMaxWidth: 640,
  cardMaxBytes: 40 * 1024,
  fallbackQualities: [68, 55, 42],
} as const

export interface EncodedImage {
  /** 'favicon' for the logo's 32×32 PNG. */
  variant: number | 'favicon'
  data: Buffer
  width: number
  height: number
  contentType: 'image/webp' | 'image/png'
  extension: 'webp' | 'png'
}

export interface ProcessedImage {
  variants: EncodedImage[]
  /** The variant behind `ImageAsset.url`. */
  default: EncodedImage
  favicon?: EncodedImage
}

/**
 * Process-wide sharp settings. libvips' operation cache only helps when the same file is processed
 * again, which never happens here, and would hold up to 50 MB; one libvips thread per image
 * (sharp's default on glibc without jemalloc, kept explicitly) bounds memory fragmentation, and
 * parallelism comes from processing images side by side instead.
 */
export function configureSharp(): void {
  sharp.cache(false)
  sharp.concurrency(1)
}

/** The format named by the first bytes (the contracts' check, the browser's too), or null. */
export function detectFormat(buffer: Buffer): ImageFormat | null {
  return imageFormatOf(buffer)
}

function fieldErrors(message: string, field?: string) {
  return field ? [{ path: field, message }] : undefined
}

export function unsupportedImage(field?: string): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    API_MESSAGES.unsupportedImage,
    fieldErrors(API_MESSAGES.unsupportedImage, field),
  )
}

export function imageTooLarge(field?: string): AppError {
  return new AppError(
    'UNPROCESSABLE',
    API_MESSAGES.imageTooLarge,
    fieldErrors(API_MESSAGES.imageTooLarge, field),
  )
}

/**
 * Reads only the header: the declared size is checked here, so a small file declaring 20000×20000
 * pixels is refused before a single pixel is decoded.
 */
async function inspect(buffer: Buffer, field?: string) {
  const format = detectFormat(buffer)
  if (!format) throw unsupportedImage(field)
  let metadata: Metadata
  try {
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata()
  } catch {
    throw unsupportedImage(field)
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) {
    throw unsupportedImage(field)
  }
  if (metadata.width * metadata.height > LIMITS.maxImagePixels) throw imageTooLarge(field)
  return metadata
}

/**
 * The widths of `kind` worth encoding for a picture of this (oriented) size: each variant is the
 * picture fitted inside a box `w` wide and `MAX_ASPECT·w` tall, never enlarged, so boxes that
 * would give the same result as a smaller one are skipped.
 */
export function targetWidths(kind: ImageKind, width: number, height: number): number[] {
  const seen = new Set<number>()
  return IMAGE_KINDS[kind].widths.filter((w) => {
    const fitted = Math.round(width * Math.min(1, w / width, (w * MAX_ASPECT) / height))
    if (seen.has(fitted)) return false
    seen.add(fitted)
    return true
  })
}

function fitWithin(pipeline: Sharp, width: number): Sharp {
  return pipeline.resize({
    width,
    height: width * MAX_ASPECT,
    fit: 'inside',
    withoutEnlargement: true,
  })
}

async function encodeWebp(pipeline: () => Sharp, width: number): Promise<EncodedImage> {
  const qualities = [WEBP.quality, ...WEBP.fallbackQualities]
  let result: { data: Buffer; info: OutputInfo } | undefined
  for (const quality of qualities) {
    const effort = width <= WEBP.cardMaxWidth ? WEBP.cardEffort : WEBP.largeEffort
    result = await fitWithin(pipeline(), width)
      .webp({ quality, effort })
      .toBuffer({ resolveWithObject: true })
    const isCard = result.info.width <= WEBP.cardMaxWidth
    if (!isCard || result.data.length <= WEBP.cardMaxBytes) break
  }
  const { data, info } = result!
  return {
    variant: info.width,
    data,
    width: info.width,
    height: info.height,
    contentType: 'image/webp',
    extension: 'webp',
  }
}

/**
 * Decodes the upload once — oriented, in sRGB, already reduced to the largest width needed (JPEG
 * shrink-on-load makes a 12 MP photo cheap) — and encodes every variant from those pixels.
 * Throws 415 for anything that is not a complete PNG, JPEG or WebP, 422 above 25 megapixels.
 */
export async function processImageBuffer(
  buffer: Buffer,
  kind: ImageKind,
  field?: string,
): Promise<ProcessedImage> {
  const metadata = await inspect(buffer, field)
  // EXIF orientations 5–8 swap the axes.
  const isTransposed = (metadata.orientation ?? 1) >= 5
  const width = (isTransposed ? metadata.height : metadata.width) as number
  const height = (isTransposed ? metadata.width : metadata.height) as number
  const widths = targetWidths(kind, width, height)
  const largest = Math.max(...widths)

  let decoded: { data: Buffer; info: OutputInfo }
  try {
    decoded = await fitWithin(
      sharp(buffer, {
        limitInputPixels: LIMITS.maxImagePixels,
        failOn: 'error', // truncated or corrupt data fails; harmless warnings do not
        autoOrient: true,
        pages: 1,
      }),
      largest,
    )
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw unsupportedImage(field)
  }

  const { data, info } = decoded
  const raw = { width: info.width, height: info.height, channels: info.channels }
  const fromPixels = () => sharp(data, { raw })
  const encoded = await Promise.all(widths.map((w) => encodeWebp(fromPixels, w)))
  // A strip taller than 1:4 can make two targets land on the same width.
  const variants = [...new Map(encoded.map((v) => [v.width, v])).values()].sort(
    (a, b) => a.width - b.width,
  )

  // The kind's default width, or the largest variant below it when the picture is smaller.
  const defaultWidth = IMAGE_KINDS[kind].defaultWidth
  const defaultVariant = variants.filter((v) => v.width <= defaultWidth).at(-1) ?? variants[0]!
  const processed: ProcessedImage = { variants, default: defaultVariant }
  if (kind === 'logo') processed.favicon = await encodeFavicon(fromPixels())
  return processed
}

/** SPEC §2.5, §9: a 32×32 PNG favicon from the logo, letterboxed on transparency. */
async function encodeFavicon(pipeline: Sharp): Promise<EncodedImage> {
  const size = LAYOUT.faviconPx
  const data = await pipeline
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer()
  return {
    variant: 'favicon',
    data,
    width: size,
    height: size,
    contentType: 'image/png',
    extension: 'png',
  }
}
