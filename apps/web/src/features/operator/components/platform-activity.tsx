/**
 * Issue 26: the platform's last 30 days at the top of the console — visits, orders and businesses
 * that had visits, per day (GET /api/operator/insights), as a chart with its table.
 */
import { useQuery } from '@tanstack/react-query'
import { INSIGHTS_TEXTS as T, type PlatformInsights } from '@vitrina/contracts'
import { useId } from 'react'
import { api } from '../../../api/client'
import { DaysTable } from '../../../components/charts/days-table'
import { formatCount } from '../../../components/charts/format'
import { LineChart } from '../../../components/charts/line-chart'

const DAYS = 30

export function PlatformActivity() {
  const headingId = useId()
  const result = useQuery({
    queryKey: ['operator', 'insights', DAYS] as const,
    queryFn: ({ signal }) =>
      api.get<PlatformInsights>('/operator/insights', { query: { days: DAYS }, signal }),
    staleTime: 60_000,
  })
  if (!result.data) return null
  const days = result.data.days
  const sum = (key: 'visits' | 'orders') => days.reduce((n, d) => n + d[key], 0)
  const peak = Math.max(0, ...days.map((d) => d.activeBusinesses))
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-border bg-card p-4"
    >
      <h2 id={headingId} className="font-semibold">
        {T.platformTitle} · {T.periodOption(DAYS)}
      </h2>
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">{T.visits}</dt>
          <dd className="text-xl font-bold tabular-nums">{formatCount(sum('visits'))}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{T.orders}</dt>
          <dd className="text-xl font-bold tabular-nums">{formatCount(sum('orders'))}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{T.activeBusinesses}</dt>
          <dd className="text-xl font-bold tabular-nums">{formatCount(peak)}</dd>
        </div>
      </dl>
      <LineChart
        title={T.platformTitle}
        dates={days.map((d) => d.date)}
        // The last day is today, still going on (issue 41: it read as a drop to 0).
        partialNote={T.partialDayNote}
        series={[
          { label: T.visits, values: days.map((d) => d.visits), colorClass: 'text-primary' },
          {
            label: T.orders,
            values: days.map((d) => d.orders),
            colorClass: 'text-amber-700 dark:text-amber-400',
            dashed: true,
          },
          {
            label: T.activeBusinesses,
            values: days.map((d) => d.activeBusinesses),
            colorClass: 'text-emerald-700 dark:text-emerald-400',
          },
        ]}
      />
      <details>
        <summary className="cursor-pointer text-sm font-medium">{T.showTable}</summary>
        <div className="mt-2 overflow-x-auto">
          <DaysTable
            caption={T.platformTitle}
            dateLabel={T.date}
            dates={days.map((d) => d.date)}
            columns={[
              { label: T.visits, values: days.map((d) => d.visits) },
              { label: T.orders, values: days.map((d) => d.orders) },
              { label: T.activeBusinesses, values: days.map((d) => d.activeBusinesses) },
            ]}
          />
        </div>
      </details>
    </section>
  )
}
