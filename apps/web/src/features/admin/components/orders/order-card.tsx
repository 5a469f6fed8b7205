import {
  CURRENCY_SYMBOLS,
  DELIVERY_METHOD_LABELS,
  formatAmounts,
  formatPrice,
  ORDER_ADMIN_TEXTS as T,
  ORDER_STATUS_LABELS,
  orderItemName,
  PAYMENT_METHOD_LABELS,
  SHOPPER_EMAIL_TEXTS,
} from '@vitrina/contracts'
import type { OrderStatus, OwnerOrder } from '@vitrina/contracts'
import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../../../lib/utils'
import { OrderActions } from './order-actions'
import { OrderStatusWhatsapp } from './order-status-whatsapp'
import { OwnerOnlinePayment } from './owner-online-payment'
import { OrderDeliveryDetail } from '../../../../components/order-delivery-detail'
import { orderDate } from '../../../../lib/order-date'

const STATUS_CLASSES: Record<OrderStatus, string> = {
  nuevo: 'bg-amber-100 text-amber-900',
  confirmado: 'bg-sky-100 text-sky-900',
  listo: 'bg-violet-100 text-violet-900',
  enviado: 'bg-indigo-100 text-indigo-900',
  entregado: 'bg-emerald-100 text-emerald-900',
  cancelado: 'bg-muted text-muted-foreground',
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        STATUS_CLASSES[status],
      )}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  )
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="grid gap-1 text-sm">{children}</div>
    </div>
  )
}

function Amounts({
  label,
  amounts,
  strong,
}: {
  label: string
  amounts: OwnerOrder['totals']
  strong?: boolean
}) {
  const text = formatAmounts(amounts)
  if (!text) return null
  return (
    <div className={cn('flex justify-between gap-4', strong && 'font-semibold')}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{text}</dd>
    </div>
  )
}

function historyText(entry: OwnerOrder['history'][number], index: number): string {
  if (entry.status) {
    return index === 0 && entry.status === 'nuevo'
      ? T.historyCreated
      : T.historyStatus(ORDER_STATUS_LABELS[entry.status])
  }
  return T.historyNote
}

