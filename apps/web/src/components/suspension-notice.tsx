import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { ShieldAlert } from 'lucide-react'

/**
 * Issue 23 §3: the owner of a suspended storefront sees why on their dashboard; their data stays
 * theirs to read and edit. Nothing when the business is not suspended.
 */
export function SuspensionNotice({ business }: { business: Pick<Business, 'suspension'> }) {
  if (!business.suspension) return null
  return (
    <section
      role="alert"
      aria-labelledby="suspension-titulo"
      className="flex gap-3 rounded-2xl border border-destructive/40 bg-destructive/5 p-4 sm:p-5"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid min-w-0 gap-2">
        <h2 id="suspension-titulo" className="font-semibold text-destructive">
          {M.ownerSuspendedTitle}
        </h2>
        <p className="text-sm break-words">
          <span className="font-semibold">{M.ownerSuspendedReason}</span>{' '}
          {business.suspension.reason}
        </p>
        <p className="text-sm text-muted-foreground">{M.ownerSuspendedDescription}</p>
      </div>
    </section>
  )
}
