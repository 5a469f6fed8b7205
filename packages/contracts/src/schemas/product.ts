/**
 * SPEC §3 (product), §5 (product form), §7 (calls), §9 (limits). The web product form validates
 * each tab with the *FormSchema exports; the API validates the parsed multipart body with
 * createProductSchema / updateProductSchema. Same rules, same Spanish messages.
 */
import { z } from 'zod'
import { DEFAULT_SORT, SORT_VALUES } from '../catalogue/sort.public.js'
import { IMAGE_MIME_TYPES, LIMITS } from '../limits.public.js'
import { FIELD_MESSAGES, PRODUCT_MESSAGES, PRODUCT_SLUG_MESSAGES } from '../messages.public.js'
import { PRODUCT_VISIBILITY_TEXTS } from '../owner-messages.js'
import {
  idSchema,
  maxItems,
  optionalText,
  priceTextSchema,
  queryBooleanSchema,
  requiredText,
} from './common.js'
import { imageAssetSchema } from './media.js'
import { PRODUCT_STATUSES } from './plan.js'
import { pageQuerySchema, searchQuerySchema } from './business.js'
import { CURRENCY_CODES } from '../money.public.js'
import { productSlugIssue } from '../product-slug.public.js'
import { DELIVERY_SETTINGS_MESSAGES, PRODUCT_WEIGHT_MAX_GRAMS } from '../orders/delivery.js'
import {
  currencyCodeSchema,
  optionFilterSchema,
  productOptionReplySchema,
  productOptionsSchema,
  productStatusSchema,
  productVariantSchema,
  productVariantsSchema,
  stockSchema,
  trackStockSchema,
  variantIssues,
} from './variants.js'

const CODE_MAX = 64
const NAME_MAX = LIMITS.nameMax

/** Numbers arrive as text in multipart and query strings; blank is "not given". */
function numberFromText(message: string, missingMessage = message) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? missingMessage : message) })
      .finite(message),
  )
}

/** Multipart and query booleans: true/false or 'true'/'false'/'1'/'0'. */
export const formBooleanSchema = queryBooleanSchema

// ---------------------------------------------------------------------------------------------
// Field schemas

export const productNameSchema = requiredText(PRODUCT_MESSAGES.nameRequired, NAME_MAX)

/** SPEC §5: short description, required, at most 255 characters. */
export const productDescriptionSchema = requiredText(
  PRODUCT_MESSAGES.descriptionRequired,
  LIMITS.shortTextMax,
  PRODUCT_MESSAGES.descriptionMax,
)

/** SPEC §5: greater than zero, cents precision. An empty price is 'not greater than zero', as the form says; text that is no number is invalid. */
export const priceSchema = priceTextSchema(undefined)
  .pipe(
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? PRODUCT_MESSAGES.priceMin : PRODUCT_MESSAGES.priceInvalid,
      })
      .finite(PRODUCT_MESSAGES.priceInvalid),
  )
  .refine((v) => v > 0, PRODUCT_MESSAGES.priceMin)
  .refine((v) => v <= LIMITS.priceMax, PRODUCT_MESSAGES.priceMax)
  .transform((v) => Math.round(v * 100) / 100)

/** SPEC §3: a percentage; whole numbers 0–99 (100 would give the product away). */
export const discountSchema = numberFromText(PRODUCT_MESSAGES.discountRange).refine(
  (v) => Number.isInteger(v) && v >= 0 && v <= LIMITS.discountMax,
  PRODUCT_MESSAGES.discountRange,
)

/** Issue 25: 'UYU' or 'USD' (the old '$' / 'US$' are read as their code). */
export const currencySchema = currencyCodeSchema

export const productCategoryNameSchema = requiredText(PRODUCT_MESSAGES.categoryRequired, NAME_MAX)

/** SPEC §5: a tag must not be empty once trimmed. */
export const tagSchema = requiredText(PRODUCT_MESSAGES.tagRequired, LIMITS.tagMax)

