import { useQuery } from '@tanstack/react-query'
import { ADMIN_MESSAGES, GENERIC_MESSAGES } from '@vitrina/contracts'
import type { Business } from '@vitrina/contracts'
import { useState } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { Link } from '../../../components/ui/link'
import { toast } from 'sonner'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { useSession } from '../../../lib/session'
import { RequireAuth } from '../../../lib/session/require-auth'
import { updateBusinessFormData } from '../api/business-payload'
import { myBusinessQueryOptions } from '../../../api/my-business'
import { useUpdateBusiness } from '../api/save-business'
import { AdminPage } from '../components/admin-page'
import { BusinessForm } from '../components/business-form/business-form'
import type { SaveBusiness } from '../components/business-form/business-form'
import { BusinessPreview } from '../components/business-preview'
import { LoadProblem } from '../components/load-problem'
import { businessToFormValues, EDIT_STEPS } from '../lib/business-form'

const backHome = (
  <Button asChild>
    <Link to={paths.home()}>Volver al inicio</Link>
  </Button>
)

function EditBusinessForm({ business }: { business: Business }) {
  const { saveBusiness } = useSession()
  const updateBusiness = useUpdateBusiness(business._id)
  const navigate = useNavigate()
  const [defaults] = useState(() => businessToFormValues(business))

  const save: SaveBusiness = async (values, onProgress) => {
    const saved = await updateBusiness.mutateAsync({
      formData: updateBusinessFormData(values, business),
      onProgress,
    })
    saveBusiness(saved)
    toast.success(ADMIN_MESSAGES.businessUpdated)
    await navigate(paths.storefront.home(saved.identifier))
  }

  return (
    <AdminPage title="Modificar negocio" description={business.name}>
      <BusinessForm
        steps={EDIT_STEPS}
        defaultValues={defaults}
        original={business}
        submitLabel="Guardar cambios"
        submittingLabel="Guardando..."
        submitOnEveryStep
        cancelHref={paths.admin.myBusiness()}
        failureTitle={ADMIN_MESSAGES.businessUpdateFailed}
        onSave={save}
        preview={<BusinessPreview />}
      />
    </AdminPage>
  )
}

/**
 * SPEC §2.15: the owner's business, loaded fresh (never a stale cached copy into a form), in the
 * wizard's first four steps. Only the owner's own business can be edited here: an address with an
 * old identifier is corrected to the current one.
 */
function EditBusinessLoader({ identifier }: { identifier: string }) {
  const { user } = useSession()
  const query = useQuery({
    ...myBusinessQueryOptions(user?._id ?? ''),
    enabled: Boolean(user),
    refetchOnMount: 'always',
  })

  if (query.isError || (query.isFetchedAfterMount && !query.data)) {
    return <LoadProblem message={GENERIC_MESSAGES.editBusinessLoadFailed} action={backHome} />
  }
  if (!query.isFetchedAfterMount || !query.data) return <PageSpinner />
  if (query.data.identifier !== identifier) {
    return <Navigate to={paths.admin.editBusiness(query.data.identifier)} replace />
  }
  return <EditBusinessForm business={query.data} />
}

function EditBusiness() {
  useDocumentTitle('Modificar negocio')
  const { identifier } = useParams()
  return (
    <RequireAuth fallback={<PageSpinner />}>
      {identifier ? (
        <EditBusinessLoader identifier={identifier} />
      ) : (
        <LoadProblem message={GENERIC_MESSAGES.identifierMissing} action={backHome} />
      )}
    </RequireAuth>
  )
}

export { EditBusiness as Component }
