/** Issue 41: counts as Uruguay writes them ('12.345'), in every figure, chart and table. */
const COUNT = new Intl.NumberFormat('es-UY', { maximumFractionDigits: 1 })

export function formatCount(value: number): string {
  return COUNT.format(value)
}
