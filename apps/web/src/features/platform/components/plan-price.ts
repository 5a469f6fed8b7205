import type { Plan } from '@vitrina/contracts'

/**
 * A whole amount as es-UY writes it ('1.290'): what Intl.NumberFormat('es-UY',
 * { maximumFractionDigits: 0 }) gives for these positive prices, without creating a
 * NumberFormat (its locale data cost a throttled phone ~55 ms of the landing page's first load).
 */
function wholeAmount(amount: number): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/** SPEC §9: plan prices in Uruguayan pesos and US dollars ('$U 200', 'US$ 5'). */
export function planPrices(plan: Pick<Plan, 'price'>): { uyu: string; usd: string } {
  return { uyu: `$U ${wholeAmount(plan.price.uyu)}`, usd: `US$ ${wholeAmount(plan.price.usd)}` }
}
