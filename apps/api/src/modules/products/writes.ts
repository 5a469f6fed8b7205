/**
 * Product writes (SPEC §3, §6, §9): create, duplicate, update and delete, by the owner of the
 * product's business (taken from the access token). Every rule the form checks is checked here
 * again, and the ones that depend on other rows (the category list, the plan limit, the number
 * of images) again under a lock inside the transaction that writes.
 */
import {
  LIMITS,
  PRODUCT_MESSAGES,
  PRODUCT_SLUG_MESSAGES,
  canAddProduct,
  productCopyName,
  type CreateProduct,
  type ImageAsset,
  type Product,
  type ProductVariantValues,
  type UpdateProduct,
} from '@vitrina/contracts'
import type { Executor } from '../../db/client.js'
import { sql } from 'drizzle-orm'
import type { NewProductRow, ProductRow } from '../../db/schema/index.js'
import { isUniqueViolation } from '../../lib/errors.js'
import { findBusinessById, lockBusiness } from '../businesses/index.js'
import { loadOwnedBusiness } from '../businesses/service.js'
import type { ClearableField } from './form.js'
import { OWNER } from './mapper.js'
import {
  countProducts,
  deleteProductRow,
  findProductById,
  insertProduct,
  isSlugTaken,
  lockProduct,
  updateProductRow,
} from './repository.js'
import { productSearchText } from './search.js'
import { findVariants, remapImageIndexes, saveVariants, toProductReply } from './variants.js'
import {
  productNotFound,
  businessNotFound,
  forbidden,
  planLimitReached,
  fieldError,
  checkVariants,
  asInput,
  checkCanShow,
  isId,
  productColumns,
  resolvePlacement,
  nextPlacement,
} from './rules.js'
import type { ProductDeps, ProductUploads } from './rules.js'

// ---------------------------------------------------------------------------------------------
// Create

/**
 * The owner's business locked for a new product (create, duplicate): the authoritative plan
 * check, counted one after another with concurrent creates, so a free business never passes 20.
 */
async function lockForNewProduct(tx: Executor, businessId: string, userId: string) {
  const locked = await lockBusiness(tx, businessId)
  if (!locked) throw businessNotFound()
  if (locked.userId !== userId) throw forbidden()
  if (!canAddProduct(locked.effectivePlan, await countProducts(tx, locked.id))) {
    throw planLimitReached()
  }
  return locked
}

/**
 * Issue 27 §3: an address the owner chose must not be another product's of the business (an old
 * address of any product may be taken: it then leads here). Checked with the business locked;
 * the unique index answers a race the same way (slugTakenOnConflict).
 */
async function checkSlugFree(
  tx: Executor,
  businessId: string,
  slug: string,
  self?: string,
): Promise<void> {
  if (await isSlugTaken(tx, businessId, slug, self)) {
    throw fieldError('slug', PRODUCT_SLUG_MESSAGES.taken)
  }
}

/** A write that lost the race for a slug: the same 400 as the check before it. */
function slugTakenOnConflict(error: unknown): never {
  if (isUniqueViolation(error, 'products_business_slug_idx')) {
    throw fieldError('slug', PRODUCT_SLUG_MESSAGES.taken)
  }
  throw error
}

/**
 * POST /products. The plan limit is checked twice: once before any image is processed (so a
 * refused request costs nothing), and authoritatively inside the insert transaction with the
 * business row locked, so concurrent creates are counted one after another and a free business
 * never passes 20 products.
 */
export async function createProduct(
  deps: ProductDeps,
  userId: string,
  input: CreateProduct,
  uploads: ProductUploads,
): Promise<Product> {
  const business = await loadOwnedBusiness(deps.db, input.businessId, userId)
  resolvePlacement(business.categories, input.category, input.subCategory ?? null)
  const mainUpload = uploads.image[0]
  if (!mainUpload) throw fieldError('image', PRODUCT_MESSAGES.mainImageRequired)
  // Issue 25: variant image indexes point into the main image (0) and the extra ones (1…).
  checkVariants(input.options, input.variants, 1 + uploads.images.length)
  // The free plan counts products, not variants.
  if (!canAddProduct(business.effectivePlan, await countProducts(deps.db, business.id))) {
    throw planLimitReached()
  }

  return deps.media.withStoredImages(async (store) => {
    const [image, ...images] = await Promise.all([
      store(mainUpload, 'product', { field: 'image' }),
      ...uploads.images.map((buffer) => store(buffer, 'product', { field: 'images' })),
    ])
    const row = await deps.db
      .transaction(async (tx) => {
        const locked = await lockForNewProduct(tx, business.id, userId)
        const placement = resolvePlacement(
          locked.categories,
          input.category,
          input.subCategory ?? null,
        )
        if (input.slug !== undefined) await checkSlugFree(tx, locked.id, input.slug)
        const inserted = await insertProduct(tx, {
          ...productColumns(locked.id, input, placement),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          image: image!,
          images,
        })
        if (input.variants.length === 0) return inserted
        await saveVariants(tx, inserted, input.options, input.variants)
        // The variants' trigger recomputed availability and the main-currency price.
        return (await findProductById(tx, inserted.id))!
      })
      .catch(slugTakenOnConflict)
    return { result: await toProductReply(deps.db, row, OWNER) }
  })
}

