/**
 * Products (SPEC §3, §5, §6, §7, §9). Reads are public; writes belong to the owner of the
 * product's business, taken from the access token. Every rule the form checks is checked here
 * again, and the ones that depend on other rows (the category list, the plan limit, the number of
 * images) are checked again under a lock inside the transaction that writes.
 */
import {
  AUTH_MESSAGES,
  BUSINESS_MESSAGES,
  LIMITS,
  PRODUCT_MESSAGES,
  canAddProduct,
  categoryKey,
  idSchema,
  type CreateProduct,
  type ImageAsset,
  type Product,
  type ProductListQuery,
  type ProductListResponse,
  type StoredProductCategory,
  type UpdateProduct,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import type { NewProductRow, ProductRow } from '../../db/schema/index.js'
import { AppError, validationError } from '../../lib/errors.js'
import { findBusinessAccess, findBusinessById, lockBusiness } from '../businesses/repository.js'
import { businessUnavailable, loadOwnedBusiness } from '../businesses/service.js'
import type { MediaService } from '../media/index.js'
import type { ClearableField } from './form.js'
import { toProduct } from './mapper.js'
import {
  countProducts,
  deleteProductRow,
  findProductById,
  insertProduct,
  listFlaggedProducts,
  listProductPage,
  lockProduct,
  updateProductRow,
  type ProductFlag,
} from './repository.js'
import { productSearchText } from './search.js'

export interface ProductDeps {
  db: Database
  media: Pick<MediaService, 'withStoredImages' | 'deleteAssets'>
}

/** Files of a product form, already read and size-checked by the multipart reader. */
export interface ProductUploads {
  image: Buffer[]
  images: Buffer[]
}

const productNotFound = () => new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound)
const businessNotFound = () => new AppError('NOT_FOUND', BUSINESS_MESSAGES.notFound)
const forbidden = () => new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden)
const planLimitReached = () => new AppError('FORBIDDEN', PRODUCT_MESSAGES.planLimitReached)
const fieldError = (path: string, message: string) => validationError(message, [{ path, message }])

/** Ids are UUIDs; anything else cannot name a product, so it is simply not found. */
function isId(id: string): boolean {
  return idSchema.safeParse(id).success
}

// ---------------------------------------------------------------------------------------------
// Reads

/**
 * Who is reading, asked only when it matters: the user of a valid bearer token, or undefined
 * (`app.viewerId`).
 */
export type Viewer = () => Promise<string | undefined>

/**
 * Issue 23 §3: the products of a suspended business answer 404 'Negocio no disponible' to
 * everybody but its owner, whose dashboard and product editor keep reading them.
 */
async function checkVisible(
  db: Executor,
  businessId: string,
  viewer: Viewer,
  missing: () => AppError,
): Promise<void> {
  const business = await findBusinessAccess(db, businessId)
  if (!business) throw missing()
  if (business.suspendedAt && (await viewer()) !== business.userId) throw businessUnavailable()
}

export async function getProduct(db: Executor, id: string, viewer: Viewer): Promise<Product> {
  const row = isId(id) ? await findProductById(db, id) : undefined
  // A hidden product is not on the storefront: for the public it does not exist (issue 23 §2).
  if (!row || row.status !== 'active') throw productNotFound()
  await checkVisible(db, row.businessId, viewer, productNotFound)
  return toProduct(row)
}

/**
 * GET /products/{businessId}/business. An unknown business is a 404, not an empty list; a
 * suspended one too (but to its owner).
 */
export async function listProducts(
  db: Database,
  businessId: string,
  query: ProductListQuery,
  viewer: Viewer,
): Promise<ProductListResponse> {
  if (!isId(businessId)) throw businessNotFound()
  // The business look-up (a primary-key read) runs beside the page's queries.
  const [page] = await Promise.all([
    listProductPage(db, businessId, query),
    checkVisible(db, businessId, viewer, businessNotFound),
  ])
  return {
    items: page.rows.map(toProduct),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    priceMax: page.priceMax,
  }
}

