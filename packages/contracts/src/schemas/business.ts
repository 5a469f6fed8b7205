/**
 * SPEC §3 (business), §5 (wizard rules), §7 (calls). The wizard validates each step with the step
 * schemas; the API validates the parsed multipart body with createBusinessSchema /
 * updateBusinessSchema, so both report the same Spanish messages.
 */
import { z } from 'zod'
import { BUSINESS_CATEGORY_VALUES } from '../catalogue/business-categories.public.js'
import { HEX_COLOR_PATTERN } from '../catalogue/colors.public.js'
import { FEATURE_KEYS, type FeatureKey } from '../catalogue/features.public.js'
import { PLAN_TYPES } from '../catalogue/plans.public.js'
import { planStateSchema } from './plan.js'
import { normalizeSearchText } from '../catalogue/search.public.js'
import { IDENTIFIER_PATTERN, isReservedIdentifier } from '../identifier.public.js'
import { LIMITS } from '../limits.public.js'
import { BUSINESS_MESSAGES, FIELD_MESSAGES, GENERIC_MESSAGES } from '../messages.public.js'
import {
  EMAIL_PATTERN,
  idSchema,
  maxItems,
  optionalText,
  paginatedSchema,
  requiredText,
} from './common.js'
import { imageAssetSchema } from './media.js'
import { businessCurrencySchema, exchangeRateSchema, mainCurrencySchema } from './variants.js'
import { PRODUCT_ORDERS, productOrderSchema } from './product-order.js'
import { shopPixelsSchema } from './shop-pixels.js'
import {
  deliveryOptionsSchema,
  openingHoursSchema,
  paymentMethodsSchema,
  shopSettingsReplySchema,
  timeZoneSchema,
  whatsappSchema,
} from './shop-settings.js'

const NAME_MAX = LIMITS.nameMax
const DESCRIPTION_MAX = LIMITS.longTextMax
const PHONE_MAX = 30
const URL_MAX = 2048

// ---------------------------------------------------------------------------------------------
// Field schemas

export const businessNameSchema = requiredText(BUSINESS_MESSAGES.nameRequired, NAME_MAX)

/** SPEC §5: required, lowercase letters, digits, hyphens; reserved paths refused (ARCHITECTURE). */
export const businessIdentifierSchema = z
  .string({ error: BUSINESS_MESSAGES.identifierRequired })
  .trim()
  .min(1, { message: BUSINESS_MESSAGES.identifierRequired, abort: true })
  .max(LIMITS.identifierMax, { message: FIELD_MESSAGES.tooLong(LIMITS.identifierMax), abort: true })
  .regex(IDENTIFIER_PATTERN, { message: BUSINESS_MESSAGES.identifierFormat, abort: true })
  .refine((v) => !isReservedIdentifier(v), BUSINESS_MESSAGES.identifierReserved)

export const businessCategorySchema = z.enum(BUSINESS_CATEGORY_VALUES, {
  error: BUSINESS_MESSAGES.categoryRequired,
})

export const businessDescriptionSchema = requiredText(
  BUSINESS_MESSAGES.descriptionRequired,
  DESCRIPTION_MAX,
)

/** Free-form, but with enough digits for the WhatsApp link (SPEC §2.5 reduces it to digits). */
export const phoneSchema = requiredText(BUSINESS_MESSAGES.phoneRequired, PHONE_MAX).refine(
  (v) => /^[0-9+()\-.\s]+$/.test(v) && v.replace(/\D/g, '').length >= 6,
  BUSINESS_MESSAGES.phoneInvalid,
)

