import { ADMIN_MESSAGES } from '@vitrina/contracts'
import type { PlanType } from '@vitrina/contracts'
import { useState } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { PageSpinner } from '../../../components/page-spinner'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { useSession } from '../../../lib/session'
import { RequireAuth } from '../../../lib/session/require-auth'
import { createBusinessFormData } from '../api/business-payload'
import { useMyBusiness } from '../../../api/my-business'
import { useCreateBusiness } from '../api/save-business'
import { AdminPage } from '../components/admin-page'
import { BusinessForm } from '../components/business-form/business-form'
import type { SaveBusiness } from '../components/business-form/business-form'
import { BusinessPreview } from '../components/business-preview'
import { newBusinessValues, WIZARD_STEPS } from '../lib/business-form'

const checking = <PageSpinner label={ADMIN_MESSAGES.checkingAccess} />

/** SPEC §2.1: `?plan=free|pro`, free by default. */
function planFrom(query: URLSearchParams): PlanType {
  return query.get('plan') === 'pro' ? 'pro' : 'free'
}

/**
 * SPEC §2.13: the business creation wizard. Signed-out visitors go to the login once the session
 * is restored; an owner who already has a business goes to /admin/mi-negocio;
 * 'Verificando información...' shows while either is being found out.
 */
function NewBusinessWizard() {
  const { user, saveBusiness } = useSession()
  const myBusiness = useMyBusiness(user?._id)
  const createBusiness = useCreateBusiness()
  const navigate = useNavigate()
  const [query] = useSearchParams()
  const [defaults] = useState(() => newBusinessValues(planFrom(query)))
  // Once created, the cached "my business" is this one: that must not bounce to the dashboard.
  const [isCreating, setIsCreating] = useState(false)

  if (myBusiness.isPending) return checking
  if (myBusiness.data && !isCreating) {
    return <Navigate to={paths.admin.myBusiness()} replace />
  }
  if (!user) return checking

  const save: SaveBusiness = async (values, onProgress) => {
    setIsCreating(true)
    try {
      const business = await createBusiness.mutateAsync({
        formData: createBusinessFormData(values, user._id),
        onProgress,
      })
      saveBusiness(business)
      toast.success(ADMIN_MESSAGES.businessCreated)
      await navigate(paths.storefront.home(business.identifier))
    } catch (error) {
      setIsCreating(false)
      throw error
    }
  }

  return (
    <AdminPage
      title="Crea tu negocio"
      description="Completa los pasos y tu catálogo online estará listo en minutos."
    >
      <BusinessForm
        steps={WIZARD_STEPS}
        defaultValues={defaults}
        submitLabel="Crear Negocio"
        submittingLabel="Creando..."
        cancelHref={paths.home()}
        failureTitle={ADMIN_MESSAGES.businessCreateFailed}
        onSave={save}
        preview={<BusinessPreview />}
      />
    </AdminPage>
  )
}

function NewBusiness() {
  useDocumentTitle('Crear negocio')
  return (
    <RequireAuth fallback={checking}>
      <NewBusinessWizard />
    </RequireAuth>
  )
}

export { NewBusiness as Component }
