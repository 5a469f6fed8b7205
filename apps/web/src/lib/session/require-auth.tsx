import { useContext, type ReactNode } from 'react'
import { Navigate, UNSAFE_DataRouterContext as DataRouterContext, useLocation } from 'react-router'
import { paths } from '../../config/paths'
import { useSession } from './session-provider'

/**
 * Renders `children` for a signed-in user; sends everyone else to the login page once the
 * session restore has finished (SPEC §2.13, §6). `fallback` shows while restoring.
 */
export function RequireAuth({
  children,
  fallback = null,
}: {
  children: ReactNode
  fallback?: ReactNode
}) {
  const { isAuthenticated, isUserLoading } = useSession()
  const location = useLocation()
  const router = useContext(DataRouterContext)?.router
  if (isUserLoading) return fallback
  if (!isAuthenticated) {
    // A page already left (the next one still rendering, as after deleting the account) sends no
    // one to the login: the router's own state is the address now, this tree's may be older.
    if (router && router.state.location.key !== location.key) return fallback
    return (
      <Navigate
        to={paths.auth.login()}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    )
  }
  return children
}
