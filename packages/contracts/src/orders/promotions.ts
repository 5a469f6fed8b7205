/**
 * Issue 45 (docs/decisions/036-coupons-and-promotions.md): the one rule for automatic promotions
 * and coupons, without zod — the API prices the order with it and the cart previews with it.
 *
 * THE RULE, in this order:
 * 1. Each line starts at its own price: the product's (or variant's) price with the product's
 *    own discount (discountedCents), as orders always priced it — the line's `lineCents`.
 * 2. Automatic promotions (no code; active, not paused, today within their dates in the shop's
 *    time zone) that cover the line's product or category are each computed on the line's LIST
 *    price (without the product's own discount):
 *      - "Llevá N, pagá M" (take_pay): of every N units of the line, N − M are free;
 *      - "N % en la segunda unidad" (second_unit): every second unit of the line has N % off;
 *      - "X % en una categoría" (category_percent): X % off every unit.
 *    Promotions and the product's own discount do not add up: the line takes whichever is best
 *    for the shopper (the lowest total). Units are counted per PRODUCT: the lines of one
 *    product's variants pool their units (a small, a medium and a large shirt are a 3x2, as in
 *    Tiendanube), and the cheapest units are the free or discounted ones. So the choice is made
 *    per product (all its lines together); a winning promotion is one discount line of the
 *    difference between the product's own total and the promotion's total.
 * 3. The coupon, when it applies (see couponRefusal for why it would not), comes on top, on the
 *    totals left by step 2 of the lines it covers (its products or categories; all when it names
 *    none): a percentage takes that % of each covered line, rounded per line; a fixed amount is
 *    per currency, at most the covered lines' total in that currency; free delivery waives the
 *    delivery fee (orderAmounts).
 * 4. Never below zero: no discount is larger than what is left of its line or currency. Every
 *    amount is whole cents, rounded half up once per line.
 */
import type { CurrencyAmounts, CurrencyCode } from '../money.public.js'
import { addAmount, CURRENCY_CODES } from '../money.public.js'
import { PROMOTION_MESSAGES } from './promotion-texts.js'

export const PROMOTION_KINDS = ['take_pay', 'second_unit', 'category_percent'] as const
export type PromotionKind = (typeof PROMOTION_KINDS)[number]
export const COUPON_KINDS = ['percent', 'fixed', 'free_delivery'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]

/** Local days 'YYYY-MM-DD' in the shop's time zone; both ends included. */
export interface DateRange {
  startsOn: string | null
  endsOn: string | null
}

/** An automatic promotion as the rule needs it. */
export interface PromotionRule extends DateRange {
  id: string
  kind: PromotionKind
  /** take_pay: N and M ("Llevá 3, pagá 2"). */
  take: number | null
  pay: number | null
  /** second_unit and category_percent: whole percent 1–100. */
  percent: number | null
  productIds: readonly string[]
  categories: readonly string[]
  paused: boolean
}

/** A coupon as the rule needs it. Amounts in cents per currency. */
export interface CouponRule extends DateRange {
  id: string
  code: string
  kind: CouponKind
  percent: number | null
  amounts: CurrencyAmounts
  minSubtotal: CurrencyAmounts
  maxUses: number | null
  uses: number
  oncePerShopper: boolean
  firstPurchaseOnly: boolean
  productIds: readonly string[]
  categories: readonly string[]
  paused: boolean
}

/** One line of the cart or order: list unit price and the line's own total (own discount in). */
export interface PromotionLine {
  productId: string
  variantId?: string
  category: string
  currency: CurrencyCode
  quantity: number
  /** The list unit price (product or variant), before the product's own discount. */
  priceCents: number
  /** The line's total with the product's own discount. */
  lineCents: number
}

/** What the rule knows about the shopper (the server reads it; the cart's preview may not). */
export interface ShopperHistory {
  /** The shopper (by phone) already has an order with this coupon that is not cancelled. */
  usedCoupon: boolean
  /** The shopper (by phone) already has an order in this shop that is not cancelled. */
  hasOrders: boolean
}

