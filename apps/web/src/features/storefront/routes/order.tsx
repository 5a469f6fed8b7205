import { CheckCircle2, ExternalLink } from 'lucide-react'
import {
  CHECKOUT_TEXTS,
  CURRENCY_SYMBOLS,
  DELIVERY_METHOD_LABELS,
  GENERIC_MESSAGES,
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  formatAmounts,
  formatPrice,
  orderItemName,
  orderWhatsappMessage,
  whatsappNumber,
} from '@vitrina/contracts'
import type { Business, PublicOrder } from '@vitrina/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { useLocation, useParams, useSearchParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import type { LoaderFunctionArgs } from 'react-router'
import { isApiError } from '../../../api/client'
import { ensureData } from '../../../api/ensure-data'
import { PageSpinner } from '../../../components/page-spinner'
import { StoreContactDetails } from '../../../components/storefront/store-contact'
import { whatsappUrl } from '../../../components/storefront/whatsapp'
import { WhatsAppIcon } from '../../../components/storefront/whatsapp-icon'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { storefrontIdentifier } from '../../../lib/site'
import { pageOrigin } from '../../../lib/page-origin'
import { cn } from '../../../lib/utils'
import { publicOrderQueryOptions, usePublicOrder } from '../api/get-public-order'
import { StatusScreen } from '../components/status-screen'
import { OnlinePayment } from '../components/online-payment'
import { OrderDeliveryDetail } from '../../../components/order-delivery-detail'
import { orderDate } from '../../../lib/order-date'
import { OrderTimeline } from '../components/order-delivery'
import type { SentOrderState } from '../lib/sent-order'
import { useStorefront } from '../lib/storefront-context'
import { privateShopHead } from '../lib/storefront-head'
import { businessKeys } from '../../../api/businesses'
import type { HeadArgs, RouteDocument } from '../../../ssr/page-head'
import { useHydrated } from '../../../hooks/use-hydrated'

