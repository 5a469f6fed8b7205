/**
 * Issue 26: /admin/estadisticas — the owner's insights for the last 7, 30 or 90 days: visitors
 * (one figure: visits and unique visitors are equal since issue 40), WhatsApp clicks and orders per day, conversion, sources, top products and
 * searches (also those that found nothing), each compared with the period before; the numbers
 * also as a table, and a CSV. Loaded only here (clean SVG, no chart library).
 */
import {
  INSIGHT_SOURCES,
  INSIGHTS_SOURCE_LABELS,
  INSIGHTS_TEXTS as T,
  type Insights,
  type InsightTotals,
  type OwnerBusiness,
} from '@vitrina/contracts'
import { Download } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { PageSpinner } from '../../../components/page-spinner'
import { Button } from '../../../components/ui/button'
import { useDocumentTitle } from '../../../hooks/use-document-title'
import { cn } from '../../../lib/utils'
import { useInsights } from '../api/insights'
import { AdminPage } from '../components/admin-page'
import { BarList, type Bar } from '../components/insights/bar-list'
import { CouponSales } from '../components/insights/coupon-sales'
import { DaysTable } from '../../../components/charts/days-table'
import { formatCount } from '../../../components/charts/format'
import { LineChart } from '../../../components/charts/line-chart'
import { LoadProblem } from '../components/load-problem'
import { WithMyBusiness } from '../components/with-my-business'
import { insightsCsv } from '../lib/insights-csv'
import { saveFile } from '../lib/save-file'

export const PERIODS = [7, 30, 90] as const
type Period = (typeof PERIODS)[number]

function readPeriod(params: URLSearchParams): Period {
  const days = Number(params.get('dias'))
  return (PERIODS as readonly number[]).includes(days) ? (days as Period) : 30
}

/** 'AAAA-MM-DD' today in the business's time zone, and `days` before. */
export function periodDates(days: number, timeZone: string, now = new Date()) {
  const to = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10)
  return { from, to }
}

const percent = (value: number) => `${Math.round(value * 1000) / 10} %`.replace('.', ',')

function conversion(totals: InsightTotals): number {
  return totals.uniqueVisitors ? totals.orders / totals.uniqueVisitors : 0
}

function changeText(now: number, before: number): string {
  if (!before) return now ? T.noPrevious : T.change(0)
  return T.change(Math.round(((now - before) / before) * 100))
}

/** `previous` and `change` are left out when the previous period has no data (issue 41). */
function Metric({
  label,
  value,
  previous,
  change,
  hint,
}: {
  label: string
  value: string
  previous?: string
  change?: string
  hint?: string
}) {
  return (
    <div className="rounded-xl border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {change !== undefined && <dd className="mt-1 text-sm">{change}</dd>}
      {previous !== undefined && (
        <dd className="text-xs text-muted-foreground">{T.previous(previous)}</dd>
      )}
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  )
}

function Summary({ insights }: { insights: Insights }) {
  const now = insights.totals
  const before = insights.previous.totals
  // Issue 41: no previous data at all is said once, above the cards, not on each of them.
  const hasPrevious = Object.values(before).some((value) => value > 0)
  const counts: { key: keyof InsightTotals; label: string }[] = [
    // Issue 41: visits and unique visitors are equal since issue 40 (ADR 025): one figure.
    { key: 'uniqueVisitors', label: T.visitors },
    { key: 'whatsappClicks', label: T.whatsappClicks },
    { key: 'orders', label: T.orders },
  ]
  return (
    <div className="grid gap-3">
      {!hasPrevious && <p className="text-sm text-muted-foreground">{T.noPreviousPeriod}</p>}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {counts.map(({ key, label }) => (
          <Metric
            key={key}
            label={label}
            value={formatCount(now[key])}
            {...(hasPrevious && {
              previous: formatCount(before[key]),
              change: changeText(now[key], before[key]),
            })}
          />
        ))}
        <Metric
          label={T.conversion}
          value={percent(conversion(now))}
          {...(hasPrevious && {
            previous: percent(conversion(before)),
            change: changeText(conversion(now), conversion(before)),
          })}
          hint={T.conversionHint}
        />
      </dl>
    </div>
  )
}

function FiguresByDay({ insights }: { insights: Insights }) {
  return (
    <details className="rounded-xl border border-border bg-card p-4">
      <summary className="cursor-pointer font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
        {T.showTable}
      </summary>
      <div className="mt-3 overflow-x-auto">
        <DaysTable
          caption={T.visitsChart}
          dateLabel={T.date}
          dates={insights.days.map((d) => d.date)}
          columns={[
            { label: T.visitors, values: insights.days.map((d) => d.uniqueVisitors) },
            { label: T.productViews, values: insights.days.map((d) => d.productViews) },
            { label: T.whatsappClicks, values: insights.days.map((d) => d.whatsappClicks) },
            { label: T.orders, values: insights.days.map((d) => d.orders) },
          ]}
        />
      </div>
    </details>
  )
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-card p-4 sm:p-5">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {hint && <p className="mt-1 text-sm text-muted-foreground">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  )
}

