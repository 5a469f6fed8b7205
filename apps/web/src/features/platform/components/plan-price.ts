import { CURRENCY_SYMBOLS, formatWholePrice } from '@vitrina/contracts'
import type { Plan } from '@vitrina/contracts'

/**
 * SPEC §9: plan prices in Uruguayan pesos and US dollars, in the app's one notation ('$ 200',
 * 'US$ 5': contracts' formatWholePrice, issue 41 — the landing said '$U 200', the owner 'UYU 200').
 */
export function planPrices(plan: Pick<Plan, 'price'>): { uyu: string; usd: string } {
  return {
    uyu: formatWholePrice(plan.price.uyu, CURRENCY_SYMBOLS.UYU),
    usd: formatWholePrice(plan.price.usd, CURRENCY_SYMBOLS.USD),
  }
}