/** Everything about one order: items, totals per currency, customer, delivery, payment, history. */
function OrderDetail({ order, timeZone }: { order: OwnerOrder; timeZone: string }) {
  return (
    <div className="grid gap-6 border-t border-border p-4 sm:p-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid content-start gap-6">
        <Block title={T.itemsTitle}>
          <ul className="grid gap-1.5">
            {order.items.map((item, i) => (
              <li key={`${item.productId}-${i}`} className="flex justify-between gap-4">
                <span className="min-w-0">
                  <span className="font-medium tabular-nums">{item.quantity} ×</span>{' '}
                  {orderItemName(item)}
                  {item.code && <span className="text-muted-foreground"> · {item.code}</span>}
                  {item.quantity > 1 && (
                    <span className="block text-xs text-muted-foreground">
                      {formatPrice(item.unitPrice, CURRENCY_SYMBOLS[item.currency])} c/u
                    </span>
                  )}
                </span>
                <span className="shrink-0 tabular-nums">
                  {formatPrice(item.lineTotal, CURRENCY_SYMBOLS[item.currency])}
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-2 grid gap-1 border-t border-border pt-2">
            <Amounts label={T.subtotal} amounts={order.subtotals} />
            <Amounts label={T.deliveryFee} amounts={order.deliveryFee} />
            {order.discounts?.map((d, i) => (
              <div key={`d-${i}`} className="flex justify-between gap-4">
                <dt>{d.label}</dt>
                <dd className="text-right tabular-nums">
                  -{formatPrice(d.amount, CURRENCY_SYMBOLS[d.currency])}
                </dd>
              </div>
            ))}
            <Amounts label={T.total} amounts={order.totals} strong />
          </dl>
        </Block>
        <div className="grid gap-6 sm:grid-cols-2">
          <Block title={T.customerTitle}>
            <p>{order.customer.name}</p>
            <p>
              <a
                className="text-accent underline-offset-4 hover:underline"
                href={`tel:${order.customer.phone.replace(/[^\d+]/g, '')}`}
              >
                {order.customer.phone}
              </a>
            </p>
            {/* Issue 44 §3: the address the shopper's status mails go to, when they left one. */}
            {order.customer.email && (
              <p className="break-all">
                <a
                  className="text-accent underline-offset-4 hover:underline"
                  href={`mailto:${order.customer.email}`}
                >
                  <span className="sr-only">{`${SHOPPER_EMAIL_TEXTS.ownerLabel}:`}</span>{' '}
                  {order.customer.email}
                </a>
              </p>
            )}
          </Block>
          <Block title={T.deliveryTitle}>
            <p>{DELIVERY_METHOD_LABELS[order.delivery.method]}</p>
            {order.delivery.address && <p className="break-words">{order.delivery.address}</p>}
            {/* Issue 44: the zone, agency or point, and the tracking code once shipped. */}
            <OrderDeliveryDetail delivery={order.delivery} />
          </Block>
          <Block title={T.paymentTitle}>
            <p>{PAYMENT_METHOD_LABELS[order.payment.type]}</p>
            {/* Issue 43: the Mercado Pago payment, its id and the refund. */}
            <OwnerOnlinePayment order={order} />
          </Block>
          {order.notes && (
            <Block title={T.notesTitle}>
              <p className="break-words whitespace-pre-line">{order.notes}</p>
            </Block>
          )}
        </div>
        <Block title={T.historyTitle}>
          <ol className="grid gap-2">
            {order.history.map((entry, i) => (
              <li key={`${entry.at}-${i}`} className="grid gap-0.5 border-l-2 border-border pl-3">
                <span className="text-xs text-muted-foreground">
                  <time dateTime={entry.at}>{orderDate(entry.at, timeZone)}</time>
                </span>
                <span className="font-medium">{historyText(entry, i)}</span>
                {entry.reason && (
                  <span>
                    {T.cancelReasonLabel}: {entry.reason}
                  </span>
                )}
                {entry.note && (
                  <span className="break-words whitespace-pre-line">{entry.note}</span>
                )}
              </li>
            ))}
          </ol>
        </Block>
      </div>
      <OrderActions order={order} />
      <OrderStatusWhatsapp order={order} />
    </div>
  )
}

/** One order of the list: its summary, and a button that opens its detail below. */
export function OrderCard({
  order,
  timeZone,
  isOpen,
  onToggle,
}: {
  order: OwnerOrder
  timeZone: string
  isOpen: boolean
  onToggle: () => void
}) {
  const detailId = `pedido-${order._id}`
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0)
  return (
    <article
      aria-label={`${order.code}, ${order.customer.name}`}
      className="overflow-hidden rounded-xl border border-border bg-card shadow-xs"
    >
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={detailId}
        onClick={onToggle}
        className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 p-4 text-left outline-none hover:bg-muted/50 focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:ring-inset sm:grid-cols-[7rem_minmax(0,1fr)_auto_auto] sm:p-5"
      >
        <span className="flex items-center gap-2 font-mono text-sm font-semibold sm:block">
          <span className="sr-only">
            {isOpen ? T.closeOrder(order.code) : T.openOrder(order.code)}
          </span>
          <span aria-hidden="true">{order.code}</span>
        </span>
        <span className="col-span-2 row-start-2 min-w-0 sm:col-span-1 sm:col-start-2 sm:row-start-1">
          <span className="block truncate font-medium">{order.customer.name}</span>
          <span className="block text-xs text-muted-foreground">
            <time dateTime={order.createdAt}>{orderDate(order.createdAt, timeZone)}</time>
            {' · '}
            {T.itemsCount(units)}
            {' · '}
            {DELIVERY_METHOD_LABELS[order.delivery.method]}
          </span>
        </span>
        <span className="col-start-2 row-start-1 justify-self-end sm:col-start-3">
          <StatusBadge status={order.status} />
          {/* Issue 43 §4: the online payment's state in the list. */}
          {order.onlinePayment && (
            <span className="mt-1 block text-right text-xs font-medium text-muted-foreground">
              {order.onlinePayment.label}
            </span>
          )}
        </span>
        <span className="col-span-2 row-start-3 flex items-center gap-2 justify-self-end text-sm font-semibold tabular-nums sm:col-span-1 sm:col-start-4 sm:row-start-1">
          {formatAmounts(order.totals)}
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-4 text-muted-foreground transition-transform',
              isOpen && 'rotate-180',
            )}
          />
        </span>
      </button>
      <div id={detailId} hidden={!isOpen}>
        {isOpen && <OrderDetail order={order} timeZone={timeZone} />}
      </div>
    </article>
  )
}
