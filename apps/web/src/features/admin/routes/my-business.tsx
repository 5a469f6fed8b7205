import { GENERIC_MESSAGES } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { Navigate } from 'react-router'
import { useProducts } from '../../../api/products'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { RequireAuth, useSession } from '../../../lib/session'
import { useMyBusiness } from '../api/my-business'
import { AdminPage } from '../components/admin-page'
import { BusinessOverview } from '../components/dashboard/business-overview'
import { OwnerProducts } from '../components/dashboard/owner-products'
import { LoadProblem } from '../components/load-problem'

function Dashboard({ business }: { business: Business }) {
  // The whole catalogue's size (plan usage and '{n} productos en total'), whatever the filters.
  const all = useProducts(business._id, { pageSize: 1 })
  const total = all.data?.total

  return (
    <AdminPage title="Mi negocio">
      <div className="grid gap-10">
        <BusinessOverview business={business} productCount={total} />
        <OwnerProducts business={business} total={total} />
      </div>
    </AdminPage>
  )
}

/**
 * SPEC §2.14, §8: signed-out → login (here and on an expired session, by the API client); no
 * business (404) → the creation wizard; any other failure → the error text and 'Intentar de nuevo'.
 */
function MyBusinessScreen() {
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
  return <Dashboard business={myBusiness.data} />
}

function MyBusiness() {
  useDocumentTitle('Mi negocio')
  return (
    <RequireAuth fallback={<PageSpinner />}>
      <MyBusinessScreen />
    </RequireAuth>
  )
}

export { MyBusiness as Component }
