/**
 * Issue 26: a small SVG line chart of daily values (no chart library: a few paths). Scales to its
 * container; the numbers are also in a table beside it (the page's "Ver los datos como tabla").
 */
import { formatCount } from './format'

export interface ChartSeries {
  label: string
  values: number[]
  /** A Tailwind text colour class: the line is drawn with currentColor. */
  colorClass: string
  dashed?: boolean
}

// Near a phone's width, so the labels read at their size there; wider screens scale it up.
const WIDTH = 360
const HEIGHT = 170
const PAD = { top: 10, right: 10, bottom: 24, left: 30 }

/**
 * A round ceiling for the axis. Issue 41: with only 1, 2, 5 × 10ⁿ a peak of 65 got an axis of
 * 100 and the lines filled two thirds of the chart (over-scaled); the finer steps keep the top
 * within a quarter of the peak (65 → 80).
 */
export function niceMax(value: number): number {
  if (value <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 1.2, 1.6, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * power >= value) ?? 10
  return Math.round(step * power)
}

function shortDate(date: string): string {
  const [, month, day] = date.split('-')
  return `${Number(day)}/${Number(month)}`
}

/**
 * `partialNote`: the last day is today, still going on (issue 41: its low point read as a drop) —
 * its segment is drawn faint and dashed, its marker hollow, and the note said under the chart and
 * in the chart's name.
 */
export function LineChart({
  title,
  dates,
  series,
  partialNote,
}: {
  title: string
  dates: string[]
  series: ChartSeries[]
  partialNote?: string
}) {
  const partial = Boolean(partialNote) && dates.length > 1
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)))
  const innerW = WIDTH - PAD.left - PAD.right
  const innerH = HEIGHT - PAD.top - PAD.bottom
  const x = (i: number) =>
    PAD.left + (dates.length <= 1 ? innerW / 2 : (i * innerW) / (dates.length - 1))
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH
  const ticks = [0, max / 2, max]
  const labelled =
    dates.length <= 1 ? [0] : [0, Math.floor((dates.length - 1) / 2), dates.length - 1]
  const summary = `${title}: ${series
    .map((s) => `${s.label} ${formatCount(s.values.reduce((a, b) => a + b, 0))}`)
    .join(', ')}${partial ? `. ${partialNote}` : ''}`

  return (
    <figure className="grid gap-3">
      <figcaption className="font-semibold">{title}</figcaption>
      <ul className="flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            <svg width="20" height="4" className={s.colorClass}>
              <line
                x1="0"
                y1="2"
                x2="20"
                y2="2"
                stroke="currentColor"
                strokeWidth="3"
                strokeDasharray={s.dashed ? '4 3' : undefined}
              />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        // Issue 41: a chart stretched to a wide column read over-scaled (huge labels and dots).
        className="h-auto w-full max-w-xl overflow-visible text-muted-foreground"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="currentColor"
              strokeOpacity="0.2"
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize="11"
              fill="currentColor"
            >
              {formatCount(tick)}
            </text>
          </g>
        ))}
        {labelled.map((i) => (
          <text
            key={i}
            x={x(i)}
            y={HEIGHT - 8}
            textAnchor={
              i === 0 && dates.length > 1 ? 'start' : i === dates.length - 1 ? 'end' : 'middle'
            }
            fontSize="11"
            fill="currentColor"
          >
            {dates[i] ? shortDate(dates[i]) : ''}
          </text>
        ))}
        {series.map((s) => (
          <g key={s.label} className={s.colorClass}>
            <polyline
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinejoin="round"
              strokeLinecap="round"
              strokeDasharray={s.dashed ? '6 4' : undefined}
              points={(partial ? s.values.slice(0, -1) : s.values)
                .map((v, i) => `${x(i)},${y(v)}`)
                .join(' ')}
            />
            {partial && s.values.length > 1 && (
              <line
                data-partial="true"
                x1={x(s.values.length - 2)}
                y1={y(s.values.at(-2) ?? 0)}
                x2={x(s.values.length - 1)}
                y2={y(s.values.at(-1) ?? 0)}
                stroke="currentColor"
                strokeOpacity="0.45"
                strokeWidth="2"
                strokeDasharray="2 4"
              />
            )}
            {dates.length <= 31 &&
              s.values.map((v, i) =>
                partial && i === s.values.length - 1 ? (
                  <circle
                    key={i}
                    cx={x(i)}
                    cy={y(v)}
                    r="3"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                  />
                ) : (
                  <circle key={i} cx={x(i)} cy={y(v)} r="2.5" fill="currentColor" />
                ),
              )}
          </g>
        ))}
      </svg>
      {partial && <p className="text-xs text-muted-foreground">{partialNote}</p>}
    </figure>
  )
}
