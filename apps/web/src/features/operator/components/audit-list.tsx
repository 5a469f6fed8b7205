import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import type { AuditEntry } from '@vitrina/contracts'
import { formatDateTime } from './console-parts'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** One value of a before/after, in words (issue 41: it was raw JSON). */
function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return M.auditValues[String(value)] ?? String(value)
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return formatDateTime(value)
    return M.auditValues[value] ?? value
  }
  if (typeof value === 'number') return value.toLocaleString('es-UY')
  if (Array.isArray(value)) {
    return value.length === 0 ? M.auditAutomatic : value.map(describeValue).join(', ')
  }
  return JSON.stringify(value)
}

/** A before/after: its fields as label and value, one per line. */
function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <>{M.auditEmpty}</>
  if (typeof value !== 'object' || Array.isArray(value)) return <>{describeValue(value)}</>
  const fields = Object.entries(value as Record<string, unknown>)
  if (fields.length === 0) return <>{M.auditEmpty}</>
  return (
    <ul className="grid gap-0.5">
      {fields.map(([key, field]) => (
        <li key={key}>
          <span className="text-muted-foreground">{M.auditFields[key] ?? key}:</span>{' '}
          {describeValue(field)}
        </li>
      ))}
    </ul>
  )
}

/** What an entry is about: its kind in words and the business's name (issue 41: not a UUID). */
function targetOf(entry: AuditEntry): string {
  const kind = M.auditTargets[entry.targetType] ?? entry.targetType
  if (entry.targetName) return `${kind}: ${entry.targetName}`
  return entry.targetType === 'featured' ? kind : `${kind} · ${entry.targetId}`
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
            <dd className="break-words">
              {entry.operatorName ? (
                <>
                  {entry.operatorName}{' '}
                  <span className="text-muted-foreground">({entry.operatorEmail})</span>
                </>
              ) : (
                entry.operatorEmail
              )}
            </dd>
            {showTarget && (
              <>
                <dt className="text-muted-foreground">{M.auditTarget}</dt>
                <dd className="break-words">{targetOf(entry)}</dd>
              </>
            )}
            {entry.reason && (
              <>
                <dt className="text-muted-foreground">{M.auditReason}</dt>
                <dd className="break-words">{entry.reason}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{M.auditBefore}</dt>
            <dd className="break-words">
              <Change value={entry.before} />
            </dd>
            <dt className="text-muted-foreground">{M.auditAfter}</dt>
            <dd className="break-words">
              <Change value={entry.after} />
            </dd>
          </dl>
        </li>
      ))}
    </ol>
  )
}
