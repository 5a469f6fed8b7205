import {
  CHECKOUT_TEXTS,
  ORDER_MESSAGES,
  PAYMENT_METHOD_LABELS,
  CURRENCY_SYMBOLS,
  LIMITS,
  createOrderSchema,
  deliveryFeeCurrency,
  deliveryFeeFor,
  formatPrice,
  orderAmounts,
  DELIVERY_MESSAGES,
  DELIVERY_TEXTS,
  resolveDelivery,
  MERCADOPAGO_TEXTS,
  SHOPPER_EMAIL_TEXTS,
} from '@vitrina/contracts'
import type {
  Business,
  CreatedOrder,
  DeliveryMethod,
  PaymentMethodType,
  ResolvedDelivery,
} from '@vitrina/contracts'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { isApiError } from '../../../api/client'
import { FormField } from '../../../components/form-field'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import type { CartItem } from '../../../lib/cart'
import { readCartCustomer, rememberCartCustomer } from '../../../lib/cart-customer'
import { useCreateOrder } from '../api/create-order'
import { startOnlinePayment, useOnlinePaymentAvailable } from '../api/online-payment'
import { cartPricedLines } from '../lib/cart-amounts'
import {
  choiceOf,
  deliveryOffers,
  needsPlace,
  placeGroups,
  placeLabel,
} from '../lib/checkout-delivery'
import { checkoutErrors, type CheckoutErrors, type CheckoutField } from '../lib/checkout-errors'
import { openOrderWindow } from '../lib/order-window'
import { cartPromotions, useCartPromotions } from '../lib/cart-promotions'
import { Choice, ChoiceGroup } from './checkout-choices'
import { CHECKOUT_FORM_ID } from './checkout-form-id'

interface Values {
  name: string
  phone: string
  /** Issue 44 §3: optional; the order's status mails go to it. */
  email: string
  /** Issue 44: the offer picked (checkout-delivery's key), '' before a choice. */
  deliveryKey: string
  /** Issue 44: the shopper's place (a PlaceKey) for delivery by zone. */
  place: string
  address: string
  paymentMethod: PaymentMethodType | ''
  notes: string
  website: string
}

/** The business's offer, and what this device remembers of the shopper (only what still fits). */
function initialValues(business: Business): Values {
  const saved = readCartCustomer()
  const offers = deliveryOffers(business.deliveryOptions)
  const payments = business.paymentMethods.map((m) => m.type)
  const savedMethod = saved?.deliveryMethod
  const savedPayment = payments.find((type) => type === saved?.paymentMethod)
  return {
    name: saved?.name ?? '',
    phone: saved?.phone ?? '',
    email: saved?.email ?? '',
    deliveryKey:
      savedMethod && offers.some((o) => o.key === savedMethod)
        ? savedMethod
        : offers.length === 1
          ? offers[0]!.key
          : '',
    place: saved?.place ?? '',
    address: saved?.address ?? '',
    paymentMethod: savedPayment ?? (payments.length === 1 ? payments[0]! : ''),
    notes: '',
    website: '',
  }
}

/**
 * The fee of this cart and its threshold, in the one currency the fee would be charged in
 * (contracts' deliveryFeeCurrency: a business with fees in pesos and dollars read as
 * '$ 290,00 + US$ 8,00', a sum); `freeNow` when this cart already reaches the threshold.
 */
function deliveryHint(options: Business['deliveryOptions'], items: readonly CartItem[]) {
  const { subtotals } = orderAmounts(cartPricedLines(items), 'pickup', options)
  const currency = deliveryFeeCurrency(options, subtotals)
  const amount = currency === undefined ? 0 : (options.delivery.fee[currency] ?? 0)
  if (!currency || amount === 0) return { fee: '', freeFrom: '', freeNow: false }
  const threshold = options.delivery.freeFrom?.[currency]
  const symbol = CURRENCY_SYMBOLS[currency]
  return {
    fee: formatPrice(amount, symbol),
    freeFrom: threshold === undefined ? '' : formatPrice(threshold, symbol),
    freeNow: Object.keys(deliveryFeeFor('delivery', options, subtotals)).length === 0,
  }
}

const FIELD_ORDER: CheckoutField[] = [
  'name',
  'phone',
  'email',
  'delivery',
  'place',
  'address',
  'payment',
  'notes',
]

