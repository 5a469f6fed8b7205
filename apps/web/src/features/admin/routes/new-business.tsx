import { ADMIN_MESSAGES, DRAFT_MESSAGES, LEAVE_MESSAGES } from '@vitrina/contracts'
import type { PlanType } from '@vitrina/contracts'
import { useCallback, useEffect, useRef, useState } from 'react'
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
import type { BusinessFormValues } from '../lib/business-form'
import {
  discardBusinessDraft,
  loadBusinessDraft,
  saveBusinessDraft,
  type BusinessDraft,
} from '../lib/business-draft'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'

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
  // Once created, the cached "my business" is this one: that must not bounce to the dashboard.
  const [isCreating, setIsCreating] = useState(false)
  // Issue 41 §4: the draft kept in this browser (undefined while it is being read).
  const [draft, setDraft] = useState<BusinessDraft | null | undefined>(undefined)
  // A discarded draft starts a blank wizard (a new form instance).
  const [generation, setGeneration] = useState(0)
  const userId = user?._id

  useEffect(() => {
    if (!userId) return
    let cancelled = false
    void loadBusinessDraft(userId).then((found) => {
      if (!cancelled) setDraft(found)
    })
    return () => {
      cancelled = true
    }
  }, [userId])

  if (myBusiness.isPending) return checking
  if (myBusiness.data && !isCreating) {
    return <Navigate to={paths.admin.myBusiness()} replace />
  }
  if (!user || draft === undefined) return checking

  const save: SaveBusiness = async (values, onProgress) => {
    setIsCreating(true)
    try {
      const business = await createBusiness.mutateAsync({
        formData: createBusinessFormData(values, user._id),
        onProgress,
      })
      await discardBusinessDraft(user._id)
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
      <WizardWithDraft
        key={generation}
        userId={user._id}
        draft={draft}
        plan={planFrom(query)}
        onSave={save}
        onDiscard={() => {
          void discardBusinessDraft(user._id).then(() => {
            toast.success(DRAFT_MESSAGES.discarded)
            setDraft(null)
            setGeneration((n) => n + 1)
          })
        }}
      />
    </AdminPage>
  )
}

/** How long the wizard waits after the last change before writing the draft. */
const DRAFT_DELAY_MS = 400

/**
 * The wizard with its draft: restored values and step, written after each change (debounced),
 * and 'Descartar borrador', which asks first and starts again from a blank wizard.
 */
function WizardWithDraft({
  userId,
  draft,
  plan,
  onSave,
  onDiscard,
}: {
  userId: string
  draft: BusinessDraft | null
  plan: PlanType
  onSave: SaveBusiness
  onDiscard: () => void
}) {
  const [defaults] = useState(() => draft?.values ?? newBusinessValues(plan))
  const [hasDraft, setHasDraft] = useState(draft !== null)
  const [isPending, setIsPending] = useState(false)
  const [confirmDiscard, setConfirmDiscard] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef<Parameters<typeof saveBusinessDraft> | null>(null)

  const write = useCallback(() => {
    const args = latest.current
    latest.current = null
    if (!args) return
    void saveBusinessDraft(...args).then(() => {
      if (latest.current === null) setIsPending(false)
    })
  }, [])

  useEffect(
    () => () => {
      // Leaving the wizard (not by creating): whatever was typed last is kept.
      clearTimeout(timer.current)
      write()
    },
    [write],
  )

  const onChange = (values: BusinessFormValues, step: number, furthest: number) => {
    latest.current = [userId, values, step, furthest]
    setHasDraft(true)
    setIsPending(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(write, DRAFT_DELAY_MS)
  }

  const save: SaveBusiness = async (values, onProgress) => {
    // No draft write may land after the business exists.
    clearTimeout(timer.current)
    latest.current = null
    await onSave(values, onProgress)
  }

  return (
    <>
      <div
        className="mb-6 flex flex-col gap-3 rounded-xl border border-border bg-muted/40 p-3 text-sm sm:flex-row sm:items-center"
        role="status"
      >
        <p className="sm:me-auto">{draft ? DRAFT_MESSAGES.restored : DRAFT_MESSAGES.kept}</p>
        {hasDraft && (
          <Button variant="outline" size="sm" onClick={() => setConfirmDiscard(true)}>
            {DRAFT_MESSAGES.discard}
          </Button>
        )}
      </div>
      <BusinessForm
        steps={WIZARD_STEPS}
        defaultValues={defaults}
        initialStep={draft?.step ?? 0}
        submitLabel="Crear negocio"
        submittingLabel="Creando..."
        cancelHref={paths.home()}
        failureTitle={ADMIN_MESSAGES.businessCreateFailed}
        onSave={save}
        onChange={onChange}
        leave={{
          hasWork: hasDraft,
          // The draft is written a moment after each change: a reload before that would lose it.
          beforeUnload: isPending,
          title: LEAVE_MESSAGES.wizardTitle,
          description: LEAVE_MESSAGES.wizardDescription,
          leaveLabel: LEAVE_MESSAGES.wizardLeave,
        }}
        preview={<BusinessPreview />}
      />
      <Dialog open={confirmDiscard} onOpenChange={setConfirmDiscard}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{DRAFT_MESSAGES.discardTitle}</DialogTitle>
            <DialogDescription>{DRAFT_MESSAGES.discardDescription}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmDiscard(false)}>
              {DRAFT_MESSAGES.keepEditing}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                clearTimeout(timer.current)
                latest.current = null
                setConfirmDiscard(false)
                onDiscard()
              }}
            >
              {DRAFT_MESSAGES.discardConfirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
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
