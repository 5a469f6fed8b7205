import { OPERATOR_CONSOLE_MESSAGES as M } from '@vitrina/contracts'
import { ShieldCheck, ShieldX } from 'lucide-react'
import { NavLink, Outlet } from 'react-router'
import { Link } from '../../../components/ui/link'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { useSession } from '../../../lib/session'
import { RequireAuth } from '../../../lib/session/require-auth'
import { cn } from '../../../lib/utils'

/** The console's sections, in the navigation's order. */
export const CONSOLE_NAV = [
  { to: paths.operator.businesses(), label: M.navBusinesses },
  { to: paths.operator.payments(), label: M.navPayments },
  { to: paths.operator.featured(), label: M.navFeatured },
  { to: paths.operator.messages(), label: M.navMessages },
  { to: paths.operator.mail(), label: M.navMail },
  { to: paths.operator.audit(), label: M.navAudit },
]

function OnlyOperators() {
  useDocumentTitle(M.onlyOperatorsTitle)
  return (
    <div className="mx-auto grid max-w-md place-items-center gap-4 px-4 py-20 text-center">
      <span
        aria-hidden="true"
        className="grid size-16 place-items-center rounded-2xl bg-muted text-muted-foreground"
      >
        <ShieldX className="size-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">{M.onlyOperatorsTitle}</h1>
      <p className="text-muted-foreground">{M.onlyOperators}</p>
      <Button asChild>
        <Link to={paths.home()}>{M.backHome}</Link>
      </Button>
    </div>
  )
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-10 shrink-0 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50',
    isActive ? 'bg-primary text-primary-foreground' : 'text-foreground/85 hover:bg-muted',
  )

function Console() {
  return (
    <>
      <div className="border-b border-border bg-card">
        <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold tracking-wide text-accent uppercase">
            <ShieldCheck className="size-4" aria-hidden="true" />
            {M.roleLabel}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">{M.consoleTitle}</h1>
          <nav aria-label={M.navLabel} className="mt-6 pb-3">
            <ul className="flex flex-wrap gap-1">
              {CONSOLE_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={navLinkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </div>
    </>
  )
}

/**
 * `/operador` (issue 23 §3): the platform operators' console. Signed-out visitors go to the
 * login; a signed-in owner is told the section is for operators only (the API refuses them too).
 */
function OperatorLayout() {
  const { user } = useSession()
  return (
    <RequireAuth fallback={<PageSpinner />}>
      {user?.role === 'operator' ? <Console /> : <OnlyOperators />}
    </RequireAuth>
  )
}

export { OperatorLayout as Component }