/** Tags, trimmed; duplicates (ignoring case) are dropped keeping the first spelling. */
export const tagsSchema = z
  .array(tagSchema, { error: PRODUCT_MESSAGES.tagsInvalid })
  .refine(maxItems(LIMITS.tagsMax), PRODUCT_MESSAGES.tagsMax)
  .transform((tags) => {
    const seen = new Set<string>()
    return tags.filter((tag) => {
      const key = tag.toLowerCase()
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  })

/** SPEC §5: a specification needs both name and value. */
export const specificationSchema = z.object(
  {
    name: requiredText(PRODUCT_MESSAGES.specificationRequired, NAME_MAX),
    value: requiredText(PRODUCT_MESSAGES.specificationRequired, LIMITS.shortTextMax),
  },
  { error: PRODUCT_MESSAGES.specificationsInvalid },
)
export type Specification = z.infer<typeof specificationSchema>

export const specificationsSchema = z
  .array(specificationSchema, { error: PRODUCT_MESSAGES.specificationsInvalid })
  .refine(maxItems(LIMITS.specificationsMax), PRODUCT_MESSAGES.specificationsMax)

/** Existing image URLs removed during an edit (SPEC §3 imagesToDelete). */
export const imagesToDeleteSchema = z
  .array(z.string().max(2048), { error: PRODUCT_MESSAGES.imagesToDeleteInvalid })
  .refine(maxItems(LIMITS.maxExtraImages + 1), PRODUCT_MESSAGES.imagesToDeleteInvalid)

/**
 * Issue 27 §3: the address the owner types (product-slug.public.ts), trimmed. Taken or not is the
 * API's check (PRODUCT_SLUG_MESSAGES.taken).
 */
export const productSlugSchema = z
  .string({ error: PRODUCT_SLUG_MESSAGES.invalid })
  .transform((v) => v.trim())
  .superRefine((value, ctx) => {
    const message = productSlugIssue(value)
    if (message) ctx.addIssue({ code: 'custom', message })
  })

/** Issue 44 §1: a product's weight in whole grams (multipart sends text: '' is none). */
const productWeightSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v),
  z
    .number({ error: DELIVERY_SETTINGS_MESSAGES.weightInvalid })
    .int(DELIVERY_SETTINGS_MESSAGES.weightInvalid)
    .min(1, DELIVERY_SETTINGS_MESSAGES.weightInvalid)
    .max(PRODUCT_WEIGHT_MAX_GRAMS, DELIVERY_SETTINGS_MESSAGES.weightInvalid)
    .nullable(),
)

/** The editable fields, with no defaults (so a partial update never resets what it omits). */
const productFields = {
  name: productNameSchema,
  description: productDescriptionSchema,
  info: optionalText(LIMITS.longTextMax),
  price: priceSchema,
  discount: discountSchema,
  currency: currencySchema,
  code: optionalText(CODE_MAX),
  isFeatured: formBooleanSchema,
  isNew: formBooleanSchema,
  category: productCategoryNameSchema,
  subCategory: optionalText(NAME_MAX),
  tags: tagsSchema,
  specifications: specificationsSchema,
  // Issue 25: options and variants arrive as JSON text in multipart (parsed before validation)
  options: productOptionsSchema,
  variants: productVariantsSchema,
  trackStock: trackStockSchema,
  /** Units of a product without variants (with trackStock); null clears it. */
  stock: stockSchema.nullable(),
  /** Issue 44 §1: grams, for zones priced by weight bands; '' or null clears it. */
  weightGrams: productWeightSchema,
  status: productStatusSchema,
  /** Issue 27 §3: absent, the database makes it from the name (and keeps it on a rename). */
  slug: productSlugSchema,
}

/** The cross-field rules of options and variants as zod issues (image indexes: the API). */
function refineVariants(
  value: { options?: ProductOptionValues; variants?: ProductVariantValuesList },
  ctx: z.RefinementCtx,
) {
  if (value.variants === undefined) return
  for (const issue of variantIssues(value.options ?? [], value.variants)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  }
}
type ProductOptionValues = z.infer<typeof productOptionsSchema>
type ProductVariantValuesList = z.infer<typeof productVariantsSchema>

// ---------------------------------------------------------------------------------------------
// API bodies (multipart, parsed: text parts collected, `tags[i]` gathered into `tags` — or one
// `tags` part of JSON text, which lets a PATCH clear them with `[]` — `specifications` and
// `imagesToDelete` JSON-parsed). Files (image, images) travel beside them.
// isOffer is not accepted: the API derives it from the discount (SPEC §3).

export const createProductSchema = z
  .object({
    businessId: idSchema,
    ...productFields,
    discount: productFields.discount.default(0),
    currency: productFields.currency.default('UYU'),
    isFeatured: productFields.isFeatured.default(false),
    isNew: productFields.isNew.default(false),
    tags: productFields.tags.default([]),
    specifications: productFields.specifications.default([]),
    options: productFields.options.default([]),
    variants: productFields.variants.default([]),
    trackStock: productFields.trackStock.default(false),
    stock: productFields.stock.optional(),
    weightGrams: productFields.weightGrams.optional(),
    status: productFields.status.default('active'),
    slug: productFields.slug.optional(),
  })
  .superRefine(refineVariants)
