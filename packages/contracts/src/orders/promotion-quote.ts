/**
 * Issue 45: the cart's quote (POST /api/businesses/{id}/promotions/quote, in units) as
 * orderAmounts takes it (cents). The cart prices its summary with it, and the tests that hold
 * "shown = saved = charged" convert it the same way: one conversion.
 */
import type { CurrencyCode } from '../money.public.js'
import { toCents } from '../money.public.js'
import { PROMOTION_MESSAGES } from './promotion-texts.js'
import type { AppliedPromotions } from './promotions.js'
import type { PromotionQuote } from '../schemas/promotions.js'

/** Undefined when nothing applies; the free delivery's line is orderAmounts' own. */
export function appliedFromQuote(quote: PromotionQuote | undefined): AppliedPromotions | undefined {
  if (!quote || (quote.discounts.length === 0 && !quote.freeDelivery)) return undefined
  return {
    lines: quote.discounts
      .filter((line) => !line.freeDelivery)
      .map((line) => ({
        source: line.source,
        id: '',
        label: line.label,
        currency: line.currency as CurrencyCode,
        cents: toCents(line.amount),
      })),
    freeDelivery: quote.freeDelivery,
    ...(quote.coupon
      ? {
          coupon: { id: '', code: quote.coupon },
          freeDeliveryLabel: PROMOTION_MESSAGES.freeDeliveryLabel(quote.coupon),
        }
      : {}),
  }
}
