/**
 * Issue 26: labelled horizontal bars (sources, products, searches): a list whose numbers are
 * read as text, the bar only a picture of them.
 */
import { formatCount } from '../../../../components/charts/format'

export interface Bar {
  key: string
  label: string
  value: number
  /** Shown after the value, e.g. '3 sin resultados'. */
  detail?: string
}

export function BarList({ bars, emptyText }: { bars: Bar[]; emptyText: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  if (bars.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>
  return (
    <ul className="grid gap-2">
      {bars.map((bar) => (
        <li key={bar.key} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate">{bar.label}</span>
            <span className="shrink-0 font-medium tabular-nums">
              {formatCount(bar.value)}
              {bar.detail && (
                <span className="ml-1 font-normal text-muted-foreground">· {bar.detail}</span>
              )}
            </span>
          </div>
          <div className="h-2 rounded-full bg-muted" aria-hidden="true">
            <div
              className="h-2 rounded-full bg-primary"
              style={{ width: `${Math.max(2, (bar.value / max) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}
