/**
 * Products (SPEC §3, §5, §6, §7, §9). Reads are public; writes belong to the owner of the
 * product's business, taken from the access token. Every rule the form checks is checked here
 * again, and the ones that depend on other rows (the category list, the plan limit, the number of
 * images) are checked again under a lock inside the transaction that writes.
 */
import {
  AUTH_MESSAGES,
  BUSINESS_MESSAGES,
  DEFAULT_SORT,
  LIMITS,
  PLAN_MESSAGES,
  PLANS,
  PRODUCT_MESSAGES,
  PRODUCT_SLUG_MESSAGES,
  IDENTIFIER_PATTERN,
  canAddProduct,
  isIdShaped,
  categoryKey,
  productCopyName,
  idSchema,
  type CreateProduct,
  type ImageAsset,
  type Product,
  type ProductListQuery,
  type ProductListResponse,
  type ProductOption,
  type ProductVariantValues,
  type BusinessOptions,
  type StoredProductCategory,
  type UpdateProduct,
  variantIssues,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import {
  products,
  type NewProductRow,
  type ProductRow,
  type VariantRow,
} from '../../db/schema/index.js'
import { AppError, isUniqueViolation, validationError } from '../../lib/errors.js'
import { findBusinessAccess, findBusinessById, lockBusiness } from '../businesses/index.js'
import { businessUnavailable, loadOwnedBusiness } from '../businesses/service.js'
import type { MediaService } from '../media/index.js'
import type { ClearableField } from './form.js'
import { OWNER, PUBLIC, toProduct, type ReplyAudience } from './mapper.js'
import {
  countProducts,
  deleteProductRow,
  findProductById,
  findProductAt,
  type BusinessRef,
  insertProduct,
  isSlugTaken,
  listFlaggedProducts,
  listProductPage,
  type ListQuery,
  lockProduct,
  updateProductRow,
  type ProductFlag,
} from './repository.js'
import { productSearchText } from './search.js'
import {
  findVariants,
  remapImageIndexes,
  saveVariants,
  toProductReply,
  toProducts,
  variantsOf,
} from './variants.js'

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

/** Issue 25: the first rule the options and variants break, as a 400 at its field. */
function checkVariants(
  options: readonly ProductOption[],
  variants: readonly Pick<ProductVariantValues, 'options' | 'code' | 'imageIndex'>[],
  imageCount?: number,
): void {
  const issues = variantIssues(options, variants, imageCount)
  if (issues.length === 0) return
  throw validationError(
    issues[0]!.message,
    issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  )
}

/** Stored variants as the form sends them (to check them against new options). */
function asInput(variant: VariantRow): ProductVariantValues {
  return {
    options: variant.options,
    price: variant.price,
    code: variant.code ?? undefined,
    stock: variant.stock,
    imageIndex: variant.imageIndex,
  }
}

/** Showing a product counts against the plan's visible products (issue 23 §2). */
async function checkCanShow(
  tx: Executor,
  business: { id: string; effectivePlan: keyof typeof PLANS },
): Promise<void> {
  const limit = PLANS[business.effectivePlan].productLimit
  if (limit === null) return
  const [visible] = await tx
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.businessId, business.id), eq(products.status, 'active')))
  if ((visible?.n ?? 0) >= limit) throw new AppError('FORBIDDEN', PLAN_MESSAGES.visibleLimitReached)
}

/** Ids are UUIDs; anything else cannot name a product, so it is simply not found. */
function isId(id: string): boolean {
  return idSchema.safeParse(id).success
}

/**
 * The columns of a new product from a validated create input and its place in the business's
 * categories (resolvePlacement): the product form's create and the spreadsheet import write the
 * same row. Images and the slug are the writer's (the database makes a missing slug).
 */
export function productColumns(
  businessId: string,
  input: CreateProduct,
  placement: { category: string; subCategory: string | null },
): Omit<NewProductRow, 'image' | 'images'> {
  return {
    businessId,
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
    tags: input.tags,
    specifications: input.specifications,
    ...placement,
    searchText: productSearchText(input),
    options: input.options,
    trackStock: input.trackStock,
    stock: input.variants.length > 0 ? null : (input.stock ?? null),
    status: input.status,
  }
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
): Promise<ReplyAudience> {
  return (await visibleBusiness(db, businessId, viewer, missing)).audience
}

/** checkVisible, and the business's default order (issue 27 §2). */
async function visibleBusiness(
  db: Executor,
  businessId: string,
  viewer: Viewer,
  missing: () => AppError,
): Promise<{ audience: ReplyAudience; productOrder: 'newest' | 'manual' }> {
  const business = await findBusinessAccess(db, businessId)
  if (!business) throw missing()
  // Issue 25: the owner's own reads (with the token; never cached) carry stock numbers.
  const owner = (await viewer()) === business.userId
  if (business.suspendedAt && !owner) throw businessUnavailable()
  return { audience: owner ? OWNER : PUBLIC, productOrder: business.productOrder }
}

export async function getProduct(db: Executor, id: string, viewer: Viewer): Promise<Product> {
  const row = isId(id) ? await findProductById(db, id) : undefined
  if (!row) throw productNotFound()
  return visibleProduct(db, row, viewer)
}

