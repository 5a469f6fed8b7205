/**
 * Names of stored images: `ab/ab12…(32 hex)-640.webp` for each WebP variant and
 * `ab/ab12…-favicon.png` for a logo's favicon. The two-character shard keeps directories small on
 * disk and spreads S3 key prefixes.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { EncodedImage } from './images.js'

/** The only keys this module writes, serves and deletes. */
const OWN_KEY = /^([0-9a-f]{2})\/\1[0-9a-f]{30}-(?:\d{1,5}|favicon)\.(?:webp|png)$/

export function isOwnKey(key: string): boolean {
  return OWN_KEY.test(key)
}

/**
 * A 128-bit name from the encoded bytes and a per-upload nonce. It is as immutable and unguessable
 * as a content hash, but two uploads of the same file never share objects, so deleting one
 * product's picture can never break another's (see docs/decisions/004-media.md).
 */
export function imageStem(sample: Buffer): string {
  return createHash('sha256').update(randomBytes(16)).update(sample).digest('hex').slice(0, 32)
}

export function imageKey(stem: string, file: Pick<EncodedImage, 'variant' | 'extension'>): string {
  return `${stem.slice(0, 2)}/${stem}-${file.variant}.${file.extension}`
}

/**
 * The same object under another image's name (a copy of a stored image: a product duplicated,
 * issue 27 §2): `ab/ab12…-640.webp` → `cd/cd34…-640.webp`.
 */
export function renamedKey(key: string, stem: string): string {
  const suffix = key.slice(key.indexOf('-'))
  return `${stem.slice(0, 2)}/${stem}${suffix}`
}
