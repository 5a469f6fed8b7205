import type { Plan } from '@vitrina/contracts'

const UYU = new Intl.NumberFormat('es-UY', { maximumFractionDigits: 0 })

/** SPEC §9: plan prices in Uruguayan pesos and US dollars ('$U 200', 'US$ 5'). */
export function planPrices(plan: Pick<Plan, 'price'>): { uyu: string; usd: string } {
  return { uyu: `$U ${UYU.format(plan.price.uyu)}`, usd: `US$ ${UYU.format(plan.price.usd)}` }
}
