/**
 * Issue 45: the cart's coupon field and the promotions the server applies to the cart (its
 * quote). Part of the cart's lazy chunk. The quote is asked again when the lines change; a code
 * that does not apply shows the server's Spanish reason and is not kept.
 */
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { PROMOTION_MESSAGES as M } from '@vitrina/contracts'
import type { CartItem } from '../../../lib/cart'
import { fetchPromotionQuote, setCartPromotions, useCartPromotions } from '../lib/cart-promotions'

export function CartCoupon({
  businessId,
  items,
}: {
  businessId: string
  items: readonly Pick<CartItem, 'productId' | 'variantId' | 'quantity'>[]
}) {
  const { code } = useCartPromotions()
  const [typed, setTyped] = useState('')
  const [requested, setRequested] = useState(code)
  // Every apply and remove asks again (the store is written by the answer, not by a cache).
  const [asked, setAsked] = useState(0)
  const [empty, setEmpty] = useState(false)
  const inputId = useId()
  const messageId = useId()
  const linesKey = items.map((i) => `${i.productId}:${i.variantId ?? ''}:${i.quantity}`).join(',')
  // Asked again when the lines or the code asked for change; the answer goes to the cart's store
  // (the summary prices with it, the checkout sends its code).
  const query = useQuery({
    queryKey: ['promotion-quote', businessId, linesKey, requested, asked],
    gcTime: 0,
    enabled: items.length > 0,
    retry: false,
    queryFn: async () => {
      try {
        const reply = await fetchPromotionQuote(businessId, items, requested)
        setCartPromotions({ code: reply.coupon ? requested : '', quote: reply })
        return reply
      } catch {
        // The preview is a help: without it the order is still priced by the server.
        setCartPromotions({ code: requested, quote: undefined })
        return null
      }
    },
  })
  const quote = query.data ?? undefined
  const refusal = empty ? M.couponUnknown : (quote?.couponRefusal ?? '')
  const busy = query.isFetching

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const next = typed.trim()
    setEmpty(!next)
    if (next) {
      setRequested(next)
      setAsked((n) => n + 1)
    }
  }

  const promotions = quote?.discounts.filter((d) => d.source === 'promotion') ?? []

  return (
    <div className="grid gap-2">
      {promotions.length > 0 && (
        <ul aria-label="Promociones aplicadas" className="grid gap-1 text-sm">
          {promotions.map((p, i) => (
            <li key={`${p.productId ?? ''}-${i}`} className="font-medium text-emerald-800">
              {p.label}
            </li>
          ))}
        </ul>
      )}
      {quote?.coupon ? (
        <p className="flex items-center justify-between gap-2 text-sm" aria-live="polite">
          <span className="font-medium text-emerald-800">{M.couponApplied(quote.coupon)}</span>
          <button
            type="button"
            onClick={() => {
              setTyped('')
              setRequested('')
              setAsked((n) => n + 1)
            }}
            className="rounded text-muted-foreground underline underline-offset-4 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {M.couponRemove}
          </button>
        </p>
      ) : (
        <form onSubmit={apply} className="grid gap-1" noValidate>
          <label htmlFor={inputId} className="text-sm font-medium">
            {M.couponField}
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              name="coupon"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={30}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? messageId : undefined}
              className="min-w-0 flex-1 rounded-md border border-input bg-background px-3 py-2 text-sm uppercase focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            <button
              type="submit"
              disabled={busy}
              className="rounded-md border border-input px-4 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
            >
              {M.couponApply}
            </button>
          </div>
          <p id={messageId} role="status" className="min-h-5 text-sm text-destructive">
            {refusal}
          </p>
        </form>
      )}
    </div>
  )
}
