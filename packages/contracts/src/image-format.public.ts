/**
 * SPEC §5, §9: an image is PNG, JPG or WEBP by its content, not by its name or declared type. The
 * API decides with these first bytes before decoding; the owner's browser checks the same bytes
 * before accepting a file, so a text file named `.png` is refused at once, not at saving.
 */
export type ImageFormat = 'png' | 'jpeg' | 'webp'

/** How many leading bytes `imageFormatOf` needs. */
export const IMAGE_SIGNATURE_BYTES = 12

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to))

/** The format named by the first bytes, or null: PNG, JPEG and RIFF/WEBP are the only ones. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && PNG.every((byte, i) => bytes[i] === byte)) return 'png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg'
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp'
  }
  return null
}

/**
 * How many leading bytes `imageDimensionsOf` reads: PNG and WebP say their size in the first 30
 * bytes; a JPEG says it in its frame header, after any EXIF/ICC segments (usually well within).
 */
export const IMAGE_HEADER_BYTES = 512 * 1024

/**
 * Issue 41: the width and height an image declares in its header, read without decoding a pixel
 * (the API refuses more than LIMITS.maxImagePixels from the same header, with sharp), or null
 * when the bytes hold no readable size — a truncated or corrupt file.
 */
export function imageDimensionsOf(bytes: Uint8Array): { width: number; height: number } | null {
  const format = imageFormatOf(bytes)
  const u16be = (at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0)
  const u16le = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8)
  const u24le = (at: number) => u16le(at) | ((bytes[at + 2] ?? 0) << 16)
  const sized = (width: number, height: number) =>
    width > 0 && height > 0 ? { width, height } : null
  if (format === 'png') {
    if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null
    return sized(u16be(16) * 65536 + u16be(18), u16be(20) * 65536 + u16be(22))
  }
  if (format === 'webp') {
    if (bytes.length < 30) return null
    const chunk = ascii(bytes, 12, 16)
    if (chunk === 'VP8 ') return sized(u16le(26) & 0x3fff, u16le(28) & 0x3fff)
    if (chunk === 'VP8L') {
      const b = (i: number) => bytes[i] ?? 0
      return sized(
        1 + (((b(22) & 0x3f) << 8) | b(21)),
        1 + (((b(24) & 0x0f) << 10) | (b(23) << 2) | ((b(22) & 0xc0) >> 6)),
      )
    }
    if (chunk === 'VP8X') return sized(1 + u24le(24), 1 + u24le(27))
    return null
  }
  if (format === 'jpeg') {
    let at = 2
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null
      const marker = bytes[at + 1] ?? 0
      if (marker === 0xff) {
        at += 1 // fill byte
        continue
      }
      const isFrame =
        marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
      if (isFrame) return sized(u16be(at + 7), u16be(at + 5))
      if (marker === 0xd9 || marker === 0xda) return null // end, or the scan before any frame
      at += 2 + u16be(at + 2)
    }
    return null
  }
  return null
}