/** The business's public contact e-mail (SPEC §5 step 2 messages). */
export const businessEmailSchema = z
  .string({ error: BUSINESS_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { message: BUSINESS_MESSAGES.emailRequired, abort: true })
  .max(LIMITS.emailMax, { message: BUSINESS_MESSAGES.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, BUSINESS_MESSAGES.emailInvalid)

/** Optional; blank clears it. `null` in replies when unset. */
export const addressSchema = z
  .string({ error: FIELD_MESSAGES.invalid })
  .trim()
  .max(LIMITS.shortTextMax, FIELD_MESSAGES.tooLong(LIMITS.shortTextMax))
  .transform((v) => (v === '' ? null : v))

export const hexColorSchema = z
  .string({ error: BUSINESS_MESSAGES.colorInvalid })
  .trim()
  .regex(HEX_COLOR_PATTERN, BUSINESS_MESSAGES.colorInvalid)
  .transform((v) => v.toUpperCase())

function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return url.protocol === 'https:' && z.regexes.domain.test(url.hostname) && !url.username
}

/** An absolute https URL with a real host name (no credentials). */
export const httpsUrlSchema = z
  .string({ error: BUSINESS_MESSAGES.urlInvalid })
  .trim()
  .max(URL_MAX, { message: BUSINESS_MESSAGES.urlInvalid, abort: true })
  .refine(isHttpsUrl, BUSINESS_MESSAGES.urlInvalid)

/** SPEC §3: {facebook, instagram}, https URLs; blank ones are omitted (SPEC §4 submit). */
const socialLinkSchema = z
  .string({ error: BUSINESS_MESSAGES.urlInvalid })
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(httpsUrlSchema.optional())
  .optional()

export const socialLinksSchema = z.object(
  { facebook: socialLinkSchema, instagram: socialLinkSchema },
  { error: BUSINESS_MESSAGES.socialLinksInvalid },
)
export type SocialLinks = z.infer<typeof socialLinksSchema>

const featureFlag = z.boolean({ error: BUSINESS_MESSAGES.featuresInvalid })

/** SPEC §3: five booleans, each false unless sent true. */
export const featuresSchema = z.object(
  Object.fromEntries(FEATURE_KEYS.map((k) => [k, featureFlag.default(false)])) as Record<
    FeatureKey,
    z.ZodDefault<z.ZodBoolean>
  >,
  { error: BUSINESS_MESSAGES.featuresInvalid },
)

/** On update only the flags sent change; the others keep their stored value. */
export const featuresPatchSchema = z.object(
  Object.fromEntries(FEATURE_KEYS.map((k) => [k, featureFlag.optional()])) as Record<
    FeatureKey,
    z.ZodOptional<z.ZodBoolean>
  >,
  { error: BUSINESS_MESSAGES.featuresInvalid },
)

// ---------------------------------------------------------------------------------------------
// Product categories (SPEC §3, §5): names trimmed and non-empty, unique ignoring case and accents

/** Key used to compare category names: 'Café', 'cafe ' and 'CAFE' are the same category. */
export function categoryKey(name: string): string {
  return normalizeSearchText(name)
}

export const subCategorySchema = z.object({
  name: requiredText(BUSINESS_MESSAGES.subCategoryNameRequired, NAME_MAX),
  /**
   * Edit only: the name this subcategory had before the owner renamed it, so the API can rename
   * the products that use it. Never stored.
   */
  previousName: optionalText(NAME_MAX),
})
export type SubCategory = z.infer<typeof subCategorySchema>

export const productCategorySchema = z.object({
  name: requiredText(BUSINESS_MESSAGES.categoryNameRequired, NAME_MAX),
  description: optionalText(LIMITS.shortTextMax),
  subCategories: z
    .array(subCategorySchema, { error: BUSINESS_MESSAGES.categoriesInvalid })
    .refine(maxItems(LIMITS.subCategoriesMax), BUSINESS_MESSAGES.subCategoriesMax)
    .default([])
    .superRefine((subs, ctx) => {
      const seen = new Set<string>()
      subs.forEach((sub, index) => {
        const key = categoryKey(sub.name)
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: BUSINESS_MESSAGES.subCategoryNameDuplicate,
          })
        }
        seen.add(key)
      })
    }),
  /** Edit only: the name before a rename (see subCategorySchema.previousName). Never stored. */
  previousName: optionalText(NAME_MAX),
})
export type ProductCategory = z.infer<typeof productCategorySchema>
export type ProductCategoryInput = z.input<typeof productCategorySchema>

/** SPEC §5 step 4: at least one category; names unique. */
export const productCategoriesSchema = z
  .array(productCategorySchema, {
    error: (issue) =>
      issue.input === undefined
        ? BUSINESS_MESSAGES.categoriesRequired
        : BUSINESS_MESSAGES.categoriesInvalid,
  })
  .refine((items) => items.length > 0, BUSINESS_MESSAGES.categoriesRequired)
  .refine(maxItems(LIMITS.categoriesMax), BUSINESS_MESSAGES.categoriesMax)
  .superRefine((categories, ctx) => {
    const seen = new Set<string>()
    categories.forEach((category, index) => {
      const key = categoryKey(category.name)
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: BUSINESS_MESSAGES.categoryNameDuplicate,
        })
      }
      seen.add(key)
    })
  })

function isImageUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const isHost =
    z.regexes.domain.test(host) || z.regexes.ipv4.test(host) || z.regexes.ipv6.test(host)
  return (url.protocol === 'https:' || url.protocol === 'http:') && isHost && !url.username
}

/**
 * A cover slide given by URL, as the API takes it (issue 41): http or https, a host name or an
 * address, no credentials. The server downloads it (SSRF guard: private addresses are refused
 * there, with their own message) and keeps its own copy, so unlike the logo it need not be https;
 * the editor still asks for https, as it previews the URL itself on an https page.
 */
export const slideUrlSchema = z
  .string({ error: BUSINESS_MESSAGES.urlInvalid })
  .trim()
  .max(URL_MAX, { message: BUSINESS_MESSAGES.urlInvalid, abort: true })
  .refine(isImageUrl, BUSINESS_MESSAGES.urlInvalid)

/**
 * Cover slides given by URL (SPEC §2.13: "file or URL"). Issue 41: each is downloaded, checked
 * and stored as our own image when the business is saved; one that fails refuses the whole save.
 */
export const slideUrlsSchema = z
  .array(slideUrlSchema, { error: BUSINESS_MESSAGES.urlInvalid })
  .refine(maxItems(LIMITS.maxSlides), BUSINESS_MESSAGES.slidesMax)

/**
 * The order of the cover slides after a create or an edit, as the editor shows it: each entry
 * names one slide — a URL (a stored slide kept, or a `slides` URL text part) or a whole number n
 * (the n-th `slides` file part, from 0). Without it: stored slides, then URL slides, then files.
 * Entries naming no slide are ignored and slides it does not name go last, in that default order
 * (so an order built before a concurrent edit never loses a slide).
 */
const slideOrderInvalid = { error: BUSINESS_MESSAGES.slideOrderInvalid }
export const slideOrderSchema = z
  .array(
    z.union(
      [
        z.string(slideOrderInvalid).max(URL_MAX, slideOrderInvalid),
        z
          .number(slideOrderInvalid)
          .int(slideOrderInvalid)
          .min(0, slideOrderInvalid)
          .max(LIMITS.maxSlides - 1, slideOrderInvalid),
      ],
      slideOrderInvalid,
    ),
    slideOrderInvalid,
  )
  .refine(maxItems(LIMITS.maxSlides), BUSINESS_MESSAGES.slideOrderInvalid)
export type SlideOrder = z.infer<typeof slideOrderSchema>

/** PATCH only: `true` removes the stored logo (and its favicon); a logo sent with it wins. */
export const removeLogoSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
    error: BUSINESS_MESSAGES.removeLogoInvalid,
  })
  .transform((v) => v === true || v === 'true' || v === '1')

export const planTypeSchema = z.enum(PLAN_TYPES, { error: BUSINESS_MESSAGES.planInvalid })

// ---------------------------------------------------------------------------------------------
// Wizard steps (SPEC §2.13, §5)

export const businessBasicSchema = z.object({
  name: businessNameSchema,
  identifier: businessIdentifierSchema,
  category: businessCategorySchema,
  description: businessDescriptionSchema,
})
export type BusinessBasicInput = z.input<typeof businessBasicSchema>

/**
 * Step 2 with issue 24's ordering settings. Left out on create: the WhatsApp number defaults to
 * the phone when it is a mobile, delivery to pickup, payment to cash, hours to none.
 */
export const businessContactSchema = z.object({
  phone: phoneSchema,
  email: businessEmailSchema,
  address: addressSchema.optional(),
  socialLinks: socialLinksSchema.optional(),
  whatsapp: whatsappSchema.optional(),
  deliveryOptions: deliveryOptionsSchema.optional(),
  paymentMethods: paymentMethodsSchema.optional(),
  /** null clears them (the storefront then shows no open/closed state). */
  openingHours: openingHoursSchema.nullable().optional(),
  timeZone: timeZoneSchema.optional(),
  // Issue 25: the currency price sorts compare in, and the owner's pesos per dollar
  mainCurrency: mainCurrencySchema.optional(),
  exchangeRate: exchangeRateSchema.optional(),
})
export type BusinessContactInput = z.input<typeof businessContactSchema>

