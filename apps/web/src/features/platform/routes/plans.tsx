import { PLAN_LIST, PLANS_FAQ } from '@vitrina/contracts'
import { PageHeader } from '../../../components/page-header'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { FaqList } from '../components/faq-list'
import { PlanCard } from '../components/plan-card'

/** SPEC §2.4, §9: 'Planes de Suscripción' — both plans and the FAQ. */
function PlansRoute() {
  useDocumentTitle('Planes')
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
            <PlanCard key={plan.type} plan={plan} />
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
