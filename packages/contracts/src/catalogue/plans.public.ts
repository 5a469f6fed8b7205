/** SPEC §9: the two plans, their prices (UYU and USD per month), badges and limits. */
export const PLAN_TYPES = ['free', 'pro'] as const
export type PlanType = (typeof PLAN_TYPES)[number]

export interface Plan {
  type: PlanType
  name: string
  badge: string
  /** Monthly price; the free plan costs 0 in both currencies. */
  price: { uyu: number; usd: number }
  period: 'mes'
  /** What the plan includes, in display order (the landing shows the first four, SPEC §2.2). */
  features: readonly string[]
  /** What the plan does not include (shown crossed out on the plan card). */
  excluded: readonly string[]
  /** null = unlimited. */
  productLimit: number | null
}

export const PLANS: Readonly<Record<PlanType, Plan>> = {
  free: {
    type: 'free',
    name: 'Plan Básico',
    badge: 'GRATUITO',
    price: { uyu: 0, usd: 0 },
    period: 'mes',
    features: ['20 productos', 'Personalización básica', 'Catálogo online', 'Soporte por email'],
    excluded: ['Soporte personalizado', 'Acceso a nuevas funcionalidades'],
    productLimit: 20,
  },
  pro: {
    type: 'pro',
    name: 'Plan Premium',
    badge: 'POPULAR',
    price: { uyu: 200, usd: 5 },
    period: 'mes',
    features: [
      'Productos ilimitados',
      'Personalización completa',
      'Catálogo online',
      'Soporte por email',
      'Soporte personalizado',
      'Acceso a nuevas funcionalidades',
    ],
    excluded: [],
    productLimit: null,
  },
}

/** Plans in display order. */
export const PLAN_LIST: readonly Plan[] = [PLANS.free, PLANS.pro]

export const DEFAULT_PLAN: PlanType = 'free'

/** Whether a business on `plan` that already has `count` products may add one more. */
export function canAddProduct(plan: PlanType, count: number): boolean {
  const limit = PLANS[plan].productLimit
  return limit === null || count < limit
}