/** Issue 44: the zone's price for this cart (the API's rule) and its estimated time. */
function zoneHint(resolved: Extract<ResolvedDelivery, { ok: true }>, items: readonly CartItem[]) {
  const { deliveryFee } = orderAmounts(cartPricedLines(items), resolved.method, resolved.pricing)
  const codes = (Object.keys(deliveryFee) as (keyof typeof deliveryFee)[]).filter(
    (c) => deliveryFee[c] !== undefined,
  )
  const price = codes.length
    ? CHECKOUT_TEXTS.deliveryFee(
        codes.map((c) => formatPrice(deliveryFee[c]! / 100, CURRENCY_SYMBOLS[c])).join(' · '),
      )
    : CHECKOUT_TEXTS.deliveryFreeNow
  const eta = resolved.detail.kind === 'zone' ? resolved.detail.eta : undefined
  return DELIVERY_TEXTS.zoneHint(price, eta)
}

/**
 * Issue 24 §2: the checkout in the cart drawer — name, phone, pickup or delivery (the ones the
 * business offers, with its fee and free-delivery threshold), address for delivery, payment
 * method (the accepted ones, the chosen one's instructions shown), notes and a honeypot. The
 * same createOrderSchema as the API checks it before sending; the API's 400 lands at the fields
 * (and at the cart line of a product that is no longer available).
 */
