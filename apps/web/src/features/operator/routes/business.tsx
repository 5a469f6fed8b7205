import { OPERATOR_CONSOLE_MESSAGES as M, suspendBusinessSchema } from '@vitrina/contracts'
import type { OperatorBusinessDetail } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, ExternalLink } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { isApiError } from '../../../api/client'
import { FormField } from '../../../components/form-field'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { Textarea } from '../../../components/ui/textarea'
import { paths, routePaths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { toast } from '../../../lib/toast'
import { operatorBusinessQueryOptions, useSuspension } from '../api/operator'
import { AuditList } from '../components/audit-list'
import {
  BusinessFacts,
  formatDate,
  formatDateTime,
  LoadProblem,
  PlanBadge,
  StateBadge,
  actionFailed,
} from '../components/console-parts'

function SuspendForm({ detail }: { detail: OperatorBusinessDetail }) {
  const { suspend } = useSuspension(detail.business._id)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = suspendBusinessSchema.safeParse({ reason })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    suspend.mutate(parsed.data.reason, {
      onSuccess: () => {
        setReason('')
        toast.success(M.suspended)
      },
      onError: (cause) => {
        if (isApiError(cause) && cause.status === 400) setError(cause.message)
        else actionFailed(cause)
      },
    })
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{M.suspendTitle}</h3>
        <p className="text-sm text-muted-foreground">{M.suspendDescription}</p>
      </div>
      <FormField label={M.reasonLabel} error={error} required>
        <Textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          rows={3}
        />
      </FormField>
      <Button type="submit" variant="destructive" disabled={suspend.isPending} className="w-fit">
        {M.suspendSubmit}
      </Button>
    </form>
  )
}

function LiftSuspension({ detail }: { detail: OperatorBusinessDetail }) {
  const { unsuspend } = useSuspension(detail.business._id)
  const { suspendedAt, suspensionReason } = detail.business
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold text-destructive">
          {suspendedAt && M.suspendedSince(formatDateTime(suspendedAt))}
        </h3>
        <p className="text-sm break-words">
          <span className="font-semibold">{M.ownerSuspendedReason}</span> {suspensionReason}
        </p>
      </div>
      <Button
        type="button"
        disabled={unsuspend.isPending}
        className="w-fit"
        onClick={() =>
          unsuspend.mutate(undefined, {
            onSuccess: () => toast.success(M.unsuspended),
            onError: actionFailed,
          })
        }
      >
        {M.unsuspendSubmit}
      </Button>
    </div>
  )
}

function BusinessDetail({ detail }: { detail: OperatorBusinessDetail }) {
  const { business, owner, history } = detail
  useDocumentTitle(business.name)
  return (
    <div className="grid gap-6">
      <Link
        to={routePaths.operator.businesses}
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-accent hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {M.backToBusinesses}
      </Link>
      <section
        aria-labelledby="negocio-titulo"
        className="grid gap-4 rounded-2xl border border-border bg-card p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="negocio-titulo" className="text-2xl font-bold tracking-tight break-words">
            {business.name}
          </h2>
          <StateBadge suspendedAt={business.suspendedAt} />
          <PlanBadge plan={business.effectivePlan} />
        </div>
        <p className="text-sm text-muted-foreground">
          /{business.identifier} · {business.email} · {business.phone}
        </p>
        <p className="line-clamp-3 text-sm">{business.description}</p>
        <BusinessFacts business={business} />
        <Button variant="outline" className="w-fit" asChild>
          <Link to={paths.storefront.home(business.identifier)}>
            <ExternalLink aria-hidden="true" />
            {M.viewStorefront}
          </Link>
        </Button>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="dueno-titulo"
          className="grid content-start gap-3 rounded-2xl border border-border bg-card p-4 sm:p-6"
        >
          <h3 id="dueno-titulo" className="text-lg font-semibold">
            {M.ownerTitle}
          </h3>
          <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{M.ownerName}</dt>
            <dd className="break-words">{owner.name}</dd>
            <dt className="text-muted-foreground">{M.ownerEmail}</dt>
            <dd className="break-all">{owner.email}</dd>
            <dt className="text-muted-foreground">{M.ownerAccount}</dt>
            <dd>{owner.isActive ? M.ownerActive : M.ownerInactive}</dd>
            <dt className="text-muted-foreground">{M.createdLabel}</dt>
            <dd>{formatDate(owner.createdAt)}</dd>
          </dl>
        </section>
        <section
          aria-label={M.suspendTitle}
          className="rounded-2xl border border-border bg-card p-4 sm:p-6"
        >
          {business.suspendedAt ? (
            <LiftSuspension detail={detail} />
          ) : (
            <SuspendForm detail={detail} />
          )}
        </section>
      </div>

      <section aria-labelledby="historial-titulo" className="grid gap-3">
        <h3 id="historial-titulo" className="text-lg font-semibold">
          {M.historyTitle}
        </h3>
        {history.length === 0 ? (
          <p className="text-muted-foreground">{M.noHistory}</p>
        ) : (
          <AuditList entries={history} showTarget={false} />
        )}
      </section>
    </div>
  )
}

/** `/operador/negocios/:id`: one business, its owner, suspension and history. */
function OperatorBusinessRoute() {
  const { id = '' } = useParams()
  const { data, isPending, isError, error, refetch } = useQuery(operatorBusinessQueryOptions(id))
  if (isPending) return <PageSpinner />
  if (isError) {
    if (isApiError(error) && error.status === 404) {
      return (
        <div className="grid gap-4 py-10 text-center">
          <p className="text-lg font-semibold">{error.message}</p>
          <Link to={routePaths.operator.businesses} className="text-accent hover:underline">
            {M.backToBusinesses}
          </Link>
        </div>
      )
    }
    return <LoadProblem onRetry={() => void refetch()} />
  }
  return <BusinessDetail detail={data} />
}

export { OperatorBusinessRoute as Component }
