/**
 * Issue 24: the storefront's copy of three contracts helpers — `whatsappNumber`
 * (schemas/shop-settings.ts), `openingStatus` and `openingHoursLines` (opening-hours.ts) — for
 * the code of a first visit. The contracts' modules build zod schemas when they load (zod is not
 * tree-shaken), so importing them from the storefront's first load added zod's 40 KB gzip to
 * every storefront visit. `shop-hours.test.ts` checks this copy against the contracts' at every
 * minute of a week; delete it once those helpers live in a contracts module without zod.
 */
import type { OpeningHours } from '@vitrina/contracts'

type Weekday = keyof OpeningHours
type Interval = { from: string; to: string }

const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Lunes',
  tue: 'Martes',
  wed: 'Miércoles',
  thu: 'Jueves',
  fri: 'Viernes',
  sat: 'Sábado',
  sun: 'Domingo',
}
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** The number that receives WhatsApp messages: the WhatsApp number, else the phone. */
export function shopWhatsapp(business: { whatsapp?: string | null; phone?: string | null }) {
  return business.whatsapp || business.phone || null
}

function minutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':')
  return Number(h) * 60 + Number(m)
}

function localClock(now: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const day = Math.max(0, SHORT_DAYS.indexOf(get('weekday')))
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) }
}

const overnight = (i: Interval) => minutes(i.to) <= minutes(i.from)
const byStart = (a: Interval, b: Interval) => minutes(a.from) - minutes(b.from)

/** 'Abierto ahora · cierra a las 19:00' / 'Cerrado · abre mañana a las 09:00'; null without hours. */
export function shopOpeningStatus(
  hours: OpeningHours | null | undefined,
  now: Date,
  timeZone: string,
): { open: boolean; text: string } | null {
  if (!hours) return null
  const { day, minute } = localClock(now, timeZone)
  const dayAt = (offset: number) => WEEKDAYS[(day + offset + 7) % 7]!
  const today = hours[dayAt(0)] ?? []
  const openNow =
    today.find((i) => minute >= minutes(i.from) && (overnight(i) || minute < minutes(i.to))) ??
    (hours[dayAt(-1)] ?? []).find((i) => overnight(i) && minute < minutes(i.to))
  if (openNow) return { open: true, text: `Abierto ahora · cierra a las ${openNow.to}` }
  const laterToday = today.filter((i) => minutes(i.from) > minute).sort(byStart)[0]
  if (laterToday) return { open: false, text: `Cerrado · abre hoy a las ${laterToday.from}` }
  for (let offset = 1; offset <= 7; offset++) {
    const first = [...(hours[dayAt(offset)] ?? [])].sort(byStart)[0]
    if (!first) continue
    const label = WEEKDAY_LABELS[dayAt(offset)].toLowerCase()
    const when = offset === 1 ? 'mañana' : offset === 7 ? `el próximo ${label}` : `el ${label}`
    return { open: false, text: `Cerrado · abre ${when} a las ${first.from}` }
  }
  return { open: false, text: 'Cerrado' }
}

/** 'Lunes: 09:00–13:00, 15:00–19:00' … 'Domingo: Cerrado'. */
export function shopHoursLines(hours: OpeningHours): { day: string; text: string }[] {
  return WEEKDAYS.map((d) => {
    const day = hours[d] ?? []
    return {
      day: WEEKDAY_LABELS[d],
      text: day.length === 0 ? 'Cerrado' : day.map((i) => `${i.from}–${i.to}`).join(', '),
    }
  })
}