/** One discount of the order: what the cart, the order page, the message and the CSV list. */
export interface DiscountLine {
  source: 'promotion' | 'coupon'
  /** The promotion's or the coupon's id. */
  id: string
  /** 'Promoción 3x2' / 'Cupón HOTSALE' / 'Cupón ENVIO: envío gratis'. */
  label: string
  /** Promotions: the line it applies to. */
  productId?: string
  variantId?: string
  currency: CurrencyCode
  cents: number
  /** A free-delivery coupon's line (the waived fee). */
  freeDelivery?: boolean
}

/** What applyPromotions hands to orderAmounts. */
export interface AppliedPromotions {
  lines: DiscountLine[]
  /** The coupon waives the delivery fee. */
  freeDelivery: boolean
  /** The applied coupon, if any (its code as the owner wrote it). */
  coupon?: { id: string; code: string }
  /** Why the coupon asked for does not apply (Spanish), when it does not. */
  couponRefusal?: string
  /** A free-delivery coupon's line label ('Cupón ENVIO: envío gratis'), for orderAmounts. */
  freeDeliveryLabel?: string
}

/** True when `today` ('YYYY-MM-DD') is within the range (ISO days compare as strings). */
export function withinDates(range: DateRange, today: string): boolean {
  return (!range.startsOn || today >= range.startsOn) && (!range.endsOn || today <= range.endsOn)
}

/** The shop's local day 'YYYY-MM-DD' at `now`. */
export function shopToday(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** Codes compare without case and surrounding spaces. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase()
}

/** A phone's digits: the shopper key of "one use per shopper" and "first purchase only". */
export function shopperKey(phone: string): string {
  return phone.replace(/\D/g, '')
}

const covers = (
  target: { productIds: readonly string[]; categories: readonly string[] },
  line: PromotionLine,
  emptyMeansAll: boolean,
) =>
  target.productIds.length === 0 && target.categories.length === 0
    ? emptyMeansAll
    : target.productIds.includes(line.productId) || target.categories.includes(line.category)

/** Half up, in whole cents, once per line: cents × percent / 100. */
const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100)

/** The badge of a promotion: '3x2', '-50 % 2.ª unidad', '-20 %'. */
export function promotionBadge(
  promotion: Pick<PromotionRule, 'kind' | 'take' | 'pay' | 'percent'>,
): string {
  if (promotion.kind === 'take_pay') return `${promotion.take}x${promotion.pay}`
  if (promotion.kind === 'second_unit') return `-${promotion.percent} % 2.ª unidad`
  return `-${promotion.percent} %`
}

/** The label of a promotion's discount line ('Promoción 3x2'). */
export function promotionLabel(
  promotion: Pick<PromotionRule, 'kind' | 'take' | 'pay' | 'percent'>,
) {
  return `Promoción ${promotionBadge(promotion)}`
}

/** Whether a promotion runs today (not paused, within its dates). */
export function promotionRunning(promotion: PromotionRule, today: string): boolean {
  return !promotion.paused && withinDates(promotion, today)
}

/**
 * The totals of one product's lines (its variants, in the cart's order) under the promotion, on
 * their list prices. take_pay and second_unit count the units of all the lines together: of
 * every N units, N − M are free; every second unit has N % off — the cheapest units first (on a
 * tie, the later line's). The line total never goes below zero; the percent is rounded once per
 * line, half up.
 */
export function promotionLineTotals(
  promotion: PromotionRule,
  lines: readonly Pick<PromotionLine, 'quantity' | 'priceCents'>[],
): number[] {
  const listTotals = lines.map((line) => line.priceCents * line.quantity)
  const percent = Math.min(Math.max(promotion.percent ?? 0, 0), 100)
  if (promotion.kind === 'category_percent') {
    return listTotals.map((total) => total - percentOf(total, percent))
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0)
  let favoured: number
  if (promotion.kind === 'take_pay') {
    const take = promotion.take ?? 0
    const pay = promotion.pay ?? 0
    if (take < 2 || pay < 1 || pay >= take) return listTotals
    favoured = Math.floor(units / take) * (take - pay)
  } else {
    favoured = Math.floor(units / 2)
  }
  // The favoured units, cheapest first, counted per line.
  const perLine = lines.map(() => 0)
  const cheapestFirst = lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => a.line.priceCents - b.line.priceCents || b.i - a.i)
  for (const { line, i } of cheapestFirst) {
    const n = Math.min(favoured, line.quantity)
    perLine[i] = n
    favoured -= n
  }
  return lines.map((line, i) => {
    const off = perLine[i]! * line.priceCents
    return listTotals[i]! - (promotion.kind === 'take_pay' ? off : percentOf(off, percent))
  })
}