function saveCsv(insights: Insights) {
  const blob = new Blob([insightsCsv(insights)], { type: 'text/csv;charset=utf-8' })
  saveFile(blob, T.csvFilename(insights.from, insights.to))
}

/** `today`: the business's date now; a period ending today ends with a day still going on. */
function Report({ insights, today }: { insights: Insights; today: string }) {
  const dates = insights.days.map((d) => d.date)
  const partialNote = insights.to === today ? T.partialDayNote : undefined
  const sources = INSIGHT_SOURCES.map((s) => ({
    key: s,
    label: INSIGHTS_SOURCE_LABELS[s],
    value: insights.sources[s],
  }))
    .filter((s) => s.value > 0)
    .sort((a, b) => b.value - a.value)
  // The sections under the charts: one list of bars each.
  const lists: { title: string; hint?: string; bars: Bar[] }[] = [
    { title: T.sources, bars: sources },
    {
      title: T.topViewed,
      bars: insights.topProducts.map((p) => ({ key: p.productId, label: p.name, value: p.views })),
    },
    {
      title: T.topOrdered,
      bars: insights.topOrderedProducts.map((p) => ({
        key: p.productId,
        label: p.name,
        value: p.orders,
      })),
    },
    {
      title: T.topSearches,
      bars: insights.topSearches.map((s) => ({ key: s.query, label: s.query, value: s.count })),
    },
    {
      title: T.zeroResultSearches,
      hint: T.zeroResultHint,
      bars: insights.zeroResultSearches.map((s) => ({
        key: s.query,
        label: s.query,
        value: s.zeroResults,
      })),
    },
  ]
  return (
    <div className="grid gap-6">
      <Summary insights={insights} />
      {insights.totals.visits === 0 && insights.totals.orders === 0 && (
        <p className="rounded-xl border border-dashed border-border p-4 text-muted-foreground">
          {T.none}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-xl border border-border bg-card p-4 sm:p-5">
          <LineChart
            title={T.visitsChart}
            dates={dates}
            partialNote={partialNote}
            series={[
              {
                label: T.visitors,
                values: insights.days.map((d) => d.uniqueVisitors),
                colorClass: 'text-primary',
              },
            ]}
          />
        </div>
        <div className="rounded-xl border border-border bg-card p-4 sm:p-5">
          <LineChart
            title={T.actionsChart}
            dates={dates}
            partialNote={partialNote}
            series={[
              {
                label: T.whatsappClicks,
                values: insights.days.map((d) => d.whatsappClicks),
                colorClass: 'text-emerald-700 dark:text-emerald-400',
              },
              {
                label: T.orders,
                values: insights.days.map((d) => d.orders),
                colorClass: 'text-amber-700 dark:text-amber-400',
                dashed: true,
              },
            ]}
          />
        </div>
      </div>
      <FiguresByDay insights={insights} />
      <div className="grid gap-6 md:grid-cols-2">
        {lists.map(({ title, hint, bars }) => (
          <Section key={title} title={title} hint={hint}>
            <BarList bars={bars} emptyText={T.none} />
          </Section>
        ))}
        <Section title={T.coupons} hint={T.couponsHint}>
          <CouponSales coupons={insights.coupons} />
        </Section>
      </div>
      <p className="text-sm text-muted-foreground">{T.delayNote}</p>
    </div>
  )
}

function PeriodPicker({ period, onChange }: { period: Period; onChange: (p: Period) => void }) {
  return (
    <fieldset>
      <legend className="sr-only">{T.period}</legend>
      <div className="inline-flex max-w-full overflow-x-auto rounded-full border border-border bg-card p-1">
        {PERIODS.map((days) => (
          <label
            key={days}
            className={cn(
              'cursor-pointer rounded-full px-2.5 py-1.5 text-sm font-medium whitespace-nowrap has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/50 sm:px-3',
              days === period ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name="periodo"
              value={days}
              checked={days === period}
              onChange={() => onChange(days)}
              className="sr-only"
            />
            {T.periodOption(days)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function InsightsView({ business }: { business: OwnerBusiness }) {
  const [params, setParams] = useSearchParams()
  const period = readPeriod(params)
  const { from, to } = periodDates(period, business.timeZone)
  const insights = useInsights(business._id, from, to)
  return (
    <AdminPage
      title={T.title}
      description={T.description}
      actions={
        <Button
          variant="outline"
          disabled={!insights.data}
          onClick={() => insights.data && saveCsv(insights.data)}
        >
          <Download aria-hidden="true" />
          {T.exportCsv}
        </Button>
      }
    >
      <div className="mb-6">
        <PeriodPicker
          period={period}
          onChange={(days) => setParams({ dias: String(days) }, { replace: true })}
        />
      </div>
      {insights.isPending ? (
        <PageSpinner />
      ) : insights.isError ? (
        <LoadProblem
          message={T.loadFailed}
          action={<Button onClick={() => void insights.refetch()}>{T.retry}</Button>}
        />
      ) : (
        <Report insights={insights.data} today={to} />
      )}
    </AdminPage>
  )
}

function InsightsPage() {
  useDocumentTitle(T.title)
  return <WithMyBusiness>{(business) => <InsightsView business={business} />}</WithMyBusiness>
}

export { InsightsPage as Component }
