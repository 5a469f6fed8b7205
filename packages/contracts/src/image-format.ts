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
