import { ADMIN_MESSAGES, GENERIC_MESSAGES } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { RequireAuth, useSession } from '../../../lib/session'
import { useMyBusiness } from '../api/my-business'
import { createProductFormData } from '../api/product-payload'
import { useCreateProduct } from '../api/save-product'
import { AdminPage } from '../components/admin-page'
import { LoadProblem } from '../components/load-problem'
import { ProductForm } from '../components/product-form/product-form'
import type { SaveProduct } from '../components/product-form/product-form'
import { emptyProductValues } from '../lib/product-form'

function NewProductForm({ business }: { business: Business }) {
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

/** SPEC §2.16: a new product of the owner's business (an owner without one creates it first). */
function NewProductScreen() {
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
  return <NewProductForm business={myBusiness.data} />
}

function NewProduct() {
  useDocumentTitle('Nuevo producto')
  return (
    <RequireAuth fallback={<PageSpinner />}>
      <NewProductScreen />
    </RequireAuth>
  )
}

export { NewProduct as Component }