export type CreateProductInput = z.input<typeof createProductSchema>
export type CreateProduct = z.infer<typeof createProductSchema>

/**
 * PATCH /products/{id}: any subset of the fields (no businessId: a product never moves), plus
 * imagesToDelete. SPEC §7 also leaves out isNew; we accept it so owners can retire the 'Nuevo'
 * badge (docs/decisions/003-businesses.md).
 */
export const updateProductSchema = z
  .object(productFields)
  .partial()
  .extend({
    imagesToDelete: imagesToDeleteSchema.optional(),
    /** Issue 27 §3: make the address again from the (new) name; the old one redirects. */
    regenerateSlug: formBooleanSchema.optional(),
  })
  // Options without variants keep the stored variants only if they still match: the API checks
  // the stored ones; here, variants sent with the options must match them.
  .superRefine(refineVariants)
export type UpdateProductInput = z.input<typeof updateProductSchema>
export type UpdateProduct = z.infer<typeof updateProductSchema>

// ---------------------------------------------------------------------------------------------
// Reply

export const productSchema = z.object({
  _id: idSchema,
  businessId: idSchema,
  /** Issue 27 §3: the readable address, `/{identifier}/productos/{slug}`. */
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  info: z.string().nullable(),
  price: z.number(),
  discount: z.number().int(),
  /** discountedPrice(price, discount): what the list filters and sorts by. */
  finalPrice: z.number(),
  /** Issue 25: an ISO code; `currencySymbol` is how it is written ('$', 'US$'). */
  currency: z.enum(CURRENCY_CODES),
  currencySymbol: z.string(),
  code: z.string().nullable(),
  isFeatured: z.boolean(),
  isNew: z.boolean(),
  /** discount > 0 (SPEC §3). */
  isOffer: z.boolean(),
  image: imageAssetSchema,
  images: z.array(imageAssetSchema),
  tags: z.array(z.string()),
  specifications: z.array(z.object({ name: z.string(), value: z.string() })),
  category: z.string(),
  subCategory: z.string().nullable(),
  /** 'hidden': kept but not on the storefront (over the free plan's limit; issue 23 §2). */
  status: z.enum(PRODUCT_STATUSES),
  // Issue 25 — variants and stock
  options: z.array(productOptionReplySchema),
  /**
   * Empty in the public list's items (their cards use priceFrom / available / lowStock); the
   * detail, the carousels and the owner's list carry them (docs/decisions/027, migration 0019).
   */
  variants: z.array(productVariantSchema),
  trackStock: z.boolean(),
  /** Units of a product without variants: only in the owner's replies (null: not kept). */
  stock: z.number().int().nullable().optional(),
  /** Issue 44 §1: the product's weight in grams (null: not set); only in the owner's replies. */
  weightGrams: z.number().int().nullable().optional(),
  /** Something can be ordered: not tracked, or a unit left (of the product or some variant). */
  available: z.boolean(),
  /** 1…5 units left in all (of the product, or its variants together); else null. */
  lowStock: z.number().int().nullable(),
  /** The lowest final price among available variants when their prices differ ('desde $ X'). */
  priceFrom: z.number().nullable(),
  /**
   * Issue 45: the running automatic promotion that covers the product (its badge, '3x2', and
   * the badge's words), read with the product in the shop's time zone; absent when none.
   */
  promotion: z.object({ badge: z.string(), label: z.string() }).optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Product = z.infer<typeof productSchema>

// ---------------------------------------------------------------------------------------------
// List

const priceBound = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z
    .number({ error: FIELD_MESSAGES.numberInvalid })
    .finite(FIELD_MESSAGES.numberInvalid)
    .min(0, FIELD_MESSAGES.numberInvalid)
    .optional(),
)

/**
 * Issue 25 §2: which products a list holds — the storefront's (`active`), the hidden ones, or
 * both. Honoured for the business's owner only: for anyone else hidden products do not exist.
 */
export const PRODUCT_LIST_STATUSES = ['active', 'hidden', 'all'] as const
export type ProductListStatus = (typeof PRODUCT_LIST_STATUSES)[number]

/**
 * GET /products/{businessId}/business query (SPEC §7). minPrice/maxPrice bound the FINAL price
 * (what the card shows) converted to the business's main currency (issue 25), as do the price
 * sorts. search: blank is none; 1–2 characters is a 400 with
 * GENERIC_MESSAGES.searchMin, the same rule the storefront header enforces (SPEC §2.6).
 */
export const productListQuerySchema = z
  .object({
    sort: z.enum(SORT_VALUES, { error: FIELD_MESSAGES.invalid }).default(DEFAULT_SORT),
    minPrice: priceBound,
    maxPrice: priceBound,
    category: optionalText(NAME_MAX),
    subCategory: optionalText(NAME_MAX),
    isOffer: queryBooleanSchema.optional(),
    isFeatured: queryBooleanSchema.optional(),
    isNew: queryBooleanSchema.optional(),
    search: searchQuerySchema,
    /** Issue 25: `option=Talle:M` (repeatable): products with an available variant so chosen. */
    option: optionFilterSchema,
    status: z
      .enum(PRODUCT_LIST_STATUSES, { error: PRODUCT_VISIBILITY_TEXTS.statusInvalid })
      .default('active'),
    page: pageQuerySchema,
    pageSize: z.coerce
      .number({ error: FIELD_MESSAGES.pageSizeInvalid })
      .int(FIELD_MESSAGES.pageSizeInvalid)
      .min(1, FIELD_MESSAGES.pageSizeInvalid)
      .max(LIMITS.productPageSizeMax, FIELD_MESSAGES.pageSizeInvalid)
      .default(LIMITS.productPageSizeDefault),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    path: ['minPrice'],
    message: PRODUCT_MESSAGES.priceRange,
  })
export type ProductListQuery = z.infer<typeof productListQuerySchema>
export type ProductListQueryInput = z.input<typeof productListQuerySchema>

export const productListResponseSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /**
   * Highest final price in the filtered set ignoring the price bounds, in the business's main
   * currency; 0 when empty.
   */
  priceMax: z.number().nonnegative(),
})
export type ProductListResponse = z.infer<typeof productListResponseSchema>