// ---------------------------------------------------------------------------------------------
// Duplicate

/**
 * POST /products/{id}/duplicate (issue 27 §2): a copy of the owner's product with its images
 * (their stored objects copied under new names, so deleting either product never breaks the
 * other), options and variants, named "… (copia)". Codes are left blank — a code names one
 * product, and a spreadsheet import matches by it. The plan counts it like any new product.
 */
export async function duplicateProduct(
  deps: ProductDeps,
  userId: string,
  id: string,
): Promise<Product> {
  const source = await loadOwnedProduct(deps.db, id, userId)
  const business = await loadOwnedBusiness(deps.db, source.businessId, userId)
  if (!canAddProduct(business.effectivePlan, await countProducts(deps.db, business.id))) {
    throw planLimitReached()
  }
  const variants = await findVariants(deps.db, source.id)
  return deps.media.withStoredImages(async (_store, copy) => {
    const [image, ...images] = await Promise.all([source.image, ...source.images].map(copy))
    const row = await deps.db.transaction(async (tx) => {
      const locked = await lockForNewProduct(tx, business.id, userId)
      const name = productCopyName(source.name)
      const inserted = await insertProduct(tx, {
        businessId: locked.id,
        name,
        description: source.description,
        info: source.info,
        price: source.price,
        discount: source.discount,
        isOffer: source.isOffer,
        isFeatured: source.isFeatured,
        isNew: source.isNew,
        currency: source.currency,
        code: null,
        image: image!,
        images,
        tags: source.tags,
        specifications: source.specifications,
        category: source.category,
        subCategory: source.subCategory,
        searchText: productSearchText({ ...source, name, code: null }),
        options: source.options,
        trackStock: source.trackStock,
        stock: source.stock,
        weightGrams: source.weightGrams,
        status: source.status,
      })
      if (variants.length === 0) return inserted
      await saveVariants(
        tx,
        inserted,
        source.options,
        variants.map((v) => ({
          options: v.options,
          price: v.price,
          code: undefined,
          stock: v.stock,
          imageIndex: v.imageIndex,
        })),
      )
      return (await findProductById(tx, inserted.id))!
    })
    return { result: await toProductReply(deps.db, row, OWNER) }
  })
}

// ---------------------------------------------------------------------------------------------
// Update

interface ImagePlan {
  toDelete: ReadonlySet<string>
  hasNewMain: boolean
  newExtras: number
}

/**
 * SPEC §3, §9: the main image is required, at most 10 extra images after the change. Only URLs
 * the product holds are ever removed; others in imagesToDelete are ignored.
 */
function checkImages(row: ProductRow, plan: ImagePlan): void {
  if (!plan.hasNewMain && plan.toDelete.has(row.image.url)) {
    throw fieldError('image', PRODUCT_MESSAGES.mainImageRequired)
  }
  const kept = row.images.filter((image) => !plan.toDelete.has(image.url)).length
  if (kept + plan.newExtras > LIMITS.maxExtraImages) {
    throw fieldError('images', PRODUCT_MESSAGES.imagesMax)
  }
}

function nextImages(
  row: ProductRow,
  plan: ImagePlan,
  newMain: ImageAsset | undefined,
  newExtras: ImageAsset[],
): { image: ImageAsset; images: ImageAsset[]; removed: ImageAsset[] } {
  checkImages(row, plan)
  const removed = row.images.filter((image) => plan.toDelete.has(image.url))
  if (newMain) removed.push(row.image)
  return {
    image: newMain ?? row.image,
    images: [...row.images.filter((image) => !plan.toDelete.has(image.url)), ...newExtras],
    removed,
  }
}

function changedFields(
  row: ProductRow,
  input: UpdateProduct,
  cleared: ReadonlySet<ClearableField>,
): Partial<NewProductRow> {
  const patch: Partial<NewProductRow> = {}
  if (input.name !== undefined) patch.name = input.name
  if (input.description !== undefined) patch.description = input.description
  if (input.price !== undefined) patch.price = input.price
  if (input.discount !== undefined) {
    patch.discount = input.discount
    patch.isOffer = input.discount > 0
  }
  if (input.currency !== undefined) patch.currency = input.currency
  if (input.isFeatured !== undefined) patch.isFeatured = input.isFeatured
  if (input.isNew !== undefined) patch.isNew = input.isNew
  if (input.tags !== undefined) patch.tags = input.tags
  if (input.specifications !== undefined) patch.specifications = input.specifications
  if (input.info !== undefined || cleared.has('info')) patch.info = input.info ?? null
  if (input.code !== undefined || cleared.has('code')) patch.code = input.code ?? null
  if (input.options !== undefined) patch.options = input.options
  if (input.trackStock !== undefined) patch.trackStock = input.trackStock
  if (input.stock !== undefined) patch.stock = input.stock
  if (input.weightGrams !== undefined) patch.weightGrams = input.weightGrams
  if (input.status !== undefined) patch.status = input.status
  // Issue 27 §3: a rename keeps the address; the owner's own slug, or NULL — made again from the
  // name by the database (the old one then redirects).
  if (input.slug !== undefined) patch.slug = input.slug
  else if (input.regenerateSlug) patch.slug = sql`NULL` as unknown as string
  patch.searchText = productSearchText({
    name: patch.name ?? row.name,
    description: patch.description ?? row.description,
    code: patch.code !== undefined ? patch.code : row.code,
    tags: patch.tags ?? row.tags,
    options: patch.options ?? row.options,
  })
  return patch
}

