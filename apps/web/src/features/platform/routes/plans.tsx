import { PLAN_LIST, PLANS_FAQ, PLAN_TEXTS, type OwnerBusiness } from '@vitrina/contracts'
import { Clock } from 'lucide-react'
import { useMyBusiness } from '../../../api/my-business'
import { PageHeader } from '../../../components/page-header'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { FaqList } from '../components/faq-list'
import { PlanCard } from '../components/plan-card'
import { useSession } from '../../../lib/session'
import { UpgradeButton } from '../../../components/plan/upgrade-dialog'

/**
 * An owner whose business is not pro yet upgrades from here (issue 23 §2) instead of opening the
 * wizard; a request waiting for its payment says so.
 */
function ownerProAction(business: OwnerBusiness | null | undefined) {
  if (!business || business.plan.effective === 'pro') return undefined
  if (business.plan.status === 'pending_payment') {
    return (
      <p className="flex items-center justify-center gap-2 rounded-lg bg-white/15 px-4 py-3 font-semibold">
        <Clock className="size-4" aria-hidden="true" />
        {PLAN_TEXTS.pending}
      </p>
    )
  }
  return <UpgradeButton business={business} variant="inverted" className="h-12 w-full text-base" />
}

/** SPEC §2.4, §9: 'Planes de Suscripción' — both plans and the FAQ. */
function PlansRoute() {
  useDocumentTitle('Planes')
  const { user } = useSession()
  const myBusiness = useMyBusiness(user?._id)
  return (
    <>
      <PageHeader
        eyebrow="Precios"
        title="Planes de Suscripción"
        description="Empieza gratis y pásate al Plan Premium cuando tu negocio lo necesite. Sin contratos de permanencia."
      />
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-6 md:grid-cols-2">
          {PLAN_LIST.map((plan) => (
            <PlanCard
              key={plan.type}
              plan={plan}
              action={plan.type === 'pro' ? ownerProAction(myBusiness.data) : undefined}
            />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Precios mensuales en pesos uruguayos (UYU) o su equivalente en dólares (USD).
        </p>
        <section aria-labelledby="faq-titulo" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq-titulo" className="mb-6 text-2xl font-bold tracking-tight">
            Preguntas frecuentes
          </h2>
          <FaqList entries={PLANS_FAQ} />
        </section>
      </div>
    </>
  )
}

export { PlansRoute as Component }