/** One line's total under the promotion (the line alone: see promotionLineTotals). */
export function promotionLineTotal(promotion: PromotionRule, line: PromotionLine): number {
  return promotionLineTotals(promotion, [line])[0]!
}

/**
 * Which promotion a product's badge shows (cards and its page): the first running one that
 * covers it — but not an "X %" no larger than the product's own discount, which the rule would
 * never apply (best for the shopper, step 2).
 */
export function productPromotion(
  promotions: readonly PromotionRule[],
  product: { productId: string; category: string; discount?: number | null },
  today: string,
): PromotionRule | undefined {
  const line = { ...product, currency: 'UYU', quantity: 1, priceCents: 0, lineCents: 0 } as const
  return promotions.find(
    (p) =>
      promotionRunning(p, today) &&
      covers(p, line, false) &&
      !(p.kind === 'category_percent' && (p.percent ?? 0) <= (product.discount ?? 0)),
  )
}

/** What the storefront's product replies carry of it: the badge and its words for everyone. */
export function productPromotionBadge(
  promotion: Pick<PromotionRule, 'kind' | 'take' | 'pay' | 'percent'>,
): { badge: string; label: string } {
  return {
    badge: promotionBadge(promotion),
    label: PROMOTION_MESSAGES.badgeLabel(promotion),
  }
}

/**
 * Why the coupon does not apply to this cart, in Spanish, or undefined when it does. Checked in
 * this order: paused, dates, one per shopper, first purchase, uses left, covered products, the
 * currency of a fixed amount, the minimum subtotal (per currency, on the items after promotions).
 */
export function couponRefusal(
  coupon: CouponRule,
  covered: readonly { currency: CurrencyCode; cents: number }[],
  today: string,
  shopper: ShopperHistory,
): string | undefined {
  if (coupon.paused) return PROMOTION_MESSAGES.couponPaused
  if (coupon.startsOn && today < coupon.startsOn) {
    return PROMOTION_MESSAGES.couponNotYet(coupon.startsOn)
  }
  if (coupon.endsOn && today > coupon.endsOn) return PROMOTION_MESSAGES.couponExpired(coupon.endsOn)
  if (coupon.oncePerShopper && shopper.usedCoupon) return PROMOTION_MESSAGES.couponAlreadyUsed
  if (coupon.firstPurchaseOnly && shopper.hasOrders) return PROMOTION_MESSAGES.couponFirstPurchase
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) {
    return PROMOTION_MESSAGES.couponUsedUp
  }
  if (covered.length === 0) return PROMOTION_MESSAGES.couponNoProducts
  let subtotals: CurrencyAmounts = {}
  for (const line of covered) subtotals = addAmount(subtotals, line.currency, line.cents)
  if (coupon.kind === 'fixed') {
    const currencies = CURRENCY_CODES.filter((c) => subtotals[c] !== undefined)
    if (!currencies.some((c) => (coupon.amounts[c] ?? 0) > 0)) {
      return PROMOTION_MESSAGES.couponCurrency(currencies[0]!)
    }
  }
  for (const code of CURRENCY_CODES) {
    const minimum = coupon.minSubtotal[code]
    const subtotal = subtotals[code]
    if (minimum !== undefined && subtotal !== undefined && subtotal < minimum) {
      return PROMOTION_MESSAGES.couponMinimum(minimum, code)
    }
  }
  return undefined
}

