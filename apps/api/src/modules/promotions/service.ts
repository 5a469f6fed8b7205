/**
 * Coupons and automatic promotions (issue 45, docs/decisions/036-coupons-and-promotions.md): the
 * owner's /api/promotions, the cart's preview, and what the orders module asks when it prices an
 * order (orderPromotions, claimCoupon, releaseCoupon). The rule itself is contracts'
 * applyPromotions, the same the cart runs.
 */
import {
  amountsFromCents,
  applyPromotions,
  normalizeCouponCode,
  ORDER_MESSAGES,
  PROMOTION_LIMITS,
  PROMOTION_MESSAGES,
  promotionBadge,
  productPromotion,
  productPromotionBadge,
  shopperKey,
  shopToday,
  toCents,
  withinDates,
  type AppliedPromotions,
  type Coupon,
  type CouponBody,
  type CouponRule,
  type CurrencyAmounts,
  type CurrencyCode,
  type DiscountLine,
  type DiscountLineReply,
  type Promotion,
  type Product,
  type PromotionBody,
  type PromotionLine,
  type PromotionList,
  type PromotionQuote,
  type PromotionRule,
} from '@vitrina/contracts'
import type { Database, Executor } from '../../db/client.js'
import { COUPON_CODE_CONSTRAINT, type CouponRow, type PromotionRow } from '../../db/schema/index.js'
import { AppError, isUniqueViolation, validationError } from '../../lib/errors.js'
import { findBusinessByUserId } from '../businesses/index.js'
import {
  claimCouponUse,
  countCoupons,
  countPromotions,
  couponStats,
  deleteCouponRow,
  deletePromotionRow,
  findCouponRow,
  findPromotionRow,
  insertCoupon,
  insertPromotion,
  listCouponRows,
  lockCoupon,
  listPromotionRows,
  ownProductIds,
  pricingContext,
  productNames,
  promotionStats,
  quoteProducts,
  releaseCouponUse,
  shopperHistory,
  updateCouponRow,
  updatePromotionRow,
  type UsageStats,
} from './repository.js'

const notFound = () => new AppError('NOT_FOUND', PROMOTION_MESSAGES.notFound)

async function ownBusiness(db: Executor, userId: string) {
  const business = await findBusinessByUserId(db, userId)
  if (!business) throw new AppError('NOT_FOUND', ORDER_MESSAGES.noBusiness)
  return business
}

const centsOf = (amounts: Partial<Record<CurrencyCode, number>>): CurrencyAmounts => {
  const out: CurrencyAmounts = {}
  for (const [code, value] of Object.entries(amounts)) {
    if (value !== undefined) out[code as CurrencyCode] = toCents(value)
  }
  return out
}

const NO_STATS: UsageStats = { orders: 0, revenue: {} }

function statusOf(
  row: Pick<CouponRow, 'paused' | 'startsOn' | 'endsOn'> & {
    maxUses?: number | null
    uses?: number
  },
  today: string,
): Coupon['status'] {
  if (row.paused) return 'paused'
  if (row.maxUses != null && (row.uses ?? 0) >= row.maxUses) return 'used_up'
  if (row.startsOn && today < row.startsOn) return 'scheduled'
  if (!withinDates(row, today)) return 'ended'
  return 'active'
}

function toCoupon(row: CouponRow, today: string, stats: UsageStats = NO_STATS): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amounts: amountsFromCents(row.amounts),
    minSubtotal: amountsFromCents(row.minSubtotal),
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    maxUses: row.maxUses,
    uses: row.uses,
    oncePerShopper: row.oncePerShopper,
    firstPurchaseOnly: row.firstPurchaseOnly,
    productIds: row.productIds,
    categories: row.categories,
    paused: row.paused,
    status: statusOf(row, today),
    orders: stats.orders,
    revenue: amountsFromCents(stats.revenue),
  }
}

function toPromotion(row: PromotionRow, today: string, stats: UsageStats = NO_STATS): Promotion {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    take: row.take,
    pay: row.pay,
    percent: row.percent,
    productIds: row.productIds,
    categories: row.categories,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    paused: row.paused,
    badge: promotionBadge(row),
    status: statusOf(row, today),
    orders: stats.orders,
    revenue: amountsFromCents(stats.revenue),
  }
}

// ---------------------------------------------------------------------------------------------
// The owner's list and forms

