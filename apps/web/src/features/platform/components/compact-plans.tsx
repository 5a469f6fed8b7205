import { ArrowRight } from 'lucide-react'
import { PLAN_LIST } from '@vitrina/contracts'
import { Link } from '../../../components/ui/link'
import { paths } from '../../../config/paths'
import { PlanCard } from './plan-card'

/** SPEC §2.2: both plans with their first four features, and a link to the full plans page. */
export function CompactPlans() {
  return (
    <section aria-labelledby="planes-titulo" className="py-16 sm:py-20">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">Planes</p>
          <h2 id="planes-titulo" className="mt-1 text-3xl font-bold tracking-tight">
            Empieza gratis, crece cuando quieras
          </h2>
        </div>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {PLAN_LIST.map((plan) => (
            <PlanCard key={plan.type} plan={plan} compact headingLevel="h3" />
          ))}
        </div>
        <p className="mt-8 text-center">
          <Link
            to={paths.platform.plans()}
            className="inline-flex items-center gap-1 rounded font-semibold text-accent hover:underline"
          >
            Comparar planes y preguntas frecuentes
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </div>
    </section>
  )
}