/**
 * The discount lines of a cart or order by THE RULE above. `coupon` is the one the shopper asked
 * for (looked up by code; undefined when none was given). The shopper's history defaults to "no
 * orders" — the cart's preview before the phone is known; the server passes what it read.
 */
export function applyPromotions(input: {
  lines: readonly PromotionLine[]
  promotions: readonly PromotionRule[]
  coupon?: CouponRule
  today: string
  shopper?: ShopperHistory
}): AppliedPromotions {
  const { lines, promotions, coupon, today } = input
  const shopper = input.shopper ?? { usedCoupon: false, hasOrders: false }
  const running = promotions.filter((p) => promotionRunning(p, today))
  const discounts: DiscountLine[] = []
  // Step 2: per product (its lines pooled), the best promotion, if better than its own discount.
  const left = lines.map((line) => line.lineCents)
  const byProduct = new Map<string, number[]>()
  lines.forEach((line, i) => {
    const group = byProduct.get(line.productId)
    if (group) group.push(i)
    else byProduct.set(line.productId, [i])
  })
  for (const indexes of byProduct.values()) {
    const group = indexes.map((i) => lines[i]!)
    const first = group[0]!
    const ownTotal = group.reduce((sum, line) => sum + line.lineCents, 0)
    let best: { promotion: PromotionRule; totals: number[]; total: number } | undefined
    for (const promotion of running) {
      if (!covers(promotion, first, false)) continue
      const totals = promotionLineTotals(promotion, group)
      const total = totals.reduce((sum, t) => sum + t, 0)
      if (total < (best?.total ?? ownTotal)) best = { promotion, totals, total }
    }
    if (!best) continue
    discounts.push({
      source: 'promotion',
      id: best.promotion.id,
      label: promotionLabel(best.promotion),
      productId: first.productId,
      ...(group.length === 1 && first.variantId ? { variantId: first.variantId } : {}),
      currency: first.currency,
      cents: ownTotal - best.total,
    })
    indexes.forEach((lineIndex, k) => (left[lineIndex] = best.totals[k]!))
  }
  if (!coupon) return { lines: discounts, freeDelivery: false }

  // Step 3: the coupon on what is left of the lines it covers.
  const covered = lines.flatMap((line, i) =>
    covers(coupon, line, true) ? [{ line, currency: line.currency, cents: left[i]! }] : [],
  )
  const refusal = couponRefusal(coupon, covered, today, shopper)
  if (refusal) return { lines: discounts, freeDelivery: false, couponRefusal: refusal }
  const applied = { id: coupon.id, code: coupon.code }
  const label = PROMOTION_MESSAGES.couponLabel(coupon.code)
  if (coupon.kind === 'free_delivery') {
    const freeDeliveryLabel = PROMOTION_MESSAGES.freeDeliveryLabel(coupon.code)
    return { lines: discounts, freeDelivery: true, coupon: applied, freeDeliveryLabel }
  }
  let couponCents: CurrencyAmounts = {}
  if (coupon.kind === 'percent') {
    for (const c of covered) {
      couponCents = addAmount(couponCents, c.currency, percentOf(c.cents, coupon.percent ?? 0))
    }
  } else {
    let coveredTotals: CurrencyAmounts = {}
    for (const c of covered) coveredTotals = addAmount(coveredTotals, c.currency, c.cents)
    for (const code of CURRENCY_CODES) {
      const total = coveredTotals[code]
      const amount = coupon.amounts[code]
      if (total !== undefined && amount) couponCents[code] = Math.min(amount, total)
    }
  }
  for (const code of CURRENCY_CODES) {
    const cents = couponCents[code]
    if (cents) discounts.push({ source: 'coupon', id: coupon.id, label, currency: code, cents })
  }
  return { lines: discounts, freeDelivery: false, coupon: applied }
}

/** The discount lines' sum per currency (the fee's waiver excluded: it is not in the items). */
export function discountTotals(lines: readonly DiscountLine[]): CurrencyAmounts {
  let totals: CurrencyAmounts = {}
  for (const line of lines) {
    if (!line.freeDelivery) totals = addAmount(totals, line.currency, line.cents)
  }
  return totals
}
