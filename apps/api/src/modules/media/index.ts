/**
 * Images and their storage (ARCHITECTURE.md "images", "file storage"; docs/decisions/004-media.md).
 *
 * `app.media` (registered by ./plugin.ts) is all a feature module needs:
 *
 *   - `app.media.readMultipart(request, { files: { logo: UPLOAD_FIELDS.logo, slides: UPLOAD_FIELDS.slides } })`
 *     → `{ fields, files }`. Reads the whole request into memory (nothing on disk). Text fields are
 *     strings, or arrays when repeated or bracketed (`tags[0]`, `tags[1]` → `tags: [..]` in index
 *     order). `files[name]` is a `Buffer[]` for every declared field (possibly empty). A file in an
 *     undeclared field, or more files than allowed, is a Spanish 400 (`errors[0].path` = field);
 *     a file over 5 MB is a 413; a non-multipart request a 415. Validate `fields` with the route's
 *     zod schema BEFORE processing any image, so a bad form stores nothing.
 *
 *   - `app.media.withStoredImages(async (store) => { ... })` — the orphan rule: files are stored
 *     before the database transaction commits and removed if anything fails; images the change
 *     replaced or removed are deleted only after the commit. `store(buffer, kind, { field })`
 *     processes and stores one upload and resolves to the `ImageAsset` to save (415/422 with the
 *     field's path on a bad image). Return `{ result, afterCommitDelete }` once the transaction
 *     has committed — nothing that can fail may run after the commit inside the callback:
 *
 *       const business = await app.media.withStoredImages(async (store) => {
 *         const logo = files.logo[0] ? await store(files.logo[0], 'logo', { field: 'logo' }) : undefined
 *         const slides = await Promise.all(files.slides.map((b) => store(b, 'slide', { field: 'slides' })))
 *         const saved = await app.db.transaction(async (tx) => updateBusiness(tx, { logo, slides }))
 *         return { result: saved, afterCommitDelete: [logo && old.logo, ...removedSlides] }
 *       })
 *
 *     (`withStoredImages(app, work)` is the same as a free function.)
 *
 *   - `app.media.processImage(buffer, kind, { field? })` → `{ asset, keys }`: the building block
 *     behind `store`, for callers that manage cleanup themselves (e.g. seeding demo data).
 *
 *   - `app.media.deleteAssets(assets)`: removes every variant and the favicon of our own images;
 *     external URLs (cover slides given by URL), null and undefined are ignored. Never throws.
 *
 * Kinds: 'product' (WebP 320/640/1280, url = 640), 'slide' (640/1280/1920, url = 1280) and
 * 'logo' (128/256/512, url = 256, plus a 32×32 PNG `favicon`). Never upscaled.
 * `ImageAsset` (@vitrina/contracts) = { url, srcset, width, height, favicon? }; `url` is what
 * `slidesToDelete` / `imagesToDelete` refer to.
 */
import type { MediaService, StoredImagesOutcome, StoreImage } from './service.js'

export { default as mediaPlugin } from './plugin.js'
export { default as mediaRoutes } from './routes.js'
export { IMAGE_KINDS, type ImageKind } from './images.js'
export { UPLOAD_FIELDS, type MultipartBody, type ReadMultipartOptions } from './multipart.js'
export type {
  MediaService,
  ProcessImageOptions,
  StoredImage,
  StoredImagesOutcome,
  StoreImage,
} from './service.js'
export type { Storage, StoredObject } from './storage/index.js'

/** `withStoredImages(app, work)` ≡ `app.media.withStoredImages(work)`. */
export function withStoredImages<T>(
  app: { media: MediaService },
  work: (store: StoreImage) => Promise<StoredImagesOutcome<T>>,
): Promise<T> {
  return app.media.withStoredImages(work)
}
