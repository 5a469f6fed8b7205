/**
 * Issue 27 §2: bulk edits of the owner's products and the manual order
 * (docs/decisions/029-bulk-edits-and-manual-order.md).
 *
 * A bulk edit is one request and one transaction: the owner's business row is locked first (the
 * order every product write takes), then the chosen products (by id order, so concurrent edits
 * never deadlock); every rule is checked before anything is written, and any refusal leaves every
 * product as it was. The read cache is invalidated once, by the write hook every successful
 * /api/products write goes through (plugins/read-cache.ts). Deleted products' images are removed
 * after the commit, as deleteProduct does.
 */
import {
  BULK_MAX_PRODUCTS,
  BULK_MESSAGES,
  BUSINESS_MESSAGES,
  LIMITS,
  PLANS,
  PRODUCT_MESSAGES,
  idSchema,
  priceChangeCents,
  type BulkChange,
  type BulkRequest,
  type BulkResponse,
  type ImageAsset,
  type ProductMove,
} from '@vitrina/contracts'
import { and, count, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { products, productVariants, type BusinessRow } from '../../db/schema/index.js'
import { AppError, validationError } from '../../lib/errors.js'
import { findBusinessByUserId, lockBusiness } from '../businesses/index.js'
import { hasHiddenFor, idsOf, productListStatement, type ListSearch } from './repository.js'
import { expandTerms, expansionWords, searchTerms, textArray } from './search.js'
import { resolvePlacement, type ProductDeps } from './service.js'

const businessNotFound = () => new AppError('NOT_FOUND', BUSINESS_MESSAGES.notFound)
const changeError = (path: string, message: string) => validationError(message, [{ path, message }])

/** A uuid[] parameter (one text parameter: the same on node-postgres and PGlite). */
const uuids = (ids: readonly string[]) => sql`${textArray(ids)}::uuid[]`

/** The token owner's business, locked for the rest of the transaction. */
async function lockOwnBusiness(tx: Executor, userId: string): Promise<BusinessRow> {
  const own = await findBusinessByUserId(tx, userId)
  if (!own) throw businessNotFound()
  const locked = await lockBusiness(tx, own.id)
  if (!locked || locked.userId !== userId) throw businessNotFound()
  return locked
}

interface Chosen {
  id: string
  name: string
  price: number
  status: string
}

/** Locks the business's products among `ids` (id order) and returns them. */
async function lockChosen(tx: Executor, businessId: string, ids: readonly string[]) {
  if (ids.length === 0) return []
  const result = await tx.execute(sql`SELECT id, name, price, status FROM ${products}
    WHERE business_id = ${businessId} AND id = ANY(${uuids(ids)})
    ORDER BY id FOR UPDATE`)
  return (result as unknown as { rows: Chosen[] }).rows.map((r) => ({
    ...r,
    price: Number(r.price),
  }))
}

/**
 * The products a request names: its ids — all of them the owner's (another business's id, or
 * one deleted meanwhile, refuses the whole request: nothing is changed) — or every product of
 * the owner's list that matches its filter: the list's own statement (list-query.ts and the
 * search), read as one page of BULK_MAX_PRODUCTS + 1.
 */
async function choose(tx: Executor, businessId: string, body: BulkRequest): Promise<Chosen[]> {
  if (body.ids) {
    const wanted = new Set(body.ids.map((id) => id.toLowerCase()))
    const chosen = await lockChosen(tx, businessId, [...wanted])
    if (chosen.length !== wanted.size) {
      throw new AppError('NOT_FOUND', BULK_MESSAGES.someNotFound)
    }
    return chosen
  }
  const filter = body.filter!
  const query = { ...filter, page: 1, pageSize: BULK_MAX_PRODUCTS + 1 }
  let search: ListSearch | undefined
  if (filter.search !== undefined) {
    const terms = searchTerms(filter.search)
    if (terms.length === 0) return []
    search = await expandTerms(tx, businessId, terms)
    if (search.some((e) => expansionWords(e).length === 0)) return []
  }
  // Issue 25 §2: the filter's status too (the owner's own list: hidden products included).
  const hasHidden = await hasHiddenFor(tx, businessId, query)
  const result = await tx.execute(productListStatement(businessId, query, search, hasHidden))
  const summary = (result as unknown as { rows: { ids: string[] | string }[] }).rows[0]
  const ids = summary ? idsOf(summary.ids) : []
  if (ids.length > BULK_MAX_PRODUCTS) throw changeError('filter', BULK_MESSAGES.tooManyMatched)
  return lockChosen(tx, businessId, ids)
}

/** Prices and variant price overrides moved by the change; refused whole if one leaves the range. */
async function changePrices(tx: Executor, chosen: Chosen[], change: BulkChange): Promise<void> {
  const maxCents = LIMITS.priceMax * 100
  const check = (cents: number, name: string) => {
    if (cents <= 0) throw changeError('change', BULK_MESSAGES.priceNotPositive(name))
    if (cents > maxCents) throw changeError('change', BULK_MESSAGES.priceTooHigh(name))
  }
  const ids = chosen.map((c) => c.id)
  const nameOf = new Map(chosen.map((c) => [c.id, c.name]))
  const newPrices = chosen.map((c) => {
    const cents = priceChangeCents(c.price, change)
    check(cents, c.name)
    return cents / 100
  })
  const variantResult = await tx.execute(sql`SELECT id, product_id, price FROM ${productVariants}
    WHERE product_id = ANY(${uuids(ids)}) AND price IS NOT NULL ORDER BY id FOR UPDATE`)
  const variants = (
    variantResult as unknown as { rows: { id: string; product_id: string; price: string }[] }
  ).rows
  const variantPrices = variants.map((v) => {
    const cents = priceChangeCents(Number(v.price), change)
    check(cents, nameOf.get(v.product_id) ?? '')
    return cents / 100
  })
  // Every price checked: now written, one statement for the products, one for the variants.
  await tx.execute(sql`UPDATE ${products} AS p SET price = v.price, updated_at = now()
    FROM (SELECT unnest(${uuids(ids)}) AS id, unnest(${textArray(newPrices.map(String))}::numeric[]) AS price) AS v
    WHERE p.id = v.id`)
  if (variants.length > 0) {
    await tx.execute(sql`UPDATE ${productVariants} AS pv SET price = v.price
      FROM (SELECT unnest(${uuids(variants.map((v) => v.id))}) AS id, unnest(${textArray(variantPrices.map(String))}::numeric[]) AS price) AS v
      WHERE pv.id = v.id`)
  }
}

/**
 * Destacado / nuevo / oferta. An offer is a discount (SPEC §3: isOffer is discount > 0, a check
 * keeps it so): setting it sets the discount, clearing it clears the discount.
 */
function flagsPatch(change: BulkChange): SQL[] {
  const set: SQL[] = []
  if (change.isFeatured !== undefined) set.push(sql`is_featured = ${change.isFeatured}`)
  if (change.isNew !== undefined) set.push(sql`is_new = ${change.isNew}`)
  const discount = change.isOffer === false ? 0 : change.discount
  if (discount !== undefined) {
    set.push(sql`discount = ${discount}`, sql`is_offer = ${discount > 0}`)
  }
  return set
}

async function updateChosen(tx: Executor, ids: readonly string[], set: SQL[]): Promise<void> {
  await tx.execute(sql`UPDATE ${products} SET ${sql.join(set, sql`, `)}, updated_at = now()
    WHERE id = ANY(${uuids(ids)})`)
}

/** Showing products counts against the plan's visible products (issue 23 §2), all at once. */
async function checkCanShowAll(tx: Executor, business: BusinessRow, chosen: Chosen[]) {
  const limit = PLANS[business.effectivePlan].productLimit
  const toShow = chosen.filter((c) => c.status !== 'active').length
  if (limit === null || toShow === 0) return
  const [visible] = await tx
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.businessId, business.id), eq(products.status, 'active')))
  const shown = visible?.n ?? 0
  if (shown + toShow > limit) {
    throw new AppError('FORBIDDEN', BULK_MESSAGES.showOverLimit(Math.max(0, limit - shown)))
  }
}