/**
 * The storefront home's three carousels (SPEC §2.5) in one reply (issue 42 §4: one read of the
 * business and one statement instead of three of each): each at most LIMITS.carouselSize
 * products, newest first.
 */
export const productCarouselsSchema = z.object({
  featured: z.array(productSchema),
  new: z.array(productSchema),
  offer: z.array(productSchema),
})
export type ProductCarousels = z.infer<typeof productCarouselsSchema>

// ---------------------------------------------------------------------------------------------
// Web product form (SPEC §2.16, §4): one schema per tab, built from the same field rules.

/** A file picked in the browser (structural, so this package needs no DOM types). */
export interface PickedFile {
  name: string
  size: number
  type: string
}

function isPickedFile(v: unknown): v is PickedFile {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as PickedFile).size === 'number' &&
    typeof (v as PickedFile).type === 'string'
  )
}

/** A new upload (File) checked for type and size, or an existing image kept by its URL. */
export const imageInputSchema = z
  .custom<PickedFile | string>(
    (v) => (typeof v === 'string' && v.length > 0) || isPickedFile(v),
    PRODUCT_MESSAGES.mainImageRequired,
  )
  .superRefine((v, ctx) => {
    if (typeof v === 'string') return
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(v.type)) {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.imageInvalid })
    } else if (v.size > LIMITS.maxImageBytes) {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.imageTooLarge })
    }
  })

export const productBasicFormSchema = z.object({
  name: productNameSchema,
  description: productDescriptionSchema,
  price: priceSchema,
  discount: discountSchema.default(0),
  currency: currencySchema.default('UYU'),
  code: productFields.code,
  isFeatured: z.boolean().default(false),
  isNew: z.boolean().default(false),
})
export type ProductBasicForm = z.input<typeof productBasicFormSchema>

export const productImagesFormSchema = z.object({
  image: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', PRODUCT_MESSAGES.mainImageRequired)
    .pipe(imageInputSchema),
  images: z
    .array(imageInputSchema)
    .refine(maxItems(LIMITS.maxExtraImages), PRODUCT_MESSAGES.imagesMax)
    .default([]),
})
export type ProductImagesForm = z.input<typeof productImagesFormSchema>

export const productDetailsFormSchema = z.object({
  category: productCategoryNameSchema,
  subCategory: productFields.subCategory,
  tags: tagsSchema.default([]),
  specifications: specificationsSchema.default([]),
})
export type ProductDetailsForm = z.input<typeof productDetailsFormSchema>

/** SPEC §3: the subcategory must belong to the chosen category of the business. */
export function isSubCategoryOf(
  categories: readonly { name: string; subCategories: readonly { name: string }[] }[],
  category: string,
  subCategory: string | null | undefined,
): boolean {
  if (!subCategory) return true
  const parent = categories.find((c) => c.name === category)
  return parent !== undefined && parent.subCategories.some((s) => s.name === subCategory)
}
