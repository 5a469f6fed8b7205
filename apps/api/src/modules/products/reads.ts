/**
 * Product reads (SPEC §5, §7): one product by id or slug, the storefront's and the owner's lists,
 * the carousels and the list's filter options. Public, but for a suspended business's products,
 * which only its owner reads (issue 23 §3).
 */
import {
  DEFAULT_SORT,
  LIMITS,
  IDENTIFIER_PATTERN,
  isIdShaped,
  type Product,
  type ProductListQuery,
  type ProductCarousels,
  type ProductListResponse,
  type BusinessOptions,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import { and, asc, eq, sql } from 'drizzle-orm'
import { products, type ProductRow } from '../../db/schema/index.js'
import type { AppError } from '../../lib/errors.js'
import { findBusinessAccess, type BusinessAccess } from '../businesses/index.js'
import { promotionBadges, withPromotion, type PromotionBadges } from '../promotions/service.js'
import { businessUnavailable } from '../businesses/service.js'
import { OWNER, PUBLIC, toProduct, type ReplyAudience } from './mapper.js'
import {
  findCatalogueContext,
  findProductById,
  findProductAt,
  listCarouselRows,
  type BusinessRef,
  listFlaggedProducts,
  listProductPage,
  type ListQuery,
  type ProductFlag,
} from './repository.js'
import { toProductReply, toProducts, variantsOf } from './variants.js'
import { productNotFound, businessNotFound, isId } from './rules.js'

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
  return audienceOf(await findBusinessAccess(db, businessId), viewer, missing)
}

/**
 * visibleBusiness and the promotions' badges (issue 45), from one statement (issue 42 §4): what
 * every read of product replies needs of its business.
 */
async function visibleCatalogue(
  db: Executor,
  businessId: string,
  viewer: Viewer,
  missing: () => AppError,
): Promise<{
  audience: ReplyAudience
  productOrder: 'newest' | 'manual'
  hasHidden: boolean
  badges: PromotionBadges
}> {
  const context = await findCatalogueContext(db, businessId)
  if (!context) throw missing()
  const { audience, productOrder } = await audienceOf(context, viewer, missing)
  const badges = promotionBadges(context.timeZone, context.promotions)
  return { audience, productOrder, hasHidden: context.hasHidden, badges }
}

async function audienceOf(
  business: BusinessAccess | undefined,
  viewer: Viewer,
  missing: () => AppError,
): Promise<{ audience: ReplyAudience; productOrder: 'newest' | 'manual' }> {
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
  // Issue 45: the promotions' badge is read beside the business's access.
  const { audience, badges } = await visibleCatalogue(db, row.businessId, viewer, productNotFound)
  // A hidden product is not on the storefront: for the public it does not exist (issue 23 §2);
  // its owner still opens it (to edit it).
  if (row.status !== 'active' && !audience.owner) throw productNotFound()
  return withPromotion(await toProductReply(db, row, audience), badges)
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
  // The business's context (a primary-key read: access, order, hidden products, promotions)
  // comes first: its order setting (issue 27 §2: 'newest', or the owner's manual order) and the
  // viewer (issue 25 §2: a status other than the storefront's is the owner's alone) can change
  // what the page asks. The storefront's query is started at once, as it stands — a search
  // expands its words meanwhile, a plain list waits for the context's `hasHidden` — and asked
  // again only when they change it (a manual-order business's default list).
  const { db } = dbs
  const context = visibleCatalogue(db, businessId, viewer, businessNotFound)
  const hasHidden = async () => (await context).hasHidden
  const [business, guessed] = await Promise.all([
    context,
    query.status === 'active' ? listProductPage(dbs, businessId, query, hasHidden) : undefined,
  ])
  const { audience, badges } = business
  const asked = listQueryFor(query, audience, business.productOrder)
  const page = !asked
    ? NO_PAGE
    : guessed && asked.sort === query.sort && asked.status === query.status
      ? guessed
      : await listProductPage(dbs, businessId, asked, hasHidden)
  // Issue 25: public cards carry no variants (the row has what a card shows; the detail has
  // them all); the owner's dashboard gets them, with their stock, in one more query.
  const variants = audience.owner ? await variantsOf(db, page.rows) : new Map<string, never>()
  return {
    items: page.rows.map((row) =>
      withPromotion(toProduct(row, variants.get(row.id) ?? [], audience), badges),
    ),
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
  const [rows, { audience, badges }] = await Promise.all([
    listFlaggedProducts(db, businessId, flag, LIMITS.carouselSize),
    visibleCatalogue(db, businessId, viewer, businessNotFound),
  ])
  return (await toProducts(db, rows, audience)).map((product) => withPromotion(product, badges))
}

/**
 * GET /products/{businessId}/carousels (issue 42 §4): the storefront home's three carousels, with
 * one read of the business and one statement for the three lists.
 */
export async function listCarousels(
  db: Executor,
  businessId: string,
  viewer: Viewer,
): Promise<ProductCarousels> {
  if (!isId(businessId)) throw businessNotFound()
  const [listed, { audience, badges }] = await Promise.all([
    listCarouselRows(db, businessId),
    visibleCatalogue(db, businessId, viewer, businessNotFound),
  ])
  const products = await toProducts(
    db,
    listed.map(({ row }) => row),
    audience,
  )
  const carousels: ProductCarousels = { featured: [], new: [], offer: [] }
  const kindOf: Record<ProductFlag, keyof ProductCarousels> = {
    isFeatured: 'featured',
    isNew: 'new',
    isOffer: 'offer',
  }
  listed.forEach(({ flag }, i) => carousels[kindOf[flag]].push(withPromotion(products[i]!, badges)))
  return carousels
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