export async function listOwnerPromotions(db: Executor, userId: string): Promise<PromotionList> {
  const business = await ownBusiness(db, userId)
  const today = shopToday(new Date(), business.timeZone)
  const [couponRows, promotionRows, cStats, pStats] = [
    await listCouponRows(db, business.id),
    await listPromotionRows(db, business.id),
    await couponStats(db, business.id),
    await promotionStats(db, business.id),
  ]
  const named = new Set([...couponRows, ...promotionRows].flatMap((row) => row.productIds))
  return {
    coupons: couponRows.map((row) => toCoupon(row, today, cStats.get(row.id))),
    promotions: promotionRows.map((row) => toPromotion(row, today, pStats.get(row.id))),
    products: await productNames(db, business.id, [...named]),
  }
}

async function checkProducts(db: Executor, businessId: string, ids: readonly string[]) {
  const own = await ownProductIds(db, businessId, ids)
  const index = ids.findIndex((id) => !own.has(id))
  if (index >= 0) {
    throw validationError(PROMOTION_MESSAGES.productUnknown, [
      { path: `productIds.${index}`, message: PROMOTION_MESSAGES.productUnknown },
    ])
  }
}

const codeTaken = () =>
  new AppError('CONFLICT', PROMOTION_MESSAGES.codeTaken, [
    { path: 'code', message: PROMOTION_MESSAGES.codeTaken },
  ])

const tooMany = () =>
  validationError(PROMOTION_MESSAGES.tooManyPerShop, [
    { path: 'code', message: PROMOTION_MESSAGES.tooManyPerShop },
  ])

function couponValues(body: CouponBody) {
  return {
    code: body.code,
    kind: body.kind,
    percent: body.kind === 'percent' ? body.percent : null,
    amounts: body.kind === 'fixed' ? centsOf(body.amounts) : {},
    minSubtotal: centsOf(body.minSubtotal),
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    maxUses: body.maxUses,
    oncePerShopper: body.oncePerShopper,
    firstPurchaseOnly: body.firstPurchaseOnly,
    productIds: body.productIds,
    categories: body.categories,
    paused: body.paused,
  }
}

async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, COUPON_CODE_CONSTRAINT)) throw codeTaken()
    throw error
  }
}

export async function createCoupon(db: Executor, userId: string, body: CouponBody) {
  const business = await ownBusiness(db, userId)
  if ((await countCoupons(db, business.id)) >= PROMOTION_LIMITS.perShopMax) throw tooMany()
  await checkProducts(db, business.id, body.productIds)
  const row = await uniqueCode(() =>
    insertCoupon(db, { businessId: business.id, ...couponValues(body) }),
  )
  return toCoupon(row, shopToday(new Date(), business.timeZone))
}

export async function updateCoupon(db: Executor, userId: string, id: string, body: CouponBody) {
  const business = await ownBusiness(db, userId)
  await checkProducts(db, business.id, body.productIds)
  const row = await uniqueCode(() => updateCouponRow(db, business.id, id, couponValues(body)))
  if (!row) throw notFound()
  return toCoupon(row, shopToday(new Date(), business.timeZone))
}

export async function pauseCoupon(db: Executor, userId: string, id: string, paused: boolean) {
  const business = await ownBusiness(db, userId)
  const row = await updateCouponRow(db, business.id, id, { paused })
  if (!row) throw notFound()
  return toCoupon(row, shopToday(new Date(), business.timeZone))
}

export async function removeCoupon(db: Executor, userId: string, id: string) {
  const business = await ownBusiness(db, userId)
  if (!(await deleteCouponRow(db, business.id, id))) throw notFound()
}

/** A paused copy with a free code: 'HOTSALE-2', 'HOTSALE-3', … and no uses. */
export async function duplicateCoupon(db: Executor, userId: string, id: string) {
  const business = await ownBusiness(db, userId)
  const source = await findCouponRow(db, business.id, id)
  if (!source) throw notFound()
  if ((await countCoupons(db, business.id)) >= PROMOTION_LIMITS.perShopMax) throw tooMany()
  const taken = new Set((await listCouponRows(db, business.id)).map((c) => c.code.toUpperCase()))
  let n = 2
  const base = source.code.replace(/-\d+$/, '').slice(0, 26)
  while (taken.has(`${base}-${n}`.toUpperCase())) n++
  const { id: _id, createdAt: _c, updatedAt: _u, uses: _uses, ...copy } = source
  const row = await uniqueCode(() =>
    insertCoupon(db, { ...copy, code: `${base}-${n}`, paused: true }),
  )
  return toCoupon(row, shopToday(new Date(), business.timeZone))
}

function promotionValues(body: PromotionBody) {
  const takePay = body.kind === 'take_pay'
  return {
    name: body.name,
    kind: body.kind,
    take: takePay ? body.take : null,
    pay: takePay ? body.pay : null,
    percent: takePay ? null : body.percent,
    productIds: body.kind === 'category_percent' ? [] : body.productIds,
    categories: body.categories,
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    paused: body.paused,
  }
}