/** SPEC §5 step 3: always valid; missing colours get the SPEC §9 defaults on creation. */
export const businessAppearanceSchema = z.object({
  primaryColor: hexColorSchema.optional(),
  secondaryColor: hexColorSchema.optional(),
  bgColor: hexColorSchema.optional(),
})
export type BusinessAppearanceInput = z.input<typeof businessAppearanceSchema>

export const businessFeaturesSchema = z.object({
  features: featuresSchema.optional(),
  categories: productCategoriesSchema,
})
export type BusinessFeaturesInput = z.input<typeof businessFeaturesSchema>

// ---------------------------------------------------------------------------------------------
// API bodies. Multipart: the route parses the JSON-text fields (features, socialLinks,
// categories, slidesToDelete) and collects text parts, then validates with these.

/**
 * POST /businesses, parsed. Files (logo, slides) travel as file parts beside it; `logo` and
 * `slides` may also be sent as text parts holding https URLs (SPEC §2.13: "file or URL").
 * `userId` is not part of it: the owner is taken from the access token (ARCHITECTURE.md).
 */
export const createBusinessSchema = businessBasicSchema
  .extend(businessContactSchema.shape)
  .extend(businessAppearanceSchema.shape)
  .extend(businessFeaturesSchema.shape)
  .extend({
    planType: planTypeSchema.default('free'),
    logo: httpsUrlSchema.optional(),
    slides: slideUrlsSchema.optional(),
    slideOrder: slideOrderSchema.optional(),
  })
export type CreateBusinessInput = z.input<typeof createBusinessSchema>
export type CreateBusiness = z.infer<typeof createBusinessSchema>

/**
 * PATCH /businesses/{id}, parsed: any subset, plus the URLs of slides to remove (SPEC §2.15), the
 * order of the slides after the change, and `removeLogo`.
 */
export const updateBusinessSchema = z.object({
  name: businessNameSchema.optional(),
  identifier: businessIdentifierSchema.optional(),
  category: businessCategorySchema.optional(),
  description: businessDescriptionSchema.optional(),
  phone: phoneSchema.optional(),
  email: businessEmailSchema.optional(),
  address: addressSchema.optional(),
  socialLinks: socialLinksSchema.optional(),
  whatsapp: whatsappSchema.optional(),
  deliveryOptions: deliveryOptionsSchema.optional(),
  paymentMethods: paymentMethodsSchema.optional(),
  openingHours: openingHoursSchema.nullable().optional(),
  timeZone: timeZoneSchema.optional(),
  mainCurrency: mainCurrencySchema.optional(),
  /** null: back to the platform's default rate. */
  exchangeRate: exchangeRateSchema.nullable().optional(),
  /** Issue 27 §2: the storefront's default order ('newest' or 'manual'). */
  productOrder: productOrderSchema.optional(),
  primaryColor: hexColorSchema.optional(),
  secondaryColor: hexColorSchema.optional(),
  bgColor: hexColorSchema.optional(),
  features: featuresPatchSchema.optional(),
  categories: productCategoriesSchema.optional(),
  planType: planTypeSchema.optional(),
  logo: httpsUrlSchema.optional(),
  removeLogo: removeLogoSchema.optional(),
  slides: slideUrlsSchema.optional(),
  slideOrder: slideOrderSchema.optional(),
  slidesToDelete: z
    .array(z.string().max(URL_MAX), { error: BUSINESS_MESSAGES.slidesToDeleteInvalid })
    .refine(maxItems(100), BUSINESS_MESSAGES.slidesToDeleteInvalid)
    .optional(),
})
export type UpdateBusinessInput = z.input<typeof updateBusinessSchema>
export type UpdateBusiness = z.infer<typeof updateBusinessSchema>

// ---------------------------------------------------------------------------------------------
// Replies

/** A stored category as replies carry it (no previousName). */
export const storedProductCategorySchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  subCategories: z.array(z.object({ name: z.string() })),
})
export type StoredProductCategory = z.infer<typeof storedProductCategorySchema>

