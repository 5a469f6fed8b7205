/** An order's dates as the shopper's page and the owner's orders show them. */
/**
 * '25/11/2026 19:50' in the business's time zone, written by hand from the parts: the server's
 * and the browser's ICU may punctuate a long date differently (a hydration mismatch).
 */
export function orderDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`
}