const whatsappLinkClass =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-[#25D366] px-5 text-base font-semibold text-[#0b2e17] shadow-sm transition-colors outline-none hover:bg-[#1fbe5a] focus-visible:ring-3 focus-visible:ring-ring/50'

const STATUS_TONES: Record<PublicOrder['status'], string> = {
  nuevo: 'bg-[#dbeafe] text-[#1e3a8a]',
  confirmado: 'bg-[#e0e7ff] text-[#3730a3]',
  listo: 'bg-[#fef3c7] text-[#78350f]',
  enviado: 'bg-[#fef3c7] text-[#78350f]',
  entregado: 'bg-[#dcfce7] text-[#14532d]',
  cancelado: 'bg-[#fee2e2] text-[#7f1d1d]',
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="grid content-start gap-3 rounded-2xl bg-card p-5 shadow-xs ring-1 ring-border"
    >
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Right after sending: the one step left, WhatsApp (the window may already be open). */
function SentBanner({ sent }: { sent: SentOrderState }) {
  return (
    <div
      role="status"
      className="grid gap-3 rounded-2xl bg-[#dcfce7] p-5 text-[#14532d] ring-1 ring-[#86efac]"
    >
      <p className="flex items-center gap-2 text-lg font-bold">
        <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
        {ORDER_MESSAGES.created}
      </p>
      <p className="text-sm">
        {sent.openedWhatsapp ? CHECKOUT_TEXTS.openedWhatsapp : CHECKOUT_TEXTS.lastStep}
      </p>
      <a
        href={sent.whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(whatsappLinkClass, 'w-full sm:w-fit')}
      >
        <WhatsAppIcon className="size-5" aria-hidden="true" />
        {CHECKOUT_TEXTS.openWhatsapp}
        <span className="sr-only"> (se abre en una pestaña nueva)</span>
      </a>
      <p className="text-xs">{CHECKOUT_TEXTS.keepLink}</p>
    </div>
  )
}

function OrderView({
  order,
  business,
  token,
}: {
  order: PublicOrder
  business: Business
  token: string
}) {
  const location = useLocation()
  // The 'sent' banner comes from the navigation's state, which the server never sees — and a
  // reload keeps it in the browser's history: shown once hydrated, so the server's HTML matches.
  const isHydrated = useHydrated()
  const sent =
    isHydrated && (location.state as SentOrderState | null)?.whatsappUrl
      ? (location.state as SentOrderState)
      : null
  const publicUrl = new URL(
    paths.storefront.order(business.identifier, order.code, token),
    pageOrigin(),
  ).toString()
  const resend = whatsappUrl(whatsappNumber(business), orderWhatsappMessage(order, publicUrl))
  const fee = formatAmounts(order.deliveryFee)
  const stockId = useId()
  const address =
    order.delivery.method === 'delivery' ? order.delivery.address : business.address || undefined

  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 py-8 @min-[640px]/storefront:px-6">
      {sent && <SentBanner sent={sent} />}
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight tabular-nums">
            {CHECKOUT_TEXTS.orderTitle(order.code)}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {CHECKOUT_TEXTS.date}:{' '}
            <time dateTime={order.createdAt}>{orderDate(order.createdAt, business.timeZone)}</time>
          </p>
        </div>
        <p className="text-sm">
          <span className="sr-only">{CHECKOUT_TEXTS.status}: </span>
          <span className={cn('rounded-full px-3 py-1 font-semibold', STATUS_TONES[order.status])}>
            {ORDER_STATUS_LABELS[order.status]}
          </span>
        </p>
      </header>
      {order.status === 'nuevo' && order.stockShort && order.stockShort.length > 0 && (
        <div
          role="status"
          aria-labelledby={`${stockId}-title`}
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <p id={`${stockId}-title`} className="font-semibold">
            {CHECKOUT_TEXTS.stockShortTitle}
          </p>
          <p className="mt-1">{CHECKOUT_TEXTS.stockShortNotice(order.stockShort)}</p>
        </div>
      )}
      {/* Issue 44 §2: the steps with their dates; a cancellation's reason is in its step. */}
      <OrderTimeline order={order} timeZone={business.timeZone} />

      <Section title={CHECKOUT_TEXTS.items}>
        <ul className="divide-y divide-border">
          {order.items.map((item, index) => {
            const symbol = CURRENCY_SYMBOLS[item.currency]
            return (
              <li
                key={`${item.productId}-${item.variantId ?? index}`}
                className="flex items-start justify-between gap-4 py-3 first:pt-0"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{orderItemName(item)}</p>
                  <p className="text-sm text-muted-foreground tabular-nums">
                    {item.quantity} × {formatPrice(item.unitPrice, symbol)} {CHECKOUT_TEXTS.each}
                  </p>
                </div>
                <p className="shrink-0 font-semibold tabular-nums">
                  {formatPrice(item.lineTotal, symbol)}
                </p>
              </li>
            )
          })}
        </ul>
        <dl className="grid gap-1 border-t border-border pt-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{CHECKOUT_TEXTS.subtotal}</dt>
            <dd className="text-right tabular-nums">{formatAmounts(order.subtotals)}</dd>
          </div>
          {fee && (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{CHECKOUT_TEXTS.shipping}</dt>
              <dd className="text-right tabular-nums">{fee}</dd>
            </div>
          )}
          {order.discounts?.map((d, i) => (
            <div key={`d-${i}`} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{d.label}</dt>
              <dd className="text-right tabular-nums">
                -{formatPrice(d.amount, CURRENCY_SYMBOLS[d.currency])}
              </dd>
            </div>
          ))}
          <div className="flex justify-between gap-4 text-lg font-bold">
            <dt>{CHECKOUT_TEXTS.total}</dt>
            <dd className="text-right tabular-nums">{formatAmounts(order.totals)}</dd>
          </div>
        </dl>
      </Section>

      <div className="grid gap-5 @min-[768px]/storefront:grid-cols-2">
        <Section title={CHECKOUT_TEXTS.delivery}>
          <p className="font-medium">{DELIVERY_METHOD_LABELS[order.delivery.method]}</p>
          {/* Issue 44: a pickup point's address is in its detail, not the shop's. */}
          {address &&
            !(order.delivery.detail?.kind === 'pickup' && order.delivery.detail.point) && (
              <p className="text-sm text-muted-foreground">{address}</p>
            )}
          <OrderDeliveryDetail delivery={order.delivery} withTracking={false} />
        </Section>
        <Section title={CHECKOUT_TEXTS.payment}>
          <p className="font-medium">{PAYMENT_METHOD_LABELS[order.payment.type]}</p>
          {/* Issue 43: the Mercado Pago payment's state and «Reintentar el pago». */}
          <OnlinePayment order={order} token={token} />
          {order.payment.instructions && (
            <p className="rounded-lg bg-muted px-3 py-2 text-sm break-words whitespace-pre-line">
              {order.payment.instructions}
            </p>
          )}
        </Section>
        <Section title={CHECKOUT_TEXTS.customer}>
          <p className="font-medium">{order.customer.name}</p>
          <p className="text-sm text-muted-foreground">{order.customer.phone}</p>
        </Section>
        {order.notes && (
          <Section title={CHECKOUT_TEXTS.notesTitle}>
            <p className="text-sm break-words whitespace-pre-line">{order.notes}</p>
          </Section>
        )}
      </div>

      <Section title={CHECKOUT_TEXTS.shopContact}>
        <StoreContactDetails business={business} />
        {resend && (
          <a
            href={resend}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(whatsappLinkClass, 'mt-2 w-full sm:w-fit')}
          >
            <WhatsAppIcon className="size-5" aria-hidden="true" />
            {CHECKOUT_TEXTS.sendAgain}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
        )}
      </Section>

      <Link
        to={paths.storefront.home(business.identifier)}
        className="justify-self-center rounded text-sm font-medium underline-offset-4 hover:underline"
      >
        {CHECKOUT_TEXTS.backToShop}
      </Link>
    </div>
  )
}

