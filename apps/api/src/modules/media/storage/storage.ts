/**
 * Where stored images live (ARCHITECTURE.md "file storage"): a small interface with a local-disk
 * driver (default) and an S3-compatible one. Keys are relative paths such as
 * `ab/ab12…ef-640.webp`; every driver validates them, so no key can name a file outside its root.
 */
import type { Readable } from 'node:stream'

export interface StoredObject {
  body: Readable
  contentType: string
  contentLength?: number
  /** A strong validator for conditional requests, quoted as HTTP wants it. */
  etag?: string
}

/** One entry of `Storage.list()`. */
export interface ListedObject {
  key: string
  /** When the object was written (file mtime, S3 LastModified). */
  modifiedAt: Date
}

export interface Storage {
  readonly driver: 'local' | 's3'
  /** The directory or `s3://bucket` behind this storage (for logs and tests). */
  readonly location: string
  /** Writes the whole object or nothing (readers never see a partial file). */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** A stream of the object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /**
   * Every object with a valid key, in no particular order (the orphan sweep reads it). Temporary
   * files of the local driver are not objects.
   */
  list(): AsyncIterable<ListedObject>
  /** `publicUrl(key)` is this followed by the key: `/media/`, or the S3_PUBLIC_URL base. */
  readonly publicBase: string
  /** The URL clients load the object from: `/media/<key>`, or the CDN given by S3_PUBLIC_URL. */
  publicUrl(key: string): string
  /** Releases what the driver holds (sockets, temporary directories). */
  close(): Promise<void>
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/
const MAX_KEY_LENGTH = 512

/**
 * Relative, slash-separated, made of plain names: no absolute paths, no `.`/`..`, no backslashes,
 * no empty segments, no hidden (dot) files — which also keeps the local driver's temporary files
 * out of reach.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false
  return key.split('/').every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment))
}

export class InvalidKeyError extends Error {
  override name = 'InvalidKeyError'
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 100))}`)
  }
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidKeyError(key)
}

/** Public URL prefix of objects served by this app (local disk, or S3 without a CDN). */
export const MEDIA_PREFIX = '/media/'

export const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
}