/**
 * GET /products/{business}/slug/{slug} (issue 27 §3): the product at that address of the business
 * (named by its id or its storefront identifier) — its slug, a slug it had (the reply's `slug`
 * is then the current one: the page redirects), or its id (the old `/productos/{id}` addresses;
 * slugs never have an id's shape). Another business's product is not found, like a hidden one
 * for the public.
 */
export async function getProductBySlug(
  db: Executor,
  business: string,
  slug: string,
  viewer: Viewer,
): Promise<Product> {
  const ref: BusinessRef | undefined = isId(business)
    ? { id: business }
    : IDENTIFIER_PATTERN.test(business.toLowerCase())
      ? { identifier: business.toLowerCase() }
      : undefined
  if (!ref) throw productNotFound()
  const at = isIdShaped(slug) ? (isId(slug) ? { id: slug } : undefined) : { slug }
  const row = at ? await findProductAt(db, ref, at) : undefined
  if (!row) throw productNotFound()
  return visibleProduct(db, row, viewer)
}

async function visibleProduct(db: Executor, row: ProductRow, viewer: Viewer): Promise<Product> {
  const audience = await checkVisible(db, row.businessId, viewer, productNotFound)
  // A hidden product is not on the storefront: for the public it does not exist (issue 23 §2);
  // its owner still opens it (to edit it).
  if (row.status !== 'active' && !audience.owner) throw productNotFound()
  return toProductReply(db, row, audience)
}

const NO_PAGE = { rows: [], total: 0, priceMax: 0 }

/**
 * The list a reader is given: the business's manual order for the default sort without a search
 * (issue 27 §2); and (issue 25 §2) a status other than 'active' only for the business's owner —
 * for anyone else hidden products do not exist: 'all' is the storefront's list, 'hidden' none
 * (undefined).
 */
function listQueryFor(
  query: ProductListQuery,
  audience: ReplyAudience,
  productOrder: 'newest' | 'manual',
): ListQuery | undefined {
  if (query.status === 'hidden' && !audience.owner) return undefined
  const manual =
    productOrder === 'manual' && query.sort === DEFAULT_SORT && query.search === undefined
  return {
    ...query,
    status: audience.owner ? query.status : 'active',
    sort: manual ? 'manual' : query.sort,
  }
}

/**
 * GET /products/{businessId}/business. An unknown business is a 404, not an empty list; a
 * suspended one too (but to its owner).
 */
export async function listProducts(
  dbs: { db: Database; searchDb: Database },
  businessId: string,
  query: ProductListQuery,
  viewer: Viewer,
): Promise<ProductListResponse> {
  if (!isId(businessId)) throw businessNotFound()
  // The business look-up (a primary-key read) runs beside the page's queries. Its order setting
  // (issue 27 §2: 'newest', or the owner's manual order) and the viewer (issue 25 §2: a status
  // other than the storefront's is the owner's alone) can change what the page asks: the
  // storefront's query is asked at once, as it stands, and asked again only when they do (a
  // manual-order business's default list), so the common list costs one round trip, not two.
  const { db } = dbs
  const [business, guessed] = await Promise.all([
    visibleBusiness(db, businessId, viewer, businessNotFound),
    query.status === 'active' ? listProductPage(dbs, businessId, query) : undefined,
  ])
  const { audience } = business
  const asked = listQueryFor(query, audience, business.productOrder)
  const page = !asked
    ? NO_PAGE
    : guessed && asked.sort === query.sort && asked.status === query.status
      ? guessed
      : await listProductPage(dbs, businessId, asked)
  // Issue 25: public cards carry no variants (the row has what a card shows; the detail has
  // them all); the owner's dashboard gets them, with their stock, in one more query.
  const variants = audience.owner ? await variantsOf(db, page.rows) : new Map<string, never>()
  return {
    items: page.rows.map((row) => toProduct(row, variants.get(row.id) ?? [], audience)),
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
  const [rows, audience] = await Promise.all([
    listFlaggedProducts(db, businessId, flag, LIMITS.carouselSize),
    checkVisible(db, businessId, viewer, businessNotFound),
  ])
  return toProducts(db, rows, audience)
}

/**
 * GET /products/{businessId}/options (issue 25): the option names and values of the business's
 * active products, each in the order first seen (oldest product first) — the storefront's
 * option filter.
 */
export async function listBusinessOptions(
  db: Executor,
  businessId: string,
  viewer: Viewer,
): Promise<BusinessOptions> {
  if (!isId(businessId)) throw businessNotFound()
  const [rows] = await Promise.all([
    db
      .select({ options: products.options })
      .from(products)
      .where(
        and(
          eq(products.businessId, businessId),
          eq(products.status, 'active'),
          sql`${products.options} <> '[]'::jsonb`,
        ),
      )
      .orderBy(asc(products.createdAt), asc(products.id)),
    checkVisible(db, businessId, viewer, businessNotFound),
  ])
  const merged = new Map<string, { name: string; values: string[]; seen: Set<string> }>()
  for (const row of rows) {
    for (const option of row.options) {
      const key = option.name.toLowerCase()
      let entry = merged.get(key)
      if (!entry) merged.set(key, (entry = { name: option.name, values: [], seen: new Set() }))
      for (const value of option.values) {
        if (entry.seen.has(value.toLowerCase())) continue
        entry.seen.add(value.toLowerCase())
        entry.values.push(value)
      }
    }
  }
  return [...merged.values()].map(({ name, values }) => ({ name, values }))
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
export function resolvePlacement(
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
