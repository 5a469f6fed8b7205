/**
 * Issue 44: the checkout's delivery offers — the shop's counter, its pickup points, delivery to
 * the shopper's place (priced by zone), its parcel agencies — and the shopper's choice as
 * contracts' DeliveryChoice, resolved by the same resolveDelivery the API prices the order with.
 * Only the cart's lazy code imports this (contracts' orders/delivery.ts is not public).
 */
import {
  DELIVERY_METHOD_LABELS,
  DELIVERY_TEXTS,
  EVERYWHERE,
  MONTEVIDEO_BARRIOS,
  URUGUAY_DEPARTMENTS,
  openingHoursLines,
  placeKey,
  placeLabel,
  zonesOf,
  type DeliveryChoice,
  type DeliveryMethod,
  type DeliverySettings,
  type OpeningHours,
  type PlaceKey,
} from '@vitrina/contracts'

export interface DeliveryOffer {
  /** The radio's value: 'pickup', 'point:<id>', 'delivery' or 'agency:<id>'. */
  key: string
  method: DeliveryMethod
  label: string
  kind: 'pickup' | 'point' | 'zone' | 'agency'
  id?: string
  /** What the option says below its name (address, hours, note; whether paid at destination). */
  lines: string[]
}

function hoursText(hours: OpeningHours | null): string | undefined {
  if (!hours) return undefined
  const lines = openingHoursLines(hours)
  return lines.length ? lines.map((l) => `${l.day}: ${l.text}`).join(' · ') : undefined
}

/** The shop's offers, in the order the checkout lists them. */
export function deliveryOffers(options: DeliverySettings): DeliveryOffer[] {
  const offers: DeliveryOffer[] = []
  if (options.pickup) {
    offers.push({
      key: 'pickup',
      method: 'pickup',
      label: DELIVERY_METHOD_LABELS.pickup,
      kind: 'pickup',
      lines: [],
    })
  }
  for (const point of options.pickupPoints ?? []) {
    offers.push({
      key: `point:${point.id}`,
      method: 'pickup',
      kind: 'point',
      id: point.id,
      label: DELIVERY_TEXTS.pickupAtPoint(point.name),
      lines: [point.address, hoursText(point.hours), point.note].filter((l): l is string => !!l),
    })
  }
  if (options.delivery.enabled !== false && zonesOf(options).some((z) => z.enabled)) {
    offers.push({
      key: 'delivery',
      method: 'delivery',
      kind: 'zone',
      label: DELIVERY_METHOD_LABELS.delivery,
      lines: [],
    })
  }
  for (const agency of options.agencies ?? []) {
    if (!agency.enabled) continue
    offers.push({
      key: `agency:${agency.id}`,
      method: 'delivery',
      kind: 'agency',
      id: agency.id,
      label: DELIVERY_TEXTS.agencyOffer(agency.name),
      lines: agency.charge === 'destination' ? [DELIVERY_TEXTS.payAtDestination] : [],
    })
  }
  return offers
}

/** Whether delivery needs the shopper's place: any enabled zone that does not cover everywhere. */
export function needsPlace(options: DeliverySettings): boolean {
  return zonesOf(options).some((z) => z.enabled && !z.places.includes(EVERYWHERE))
}

/** The places to pick from: every barrio and department (a place in no zone is said so), areas. */
export function placeGroups(options: DeliverySettings): { label: string; places: PlaceKey[] }[] {
  const areas = new Set<PlaceKey>()
  for (const z of zonesOf(options)) {
    if (z.enabled) for (const p of z.places) if (p.startsWith('area:')) areas.add(p)
  }
  return [
    ...(areas.size ? [{ label: DELIVERY_TEXTS.placeGroupAreas, places: [...areas] }] : []),
    {
      label: DELIVERY_TEXTS.placeGroupBarrios,
      places: [...MONTEVIDEO_BARRIOS].sort((a, b) => a.localeCompare(b, 'es')).map(placeKey.barrio),
    },
    {
      label: DELIVERY_TEXTS.placeGroupDepartments,
      places: URUGUAY_DEPARTMENTS.filter((d) => d !== 'Montevideo').map(placeKey.department),
    },
  ]
}

export { placeLabel }

/** The offer picked (by its key) and the place, as contracts' choice. */
export function choiceOf(offer: DeliveryOffer, place: string): DeliveryChoice {
  switch (offer.kind) {
    case 'pickup':
      return { kind: 'pickup' }
    case 'point':
      return { kind: 'pickup', pickupPointId: offer.id! }
    case 'agency':
      return { kind: 'agency', agencyId: offer.id! }
    case 'zone':
      return place ? { kind: 'zone', place } : { kind: 'zone' }
  }
}