export default function CheckoutForm({
  business,
  items,
  onSubmittingChange,
  onReady,
  onDeliveryMethodChange,
  onLineErrors,
  onCreated,
}: {
  business: Business
  items: readonly CartItem[]
  onSubmittingChange: (isSubmitting: boolean) => void
  /** true once the form is mounted (its submit button may act), false when it goes. */
  onReady: (ready: boolean) => void
  /**
   * The delivery chosen (or '' before a choice), for the drawer's total (issue 41 §1), and
   * (issue 44) the choice resolved by the API's own rule: its price, or why it is refused.
   */
  onDeliveryMethodChange: (method: DeliveryMethod | '', resolved?: ResolvedDelivery) => void
  /** Messages per product id, for lines the API refused. */
  onLineErrors: (errors: Record<string, string>) => void
  onCreated: (order: CreatedOrder, openedWindow: boolean) => void
}) {
  const [values, setValues] = useState(() => initialValues(business))
  const [errors, setErrors] = useState<CheckoutErrors>({})
  const createOrder = useCreateOrder(business._id)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    onReady(true)
    return () => onReady(false)
  }, [onReady])
  const offers = deliveryOffers(business.deliveryOptions)
  const offer = offers.find((o) => o.key === values.deliveryKey)
  const deliveryMethod: DeliveryMethod | '' = offer?.method ?? ''
  const placeNeeded = offer?.kind === 'zone' && needsPlace(business.deliveryOptions)
  // Issue 44 §1: a zone priced by weight bands takes the parcel's weight from the cart's quote
  // (the server's figure for these lines); without it, the zone's flat price, as the order.
  const grams = useCartPromotions().quote?.parcelGrams
  const resolved = offer
    ? resolveDelivery(business.deliveryOptions, choiceOf(offer, values.place), grams)
    : undefined
  const resolvedKey = resolved ? JSON.stringify(resolved) : ''
  useEffect(() => {
    onDeliveryMethodChange(deliveryMethod, resolvedKey ? JSON.parse(resolvedKey) : undefined)
  }, [onDeliveryMethodChange, deliveryMethod, resolvedKey])
  // The checkout opens on its first field, not on the panel (issue 41).
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[data-field="name"]')?.focus()
  }, [])
  const { deliveryOptions } = business
  // Issue 43: "Pagar con Mercado Pago" beside the shop's methods when it is connected (it takes
  // the place of a manual Mercado Pago method: the payment is online, no instructions).
  const online = useOnlinePaymentAvailable(business._id).data === true
  const paymentMethods = online
    ? [
        ...business.paymentMethods.filter((m) => m.type !== 'mercadopago'),
        { type: 'mercadopago' as const, instructions: undefined },
      ]
    : business.paymentMethods
  const { fee, freeFrom, freeNow } = deliveryHint(deliveryOptions, items)
  const chosenPayment = paymentMethods.find((m) => m.type === values.paymentMethod)
  const resolvedHintId = 'checkout-lugar-zona'

  function set<K extends keyof Values>(key: K, value: Values[K], field?: CheckoutField) {
    setValues((current) => ({ ...current, [key]: value }))
    // SPEC §4: a field's error clears when the field is edited.
    if (field && errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest)
  }

  /**
   * Shows the form's and the lines' errors, then moves the focus to the first field in error — at
   * once, with its message on the screen: a frame later it could pull the focus back from the
   * field the shopper had gone on to, and what they typed would land in the first one.
   */
  function showErrors(fields: CheckoutErrors, lines: Record<string, string>) {
    flushSync(() => {
      setErrors(fields)
      onLineErrors(lines)
    })
    const first = FIELD_ORDER.find((field) => fields[field])
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus()
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (createOrder.isPending) return
    const input = {
      items: items.map((item) => ({
        productId: item.productId,
        ...(item.variantId ? { variantId: item.variantId } : {}),
        quantity: item.quantity,
      })),
      customer: { name: values.name, phone: values.phone, email: values.email },
      delivery: {
        method: deliveryMethod || undefined,
        address: deliveryMethod === 'delivery' ? values.address : undefined,
        ...(offer?.kind === 'zone' && values.place ? { place: values.place } : {}),
        ...(offer?.kind === 'agency' ? { agencyId: offer.id } : {}),
        ...(offer?.kind === 'point' ? { pickupPointId: offer.id } : {}),
      },
      paymentMethod: values.paymentMethod || undefined,
      notes: values.notes,
      website: values.website,
      // Issue 45: the coupon applied in the cart (the server checks and prices it again).
      ...(cartPromotions().code ? { coupon: cartPromotions().code } : {}),
    }
    const parsed = createOrderSchema.safeParse(input)
    if (!parsed.success) {
      const found = checkoutErrors(
        parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        items,
      )
      showErrors(found.fields, found.lines)
      return
    }
    setErrors({})
    onLineErrors({})
    // Opened now, while the click still counts as the shopper's: pointed at WhatsApp when the
    // order is saved (a window opened after the reply would be blocked). Phones get the order
    // page's 'Abrir WhatsApp' instead, which opens the app itself.
    const orderWindow = openOrderWindow()
    onSubmittingChange(true)
    createOrder.mutate(parsed.data, {
      onSuccess: (order) => {
        rememberCartCustomer({
          name: values.name.trim(),
          phone: values.phone.trim(),
          email: values.email.trim() || undefined,
          deliveryMethod: deliveryMethod || undefined,
          address: values.address.trim() || undefined,
          place: values.place || undefined,
          paymentMethod: values.paymentMethod || undefined,
        })
        // Issue 43: paid online — the saved order's preference, and off to Mercado Pago (its
        // page shows «Reintentar el pago» if that fails).
        if (order.onlinePayment) {
          orderWindow?.close()
          startOnlinePayment(order.code, order.token)
            .then(({ url }) => window.location.assign(url))
            .catch(() => onCreated(order, false))
          return
        }
        const opened = orderWindow?.go(order.whatsappUrl) ?? false
        onCreated(order, opened)
      },
      onError: (error) => {
        orderWindow?.close()
        if (isApiError(error) && error.status === 400 && error.errors?.length) {
          const found = checkoutErrors(error.errors, items)
          showErrors(
            { ...found.fields, form: found.fields.form ?? CHECKOUT_TEXTS.fixErrors },
            found.lines,
          )
          return
        }
        const message = !isApiError(error)
          ? ORDER_MESSAGES.rejected
          : error.status === 0
            ? CHECKOUT_TEXTS.offline
            : error.status === 429
              ? // Issue 40 §2: the shop's hourly budget, not this shopper's, is spent.
                error.message === ORDER_MESSAGES.shopBusy
                ? ORDER_MESSAGES.shopBusy
                : CHECKOUT_TEXTS.rateLimited
              : error.status >= 500
                ? ORDER_MESSAGES.rejected
                : error.message
        setErrors({ form: message })
      },
      onSettled: () => onSubmittingChange(false),
    })
  }

  return (
    <form
      id={CHECKOUT_FORM_ID}
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={CHECKOUT_TEXTS.formTitle}
      aria-busy={createOrder.isPending}
      className="grid gap-5 px-5 py-5"
    >
      {errors.form && (
        <p
          role="alert"
          className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
        >
          {errors.form}
        </p>
      )}
      <FormField label={CHECKOUT_TEXTS.name} error={errors.name} required>
        <Input
          id="checkout-nombre"
          data-field="name"
          autoComplete="name"
          maxLength={LIMITS.nameMax}
          value={values.name}
          onChange={(e) => set('name', e.target.value, 'name')}
        />
      </FormField>
      <FormField label={CHECKOUT_TEXTS.phone} error={errors.phone} required>
        <Input
          id="checkout-telefono"
          data-field="phone"
          type="tel"
          inputMode="tel"
          maxLength={LIMITS.orderPhoneMax}
          autoComplete="tel"
          placeholder="099 123 456"
          value={values.phone}
          onChange={(e) => set('phone', e.target.value, 'phone')}
        />
      </FormField>
      <FormField
        label={SHOPPER_EMAIL_TEXTS.label}
        hint={SHOPPER_EMAIL_TEXTS.hint}
        error={errors.email}
      >
        <Input
          id="checkout-correo"
          data-field="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LIMITS.emailMax}
          placeholder={SHOPPER_EMAIL_TEXTS.placeholder}
          value={values.email}
          onChange={(e) => set('email', e.target.value, 'email')}
        />
      </FormField>

      <ChoiceGroup label={CHECKOUT_TEXTS.delivery} field="delivery" error={errors.delivery}>
        {offers.map((o) => (
          <Choice
            key={o.key}
            name="checkout-entrega"
            value={o.key}
            checked={values.deliveryKey === o.key}
            onChange={() => set('deliveryKey', o.key, 'delivery')}
            label={o.label}
            hint={
              (o.kind === 'pickup'
                ? business.address && CHECKOUT_TEXTS.pickupAt(business.address)
                : o.kind === 'zone' && !needsPlace(deliveryOptions)
                  ? [
                      freeNow
                        ? CHECKOUT_TEXTS.deliveryFreeNow
                        : fee && CHECKOUT_TEXTS.deliveryFee(fee),
                      !freeNow && freeFrom && CHECKOUT_TEXTS.freeFrom(freeFrom),
                      deliveryOptions.delivery.note,
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : o.kind === 'zone'
                    ? deliveryOptions.delivery.note
                    : o.lines.join(' · ')) || undefined
            }
            invalid={Boolean(errors.delivery)}
          />
        ))}
      </ChoiceGroup>

      {placeNeeded && (
        <FormField label={DELIVERY_TEXTS.placeLabel} error={errors.place} required>
          <select
            id="checkout-lugar"
            data-field="place"
            value={values.place}
            onChange={(e) => set('place', e.target.value, 'place')}
            aria-describedby={resolvedHintId}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            <option value="">{DELIVERY_TEXTS.placeChoose}</option>
            {placeGroups(deliveryOptions).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.places.map((place) => (
                  <option key={place} value={place}>
                    {placeLabel(place).replace(' (Montevideo)', '')}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FormField>
      )}
      {placeNeeded && values.place && resolved && (
        <p
          id={resolvedHintId}
          aria-live="polite"
          className={
            resolved.ok ? 'text-sm text-muted-foreground' : 'text-sm font-medium text-destructive'
          }
        >
          {resolved.ok ? zoneHint(resolved, items) : DELIVERY_MESSAGES.placeOutside}
        </p>
      )}

      {deliveryMethod === 'delivery' && (
        <FormField
          label={
            offer?.kind === 'agency' ? DELIVERY_TEXTS.branchLabel : CHECKOUT_TEXTS.deliveryAddress
          }
          error={errors.address}
          required
        >
          <Input
            id="checkout-direccion"
            data-field="address"
            autoComplete={offer?.kind === 'agency' ? 'off' : 'street-address'}
            maxLength={LIMITS.shortTextMax}
            value={values.address}
            onChange={(e) => set('address', e.target.value, 'address')}
          />
        </FormField>
      )}

      <ChoiceGroup
        label={CHECKOUT_TEXTS.payment}
        field="payment"
        error={errors.payment}
        after={
          chosenPayment?.instructions && (
            <p
              className="rounded-lg bg-muted px-3 py-2 text-sm whitespace-pre-line"
              aria-live="polite"
            >
              {chosenPayment.instructions}
            </p>
          )
        }
      >
        {paymentMethods.map((method) => (
          <Choice
            key={method.type}
            name="checkout-pago"
            value={method.type}
            checked={values.paymentMethod === method.type}
            onChange={() => set('paymentMethod', method.type, 'payment')}
            label={
              online && method.type === 'mercadopago'
                ? MERCADOPAGO_TEXTS.payButton
                : PAYMENT_METHOD_LABELS[method.type]
            }
            invalid={Boolean(errors.payment)}
          />
        ))}
      </ChoiceGroup>

      <FormField
        label={CHECKOUT_TEXTS.notes}
        error={errors.notes}
        labelAside={<CharactersLeft length={values.notes.length} max={LIMITS.orderNotesMax} />}
      >
        <Textarea
          id="checkout-notas"
          data-field="notes"
          rows={3}
          maxLength={LIMITS.orderNotesMax}
          placeholder={CHECKOUT_TEXTS.notesPlaceholder}
          value={values.notes}
          onChange={(e) => set('notes', e.target.value, 'notes')}
        />
      </FormField>

      {/* Honeypot (issue 24 §2): people never see nor reach it; a bot that fills it is refused. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Sitio web
          <input
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => set('website', e.target.value)}
          />
        </label>
      </div>

      <p className="text-xs text-muted-foreground">{CHECKOUT_TEXTS.remembered}</p>
    </form>
  )
}

/** '8 / 500' beside a long field's label: how much of its limit is used. */
function CharactersLeft({ length, max }: { length: number; max: number }) {
  return (
    <span
      className={
        length >= max
          ? 'text-xs font-medium text-destructive tabular-nums'
          : 'text-xs text-muted-foreground tabular-nums'
      }
    >
      {`${length} / ${max}`}
    </span>
  )
}