export async function createPromotion(db: Executor, userId: string, body: PromotionBody) {
  const business = await ownBusiness(db, userId)
  if ((await countPromotions(db, business.id)) >= PROMOTION_LIMITS.perShopMax) throw tooMany()
  await checkProducts(db, business.id, body.productIds)
  const row = await insertPromotion(db, { businessId: business.id, ...promotionValues(body) })
  return toPromotion(row, shopToday(new Date(), business.timeZone))
}

export async function updatePromotion(
  db: Executor,
  userId: string,
  id: string,
  body: PromotionBody,
) {
  const business = await ownBusiness(db, userId)
  await checkProducts(db, business.id, body.productIds)
  const row = await updatePromotionRow(db, business.id, id, promotionValues(body))
  if (!row) throw notFound()
  return toPromotion(row, shopToday(new Date(), business.timeZone))
}

export async function pausePromotion(db: Executor, userId: string, id: string, paused: boolean) {
  const business = await ownBusiness(db, userId)
  const row = await updatePromotionRow(db, business.id, id, { paused })
  if (!row) throw notFound()
  return toPromotion(row, shopToday(new Date(), business.timeZone))
}

export async function removePromotion(db: Executor, userId: string, id: string) {
  const business = await ownBusiness(db, userId)
  if (!(await deletePromotionRow(db, business.id, id))) throw notFound()
}

export async function duplicatePromotion(db: Executor, userId: string, id: string) {
  const business = await ownBusiness(db, userId)
  const source = await findPromotionRow(db, business.id, id)
  if (!source) throw notFound()
  if ((await countPromotions(db, business.id)) >= PROMOTION_LIMITS.perShopMax) throw tooMany()
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source
  const name = PROMOTION_MESSAGES.copyName(source.name).slice(0, PROMOTION_LIMITS.nameMax)
  const row = await insertPromotion(db, { ...copy, name, paused: true })
  return toPromotion(row, shopToday(new Date(), business.timeZone))
}

// ---------------------------------------------------------------------------------------------
// The storefront's badges (products module's public reads)

/** The badge of a product, or undefined: what promotionBadges answers. */
export type PromotionBadges = (product: {
  id: string
  category: string
  discount: number
}) => Product['promotion']

/**
 * The badges of a business's products (cards, the product page), by contracts'
 * productPromotion, with today in the shop's time zone, from the business's unpaused promotions
 * (read with the business's access by the products module: one statement per reply).
 * The reply is cached (read cache and page cache, READ_CACHE_TTL; HTTP max-age): a promotion's
 * write drops the business's entries (routes.ts), and one that starts or ends at the shop's
 * midnight shows within those TTLs (docs/decisions/036).
 */
export function promotionBadges(
  timeZone: string,
  unpaused: readonly PromotionRow[],
): PromotionBadges {
  if (unpaused.length === 0) return () => undefined
  const today = shopToday(new Date(), timeZone)
  const rules = unpaused.map(toRule)
  return (product) => {
    const promotion = productPromotion(
      rules,
      { productId: product.id, category: product.category, discount: product.discount },
      today,
    )
    return promotion ? productPromotionBadge(promotion) : undefined
  }
}

/** The product with its badge, if a promotion covers it. */
export function withPromotion<T extends Product>(product: T, badges: PromotionBadges): T {
  const promotion = badges({
    id: product._id,
    category: product.category,
    discount: product.discount,
  })
  return promotion ? { ...product, promotion } : product
}

// ---------------------------------------------------------------------------------------------
// Pricing: the orders module and the cart's preview

const toRule = (row: PromotionRow): PromotionRule => row
const toCouponRule = (row: CouponRow): CouponRule => row

/** A discount line as replies carry it (decimal amount, no ids). */
export function toDiscountReply(line: DiscountLine): DiscountLineReply {
  return {
    source: line.source,
    label: line.label,
    ...(line.productId ? { productId: line.productId } : {}),
    ...(line.variantId ? { variantId: line.variantId } : {}),
    currency: line.currency,
    amount: line.cents / 100,
    ...(line.freeDelivery ? { freeDelivery: true } : {}),
  }
}

/** A line of the order as the promotions need it (orders' StoredOrderItem has all but the category). */
export type OrderPromotionLine = Omit<PromotionLine, 'category'>

const couponRefused = (message: string) => validationError(message, [{ path: 'coupon', message }])

/**
 * The promotions and coupon of a new order, by contracts' applyPromotions (one statement reads
 * the promotions, the lines' categories and the coupon). A code that is unknown or does not
 * apply is a 400 on 'coupon' with the reason: the shopper removes it or fixes the cart.
 */
