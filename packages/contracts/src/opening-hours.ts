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
} from './shop.js'

export type OpeningStatus = { open: boolean; text: string }

const SHORT_DAYS: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
}

function minutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':')
  return Number(h) * 60 + Number(m)
}

/** The weekday and the minute of the day at `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const day = WEEKDAYS.indexOf(SHORT_DAYS[get('weekday')] ?? 'mon')
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) }
}

function overnight(interval: OpeningInterval): boolean {
  return minutes(interval.to) <= minutes(interval.from)
}

/** Whether the shop is open now and, if not, when it opens next. Null without opening hours. */
export function openingStatus(
  hours: OpeningHours | null | undefined,
  now: Date,
  timeZone: string,
): OpeningStatus | null {
  if (!hours) return null
  const { day, minute } = localClock(now, timeZone)
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