/**
 * Issue 24 §2: an order's public page, `/{identifier}/pedido/{code}?t={token}` — its status,
 * items, totals per currency, delivery, the chosen payment method's instructions, the shop's
 * contact and WhatsApp again. The token in the address makes it private: never indexed, and the
 * server's Referrer-Policy (no-referrer) keeps the address from other sites.
 */
function OrderPage() {
  const { business } = useStorefront()
  const { code = '' } = useParams()
  const [searchParams] = useSearchParams()
  const token = searchParams.get('t') ?? ''
  const order = usePublicOrder(code, token)
  const isMissing =
    !token ||
    (order.isError && isApiError(order.error) && order.error.status === 404) ||
    (order.data !== undefined && order.data.business.identifier !== business.identifier)

  let content: ReactNode
  if (isMissing) {
    content = (
      <StatusScreen
        title={ORDER_MESSAGES.notFound}
        description={CHECKOUT_TEXTS.orderNotFoundDescription}
      >
        <Button asChild>
          <Link to={paths.storefront.home(business.identifier)}>{CHECKOUT_TEXTS.backToShop}</Link>
        </Button>
      </StatusScreen>
    )
  } else if (order.isError) {
    content = (
      <StatusScreen
        tone="error"
        title={CHECKOUT_TEXTS.orderLoadFailed}
        description={GENERIC_MESSAGES.tryAgainLater}
      >
        <Button onClick={() => void order.refetch()}>Intentar de nuevo</Button>
      </StatusScreen>
    )
  } else if (!order.data) {
    content = <PageSpinner />
  } else {
    content = <OrderView order={order.data} business={business} token={token} />
  }
  return (
    <>
      {/* React puts this in <head>, the server's HTML included (ADR 021); the rest of the head
          is the route's (`head`, below). */}
      <meta name="referrer" content="no-referrer" />
      {content}
    </>
  )
}

/** The order, before the page renders (router.tsx); the business is the layout's. */
export function dataLoader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const token = new URL(request.url).searchParams.get('t')
    if (!token || !params.code) return null
    await ensureData(queryClient, publicOrderQueryOptions(params.code, token))
    return null
  }
}

/** The order's head: its code (or 'Pedido no encontrado') and the shop, never indexed. */
export function head({ queryClient, params, url }: HeadArgs): RouteDocument | null {
  const business = queryClient.getQueryData<Business>(
    businessKeys.byIdentifier(storefrontIdentifier(params)),
  )
  if (!business) return null
  const code = params.code ?? ''
  const token = url.searchParams.get('t') ?? ''
  const order = token
    ? queryClient.getQueryData<PublicOrder>(publicOrderQueryOptions(code, token).queryKey)
    : undefined
  const isFound = order !== undefined && order.business.identifier === business.identifier
  const title = isFound ? CHECKOUT_TEXTS.orderTitle(code) : ORDER_MESSAGES.notFound
  return { head: privateShopHead(business, `${title} | ${business.name}`) }
}

export { OrderPage as Component }