/** POST /products/bulk. */
export async function bulkEdit(
  deps: ProductDeps,
  userId: string,
  body: BulkRequest,
): Promise<BulkResponse> {
  const { updated, removed } = await deps.db.transaction(async (tx) => {
    const business = await lockOwnBusiness(tx, userId)
    const chosen = await choose(tx, business.id, body)
    const ids = chosen.map((c) => c.id)
    let removed: ImageAsset[] = []
    if (chosen.length === 0) return { updated: 0, removed }
    const change = body.change
    switch (body.action) {
      case 'price':
        await changePrices(tx, chosen, change)
        break
      case 'flags':
        await updateChosen(tx, ids, flagsPatch(change))
        break
      case 'category': {
        const placement = resolvePlacement(
          business.categories,
          change.category!,
          change.subCategory ? change.subCategory : null,
        )
        await updateChosen(tx, ids, [
          sql`category = ${placement.category}`,
          sql`sub_category = ${placement.subCategory}`,
        ])
        break
      }
      case 'status':
        if (change.status === 'active') await checkCanShowAll(tx, business, chosen)
        await updateChosen(tx, ids, [sql`status = ${change.status!}`])
        break
      case 'delete': {
        const result = await tx.execute(sql`DELETE FROM ${products}
          WHERE id = ANY(${uuids(ids)}) RETURNING image, images`)
        const rows = (
          result as unknown as {
            rows: { image: ImageAsset | string; images: ImageAsset[] | string }[]
          }
        ).rows
        removed = rows.flatMap((r) => [json(r.image), ...json(r.images)])
        break
      }
    }
    return { updated: chosen.length, removed }
  })
  // After the commit: the rows are gone, so no product points at these files any more.
  if (removed.length > 0) await deps.media.deleteAssets(removed)
  return { updated }
}

