/**
 * Issue 41: a cover slide given by URL is never saved as that URL. When the business is created
 * or edited, each new URL slide is downloaded through the import's guarded fetch (catalogue-io
 * safeFetch: SSRF guard, deadline, 5 MB cap), checked and re-encoded by the upload rules
 * (media `store`: type by content, pixel bound) and stored as our own image, exactly like an
 * uploaded slide; the slide then holds our asset. A URL of our own storage is copied instead (a
 * stored slide of this business keeps its every variant), so two slides never share files.
 * One that fails refuses the whole save with a Spanish 400 naming the slide (docs/decisions/003).
 */
import { BUSINESS_MESSAGES, IMPORT_MESSAGES, type ImageAsset } from '@vitrina/contracts'
import { AppError } from '../../lib/errors.js'
import {
  FETCH_DEFAULTS,
  FetchRefused,
  safeFetch,
  type SafeFetchOptions,
} from '../catalogue-io/index.js'
import type { MediaService, StoreImage } from '../media/index.js'

/** `withStoredImages`' second argument: copies one of our stored images (media/service.ts). */
type CopyImage = Parameters<Parameters<MediaService['withStoredImages']>[0]>[1]

/** What the import uses, without loopback (tests turn it on with IMPORT_FETCH_ALLOW_LOOPBACK). */
export const SLIDE_FETCH_DEFAULTS: SafeFetchOptions = { ...FETCH_DEFAULTS, allowLoopback: false }

/** One URL slide to store: its URL and its place (from 1) among the slides being saved. */
export interface SlideUrl {
  url: string
  position: number
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return url
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname
  } catch {
    return url
  }
}

function slideUrlFailed(slide: SlideUrl, reason: string): AppError {
  const message = BUSINESS_MESSAGES.slideUrlFailed(slide.position, hostOf(slide.url), reason)
  return new AppError('VALIDATION', message, [{ path: 'slides', message }])
}

/** Our asset for one URL slide, or the 400 that names it. */
async function storeOne(
  slide: SlideUrl,
  store: StoreImage,
  copy: CopyImage,
  fetchOptions: SafeFetchOptions,
  known: ReadonlyMap<string, ImageAsset>,
): Promise<ImageAsset> {
  // A stored slide named again, by its URL or its absolute address (a stored name is
  // unguessable, so a URL ending in one names that image): copied with all its variants.
  const given: ImageAsset = known.get(slide.url) ??
    known.get(pathOf(slide.url)) ?? { url: slide.url }
  let copied: ImageAsset
  try {
    copied = await copy(given)
  } catch {
    // One of our URLs whose files are gone (or unreadable): nothing to show either.
    throw slideUrlFailed(slide, IMPORT_MESSAGES.imageUnreachable)
  }
  // `copy` gives an external URL back as it is: that one is downloaded.
  if (copied.url !== given.url) return copied
  try {
    const buffer = await safeFetch(slide.url, fetchOptions)
    return await store(buffer, 'slide', { field: 'slides' })
  } catch (error) {
    // FetchRefused: the download's reason; AppError: the upload rules' (415, 422). Anything
    // else (a storage fault) is ours, not the URL's, and stays a server error.
    if (error instanceof FetchRefused || error instanceof AppError) {
      throw slideUrlFailed(slide, error.message)
    }
    throw error
  }
}

/**
 * Stores every URL slide (at once) and returns their assets in the same order. Waits for all of
 * them before refusing, so no image is stored after `withStoredImages` has cleaned up; the first
 * failure in slide order is thrown, every failure is listed in `errors`.
 */
export async function storeSlideUrls(
  slides: readonly SlideUrl[],
  store: StoreImage,
  copy: CopyImage,
  fetchOptions: SafeFetchOptions,
  /** The business's stored slides by URL: one named again is copied whole. */
  known: ReadonlyMap<string, ImageAsset> = new Map(),
): Promise<ImageAsset[]> {
  const results = await Promise.allSettled(
    slides.map((slide) => storeOne(slide, store, copy, fetchOptions, known)),
  )
  const failed = results
    .flatMap((result, i) =>
      result.status === 'rejected'
        ? [{ reason: result.reason as unknown, at: slides[i]!.position }]
        : [],
    )
    .sort((a, b) => a.at - b.at)
  if (failed.length > 0) {
    const fault = failed.find((f) => !(f.reason instanceof AppError))
    if (fault) throw fault.reason
    const refusals = failed.map((f) => f.reason as AppError)
    throw new AppError(
      'VALIDATION',
      refusals[0]!.message,
      refusals.flatMap((r) => r.errors ?? []),
    )
  }
  return results.map((result) => (result as PromiseFulfilledResult<ImageAsset>).value)
}

/**
 * Settles every task before failing (a sibling still downloading would otherwise store its image
 * after the cleanup); resolves to their values, or rejects with the first failure in list order.
 */
export async function settleAll<T extends readonly unknown[]>(
  tasks: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const results = await Promise.allSettled(tasks)
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) throw failed.reason
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T
}