export const slideSchema = z.object({ image: imageAssetSchema })
export type Slide = z.infer<typeof slideSchema>

/** The public business (SPEC §3, §7). Never the owner's account e-mail nor internal columns. */
export const businessSchema = shopSettingsReplySchema.extend(businessCurrencySchema.shape).extend({
  _id: idSchema,
  name: z.string(),
  identifier: z.string(),
  description: z.string(),
  category: z.enum(BUSINESS_CATEGORY_VALUES),
  categories: z.array(storedProductCategorySchema),
  logo: imageAssetSchema.nullable(),
  address: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  socialLinks: z.object({ facebook: z.string().optional(), instagram: z.string().optional() }),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  bgColor: z.string(),
  features: z.object(
    Object.fromEntries(FEATURE_KEYS.map((k) => [k, z.boolean()])) as Record<
      FeatureKey,
      z.ZodBoolean
    >,
  ),
  slides: z.array(slideSchema),
  planType: z.enum(PLAN_TYPES),
  /** Issue 27 §2: the storefront's default order; always in the API's replies. */
  productOrder: z.enum(PRODUCT_ORDERS).optional(),
  userId: idSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /**
   * Issue 23 §3: only on the owner's own reply (`/businesses/user/me`) while an operator has
   * suspended the storefront. Public replies never carry it (a suspended business answers 404).
   */
  suspension: z.object({ reason: z.string(), suspendedAt: z.iso.datetime() }).optional(),
  /**
   * Issue 46 §3: the owner's GA4 / Meta Pixel ids, only when one is set; the storefront asks the
   * shopper's consent before loading their scripts (ADR 039).
   */
  pixels: shopPixelsSchema.optional(),
})
export type Business = z.infer<typeof businessSchema>

/** The owner's own business (GET /user/me and the owner's writes): the public fields and the plan. */
export const ownerBusinessSchema = businessSchema.extend({ plan: planStateSchema })
export type OwnerBusiness = z.infer<typeof ownerBusinessSchema>

// ---------------------------------------------------------------------------------------------
// Lists and lookups

/** Optional search text: blank is no search; otherwise at least LIMITS.searchMin characters. */
export const searchQuerySchema = z
  .string({ error: FIELD_MESSAGES.invalid })
  .trim()
  .max(LIMITS.searchMax, FIELD_MESSAGES.searchMax)
  .refine((v) => v === '' || v.length >= LIMITS.searchMin, GENERIC_MESSAGES.searchMin)
  .transform((v) => (v === '' ? undefined : v))
  .optional()

export const pageQuerySchema = z.coerce
  .number({ error: FIELD_MESSAGES.pageInvalid })
  .int(FIELD_MESSAGES.pageInvalid)
  .min(1, FIELD_MESSAGES.pageInvalid)
  .max(1_000_000, FIELD_MESSAGES.pageInvalid)
  .default(1)

/** GET /businesses: newest first, optional accent-insensitive search on name and description. */
export const businessListQuerySchema = z.object({
  page: pageQuerySchema,
  pageSize: z.coerce
    .number({ error: FIELD_MESSAGES.pageSizeInvalid })
    .int(FIELD_MESSAGES.pageSizeInvalid)
    .min(1, FIELD_MESSAGES.pageSizeInvalid)
    .max(LIMITS.businessPageSizeMax, FIELD_MESSAGES.pageSizeInvalid)
    .default(LIMITS.businessPageSizeDefault),
  search: searchQuerySchema,
})
export type BusinessListQuery = z.infer<typeof businessListQuerySchema>
export type BusinessListQueryInput = z.input<typeof businessListQuerySchema>

export const businessListResponseSchema = paginatedSchema(businessSchema)
export type BusinessListResponse = z.infer<typeof businessListResponseSchema>

export const identifierParamsSchema = z.object({
  identifier: z.string().max(200, FIELD_MESSAGES.tooLong(200)),
})

/**
 * GET /businesses/check/{identifier}. `reason` says why it is not available; 'held': another
 * business gave it up recently (issue 40 §5, LIMITS.identifierQuarantineDays).
 */
export const identifierAvailabilitySchema = z.object({
  available: z.boolean(),
  reason: z.enum(['invalid', 'reserved', 'taken', 'held']).optional(),
})
export type IdentifierAvailability = z.infer<typeof identifierAvailabilitySchema>
