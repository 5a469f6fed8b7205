import { MAIL_STATUSES, OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import type { MailStatus, OperatorMail } from '@vitrina/contracts'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Label } from '../../../components/ui/label'
import { routePaths, withQuery } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { operatorMailQueryOptions, useRetryMail } from '../api/operator'
import {
  ConsoleSection,
  formatDateTime,
  NativeSelect,
  parsePage,
  PagedResults,
  RowAction,
} from '../components/console-parts'

const STATUS_LABELS: Record<MailStatus, string> = {
  pending: M.mailPending,
  failed: M.mailFailed,
  sent: M.mailSent,
}

function StatusBadge({ status }: { status: MailStatus }) {
  const variant = status === 'failed' ? 'destructive' : status === 'sent' ? 'success' : 'secondary'
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>
}

function MailItem({ mail }: { mail: OperatorMail }) {
  const retry = useRetryMail()
  return (
    <li className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{mail.subject}</p>
          <p className="text-sm break-all text-muted-foreground">
            {mail.to} · {mail.kind}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
          <StatusBadge status={mail.status} />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{M.mailAttempts(mail.attempts)}</p>
      {mail.lastError && (
        <p className="text-sm break-words">
          <span className="font-semibold">{M.mailLastError}:</span> {mail.lastError}
        </p>
      )}
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded font-medium text-accent outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
          {M.mailShowText}
        </summary>
        {/* The stored text: a token link stays {{token}} (never rendered here). */}
        <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs whitespace-pre-wrap">
          {mail.text}
        </pre>
      </details>
      {mail.status !== 'sent' && (
        <RowAction action={retry} id={mail.id} done={M.mailRetried}>
          {M.mailRetry}
        </RowAction>
      )}
    </li>
  )
}

/** `/operador/correos`: the mail outbox (unsent by default) with retry. */
function OperatorMailRoute() {
  useDocumentTitle(M.mailTitle)
  const selectId = useId()
  const [params, setParams] = useSearchParams()
  const page = parsePage(params.get('page'))
  const status = MAIL_STATUSES.find((s) => s === params.get('estado'))
  const result = useQuery(operatorMailQueryOptions({ page, status }))

  return (
    <ConsoleSection
      title={M.mailTitle}
      description={M.mailDescription}
      actions={
        <div className="grid w-48 gap-2">
          <Label htmlFor={selectId}>{M.mailStatusLabel}</Label>
          <NativeSelect
            id={selectId}
            value={status ?? ''}
            onChange={(event) =>
              setParams(event.target.value ? { estado: event.target.value } : {})
            }
          >
            <option value="">{M.mailUnsent}</option>
            {MAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      }
    >
      <PagedResults
        result={result}
        page={page}
        empty={M.noMail}
        hrefFor={(p) =>
          withQuery(routePaths.operator.mail, { estado: status, page: p > 1 ? p : undefined })
        }
      >
        {(data) => (
          <ul className="grid gap-3">
            {data.items.map((mail) => (
              <MailItem key={mail.id} mail={mail} />
            ))}
          </ul>
        )}
      </PagedResults>
    </ConsoleSection>
  )
}

export { OperatorMailRoute as Component }