/** The storefront carousels (SPEC §2.5): featured, new and offer, newest first. */
export async function listCarousel(
  db: Executor,
  businessId: string,
  flag: ProductFlag,
  viewer: Viewer,
): Promise<Product[]> {
  if (!isId(businessId)) throw businessNotFound()
  const [rows] = await Promise.all([
    listFlaggedProducts(db, businessId, flag, LIMITS.carouselSize),
    checkVisible(db, businessId, viewer, businessNotFound),
  ])
  return rows.map(toProduct)
}

// ---------------------------------------------------------------------------------------------
// Categories (SPEC §3: the category must exist in the business; the subcategory must belong to it)

interface Placement {
  category: string
  subCategory: string | null
}

/**
 * Finds the business's own spelling of the category and subcategory (compared ignoring case and
 * accents, as the business editor compares them), or refuses with the field's message.
 */
function resolvePlacement(
  categories: readonly StoredProductCategory[],
  category: string,
  subCategory: string | null,
): Placement {
  const parent = categories.find((c) => categoryKey(c.name) === categoryKey(category))
  if (!parent) throw fieldError('category', PRODUCT_MESSAGES.categoryUnknown)
  if (subCategory === null) return { category: parent.name, subCategory: null }
  const child = parent.subCategories.find((s) => categoryKey(s.name) === categoryKey(subCategory))
  if (!child) throw fieldError('subCategory', PRODUCT_MESSAGES.subCategoryUnknown)
  return { category: parent.name, subCategory: child.name }
}

/**
 * The placement after an edit. A new category without a subcategory keeps the old subcategory
 * only if it belongs to the new category (SPEC §4: changing the category clears a subcategory
 * that does not belong to it); a blank subCategory clears it.
 */
function nextPlacement(
  categories: readonly StoredProductCategory[],
  current: Placement,
  input: UpdateProduct,
  cleared: ReadonlySet<ClearableField>,
): Placement | undefined {
  const subSent = input.subCategory !== undefined || cleared.has('subCategory')
  if (input.category === undefined && !subSent) return undefined
  const category = input.category ?? current.category
  if (subSent) return resolvePlacement(categories, category, input.subCategory ?? null)
  try {
    return resolvePlacement(categories, category, current.subCategory)
  } catch (error) {
    if (error instanceof AppError && error.errors?.[0]?.path === 'subCategory') {
      return resolvePlacement(categories, category, null)
    }
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// Create

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
  if (!canAddProduct(business.effectivePlan, await countProducts(deps.db, business.id))) {
    throw planLimitReached()
  }

  return deps.media.withStoredImages(async (store) => {
    const [image, ...images] = await Promise.all([
      store(mainUpload, 'product', { field: 'image' }),
      ...uploads.images.map((buffer) => store(buffer, 'product', { field: 'images' })),
    ])
    const row = await deps.db.transaction(async (tx) => {
      const locked = await lockBusiness(tx, business.id)
      if (!locked) throw businessNotFound()
      if (locked.userId !== userId) throw forbidden()
      if (!canAddProduct(locked.effectivePlan, await countProducts(tx, locked.id))) {
        throw planLimitReached()
      }
      const placement = resolvePlacement(
        locked.categories,
        input.category,
        input.subCategory ?? null,
      )
      return insertProduct(tx, {
        businessId: locked.id,
        name: input.name,
        description: input.description,
        info: input.info ?? null,
        price: input.price,
        discount: input.discount,
        isOffer: input.discount > 0,
        isFeatured: input.isFeatured,
        isNew: input.isNew,
        currency: input.currency,
        code: input.code ?? null,
        image: image!,
        images,
        tags: input.tags,
        specifications: input.specifications,
        ...placement,
        searchText: productSearchText(input),
      })
    })
    return { result: toProduct(row) }
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
  patch.searchText = productSearchText({
    name: patch.name ?? row.name,
    description: patch.description ?? row.description,
    code: patch.code !== undefined ? patch.code : row.code,
    tags: patch.tags ?? row.tags,
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
    const { row, removed } = await deps.db.transaction(async (tx) => {
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
      return { row: await updateProductRow(tx, id, patch), removed: images.removed }
    })
    return { result: toProduct(row), afterCommitDelete: removed }
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
