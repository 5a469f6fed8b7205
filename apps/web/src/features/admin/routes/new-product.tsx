import { ADMIN_MESSAGES, PLAN_TEXTS, PRODUCT_MESSAGES } from '@vitrina/contracts'
import type { OwnerBusiness } from '@vitrina/contracts'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Link } from '../../../components/ui/link'
import { toast } from 'sonner'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { createProductFormData } from '../api/product-payload'
import { useCreateProduct } from '../api/save-product'
import { AdminPage } from '../components/admin-page'
import { WithMyBusiness } from '../components/with-my-business'
import { ProductForm } from '../components/product-form/product-form'
import type { SaveProduct } from '../components/product-form/product-form'
import { emptyProductValues } from '../lib/product-form'
import { isAtLimit } from '../../../api/plan'
import { UpgradeButton } from '../../../components/plan/upgrade-dialog'
import { Button } from '../../../components/ui/button'

/**
 * Opened directly at the free plan's limit (issue 23 §2): the limit and the upgrade path, not an
 * empty form the API would refuse after all the work.
 */
function LimitReached({ business }: { business: OwnerBusiness }) {
  return (
    <AdminPage title="Crear Nuevo Producto" description={business.name}>
      <section
        aria-labelledby="limite-titulo"
        className="grid max-w-xl gap-4 rounded-2xl border border-border bg-card p-6 shadow-sm"
      >
        <h2 id="limite-titulo" className="text-xl font-bold tracking-tight">
          {PLAN_TEXTS.limitTitle}
        </h2>
        <p>{PRODUCT_MESSAGES.planLimitReached}</p>
        {business.plan.status === 'pending_payment' && (
          <p className="text-sm text-muted-foreground">
            <strong>{PLAN_TEXTS.pending}.</strong> {PLAN_TEXTS.pendingAddLater}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <UpgradeButton business={business} atLimit />
          <Button variant="outline" asChild>
            <Link to={paths.admin.myBusiness()}>{PLAN_TEXTS.backToDashboard}</Link>
          </Button>
        </div>
      </section>
    </AdminPage>
  )
}

function NewProductForm({ business }: { business: OwnerBusiness }) {
  const createProduct = useCreateProduct()
  const navigate = useNavigate()
  const [defaults] = useState(emptyProductValues)

  const save: SaveProduct = async (values, onProgress) => {
    await createProduct.mutateAsync({
      formData: createProductFormData(values, business._id),
      onProgress,
    })
    toast.success(ADMIN_MESSAGES.productCreated)
    await navigate(paths.admin.myBusiness())
  }

  return (
    <AdminPage title="Crear Nuevo Producto" description={business.name}>
      <ProductForm
        business={business}
        defaultValues={defaults}
        failureTitle={ADMIN_MESSAGES.productCreateFailed}
        onSave={save}
      />
    </AdminPage>
  )
}

function NewProduct() {
  useDocumentTitle('Nuevo producto')
  return (
    <WithMyBusiness>
      {(business) =>
        isAtLimit(business.plan) ? (
          <LimitReached business={business} />
        ) : (
          <NewProductForm business={business} />
        )
      }
    </WithMyBusiness>
  )
}

export { NewProduct as Component }
