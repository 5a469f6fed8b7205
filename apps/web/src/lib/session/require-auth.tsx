import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
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
  if (isUserLoading) return fallback
  if (!isAuthenticated) {
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
