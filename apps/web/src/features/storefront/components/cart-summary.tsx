import {
  appliedFromQuote,
  CHECKOUT_TEXTS,
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  DELIVERY_TEXTS,
  formatPrice,
} from '@vitrina/contracts'
import type { Business, CurrencyAmounts, CurrencyCode, ResolvedDelivery } from '@vitrina/contracts'
import type { CartItem } from '../../../lib/cart'
import { cartAmounts } from '../lib/cart-amounts'
import { useCartPromotions } from '../lib/cart-promotions'

const money = (cents: number, code: CurrencyCode) =>
  formatPrice(cents / 100, CURRENCY_SYMBOLS[code])
const present = (amounts: CurrencyAmounts) => CURRENCY_CODES.filter((c) => amounts[c] !== undefined)

/**
 * Issue 41 §1: the cart's amounts at the foot of the drawer, by the order's own rule (contracts'
 * orderAmounts), so the total shown before sending is the saved order's. In the cart, before a
 * delivery is chosen, the items' subtotal (and that the fee comes with the choice); in the
 * checkout, the subtotal, the fee of the chosen delivery ('Gratis' when waived) and the total.
 * Pesos and dollars are never added: one row per currency, named by its symbol.
 */
export function CartSummary({
  items,
  business,
  step,
  deliveryMethod,
  delivery,
}: {
  items: readonly CartItem[]
  business: Pick<Business, 'deliveryOptions'>
  step: 'cart' | 'checkout'
  deliveryMethod: 'pickup' | 'delivery' | ''
  /**
   * Issue 44: the checkout's choice resolved by the API's rule — priced by its zone, agency or
   * point; a choice still missing its place (or in no zone) leaves the fee pending.
   */
  delivery?: ResolvedDelivery
}) {
  const options = delivery?.ok ? delivery.pricing : business.deliveryOptions
  const method = step === 'cart' || (delivery && !delivery.ok) ? '' : deliveryMethod
  const atDestination =
    delivery?.ok && delivery.detail.kind === 'agency' && delivery.detail.payAtDestination
  // Issue 45: the discounts of the server's quote (the cart's coupon field asks for it).
  const promotions = appliedFromQuote(useCartPromotions().quote)
  const amounts = cartAmounts(items, method, options, promotions)
  const discounts = (amounts.discounts ?? []).filter(
    (d) => !d.freeDelivery || method === 'delivery',
  )
  const codes = present(amounts.subtotals)
  const many = codes.length > 1
  const named = (label: string, code: CurrencyCode) =>
    many ? CHECKOUT_TEXTS.inCurrency(label, CURRENCY_SYMBOLS[code]) : label
  const feeCodes = present(amounts.deliveryFee)
  const charged = method === 'delivery' && feeCodes.length > 0
  // With delivery chosen (charged or waived) the subtotal, the fee and the total are shown.
  const showSubtotal = method === 'delivery' || discounts.length > 0
  // Issue 44: a delivery still missing its place (or in no zone) has no fee yet either.
  const pending = amounts.deliveryPending || (step === 'checkout' && delivery?.ok === false)
  const totalLabel = pending ? CHECKOUT_TEXTS.totalWithoutShipping : CHECKOUT_TEXTS.total

  return (
    <section aria-label="Resumen del pedido" className="grid gap-1">
      <dl className="grid gap-1">
        {showSubtotal &&
          codes.map((code) => (
            <Row key={`s-${code}`} label={named(CHECKOUT_TEXTS.subtotal, code)}>
              {money(amounts.subtotals[code]!, code)}
            </Row>
          ))}
        {method === 'delivery' && (
          <Row label={CHECKOUT_TEXTS.shipping}>
            {charged
              ? feeCodes.map((code) => money(amounts.deliveryFee[code]!, code)).join(' · ')
              : atDestination
                ? DELIVERY_TEXTS.payAtDestination
                : CHECKOUT_TEXTS.shippingFree}
          </Row>
        )}
        {discounts.map((d, i) => (
          <Row key={`d-${i}`} label={d.label}>
            {`-${money(d.cents, d.currency)}`}
          </Row>
        ))}
        {method === '' && step === 'checkout' && pending && (
          <Row label={CHECKOUT_TEXTS.shipping}>{CHECKOUT_TEXTS.shippingPending}</Row>
        )}
        {codes.map((code) => (
          <Row key={`t-${code}`} label={named(totalLabel, code)} strong>
            {money(amounts.totals[code]!, code)}
          </Row>
        ))}
      </dl>
      {step === 'cart' && amounts.deliveryPending && (
        <p className="text-xs text-muted-foreground">{CHECKOUT_TEXTS.shippingLater}</p>
      )}
    </section>
  )
}

function Row({
  label,
  strong = false,
  children,
}: {
  label: string
  strong?: boolean
  children: string
}) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={strong ? 'text-xl font-bold tabular-nums' : 'text-sm font-medium tabular-nums'}
      >
        {children}
      </dd>
    </div>
  )
}
