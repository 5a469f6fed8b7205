import { useQuery } from '@tanstack/react-query'
import { ADMIN_MESSAGES, GENERIC_MESSAGES, PRODUCT_MESSAGES } from '@vitrina/contracts'
import type { Business, Product } from '@vitrina/contracts'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { toast } from 'sonner'
import { productQueryOptions } from '../../../api/products'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { useSession } from '../../../lib/session'
import { RequireAuth } from '../../../lib/session/require-auth'
import { useMyBusiness } from '../../../api/my-business'
import { updateProductFormData } from '../api/product-payload'
import { useUpdateProduct } from '../api/save-product'
import { AdminPage } from '../components/admin-page'
import { LoadProblem } from '../components/load-problem'
import { ProductForm } from '../components/product-form/product-form'
import type { SaveProduct } from '../components/product-form/product-form'
import { productToFormValues } from '../lib/product-form'

function EditProductForm({ business, product }: { business: Business; product: Product }) {
  const updateProduct = useUpdateProduct(product._id)
  const navigate = useNavigate()
  const [defaults] = useState(() => productToFormValues(product))

  const save: SaveProduct = async (values, onProgress) => {
    await updateProduct.mutateAsync({
      formData: updateProductFormData(values, product),
      onProgress,
    })
    toast.success(ADMIN_MESSAGES.productUpdated)
    await navigate(paths.admin.myBusiness())
  }

  return (
    <AdminPage title="Modificar producto" description={product.name}>
      <ProductForm
        business={business}
        defaultValues={defaults}
        isEdit
        failureTitle={ADMIN_MESSAGES.productUpdateFailed}
        onSave={save}
      />
    </AdminPage>
  )
}

const loadFailed = (
  <LoadProblem
    message={PRODUCT_MESSAGES.editLoadFailed}
    action={
      <Button asChild variant="outline">
        <Link to={paths.admin.myBusiness()}>Volver a mi negocio</Link>
      </Button>
    }
  />
)

/**
 * SPEC §2.16: 'Cargando producto...', then the form, or 'No se pudo cargar el producto. Por
 * favor, inténtelo de nuevo.' The product is read fresh, and only a product of the owner's own
 * business can be edited.
 */
function EditProductScreen({ id }: { id: string }) {
  const { user } = useSession()
  const myBusiness = useMyBusiness(user?._id)
  const product = useQuery({ ...productQueryOptions(id), refetchOnMount: 'always' })

  if (myBusiness.isError) {
    return (
      <LoadProblem
        message={GENERIC_MESSAGES.adminBusinessLoadFailed}
        action={<Button onClick={() => window.location.reload()}>Intentar de nuevo</Button>}
      />
    )
  }
  if (product.isError) return loadFailed
  if (myBusiness.isPending || !product.isFetchedAfterMount) {
    return <PageSpinner label={ADMIN_MESSAGES.productLoading} />
  }
  const business = myBusiness.data
  if (!business || !product.data || product.data.businessId !== business._id) return loadFailed
  return <EditProductForm business={business} product={product.data} />
}

function EditProduct() {
  useDocumentTitle('Modificar producto')
  const { id } = useParams()
  return (
    <RequireAuth fallback={<PageSpinner label={ADMIN_MESSAGES.productLoading} />}>
      {id ? <EditProductScreen id={id} /> : loadFailed}
    </RequireAuth>
  )
}

export { EditProduct as Component }
