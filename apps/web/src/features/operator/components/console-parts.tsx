/** Small pieces every console page shares: dates, states, the load problem, the native select. */
import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import type { ComponentProps, ReactNode } from 'react'
import { PageSpinner } from '../../../components/page-spinner'
import { Pagination } from '../../../components/pagination'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { isApiError } from '../../../api/client'
import { toast } from '../../../lib/toast'
import { cn } from '../../../lib/utils'

const DATE = new Intl.DateTimeFormat('es-UY', { dateStyle: 'medium' })
const DATE_TIME = new Intl.DateTimeFormat('es-UY', { dateStyle: 'medium', timeStyle: 'short' })

export const formatDate = (iso: string) => DATE.format(new Date(iso))
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso))

export function StateBadge({ suspendedAt }: { suspendedAt: string | null }) {
  return suspendedAt ? (
    <Badge variant="destructive">{M.stateSuspended}</Badge>
  ) : (
    <Badge variant="success">{M.stateActive}</Badge>
  )
}

export function PlanBadge({ plan }: { plan: 'free' | 'pro' }) {
  return (
    <Badge variant={plan === 'pro' ? 'default' : 'secondary'}>
      {plan === 'pro' ? M.planPro : M.planFree}
    </Badge>
  )
}

/** A business's product count and creation date, in the list and on its page. */
export function BusinessFacts({
  business,
}: {
  business: { productCount: number; createdAt: string }
}) {
  return (
    <dl className="flex flex-wrap gap-6 text-sm">
      <div>
        <dt className="text-muted-foreground">{M.productsLabel}</dt>
        <dd className="font-semibold">{business.productCount}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{M.createdLabel}</dt>
        <dd className="font-semibold">{formatDate(business.createdAt)}</dd>
      </div>
    </dl>
  )
}

/** A failed read: the message and a retry. */
export function LoadProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="grid place-items-center gap-4 py-10 text-center">
      <p className="text-muted-foreground">{M.loadFailed}</p>
      <Button variant="outline" onClick={onRetry}>
        {M.retry}
      </Button>
    </div>
  )
}

/** A section title and its description. */
export function ConsoleSection({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby="consola-seccion" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="consola-seccion" className="text-2xl font-bold tracking-tight">
            {title}
          </h2>
          {description && <p className="max-w-2xl text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  )
}

/** A native select with the inputs' look (filters are plain values in the address). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-11 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40 sm:text-sm',
        className,
      )}
      {...props}
    />
  )
}

/** Total pages of a paginated reply (at least 1). */
export function totalPagesOf(data: { total: number; pageSize: number } | undefined): number {
  return data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
}

/**
 * A console list's states in one place: the spinner while it loads, the load problem with a retry,
 * the empty message, or the rows (`children`) with the pagination under them.
 */
export function PagedResults<
  T extends { items: readonly unknown[]; total: number; pageSize: number },
>({
  result,
  page,
  empty,
  hrefFor,
  children,
}: {
  result: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'refetch'>
  page: number
  empty: string
  hrefFor: (page: number) => string
  children: (data: T) => ReactNode
}) {
  if (result.isPending) return <PageSpinner />
  if (result.isError || !result.data) return <LoadProblem onRetry={() => void result.refetch()} />
  const data = result.data
  if (data.items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
        {empty}
      </p>
    )
  }
  const totalPages = totalPagesOf(data)
  return (
    <>
      {children(data)}
      <Pagination page={Math.min(page, totalPages)} totalPages={totalPages} hrefFor={hrefFor} />
    </>
  )
}

/** `?page=` of the address, 1 when missing or malformed. */
export function parsePage(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** A console action the API refused or could not do: the toast says which, with the API's reason. */
export function actionFailed(error: unknown): void {
  toast.error(M.actionFailed, { description: isApiError(error) ? error.message : undefined })
}

/** A row's one-click action (retry a mail, mark a message read): its toast on success or refusal. */
export function RowAction({
  action,
  id,
  done,
  children,
}: {
  action: UseMutationResult<unknown, Error, string>
  id: string
  done: string
  children: ReactNode
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="w-fit"
      disabled={action.isPending}
      onClick={() =>
        action.mutate(id, {
          onSuccess: () => toast.success(done),
          onError: (error) => actionFailed(error),
        })
      }
    >
      {children}
    </Button>
  )
}
