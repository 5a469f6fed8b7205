import { ADMIN_MESSAGES } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { useState } from 'react'
import { useNavigate } from 'react-router'
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

function NewProduct() {
  useDocumentTitle('Nuevo producto')
  return <WithMyBusiness>{(business) => <NewProductForm business={business} />}</WithMyBusiness>
}

export { NewProduct as Component }
