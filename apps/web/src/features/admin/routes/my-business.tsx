import { INSIGHTS_NAV_TEXTS, ORDER_ADMIN_TEXTS } from '@vitrina/contracts'
import type { OwnerBusiness } from '@vitrina/contracts'
import { ChartNoAxesColumn, ReceiptText } from 'lucide-react'
import { Link } from '../../../components/ui/link'
import { useNewOrdersCount } from '../../../api/order-counts'
import { NewOrdersBadge, ordersLinkLabel } from '../../../components/orders-badge'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useProducts } from '../../../api/products'
import { SuspensionNotice } from '../../../components/suspension-notice'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { AdminPage } from '../components/admin-page'
import { BusinessOverview } from '../components/dashboard/business-overview'
import { OwnerProducts } from '../components/dashboard/owner-products'
import { HiddenProducts } from '../components/plan/hidden-products'
import { WithMyBusiness } from '../components/with-my-business'

function Dashboard({ business }: { business: OwnerBusiness }) {
  // The whole catalogue's size ('{n} productos en total', hidden ones included), whatever the
  // filters.
  const all = useProducts(business._id, { pageSize: 1, status: 'all' })
  const total = all.data?.total
  const newOrders = useNewOrdersCount(business.userId)

  return (
    <AdminPage
      title="Mi negocio"
      actions={
        <>
          {/* Issue 24 §3: the orders, with the number of new ones. */}
          <Button asChild variant="outline">
            <Link to={paths.admin.orders()} aria-label={ordersLinkLabel(newOrders)}>
              <ReceiptText aria-hidden="true" />
              {ORDER_ADMIN_TEXTS.menuOrders}
              <NewOrdersBadge count={newOrders} />
            </Link>
          </Button>
          {/* Issue 26: what shoppers look at, search for and order. */}
          <Button asChild variant="outline">
            <Link to={paths.admin.insights()}>
              <ChartNoAxesColumn aria-hidden="true" />
              {INSIGHTS_NAV_TEXTS.dashboardLink}
            </Link>
          </Button>
        </>
      }
    >
      <div className="grid gap-10">
        <SuspensionNotice business={business} />
        <BusinessOverview business={business} />
        <HiddenProducts business={business} />
        <OwnerProducts business={business} total={total} />
      </div>
    </AdminPage>
  )
}

function MyBusiness() {
  useDocumentTitle('Mi negocio')
  return <WithMyBusiness>{(business) => <Dashboard business={business} />}</WithMyBusiness>
}

export { MyBusiness as Component }
