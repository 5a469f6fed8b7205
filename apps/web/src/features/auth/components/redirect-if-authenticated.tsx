import { useEffect } from 'react'
import type { ReactNode } from 'react'
import type { User } from '@vitrina/contracts'
import { Navigate, useLocation } from 'react-router'
import { useMyBusiness } from '../../../api/my-business'
import { PageSpinner } from '../../../components/page-spinner'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'

/** The page that asked for a login (RequireAuth passes it as `state.from`), when it is ours. */
function requestedPage(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null
}

/**
 * Where a signed-in user with no page to return to lands: an owner with a business on their
 * dashboard (otherwise nothing points them there), an owner without one on the business wizard
 * (issue 41: the marketing home left them to find it), an operator home (SPEC §2.9). The business
 * is kept in the session (SPEC §4) for the menus; a failed lookup just goes home.
 */
function LandingAfterLogin({ user }: { user: User }) {
  const { saveBusiness } = useSession()
  const myBusiness = useMyBusiness(user._id)
  useEffect(() => {
    if (myBusiness.data !== undefined) saveBusiness(myBusiness.data)
  }, [myBusiness.data, saveBusiness])
  if (myBusiness.isPending) return <PageSpinner />
  const landing = myBusiness.data
    ? paths.admin.myBusiness()
    : myBusiness.data === null && user.role === 'owner'
      ? paths.platform.newBusiness()
      : paths.home()
  return <Navigate to={landing} replace />
}

/**
 * SPEC §2.9, §2.10: a signed-in user (once the session has loaded) does not see login or
 * registration. After logging in here, this is also what leaves the page: back to the page
 * that asked for a login, otherwise an owner to their dashboard and anyone else home.
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { isAuthenticated, isUserLoading, user } = useSession()
  const location = useLocation()
  if (isUserLoading) return <PageSpinner />
  if (isAuthenticated && user) {
    const from = requestedPage(location.state)
    return from ? <Navigate to={from} replace /> : <LandingAfterLogin user={user} />
  }
  return children
}
