/**
 * Issue 26: a line chart's numbers as a table, one row a day (behind the pages' "Ver los datos
 * como tabla"): for screen readers and for whoever wants the exact figures.
 */
import { formatCount } from './format'
export interface DaysTableColumn {
  label: string
  /** One per date, in the dates' order. */
  values: readonly number[]
}

export function DaysTable({
  caption,
  dateLabel,
  dates,
  columns,
}: {
  caption: string
  dateLabel: string
  dates: readonly string[]
  columns: readonly DaysTableColumn[]
}) {
  // Every cell but the row's last keeps a gap to its right.
  const cell = (isLast: boolean) => (isLast ? 'py-1' : 'py-1 pr-3')
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className={`${cell(columns.length === 0)} font-medium`}>
            {dateLabel}
          </th>
          {columns.map((column, c) => (
            <th
              key={column.label}
              scope="col"
              className={`${cell(c === columns.length - 1)} font-medium`}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {dates.map((date, i) => (
          <tr key={date} className="border-t border-border">
            <th scope="row" className={`${cell(columns.length === 0)} text-left font-normal`}>
              {date}
            </th>
            {columns.map((column, c) => (
              <td key={column.label} className={cell(c === columns.length - 1)}>
                {formatCount(column.values[i] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
