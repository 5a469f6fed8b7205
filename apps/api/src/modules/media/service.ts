/**
 * The media service behind `app.media`: process-and-store, delete, and the orphan rule
 * (`withStoredImages`). See index.ts for how feature modules use it.
 */
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { ImageAsset } from '@vitrina/contracts'
import { processImageBuffer, type EncodedImage, type ImageKind } from './images.js'
import { imageKey, imageStem, isOwnKey, renamedKey } from './keys.js'
import { readMultipart, type MultipartBody, type ReadMultipartOptions } from './multipart.js'
import { MEDIA_PREFIX, type Storage } from './storage/index.js'
import { createLimiter } from '../../lib/limiter.js'

export interface StoredImage {
  asset: ImageAsset
  /** Every object written for this image (variants and favicon), for cleanup. */
  keys: string[]
}

export interface ProcessImageOptions {
  /** Form field the file came from: put into the 415/422 `errors[].path`. */
  field?: string
}

/** Stores one upload inside `withStoredImages` and returns what the database keeps. */
export type StoreImage = (
  buffer: Buffer,
  kind: ImageKind,
  options?: ProcessImageOptions,
) => Promise<ImageAsset>

/**
 * Copies a stored image's objects under a new name inside `withStoredImages` (an external URL is
 * returned as it is): the copy is deleted with its original's owner, never the original.
 */
export type CopyImage = (asset: ImageAsset) => Promise<ImageAsset>

export interface StoredImagesOutcome<T> {
  result: T
  /** Images the committed change replaced or removed: deleted now, after the commit. */
  afterCommitDelete?: Iterable<ImageAsset | null | undefined>
}

export interface MediaService {
  readonly storage: Storage
  processImage(buffer: Buffer, kind: ImageKind, options?: ProcessImageOptions): Promise<StoredImage>
  deleteAssets(assets: Iterable<ImageAsset | null | undefined>): Promise<void>
  /** Keys of our own stored objects behind an asset; [] for an external URL. */
  keysOf(asset: ImageAsset): string[]
  readMultipart<F extends string>(
    request: FastifyRequest,
    options: ReadMultipartOptions<F>,
  ): Promise<MultipartBody<F>>
  withStoredImages<T>(
    work: (store: StoreImage, copy: CopyImage) => Promise<StoredImagesOutcome<T>>,
  ): Promise<T>
}

export interface MediaServiceOptions {
  storage: Storage
  log: FastifyBaseLogger
  /** Absolute public URL of this app (config.publicUrl): its `/media/…` URLs are ours too. */
  publicUrl: string
  /** Images processed at once; more wait (bounds memory: ~80 MB per 12 MP photo). */
  concurrency?: number
}

