/**
 * The storefront's zod-free copy of the contracts' shop helpers (shop-hours.ts) answers exactly
 * as the contracts do: every 7 minutes of eight days, for several weeks of opening hours.
 */
import { describe, expect, it } from 'vitest'
import { openingHoursLines, openingStatus, whatsappNumber } from '@vitrina/contracts'
import type { OpeningHours } from '@vitrina/contracts'
import { shopHoursLines, shopOpeningStatus, shopWhatsapp } from '../shop-hours'

const empty = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }
const WEEKS: OpeningHours[] = [
  {
    ...empty,
    mon: [
      { from: '09:00', to: '13:00' },
      { from: '15:00', to: '19:00' },
    ],
    tue: [{ from: '09:00', to: '19:00' }],
    wed: [{ from: '09:00', to: '19:00' }],
    thu: [{ from: '09:00', to: '19:00' }],
    fri: [
      { from: '15:00', to: '19:00' },
      { from: '09:00', to: '13:00' },
    ],
    sat: [{ from: '10:00', to: '13:00' }],
  },
  // A bar: overnight intervals, closed on Monday, one that ends at midnight.
  { ...empty, fri: [{ from: '20:00', to: '02:00' }], sat: [{ from: '20:00', to: '00:00' }] },
  { ...empty, sun: [{ from: '08:00', to: '12:00' }] },
  empty,
]

describe("shop-hours.ts agrees with the contracts' helpers", () => {
  it('openingStatus at every 7 minutes of a week and a day, in two time zones', () => {
    const start = Date.parse('2026-11-23T00:00:00Z')
    for (const hours of WEEKS) {
      for (const zone of ['America/Montevideo', 'Europe/Madrid']) {
        for (let t = start; t < start + 8 * 86_400_000; t += 7 * 60_000) {
          const now = new Date(t)
          expect(shopOpeningStatus(hours, now, zone)).toEqual(openingStatus(hours, now, zone))
        }
      }
    }
    expect(shopOpeningStatus(null, new Date(), 'America/Montevideo')).toBeNull()
  })

  it('openingHoursLines and whatsappNumber', () => {
    for (const hours of WEEKS) expect(shopHoursLines(hours)).toEqual(openingHoursLines(hours))
    for (const business of [
      { whatsapp: '+59891222333', phone: '2901 1234' },
      { whatsapp: null, phone: '099 123 456' },
      { whatsapp: '', phone: '' },
      {},
    ]) {
      expect(shopWhatsapp(business)).toBe(whatsappNumber(business))
    }
  })
})