/** Loads a product for a change by `userId`: 404 when unknown, 403 when someone else's. */
export async function loadOwnedProduct(
  db: Executor,
  id: string,
  userId: string,
): Promise<ProductRow> {
  const row = isId(id) ? await findProductById(db, id) : undefined
  if (!row) throw productNotFound()
  const business = await findBusinessById(db, row.businessId)
  if (business?.userId !== userId) throw forbidden()
  return row
}

/**
 * PATCH /products/{id}: any subset of the fields, a new main image, new extra images and
 * imagesToDelete. The business row is locked first (the same order a category rename uses), then
 * the product, so concurrent edits never lose each other's images.
 */
export async function updateProduct(
  deps: ProductDeps,
  userId: string,
  id: string,
  input: UpdateProduct,
  cleared: ReadonlySet<ClearableField>,
  uploads: ProductUploads,
): Promise<Product> {
  const current = await loadOwnedProduct(deps.db, id, userId)
  const plan: ImagePlan = {
    toDelete: new Set(input.imagesToDelete ?? []),
    hasNewMain: uploads.image.length > 0,
    newExtras: uploads.images.length,
  }
  checkImages(current, plan)
  const business = await findBusinessById(deps.db, current.businessId)
  nextPlacement(business?.categories ?? [], current, input, cleared)

  return deps.media.withStoredImages(async (store) => {
    const [newMain, newExtras] = await Promise.all([
      uploads.image[0] ? store(uploads.image[0], 'product', { field: 'image' }) : undefined,
      Promise.all(uploads.images.map((buffer) => store(buffer, 'product', { field: 'images' }))),
    ])
    const { row, removed } = await deps.db
      .transaction(async (tx) => {
        const lockedBusiness = await lockBusiness(tx, current.businessId)
        const locked = await lockProduct(tx, id)
        if (!lockedBusiness || !locked) throw productNotFound()
        if (lockedBusiness.userId !== userId) throw forbidden()
        const images = nextImages(locked, plan, newMain, newExtras)
        const placement = nextPlacement(lockedBusiness.categories, locked, input, cleared)
        const patch = {
          ...changedFields(locked, input, cleared),
          ...placement,
          image: images.image,
          images: images.images,
        }
        if (input.status === 'active' && locked.status !== 'active') {
          await checkCanShow(tx, lockedBusiness)
        }
        if (input.slug !== undefined && input.slug !== locked.slug) {
          await checkSlugFree(tx, lockedBusiness.id, input.slug, id)
        }
        // Issue 25: variants sent replace the stored ones; new options alone must still fit the
        // stored ones (no options: no variants). Image indexes follow the images by URL.
        const options = input.options ?? locked.options
        const imageUrls = (i: { image: ImageAsset; images: ImageAsset[] }) => [
          i.image.url,
          ...i.images.map((image) => image.url),
        ]
        let variants: ProductVariantValues[] | undefined = input.variants
        if (variants === undefined && input.options !== undefined) {
          const stored = await findVariants(tx, id)
          if (options.length === 0) variants = []
          else checkVariants(options, stored.map(asInput))
        }
        if (variants !== undefined) {
          checkVariants(options, variants, 1 + images.images.length)
          await saveVariants(tx, locked, options, variants)
        } else {
          await remapImageIndexes(tx, id, imageUrls(locked), imageUrls(images))
        }
        const hasVariants = variants !== undefined ? variants.length > 0 : locked.options.length > 0
        if (hasVariants) patch.stock = null
        await updateProductRow(tx, id, patch)
        return { row: (await findProductById(tx, id))!, removed: images.removed }
      })
      .catch(slugTakenOnConflict)
    return { result: await toProductReply(deps.db, row, OWNER), afterCommitDelete: removed }
  })
}

// ---------------------------------------------------------------------------------------------
// Delete

/** DELETE /products/{id}: the row goes first; its images are removed once that has committed. */
export async function deleteProduct(deps: ProductDeps, userId: string, id: string): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    await loadOwnedProduct(tx, id, userId)
    // RETURNING gives the row as deleted, images included even if an edit committed meanwhile.
    const deleted = await deleteProductRow(tx, id)
    if (!deleted) throw productNotFound()
    return deleted
  })
  await deps.media.deleteAssets([row.image, ...row.images])
}
