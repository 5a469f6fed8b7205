import { ImageOff, Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react'
import { formatPrice } from '@vitrina/contracts'
import { Link } from 'react-router'
import { Sheet } from '../../../components/storefront/sheet'
import { unitsLabel } from '../../../components/storefront/cart-button'
import { WhatsAppIcon } from '../../../components/storefront/whatsapp-icon'
import { whatsappUrl } from '../../../components/storefront/whatsapp'
import { paths } from '../../../config/paths'
import {
  cartLineTotal,
  cartTotals,
  clearCart,
  removeFromCart,
  setCartQuantity,
  useCartItems,
} from '../../../lib/cart'
import { cartOrderMessage } from '../lib/whatsapp-messages'

/**
 * The cart (beyond SPEC §1, which has no checkout): the lines kept on this device for this
 * business, quantity controls, line and total prices per currency, and 'Enviar pedido por
 * WhatsApp' with the order written out. Loaded lazily the first time the cart opens.
 */
export default function CartDrawer({
  open,
  onOpenChange,
  identifier,
  businessName,
  phone,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  identifier: string
  businessName: string
  phone: string | null | undefined
}) {
  const items = useCartItems(identifier)
  const totals = cartTotals(items)
  const units = items.reduce((sum, item) => sum + item.quantity, 0)
  const close = () => onOpenChange(false)
  const orderUrl =
    items.length > 0
      ? whatsappUrl(
          phone,
          cartOrderMessage({
            businessName,
            items,
            productUrl: (id) =>
              new URL(paths.storefront.product(identifier, id), window.location.origin).toString(),
          }),
        )
      : null

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Tu carrito"
      description={items.length > 0 ? `${unitsLabel(units)} de ${businessName}` : undefined}
      footer={
        items.length > 0 ? (
          <div className="grid gap-4">
            <dl className="grid gap-1">
              {totals.map((total) => (
                <div key={total.currency} className="flex items-baseline justify-between gap-4">
                  <dt className="text-sm text-muted-foreground">
                    Total{totals.length > 1 ? ` en ${total.currency}` : ''}
                  </dt>
                  <dd className="text-xl font-bold tabular-nums">
                    {formatPrice(total.amount, total.currency)}
                  </dd>
                </div>
              ))}
            </dl>
            {orderUrl ? (
              <a
                href={orderUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-[#25D366] px-4 text-base font-semibold text-[#0b2e17] shadow-sm transition-colors outline-none hover:bg-[#1fbe5a] focus-visible:ring-3 focus-visible:ring-ring/50"
              >
                <WhatsAppIcon className="size-5" aria-hidden="true" />
                Enviar pedido por WhatsApp
              </a>
            ) : (
              <p className="text-sm text-muted-foreground">
                Este negocio no tiene un teléfono para recibir pedidos por WhatsApp.
              </p>
            )}
            <button
              type="button"
              onClick={() => clearCart(identifier)}
              className="justify-self-center rounded text-sm text-muted-foreground underline-offset-4 hover:text-destructive hover:underline"
            >
              Vaciar carrito
            </button>
          </div>
        ) : undefined
      }
    >
      {items.length === 0 ? (
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
            const currency = item.currency || '$'
            return (
              <li key={item.productId} className="flex gap-3 px-5 py-4">
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
                      to={paths.storefront.product(identifier, item.productId)}
                      onClick={close}
                      className="line-clamp-2 text-sm font-semibold hover:underline"
                    >
                      {item.name}
                    </Link>
                    <button
                      type="button"
                      onClick={() => removeFromCart(identifier, item.productId)}
                      aria-label={`Quitar ${item.name} del carrito`}
                      className="-mt-1 -mr-1 grid size-8 shrink-0 place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-destructive"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {formatPrice(item.price, currency)} c/u
                  </p>
                  <div className="mt-auto flex items-center justify-between gap-2">
                    <div
                      role="group"
                      aria-label={`Cantidad de ${item.name}`}
                      className="flex items-center rounded-lg border border-border"
                    >
                      <button
                        type="button"
                        onClick={() =>
                          setCartQuantity(identifier, item.productId, item.quantity - 1)
                        }
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
                        onClick={() =>
                          setCartQuantity(identifier, item.productId, item.quantity + 1)
                        }
                        aria-label="Agregar una unidad"
                        className="grid size-8 place-items-center rounded-r-lg hover:bg-muted"
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
