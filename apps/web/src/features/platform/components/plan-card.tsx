import { Check, X } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Plan } from '@vitrina/contracts'
import { Link } from '../../../components/ui/link'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { cn } from '../../../lib/utils'
import { planPrices } from './plan-price'

const CTA: Record<Plan['type'], string> = {
  free: 'Comenzar gratis',
  pro: 'Elegir Plan Premium',
}

/**
 * SPEC §2.4, §9: a plan with its badge (GRATUITO / POPULAR), prices in UYU and USD and its
 * features; the button opens the wizard with the plan chosen. `compact` shows only the first
 * four features (landing, SPEC §2.2).
 */
export function PlanCard({
  plan,
  compact = false,
  headingLevel: Heading = 'h2',
  action,
}: {
  plan: Plan
  compact?: boolean
  headingLevel?: 'h2' | 'h3'
  /** Replaces the wizard link (an owner with a business upgrades instead, issue 23 §2). */
  action?: ReactNode
}) {
  const isPro = plan.type === 'pro'
  const { uyu, usd } = planPrices(plan)
  const features = compact ? plan.features.slice(0, 4) : plan.features
  const excluded = compact ? [] : plan.excluded

  return (
    <article
      aria-labelledby={`plan-${plan.type}`}
      className={cn(
        'relative flex flex-col rounded-3xl border p-6 sm:p-8',
        isPro
          ? 'border-primary bg-primary text-white shadow-xl'
          : 'border-border bg-card shadow-sm',
      )}
    >
      <Badge variant={isPro ? 'secondary-light' : 'accent'}>{plan.badge}</Badge>
      <Heading id={`plan-${plan.type}`} className="mt-4 text-xl font-bold">
        {plan.name}
      </Heading>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="text-4xl font-extrabold tracking-tight">{uyu}</span>
        <span className={cn('text-sm', isPro ? 'text-white/75' : 'text-muted-foreground')}>
          /{plan.period}
        </span>
      </p>
      <p className={cn('mt-1 text-sm', isPro ? 'text-white/75' : 'text-muted-foreground')}>
        {usd} por {plan.period}
      </p>
      <ul className="mt-6 grid gap-3 text-sm" aria-label={`Incluye el ${plan.name}`}>
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5">
            <Check
              className={cn('mt-0.5 size-4 shrink-0', isPro ? 'text-white' : 'text-success')}
              aria-hidden="true"
            />
            {feature}
          </li>
        ))}
      </ul>
      {excluded.length > 0 && (
        <ul className="mt-3 grid gap-3 text-sm" aria-label={`No incluye el ${plan.name}`}>
          {excluded.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5 text-muted-foreground">
              <X className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="line-through">{feature}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-8">
        {action ?? (
          <Button variant={isPro ? 'inverted' : 'default'} size="lg" className="w-full" asChild>
            <Link to={paths.platform.newBusiness(plan.type)}>{CTA[plan.type]}</Link>
          </Button>
        )}
      </div>
    </article>
  )
}