export async function orderPromotions(
  db: Executor,
  input: {
    businessId: string
    lines: readonly OrderPromotionLine[]
    coupon: string | undefined
    phone: string
  },
): Promise<{ applied: AppliedPromotions; couponId: string | null; couponCode: string | null }> {
  const code = input.coupon ? normalizeCouponCode(input.coupon) : undefined
  const ctx = await pricingContext(
    db,
    input.businessId,
    [...new Set(input.lines.map((line) => line.productId))],
    code,
  )
  if (code && !ctx.coupon) throw couponRefused(PROMOTION_MESSAGES.couponUnknown)
  const shopper =
    ctx.coupon && input.phone && (ctx.coupon.oncePerShopper || ctx.coupon.firstPurchaseOnly)
      ? await shopperHistory(db, input.businessId, ctx.coupon.id, shopperKey(input.phone))
      : undefined
  const applied = applyPromotions({
    lines: input.lines.map((line) => ({
      ...line,
      category: ctx.categories.get(line.productId) ?? '',
    })),
    promotions: ctx.promotions.map(toRule),
    ...(ctx.coupon ? { coupon: toCouponRule(ctx.coupon) } : {}),
    today: shopToday(new Date(), ctx.timeZone),
    ...(shopper ? { shopper } : {}),
  })
  if (applied.couponRefusal) throw couponRefused(applied.couponRefusal)
  return {
    applied,
    couponId: applied.coupon?.id ?? null,
    couponCode: applied.coupon?.code ?? null,
  }
}

/**
 * Takes one use of the coupon inside the order's transaction (after the order's insert): 409 when
 * none is left. A coupon for one use per shopper or for the first purchase is locked first
 * (FOR UPDATE) and the shopper's history read again under that lock, leaving out the order just
 * inserted: two orders by one phone at once are serialised on the coupon's row, and the second
 * sees the first once it commits — a 400 on 'coupon' with the reason, and its order is not saved.
 */
export async function claimCoupon(
  tx: Executor,
  couponId: string,
  order?: { id: string; businessId: string; phone: string },
): Promise<void> {
  const locked = order ? await lockCoupon(tx, couponId) : undefined
  if (order && locked && (locked.oncePerShopper || locked.firstPurchaseOnly)) {
    const history = await shopperHistory(
      tx,
      order.businessId,
      couponId,
      shopperKey(order.phone),
      order.id,
    )
    if (locked.oncePerShopper && history.usedCoupon) {
      throw couponRefused(PROMOTION_MESSAGES.couponAlreadyUsed)
    }
    if (locked.firstPurchaseOnly && history.hasOrders) {
      throw couponRefused(PROMOTION_MESSAGES.couponFirstPurchase)
    }
  }
  if (!(await claimCouponUse(tx, couponId))) {
    throw new AppError('CONFLICT', PROMOTION_MESSAGES.couponTaken, [
      { path: 'coupon', message: PROMOTION_MESSAGES.couponTaken },
    ])
  }
}

/** Gives the use back (the order is cancelled), inside the cancellation's transaction. */
export async function releaseCoupon(tx: Executor, couponId: string): Promise<void> {
  await releaseCouponUse(tx, couponId)
}

/**
 * POST /api/businesses/{businessId}/promotions/quote: the cart's preview — the discounts of its
 * lines by the same rule and the same reads as the order, and why a typed code does not apply
 * (200 either way: a refused code is an answer, not an error). Lines of unknown or hidden
 * products are left out (the order will refuse them).
 */
export async function quotePromotions(
  db: Database,
  businessId: string,
  input: { items: { productId: string; variantId?: string; quantity: number }[]; coupon?: string },
): Promise<PromotionQuote> {
  const quoted = await quoteProducts(db, businessId, input.items)
  if (!quoted) throw new AppError('NOT_FOUND', PROMOTION_MESSAGES.shopNotFound)
  const found = quoted.lines
  const weight = quoted.grams !== undefined ? { parcelGrams: quoted.grams } : {}
  try {
    const { applied } = await orderPromotions(db, {
      businessId,
      lines: found,
      coupon: input.coupon,
      phone: '',
    })
    return {
      discounts: applied.lines.map(toDiscountReply),
      ...(applied.coupon ? { coupon: applied.coupon.code } : {}),
      freeDelivery: applied.freeDelivery,
      ...weight,
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.errors?.[0]?.path !== 'coupon') throw error
    const { applied } = await orderPromotions(db, {
      businessId,
      lines: found,
      coupon: undefined,
      phone: '',
    })
    return {
      discounts: applied.lines.map(toDiscountReply),
      couponRefusal: error.message,
      freeDelivery: false,
      ...weight,
    }
  }
}
