/**
 * Issue 24 §1: "Abierto ahora" / "Cerrado · abre …" from a business's opening hours, in the
 * business's time zone (not the shopper's). Used by the storefront after hydration (the server
 * and the browser would disagree at the minute boundary) and by tests with a fixed clock.
 */
import {
  WEEKDAYS,
  WEEKDAY_LABELS,
  type OpeningHours,
  type OpeningInterval,
  type Weekday,
} from './shop.public.js'

export type OpeningStatus = { open: boolean; text: string }

function minutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':')
  return Number(h) * 60 + Number(m)
}

/**
 * A time zone's offsets from UTC over a stretch of time, worked out where `Intl` is cheap (the
 * API) and carried in the business's replies: the storefront reads the shop's clock with
 * arithmetic, because the first `Intl.DateTimeFormat` a page creates loads the locale's date
 * data — ~80 ms of a throttled phone's main thread, the largest single cost of hydrating a
 * storefront home (bench/notes.md). Each offset (minutes east of UTC) holds from its `from`
 * (epoch milliseconds) until the next one's; the list is good until `until`.
 */
export interface TimeZoneOffsets {
  until: number
  offsets: { from: number; minutes: number }[]
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
/** How far ahead replies carry the offsets: a page kept open, or kept offline, for months. */
export const TIME_ZONE_OFFSETS_DAYS = 400

const offsetFormatters = new Map<string, Intl.DateTimeFormat>()

/** Minutes east of UTC in `timeZone` at `at` (epoch milliseconds, any second of a minute). */
function offsetAt(timeZone: string, at: number): number {
  let format = offsetFormatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    offsetFormatters.set(timeZone, format)
  }
  const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS
  const part = Object.fromEntries(format.formatToParts(minute).map((p) => [p.type, p.value]))
  const wall = Date.UTC(
    Number(part.year),
    Number(part.month) - 1,
    Number(part.day),
    Number(part.hour),
    Number(part.minute),
  )
  return Math.round((wall - minute) / MINUTE_MS)
}

/**
 * The offsets of `timeZone` from the start of the UTC day before `now` for `days` days: sampled
 * daily, each change found to the minute by bisection (about 400 formats for a zone, once a day
 * and zone: the API keeps them).
 */
export function timeZoneOffsets(
  timeZone: string,
  now: Date,
  days = TIME_ZONE_OFFSETS_DAYS,
): TimeZoneOffsets {
  const start = (Math.floor(now.getTime() / DAY_MS) - 1) * DAY_MS
  const offsets = [{ from: start, minutes: offsetAt(timeZone, start) }]
  for (let day = 1; day <= days; day++) {
    const at = start + day * DAY_MS
    const minutes = offsetAt(timeZone, at)
    if (minutes === offsets[offsets.length - 1]!.minutes) continue
    // The first minute of the day that has the new offset.
    let low = at - DAY_MS
    let high = at
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS
      if (offsetAt(timeZone, middle) === minutes) high = middle
      else low = middle
    }
    offsets.push({ from: high, minutes })
  }
  return { until: start + days * DAY_MS, offsets }
}

/**
 * The weekday and the minute of the day at `now` in `timeZone`: from the reply's offsets when
 * they cover `now` (no `Intl` on the device), else with `Intl`.
 */
export function localClock(
  now: Date,
  timeZone: string,
  known?: TimeZoneOffsets | null,
): { day: number; minute: number } {
  const at = now.getTime()
  let offset: number | undefined
  if (known && at < known.until) {
    for (const entry of known.offsets) if (entry.from <= at) offset = entry.minutes
  }
  offset ??= offsetAt(timeZone, at)
  const local = new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS + offset * MINUTE_MS)
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
  return {
    day: (local.getUTCDay() + 6) % 7,
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  }
}

function overnight(interval: OpeningInterval): boolean {
  return minutes(interval.to) <= minutes(interval.from)
}

/** Whether the shop is open now and, if not, when it opens next. Null without opening hours. */
export function openingStatus(
  hours: OpeningHours | null | undefined,
  now: Date,
  timeZone: string,
  offsets?: TimeZoneOffsets | null,
): OpeningStatus | null {
  if (!hours) return null
  const { day, minute } = localClock(now, timeZone, offsets)
  const dayAt = (offset: number) => WEEKDAYS[(day + offset + 7) % 7] as Weekday
  const today = hours[dayAt(0)] ?? []
  const yesterday = hours[dayAt(-1)] ?? []

  const openNow =
    today.find((i) => minute >= minutes(i.from) && (overnight(i) || minute < minutes(i.to))) ??
    yesterday.find((i) => overnight(i) && minute < minutes(i.to))
  if (openNow) return { open: true, text: `Abierto ahora · cierra a las ${openNow.to}` }

  const laterToday = today
    .filter((i) => minutes(i.from) > minute)
    .sort((a, b) => minutes(a.from) - minutes(b.from))[0]
  if (laterToday) return { open: false, text: `Cerrado · abre hoy a las ${laterToday.from}` }
  for (let offset = 1; offset <= 7; offset++) {
    const first = [...(hours[dayAt(offset)] ?? [])].sort(
      (a, b) => minutes(a.from) - minutes(b.from),
    )[0]
    if (!first) continue
    const when =
      offset === 1
        ? 'mañana'
        : offset === 7
          ? `el próximo ${WEEKDAY_LABELS[dayAt(offset)].toLowerCase()}`
          : `el ${WEEKDAY_LABELS[dayAt(offset)].toLowerCase()}`
    return { open: false, text: `Cerrado · abre ${when} a las ${first.from}` }
  }
  return { open: false, text: 'Cerrado' }
}

/** 'Lunes: 09:00–13:00, 15:00–19:00' … 'Domingo: Cerrado', for the contact section. */
export function openingHoursLines(hours: OpeningHours): { day: string; text: string }[] {
  return WEEKDAYS.map((d) => ({
    day: WEEKDAY_LABELS[d],
    text:
      (hours[d] ?? []).length === 0
        ? 'Cerrado'
        : (hours[d] ?? []).map((i) => `${i.from}–${i.to}`).join(', '),
  }))
}
