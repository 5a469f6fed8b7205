/**
 * The shop's clock from the offsets its replies carry (no `Intl` on the device) must read what
 * `Intl` reads, across daylight-saving changes, and fall back to `Intl` outside their stretch.
 */
import { describe, expect, it } from 'vitest'
import { localClock, openingStatus, timeZoneOffsets, type OpeningHours } from '../src/index.js'

/** The clock as `Intl` reads it (the reference). */
function intlClock(at: Date, timeZone: string) {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
  return { day: days.indexOf(part.weekday!), minute: Number(part.hour) * 60 + Number(part.minute) }
}

describe('timeZoneOffsets and localClock', () => {
  const now = new Date('2026-01-10T12:00:00Z')

  it('has one offset for a zone without daylight saving', () => {
    const montevideo = timeZoneOffsets('America/Montevideo', now)
    expect(montevideo.offsets).toEqual([
      { from: Date.parse('2026-01-09T00:00:00Z'), minutes: -180 },
    ])
    expect(montevideo.until).toBe(Date.parse('2026-01-09T00:00:00Z') + 400 * 86_400_000)
  })

  it('finds each daylight-saving change to the minute', () => {
    const newYork = timeZoneOffsets('America/New_York', now)
    expect(newYork.offsets.map((o) => [new Date(o.from).toISOString(), o.minutes])).toEqual([
      ['2026-01-09T00:00:00.000Z', -300],
      ['2026-03-08T07:00:00.000Z', -240],
      ['2026-11-01T06:00:00.000Z', -300],
    ])
  })

  it.each(['America/Santiago', 'America/Asuncion', 'America/New_York', 'Asia/Kathmandu'])(
    'reads the same clock as Intl in %s, every 263 minutes for a year',
    (zone) => {
      const offsets = timeZoneOffsets(zone, now)
      for (let at = now.getTime(); at < now.getTime() + 365 * 86_400_000; at += 263 * 60_000) {
        const instant = new Date(at)
        expect(localClock(instant, zone, offsets), instant.toISOString()).toEqual(
          intlClock(instant, zone),
        )
      }
    },
  )

  it('falls back to Intl outside the stretch the offsets cover (or with wrong ones)', () => {
    const stale = { until: now.getTime(), offsets: [{ from: 0, minutes: 600 }] }
    const later = new Date('2026-07-01T15:00:00Z')
    expect(localClock(later, 'America/New_York', stale)).toEqual(
      intlClock(later, 'America/New_York'),
    )
    const early = new Date('2025-07-01T15:00:00Z')
    const offsets = timeZoneOffsets('America/New_York', now)
    expect(localClock(early, 'America/New_York', offsets)).toEqual(
      intlClock(early, 'America/New_York'),
    )
  })

  it("gives openingStatus the same answer with the reply's offsets", () => {
    const hours: OpeningHours = {
      mon: [{ from: '09:00', to: '18:00' }],
      tue: [],
      wed: [],
      thu: [],
      fri: [],
      sat: [],
      sun: [],
    }
    // Monday 9 March 2026, 13:30 UTC: 09:30 in New York (daylight saving since Sunday).
    const at = new Date('2026-03-09T13:30:00Z')
    const offsets = timeZoneOffsets('America/New_York', now)
    expect(openingStatus(hours, at, 'America/New_York', offsets)).toEqual({
      open: true,
      text: 'Abierto ahora · cierra a las 18:00',
    })
    expect(openingStatus(hours, at, 'America/New_York')).toEqual(
      openingStatus(hours, at, 'America/New_York', offsets),
    )
  })
})