/** node-postgres parses jsonb; PGlite may hand back text. */
function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

// ---------------------------------------------------------------------------------------------
// Manual order

/**
 * PUT /products/order: `ids`, some of the owner's products (a page of the list), in their new
 * order. They take the positions they already hold among themselves, sorted — a permutation, so
 * products off the page keep their place and positions stay unique. Concurrent reorders lock
 * the same rows in the same (id) order and apply one after the other.
 */
export async function reorderProducts(
  deps: ProductDeps,
  userId: string,
  ids: readonly string[],
): Promise<{ updated: number }> {
  return deps.db.transaction(async (tx) => {
    const business = await lockOwnBusiness(tx, userId)
    const wanted = ids.map((id) => id.toLowerCase())
    const result = await tx.execute(sql`SELECT id, position FROM ${products}
      WHERE business_id = ${business.id} AND id = ANY(${uuids(wanted)}) ORDER BY id FOR UPDATE`)
    const rows = (result as unknown as { rows: { id: string; position: string | number }[] }).rows
    if (rows.length !== wanted.length) throw new AppError('NOT_FOUND', BULK_MESSAGES.someNotFound)
    const positions = rows
      .map((r) => BigInt(r.position))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    await tx.execute(sql`UPDATE ${products} AS p SET position = v.position
      FROM (SELECT unnest(${uuids(wanted)}) AS id, unnest(${textArray(positions.map(String))}::bigint[]) AS position) AS v
      WHERE p.id = v.id`)
    return { updated: rows.length }
  })
}

/**
 * POST /products/{id}/move: to the start (a position below every other, from the sequence) or
 * the end (above every other) of the owner's order — across pages, where dragging cannot reach.
 */
export async function moveProduct(
  deps: ProductDeps,
  userId: string,
  id: string,
  move: ProductMove,
): Promise<{ updated: number }> {
  if (!idSchema.safeParse(id).success) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound)
  return deps.db.transaction(async (tx) => {
    const business = await lockOwnBusiness(tx, userId)
    const position =
      move.to === 'first'
        ? sql`-nextval('products_position_seq')`
        : sql`nextval('products_position_seq')`
    const result = await tx.execute(sql`UPDATE ${products} SET position = ${position}
      WHERE business_id = ${business.id} AND id = ${id} RETURNING id`)
    const rows = (result as unknown as { rows: unknown[] }).rows
    if (rows.length === 0) throw new AppError('NOT_FOUND', PRODUCT_MESSAGES.notFound)
    return { updated: 1 }
  })
}
