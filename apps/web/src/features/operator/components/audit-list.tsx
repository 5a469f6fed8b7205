import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import type { AuditEntry } from '@vitrina/contracts'
import { formatDateTime } from './console-parts'

/** A before/after value as short readable text. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '—'
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ')
}

export const actionLabel = (action: string) => M.auditActions[action] ?? action

/** Audit entries, newest first: who, what, when, on what, why, before → after. */
export function AuditList({
  entries,
  showTarget = true,
}: {
  entries: AuditEntry[]
  showTarget?: boolean
}) {
  return (
    <ol className="grid gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-2 rounded-2xl border border-border bg-card p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold">{actionLabel(entry.action)}</p>
            <p className="text-sm text-muted-foreground">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </p>
          </div>
          <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{M.auditWho}</dt>
            <dd className="break-words">{entry.operatorEmail}</dd>
            {showTarget && (
              <>
                <dt className="text-muted-foreground">{M.auditTarget}</dt>
                <dd className="break-all">
                  {entry.targetType} · {entry.targetId}
                </dd>
              </>
            )}
            {entry.reason && (
              <>
                <dt className="text-muted-foreground">{M.auditReason}</dt>
                <dd className="break-words">{entry.reason}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{M.auditBefore}</dt>
            <dd className="font-mono text-xs break-all">{describe(entry.before)}</dd>
            <dt className="text-muted-foreground">{M.auditAfter}</dt>
            <dd className="font-mono text-xs break-all">{describe(entry.after)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  )
}
