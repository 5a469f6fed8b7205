import {
  LIMITS,
  ORDER_ADMIN_TEXTS as T,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_SETTINGS_TEXTS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
} from '@vitrina/contracts'
import type {
  OrderCounts,
  OrderStatus,
  OwnerBusiness,
  OwnerOrder,
  PaymentStatus,
} from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { Inbox, Search } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import { useSearchParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { orderKeys } from '../../../api/order-keys'
import { PageSpinner } from '../../../components/page-spinner'
import { Pagination } from '../../../components/pagination'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { paths } from '../../../config/paths'
import type { OrdersQuery } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { cn } from '../../../lib/utils'
import { getOrder, useOrders } from '../api/orders'
import { AdminPage } from '../components/admin-page'
import { LoadProblem } from '../components/load-problem'
import { ExportForm } from '../components/orders/export-form'
import { OrderCard } from '../components/orders/order-card'
import { WithMyBusiness } from '../components/with-my-business'

const SEARCH_DELAY_MS = 350

type Query = OrdersQuery & { estado?: OrderStatus; pago?: PaymentStatus }

function readQuery(params: URLSearchParams): Query {
  const status = params.get('estado')
  const page = Number(params.get('page'))
  const payment = params.get('pago')
  return {
    estado: ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : undefined,
    pago: PAYMENT_STATUSES.includes(payment as PaymentStatus)
      ? (payment as PaymentStatus)
      : undefined,
    search: params.get('search')?.slice(0, LIMITS.searchMax) || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    pedido: params.get('pedido') || undefined,
  }
}

/** A click that a `Link` follows in this tab (not one that opens another tab or window). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

/** The status filter: every status with its count (the whole business's, whatever the filter). */
function StatusTabs({
  query,
  counts,
  onChoose,
}: {
  query: Query
  counts: OrderCounts
  /** Told the address a tab leads to as it is followed (before the page shows it). */
  onChoose: (next: Query) => void
}) {
  const total = ORDER_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0)
  const tabs: { status?: OrderStatus; label: string; count: number }[] = [
    { label: T.allStatuses, count: total },
    ...ORDER_STATUSES.map((status) => ({
      status,
      label: ORDER_STATUS_LABELS[status],
      count: counts[status] ?? 0,
    })),
  ]
  return (
    <nav aria-label={T.filterLabel} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 pb-1">
        {tabs.map((tab) => {
          const isCurrent = query.estado === tab.status
          const next: Query = { estado: tab.status, pago: query.pago, search: query.search }
          return (
            <li key={tab.status ?? 'todos'} className="shrink-0">
              <Link
                to={paths.admin.orders(next)}
                onClick={(event) => {
                  if (isPlainClick(event)) onChoose(next)
                }}
                aria-current={isCurrent ? 'page' : undefined}
                className={cn(
                  'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-3 focus-visible:ring-ring/50',
                  isCurrent
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-card hover:bg-muted',
                )}
              >
                {tab.label}
                <span
                  className={cn(
                    'rounded-full px-1.5 text-xs tabular-nums',
                    isCurrent ? 'bg-primary-foreground/20' : 'bg-muted',
                  )}
                >
                  {tab.count}
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** Issue 43 §4: the filter by the online payment's state (in the address, as `pago`). */
function PaymentFilter({
  value,
  onChange,
}: {
  value?: PaymentStatus
  onChange: (v?: PaymentStatus) => void
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="filtro-pago" className="shrink-0 text-sm font-medium">
        {PAYMENT_SETTINGS_TEXTS.ordersFilterLabel}
      </label>
      <select
        id="filtro-pago"
        value={value ?? ''}
        onChange={(event) =>
          onChange((event.target.value || undefined) as PaymentStatus | undefined)
        }
        className="h-10 min-w-0 flex-1 rounded-lg border border-input bg-background px-3 text-sm sm:flex-none"
      >
        <option value="">{PAYMENT_SETTINGS_TEXTS.ordersFilterAll}</option>
        {PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PAYMENT_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Search by code or customer: typed freely, put in the address after a short pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(value)
  // The address changed from elsewhere (a tab, 'Ver todos los pedidos'): show its search.
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    setText(value)
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, value, onSearch])
  return (
    <form
      role="search"
      aria-label={T.searchLabel}
      className="relative"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(text.trim())
      }}
    >
      <label htmlFor="search-pedidos" className="sr-only">
        {T.searchLabel}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id="search-pedidos"
        type="search"
        className="pl-9"
        maxLength={LIMITS.searchMax}
        placeholder={T.searchPlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  )
}

function EmptyState({ business }: { business: OwnerBusiness }) {
  return (
    <div className="grid justify-items-center gap-4 rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted">
        <Inbox aria-hidden="true" className="size-6 text-muted-foreground" />
      </span>
      <h2 className="text-lg font-semibold">{T.emptyTitle}</h2>
      <p className="max-w-md text-pretty text-muted-foreground">{T.emptyBody}</p>
      <Button asChild variant="outline">
        <Link to={paths.storefront.home(business.identifier)}>{T.emptyVisit}</Link>
      </Button>
    </div>
  )
}

/** The open order: from the page shown, or read on its own (an address with ?pedido=). */
function useOpenOrder(id: string | undefined, listed: OwnerOrder[] | undefined) {
  const inList = listed?.find((order) => order._id === id)
  const single = useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getOrder(id ?? '', signal),
    enabled: Boolean(id) && listed !== undefined && !inList,
  })
  return inList ?? single.data
}

function Orders({ business }: { business: OwnerBusiness }) {
  const [params, setParams] = useSearchParams()
  const query = readQuery(params)
  const orders = useOrders({
    status: query.estado,
    payment: query.pago,
    search: query.search,
    page: query.page,
  })
  const openOrder = useOpenOrder(query.pedido, orders.data?.items)
  /*
   * The query last asked for: the address shown, or the one this page has just navigated to.
   * The page shows a navigation only when it renders again, and the search's timer (or a
   * submit, or a click) can come before that: built from `query`, it would undo an order opened
   * or a filter chosen meanwhile. So every navigation of the page starts from this one.
   */
  const intended = useRef(query)
  const address = params.toString()
  useLayoutEffect(() => {
    intended.current = readQuery(new URLSearchParams(address))
  }, [address])
  /** `next` as the address's search params. */
  const addressOf = (next: Query) => new URL(paths.admin.orders(next), 'http://x').searchParams
  /** Records the address just asked for (a status tab is a link: it navigates by itself). */
  const remember = (target: URLSearchParams) => {
    intended.current = readQuery(target)
  }
  const go = (next: Query, replace = false) => {
    const target = addressOf(next)
    remember(target)
    setParams(target, { replace, preventScrollReset: true })
  }
  const toggle = (id: string) => {
    const latest = intended.current
    go({ ...latest, pedido: latest.pedido === id ? undefined : id }, true)
  }

  if (orders.isPending) return <PageSpinner />
  if (orders.isError) {
    return (
      <LoadProblem
        message={T.loadFailed}
        action={<Button onClick={() => void orders.refetch()}>{T.retry}</Button>}
      />
    )
  }
  const { items, counts, total, pageSize, page } = orders.data
  const totalOrders = ORDER_STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0)
  const totalPages = Math.max(1, Math.ceil(total / pageSize))
  const extra = openOrder && !items.some((o) => o._id === openOrder._id) ? [openOrder] : []

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid min-w-0 gap-4">
        {totalOrders === 0 && !query.search ? (
          <EmptyState business={business} />
        ) : (
          <>
            <StatusTabs
              query={query}
              counts={counts}
              onChoose={(next) => remember(addressOf(next))}
            />
            <SearchBox
              value={query.search ?? ''}
              // An order opened meanwhile stays open (shown first when the search leaves it out),
              // even one whose opening the page does not show yet; so does a filter chosen.
              onSearch={(search) => {
                const latest = intended.current
                go(
                  {
                    estado: latest.estado,
                    pago: latest.pago,
                    search: search || undefined,
                    pedido: latest.pedido,
                  },
                  true,
                )
              }}
            />
            <PaymentFilter
              value={query.pago}
              onChange={(pago) => go({ ...intended.current, pago, page: undefined })}
            />
            <h2 className="sr-only">{T.listHeading}</h2>
            {items.length === 0 && extra.length === 0 ? (
              <div className="grid justify-items-center gap-3 rounded-xl border border-border bg-card p-8 text-center">
                <p className="text-muted-foreground">{T.noResults}</p>
                <Button asChild variant="outline" size="sm">
                  <Link to={paths.admin.orders()}>{T.clearFilters}</Link>
                </Button>
              </div>
            ) : (
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-busy={orders.isFetching}>
                {[...extra, ...items].map((order) => (
                  <li key={order._id}>
                    <OrderCard
                      order={order}
                      timeZone={business.timeZone}
                      isOpen={query.pedido === order._id}
                      onToggle={() => toggle(order._id)}
                    />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              page={page}
              totalPages={totalPages}
              hrefFor={(p) => paths.admin.orders({ ...query, pedido: undefined, page: p })}
            />
          </>
        )}
      </div>
      {totalOrders > 0 && <ExportForm timeZone={business.timeZone} />}
    </div>
  )
}

function OrdersRoute() {
  useDocumentTitle(T.ordersTitle)
  return (
    <WithMyBusiness>
      {(business) => (
        <AdminPage
          title={T.ordersTitle}
          description={T.ordersDescription}
          actions={
            <Button asChild variant="outline">
              <Link to={paths.admin.myBusiness()}>Mi negocio</Link>
            </Button>
          }
        >
          <Orders business={business} />
        </AdminPage>
      )}
    </WithMyBusiness>
  )
}

export { OrdersRoute as Component }
