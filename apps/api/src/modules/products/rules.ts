/**
 * The rules a product's reads and writes share (SPEC §3, §9; issues 23, 25): its errors, the
 * variants' and the plan's checks, its place among the business's categories, and the columns of
 * a new product (the form's create and the spreadsheet import write the same row).
 */
import {
  AUTH_MESSAGES,
  BUSINESS_MESSAGES,
  PLAN_MESSAGES,
  PLANS,
  PRODUCT_MESSAGES,
  categoryKey,
  idSchema,
  type CreateProduct,
  type ProductOption,
  type ProductVariantValues,
  type StoredProductCategory,
  type UpdateProduct,
  variantIssues,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import { and, count, eq } from 'drizzle-orm'
import { products, type NewProductRow, type VariantRow } from '../../db/schema/index.js'
import { AppError, validationError } from '../../lib/errors.js'
import type { MediaService } from '../media/index.js'
import type { ClearableField } from './form.js'
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

export const productNotFound = () => new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound)
export const businessNotFound = () => new AppError('NOT_FOUND', BUSINESS_MESSAGES.notFound)
export const forbidden = () => new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden)
export const planLimitReached = () => new AppError('FORBIDDEN', PRODUCT_MESSAGES.planLimitReached)
export const fieldError = (path: string, message: string) =>
  validationError(message, [{ path, message }])

/** Issue 25: the first rule the options and variants break, as a 400 at its field. */
export function checkVariants(
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
export function asInput(variant: VariantRow): ProductVariantValues {
  return {
    options: variant.options,
    price: variant.price,
    code: variant.code ?? undefined,
    stock: variant.stock,
    imageIndex: variant.imageIndex,
  }
}

/** Showing a product counts against the plan's visible products (issue 23 §2). */
export async function checkCanShow(
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
export function isId(id: string): boolean {
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
    weightGrams: input.weightGrams ?? null,
    status: input.status,
  }
}

// ---------------------------------------------------------------------------------------------
// Categories (SPEC §3: the category must exist in the business; the subcategory must belong to it)

export interface Placement {
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
export function nextPlacement(
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
