import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageSpinner } from '../../../components/page-spinner'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'

/**
 * SPEC §2.9, §2.10: a signed-in user (once the session has loaded) does not see login or
 * registration. After logging in here, this is also what leaves the page: back to the page
 * that asked for a login (RequireAuth passes it as `state.from`), otherwise home.
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { isAuthenticated, isUserLoading } = useSession()
  const location = useLocation()
  if (isUserLoading) return <PageSpinner />
  if (isAuthenticated) {
    const from = (location.state as { from?: unknown } | null)?.from
    const target =
      typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
        ? from
        : paths.home()
    return <Navigate to={target} replace />
  }
  return children
}
