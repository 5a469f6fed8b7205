import { ImageOff, Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react'
import {
  CHECKOUT_TEXTS,
  currencySymbol,
  formatPrice,
  LIMITS,
  SHOPPER_VARIANT_TEXTS,
  whatsappNumber,
} from '@vitrina/contracts'
import type { Business, CreatedOrder, DeliveryMethod, ResolvedDelivery } from '@vitrina/contracts'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { toast } from '../../../lib/toast'
import { useNavigate } from 'react-router'
import { Link } from '../../../components/ui/link'
import { PageSpinner } from '../../../components/page-spinner'
import { Sheet } from '../../../components/storefront/sheet'
import { unitsLabel } from '../../../components/storefront/cart-button'
import { WhatsAppIcon } from '../../../components/storefront/whatsapp-icon'
import { paths } from '../../../config/paths'
import {
  cartLineKey,
  cartLineMax,
  cartLineName,
  cartLineTotal,
  clearCart,
  setCartQuantity,
  useCartItems,
} from '../../../lib/cart'
import type { SentOrderState } from '../lib/sent-order'
import { CartSummary } from './cart-summary'
import { CartCoupon } from './cart-coupon'
import { resetCartPromotions } from '../lib/cart-promotions'
import { CHECKOUT_FORM_ID } from './checkout-form-id'

// The form and its validation (zod) download when the shopper starts the checkout, not when the
// cart opens; pointing at or focusing the button starts the download.
const loadCheckoutForm = () => import('./checkout-form')
const CheckoutForm = lazy(loadCheckoutForm)

const whatsappButtonClass =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-[#25D366] px-4 text-base font-semibold text-[#0b2e17] shadow-sm transition-colors outline-none hover:bg-[#1fbe5a] focus-visible:ring-3 focus-visible:ring-ring/50 disabled:cursor-wait disabled:opacity-70'

/**
 * The cart: the lines kept on this device for this business, quantity controls, line and total
 * prices per currency, and (issue 24 §2) 'Enviar pedido por WhatsApp', which turns the drawer
 * into the checkout form; once the order is saved the cart empties and the shopper lands on the
 * order's page. Loaded lazily the first time the cart opens, with the form and its validation.
 */
export default function CartDrawer({
  open,
  onOpenChange,
  business,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  business: Business
}) {
  const identifier = business.identifier
  const businessName = business.name
  const items = useCartItems(identifier)
  const units = items.reduce((sum, item) => sum + item.quantity, 0)
  const navigate = useNavigate()
  const [step, setStep] = useState<'cart' | 'checkout'>('cart')
  const [isSubmitting, setIsSubmitting] = useState(false)
  // The submit button lives in the drawer's footer, the form in a chunk loaded on demand: until
  // the form is mounted a tap on the button would submit nothing, silently.
  const [formReady, setFormReady] = useState(false)
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({})
  // The form's delivery choice, for the total at the foot (issue 41 §1).
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod | ''>('')
  // Issue 44: that choice resolved by the API's rule (the zone's, agency's or point's price).
  const [resolvedDelivery, setResolvedDelivery] = useState<ResolvedDelivery | undefined>()
  const onDeliveryChange = useCallback(
    (method: DeliveryMethod | '', resolved?: ResolvedDelivery) => {
      setDeliveryMethod(method)
      setResolvedDelivery(resolved)
    },
    [],
  )
  const canOrder = whatsappNumber(business) !== null
  const isCheckout = step === 'checkout' && items.length > 0

  // The drawer says what the cart holds: 'Producto añadido al carrito' would only cover its top
  // (on a computer, the checkout's first field) for its remaining seconds.
  useEffect(() => {
    if (open) toast.dismiss()
  }, [open])

  function changeOpen(next: boolean) {
    if (!next) setStep('cart')
    onOpenChange(next)
  }
  const close = () => changeOpen(false)

  function onLineErrors(errors: Record<string, string>) {
    setLineErrors(errors)
    // The shopper has to see the line to fix it (remove it, change its quantity).
    if (Object.keys(errors).length > 0) setStep('cart')
  }

  /** A line the shopper changed is checked again when the order is sent. */
  function changeLine(lineKey: string, quantity: number) {
    setCartQuantity(identifier, lineKey, quantity)
    if (lineErrors[lineKey]) setLineErrors(({ [lineKey]: _fixed, ...rest }) => rest)
  }

  function onCreated(order: CreatedOrder, openedWhatsapp: boolean) {
    clearCart(identifier)
    resetCartPromotions()
    close()
    const state: SentOrderState = { whatsappUrl: order.whatsappUrl, openedWhatsapp }
    void navigate(paths.storefront.order(identifier, order.code, order.token), { state })
  }

  return (
    <Sheet
      open={open}
      onOpenChange={changeOpen}
      title={isCheckout ? CHECKOUT_TEXTS.start : 'Tu carrito'}
      description={items.length > 0 ? `${unitsLabel(units)} de ${businessName}` : undefined}
      footer={
        items.length > 0 ? (
          <div className="grid gap-4">
            {!isCheckout && <CartCoupon businessId={business._id} items={items} />}
            <CartSummary
              items={items}
              business={business}
              step={isCheckout ? 'checkout' : 'cart'}
              deliveryMethod={deliveryMethod}
              delivery={resolvedDelivery}
            />
            {isCheckout ? (
              <>
                <button
                  type="submit"
                  form={CHECKOUT_FORM_ID}
                  disabled={isSubmitting || !formReady}
                  className={whatsappButtonClass}
                >
                  <WhatsAppIcon className="size-5" aria-hidden="true" />
                  {isSubmitting ? CHECKOUT_TEXTS.submitting : CHECKOUT_TEXTS.submit}
                </button>
                <button
                  type="button"
                  onClick={() => setStep('cart')}
                  disabled={isSubmitting}
                  className="justify-self-center rounded text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {CHECKOUT_TEXTS.back}
                </button>
              </>
            ) : (
              <>
                {canOrder ? (
                  <button
                    type="button"
                    onClick={() => setStep('checkout')}
                    onPointerEnter={() => void loadCheckoutForm()}
                    onFocus={() => void loadCheckoutForm()}
                    className={whatsappButtonClass}
                  >
                    <WhatsAppIcon className="size-5" aria-hidden="true" />
                    {CHECKOUT_TEXTS.start}
                  </button>
                ) : (
                  <p className="text-sm text-muted-foreground">{CHECKOUT_TEXTS.noWhatsapp}</p>
                )}
                <button
                  type="button"
                  onClick={() => clearCart(identifier)}
                  className="justify-self-center rounded text-sm text-muted-foreground underline-offset-4 hover:text-destructive hover:underline"
                >
                  Vaciar carrito
                </button>
              </>
            )}
          </div>
        ) : undefined
      }
    >
      {isCheckout ? (
        <Suspense fallback={<PageSpinner />}>
          <CheckoutForm
            business={business}
            items={items}
            onSubmittingChange={setIsSubmitting}
            onReady={setFormReady}
            onDeliveryMethodChange={onDeliveryChange}
            onLineErrors={onLineErrors}
            onCreated={onCreated}
          />
        </Suspense>
      ) : items.length === 0 ? (
        <div className="grid place-items-center gap-3 px-6 py-16 text-center">
          <ShoppingBag className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">Tu carrito está vacío</p>
          <p className="text-sm text-muted-foreground">
            Agrega productos desde su página con «Añadir al carrito».
          </p>
          <Link
            to={paths.storefront.products(identifier)}
            onClick={close}
            className="mt-2 inline-flex h-10 items-center rounded-lg bg-(--store-primary) px-4 text-sm font-semibold text-(--store-on-primary) hover:opacity-90"
          >
            Ver productos
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-border" aria-label="Productos en el carrito">
          {items.map((item) => {
            const currency = currencySymbol(item.currency ?? 'UYU')
            const key = cartLineKey(item)
            const name = cartLineName(item)
            const max = cartLineMax(item)
            return (
              <li key={key} className="flex gap-3 px-5 py-4">
                <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-muted">
                  {item.image ? (
                    <img
                      src={item.image}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : (
                    <ImageOff
                      className="m-auto size-full p-6 text-muted-foreground/60"
                      aria-hidden="true"
                    />
                  )}
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      to={paths.storefront.product(identifier, item.slug ?? item.productId)}
                      onClick={close}
                      className="line-clamp-2 rounded-sm text-sm font-semibold outline-none hover:underline focus-visible:underline focus-visible:ring-3 focus-visible:ring-ring/50"
                    >
                      {name}
                    </Link>
                    <button
                      type="button"
                      onClick={() => changeLine(key, 0)}
                      aria-label={`Quitar ${name} del carrito`}
                      className="-mt-1 -mr-1 grid size-8 shrink-0 place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-destructive"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {formatPrice(item.price, currency)} c/u
                  </p>
                  {item.quantity >= max && (
                    <p id={`${key}-max`} className="text-xs text-muted-foreground">
                      {max < LIMITS.orderQuantityMax
                        ? SHOPPER_VARIANT_TEXTS.quantityLeft(max)
                        : SHOPPER_VARIANT_TEXTS.quantityMax(max)}
                    </p>
                  )}
                  {lineErrors[key] && (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      {lineErrors[key]}
                    </p>
                  )}
                  <div className="mt-auto flex items-center justify-between gap-2">
                    <div
                      role="group"
                      aria-label={`Cantidad de ${name}`}
                      className="flex items-center rounded-lg border border-border"
                    >
                      <button
                        type="button"
                        onClick={() => changeLine(key, item.quantity - 1)}
                        disabled={item.quantity <= 1}
                        aria-label="Quitar una unidad"
                        className="grid size-8 place-items-center rounded-l-lg hover:bg-muted disabled:opacity-40"
                      >
                        <Minus className="size-3.5" aria-hidden="true" />
                      </button>
                      <span
                        className="min-w-8 text-center text-sm font-semibold tabular-nums"
                        aria-live="polite"
                      >
                        {item.quantity}
                      </span>
                      <button
                        type="button"
                        onClick={() => changeLine(key, item.quantity + 1)}
                        disabled={item.quantity >= max}
                        aria-label="Agregar una unidad"
                        aria-describedby={item.quantity >= max ? `${key}-max` : undefined}
                        className="grid size-8 place-items-center rounded-r-lg hover:bg-muted disabled:opacity-40"
                      >
                        <Plus className="size-3.5" aria-hidden="true" />
                      </button>
                    </div>
                    <p className="text-sm font-bold tabular-nums">
                      {formatPrice(cartLineTotal(item), currency)}
                    </p>
                  </div>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </Sheet>
  )
}
