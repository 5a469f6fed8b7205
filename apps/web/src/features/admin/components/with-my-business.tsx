import type { ReactNode } from 'react'
import { GENERIC_MESSAGES, type OwnerBusiness as Business } from '@vitrina/contracts'
import { Navigate } from 'react-router'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useSession } from '../../../lib/session'
import { RequireAuth } from '../../../lib/session/require-auth'
import { useMyBusiness } from '../../../api/my-business'
import { LoadProblem } from './load-problem'

function MyBusinessGate({ children }: { children: (business: Business) => ReactNode }) {
  const { user } = useSession()
  const myBusiness = useMyBusiness(user?._id)

  if (myBusiness.isPending) return <PageSpinner />
  if (myBusiness.isError) {
    return (
      <LoadProblem
        message={GENERIC_MESSAGES.adminBusinessLoadFailed}
        action={<Button onClick={() => window.location.reload()}>Intentar de nuevo</Button>}
      />
    )
  }
  if (!myBusiness.data) return <Navigate to={paths.platform.newBusiness()} replace />
  return <>{children(myBusiness.data)}</>
}

/**
 * SPEC §2.14, §8, for every screen of the owner's business: signed-out → login (here and on an
 * expired session, by the API client); no business (404) → the creation wizard; any other failure
 * → the error text and 'Intentar de nuevo'.
 */
export function WithMyBusiness({ children }: { children: (business: Business) => ReactNode }) {
  return (
    <RequireAuth fallback={<PageSpinner />}>
      <MyBusinessGate>{children}</MyBusinessGate>
    </RequireAuth>
  )
}