export function createMediaService(options: MediaServiceOptions): MediaService {
  const { storage, log } = options
  const limit = createLimiter(options.concurrency ?? Math.max(1, availableParallelism()))
  // `/media/…` (also absolute, as share tags use it) and, with S3_PUBLIC_URL, the CDN's URLs.
  const ownPrefixes = [
    ...new Set([MEDIA_PREFIX, `${options.publicUrl}${MEDIA_PREFIX}`, storage.publicBase]),
  ]

  function keyFromUrl(url: string): string | null {
    for (const prefix of ownPrefixes) {
      if (!url.startsWith(prefix)) continue
      const key = url.slice(prefix.length)
      return isOwnKey(key) ? key : null
    }
    return null
  }

  function keysOf(asset: ImageAsset): string[] {
    const urls = [asset.url, asset.favicon]
    // srcset: "url 320w, url 640w"
    for (const candidate of asset.srcset?.split(',') ?? [])
      urls.push(candidate.trim().split(/\s+/)[0])
    const keys = urls.map((url) => (url ? keyFromUrl(url) : null))
    return [...new Set(keys.filter((key): key is string => key !== null))]
  }

  /** Deletes keys one by one; a failure is logged, never thrown (the change it follows stands). */
  async function removeKeys(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)))
    results.forEach((result, i) => {
      if (result.status === 'rejected') {
        log.error({ err: result.reason, key: keys[i] }, 'media: could not delete a stored image')
      }
    })
  }

  async function processImage(
    buffer: Buffer,
    kind: ImageKind,
    processOptions: ProcessImageOptions = {},
  ): Promise<StoredImage> {
    const processed = await limit(() => processImageBuffer(buffer, kind, processOptions.field))
    const stem = imageStem(processed.default.data)
    const files = processed.favicon
      ? [...processed.variants, processed.favicon]
      : processed.variants
    const keys = files.map((file) => imageKey(stem, file))
    const writes = await Promise.allSettled(
      files.map((file, i) => storage.put(keys[i]!, file.data, file.contentType)),
    )
    const failed = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected')
    if (failed) {
      await removeKeys(keys)
      throw failed.reason
    }
    const url = (file: EncodedImage) => storage.publicUrl(imageKey(stem, file))
    const asset: ImageAsset = {
      url: url(processed.default),
      srcset: processed.variants.map((v) => `${url(v)} ${v.width}w`).join(', '),
      width: processed.default.width,
      height: processed.default.height,
    }
    if (processed.favicon) asset.favicon = url(processed.favicon)
    return { asset, keys }
  }

  async function copyImage(asset: ImageAsset): Promise<StoredImage> {
    const keys = keysOf(asset)
    if (keys.length === 0) return { asset, keys: [] }
    const stem = imageStem(randomBytes(16))
    const copies = keys.map((key) => renamedKey(key, stem))
    const writes = await Promise.allSettled(
      keys.map(async (key, i) => {
        const object = await storage.get(key)
        if (!object) throw new Error(`media: the stored image ${key} is missing`)
        const chunks: Buffer[] = []
        for await (const chunk of object.body) chunks.push(chunk as Buffer)
        await storage.put(copies[i]!, Buffer.concat(chunks), object.contentType)
      }),
    )
    if (writes.some((w) => w.status === 'rejected')) {
      await removeKeys(copies)
      throw (writes.find((w) => w.status === 'rejected') as PromiseRejectedResult).reason
    }
    // Every address of the asset names one of its keys: swap each for its copy's.
    let text = JSON.stringify(asset)
    keys.forEach((key, i) => {
      text = text.split(storage.publicUrl(key)).join(storage.publicUrl(copies[i]!))
    })
    return { asset: JSON.parse(text) as ImageAsset, keys: copies }
  }

  async function deleteAssets(assets: Iterable<ImageAsset | null | undefined>): Promise<void> {
    const keys = new Set<string>()
    for (const asset of assets) {
      if (asset) for (const key of keysOf(asset)) keys.add(key)
    }
    await removeKeys([...keys])
  }

  async function withStoredImages<T>(
    work: (store: StoreImage, copy: CopyImage) => Promise<StoredImagesOutcome<T>>,
  ): Promise<T> {
    const stored: string[] = []
    const started: Promise<unknown>[] = []
    const store: StoreImage = (buffer, kind, storeOptions) => {
      const task = processImage(buffer, kind, storeOptions).then((image) => {
        stored.push(...image.keys)
        return image.asset
      })
      started.push(task)
      return task
    }
    const copy: CopyImage = (asset) => {
      const task = copyImage(asset).then((image) => {
        stored.push(...image.keys)
        return image.asset
      })
      started.push(task)
      return task
    }
    let outcome: StoredImagesOutcome<T>
    try {
      outcome = await work(store, copy)
    } catch (error) {
      // A failed Promise.all leaves siblings running: wait for them, or their files would stay.
      await Promise.allSettled(started)
      await removeKeys(stored)
      throw error
    }
    await deleteAssets(outcome.afterCommitDelete ?? [])
    return outcome.result
  }

  return {
    storage,
    processImage,
    deleteAssets,
    keysOf,
    readMultipart,
    withStoredImages,
  }
}
