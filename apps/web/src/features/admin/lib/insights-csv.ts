import { INSIGHTS_TEXTS as T, type Insights } from '@vitrina/contracts'

/** Issue 26: the period's days as CSV (UTF-8 with BOM and `;`, as the orders' export). */
export function insightsCsv(insights: Insights): string {
  // Issue 41: one visitors column (visits equal unique visitors since issue 40, ADR 025).
  const header = [T.date, T.visitors, T.productViews, T.whatsappClicks, T.orders]
  const rows = insights.days.map((d) =>
    [d.date, d.uniqueVisitors, d.productViews, d.whatsappClicks, d.orders].join(';'),
  )
  return `\uFEFF${[header.join(';'), ...rows].join('\r\n')}\r\n`
}
