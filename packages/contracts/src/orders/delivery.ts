/**
 * Issue 44 §1 (docs/decisions/035-delivery.md): delivery the way shops in Uruguay ship — zones of
 * places (departments, Montevideo's barrios or free-text areas) each with a price per currency,
 * "gratis desde", an estimated time and an on/off switch; parcel agencies (paid at destination or
 * a fixed fee); pickup points with their own hours; and the carriers' tracking links. Zod-free:
 * the API's order creation and the checkout (lazily loaded cart code) resolve a shopper's choice
 * with the same functions, and orderAmounts (rules.ts) prices what resolveDelivery returns.
 * Not public (docs/architecture.md): no storefront page's first load includes it.
 */
import type { OpeningHours } from '../shop.public.js'
import type { CurrencyAmountsInput, DeliveryPricing, OrderStatus } from './rules.js'

// ---------------------------------------------------------------------------------------------
// The official lists

/** The 19 departments of Uruguay, alphabetical. */
export const URUGUAY_DEPARTMENTS = [
  'Artigas',
  'Canelones',
  'Cerro Largo',
  'Colonia',
  'Durazno',
  'Flores',
  'Florida',
  'Lavalleja',
  'Maldonado',
  'Montevideo',
  'Paysandú',
  'Río Negro',
  'Rivera',
  'Rocha',
  'Salto',
  'San José',
  'Soriano',
  'Tacuarembó',
  'Treinta y Tres',
] as const
export type UruguayDepartment = (typeof URUGUAY_DEPARTMENTS)[number]

/**
 * Montevideo's 62 barrios as the INE and the Intendencia count them (census areas, in the INE's
 * order of codes 1–62; several are two neighbourhoods under one name).
 */
export const MONTEVIDEO_BARRIOS = [
  'Ciudad Vieja',
  'Centro',
  'Barrio Sur',
  'Cordón',
  'Palermo',
  'Parque Rodó',
  'Punta Carretas',
  'Pocitos',
  'Buceo',
  'Parque Batlle, Villa Dolores',
  'Malvín',
  'Malvín Norte',
  'Punta Gorda',
  'Carrasco',
  'Carrasco Norte',
  'Bañados de Carrasco',
  'Maroñas, Parque Guaraní',
  'Flor de Maroñas',
  'Las Canteras',
  'Punta de Rieles, Bella Italia',
  'Jardines del Hipódromo',
  'Ituzaingó',
  'Unión',
  'Villa Española',
  'Mercado Modelo, Bolívar',
  'Castro, P. Castellanos',
  'Cerrito',
  'Las Acacias',
  'Aires Puros',
  'Casavalle',
  'Piedras Blancas',
  'Manga, Toledo Chico',
  'Paso de las Duranas',
  'Peñarol, Lavalleja',
  'Cerro',
  'Casabó, Pajas Blancas',
  'La Paloma, Tomkinson',
  'La Teja',
  'Prado, Nueva Savona',
  'Capurro, Bella Vista',
  'Aguada',
  'Reducto',
  'Atahualpa',
  'Jacinto Vera',
  'La Figurita',
  'Larrañaga',
  'La Blanqueada',
  'Villa Muñoz, Retiro',
  'La Comercial',
  'Tres Cruces',
  'Brazo Oriental',
  'Sayago',
  'Conciliación',
  'Belvedere',
  'Nuevo París',
  'Tres Ombúes, Pueblo Victoria',
  'Paso de la Arena',
  'Colón Sureste, Abayubá',
  'Colón Centro y Noroeste',
  'Lezica, Melilla',
  'Villa García, Manga Rural',
  'Manga',
] as const
export type MontevideoBarrio = (typeof MONTEVIDEO_BARRIOS)[number]

// ---------------------------------------------------------------------------------------------
// Places

/**
 * A place as zones and orders hold it: 'dep:Canelones', 'mvd:Pocitos' (a barrio of Montevideo),
 * 'area:Zona norte' (free text, for shops elsewhere), or '*' (everywhere: the zone the migration
 * of a single delivery fee creates).
 */
export type PlaceKey = string
export const EVERYWHERE: PlaceKey = '*'

export const placeKey = {
  department: (name: string): PlaceKey => `dep:${name}`,
  barrio: (name: string): PlaceKey => `mvd:${name}`,
  area: (name: string): PlaceKey => `area:${name.trim().replace(/\s+/g, ' ')}`,
}

const DEPARTMENT_SET: ReadonlySet<string> = new Set(URUGUAY_DEPARTMENTS)
const BARRIO_SET: ReadonlySet<string> = new Set(MONTEVIDEO_BARRIOS)

/** Whether a place key names a listed department or barrio, a non-empty area, or everywhere. */
export function isValidPlace(place: string): boolean {
  if (place === EVERYWHERE) return true
  if (place.startsWith('dep:')) return DEPARTMENT_SET.has(place.slice(4))
  if (place.startsWith('mvd:')) return BARRIO_SET.has(place.slice(4))
  if (place.startsWith('area:')) return place.slice(5).trim().length > 0
  return false
}

/** How a place reads: 'Pocitos (Montevideo)', 'Canelones', 'Zona norte', 'Todo el país'. */
export function placeLabel(place: PlaceKey): string {
  if (place === EVERYWHERE) return DELIVERY_TEXTS.everywhere
  if (place.startsWith('mvd:')) return `${place.slice(4)} (Montevideo)`
  if (place.startsWith('dep:') || place.startsWith('area:'))
    return place.slice(place.indexOf(':') + 1)
  return place
}

/** Free-text areas compare without case, accents or extra spaces. */
function areaKey(place: PlaceKey): string {
  return place
    .slice(5)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

// ---------------------------------------------------------------------------------------------
// What the owner defines

/** Optional weight pricing of a zone: up to `upToGrams`, this price (bands sorted ascending). */
export interface WeightBand {
  upToGrams: number
  price: CurrencyAmountsInput
}

export interface DeliveryZone {
  id: string
  name: string
  places: PlaceKey[]
  /** Decimal amounts per currency, as the settings hold them (0 is free). */
  price: CurrencyAmountsInput
  freeFrom?: CurrencyAmountsInput
  /** '24 h', '2 a 4 días hábiles'. */
  eta?: string
  enabled: boolean
  weightBands?: WeightBand[]
}

export const AGENCY_CHARGES = ['destination', 'fixed'] as const
export type AgencyCharge = (typeof AGENCY_CHARGES)[number]

export interface ParcelAgency {
  id: string
  /** 'DAC', 'UES', 'Correo Uruguayo' or any name. */
  name: string
  /** The shopper pays the agency at destination, or the shop charges `fee`. */
  charge: AgencyCharge
  fee?: CurrencyAmountsInput
  enabled: boolean
}

export interface PickupPoint {
  id: string
  name: string
  address: string
  /** The shop's hours model (shop.public.ts); null: no hours given. */
  hours: OpeningHours | null
  note?: string
}

/** The delivery settings this module reads (schemas/shop-settings.ts validates them). */
export interface DeliverySettings {
  pickup: boolean
  delivery: { enabled?: boolean; fee: CurrencyAmountsInput; freeFrom?: CurrencyAmountsInput }
  zones?: DeliveryZone[]
  agencies?: ParcelAgency[]
  pickupPoints?: PickupPoint[]
}

/**
 * The shop's zones: its own, or — for settings saved before zones existed (the migration 0024
 * turns them into this same zone) — its single fee as one zone covering everywhere.
 */
export function zonesOf(settings: DeliverySettings): DeliveryZone[] {
  if (settings.zones) return settings.zones
  if (settings.delivery.enabled === false) return []
  return [legacyZone(settings.delivery)]
}

/** Today's single fee and "gratis desde" as one zone covering everything (migration 0024). */
export function legacyZone(delivery: DeliverySettings['delivery']): DeliveryZone {
  return {
    id: 'todo',
    name: DELIVERY_TEXTS.everywhere,
    places: [EVERYWHERE],
    price: { ...delivery.fee },
    ...(delivery.freeFrom ? { freeFrom: { ...delivery.freeFrom } } : {}),
    enabled: true,
  }
}

/**
 * The zone that delivers to `place`: among the enabled zones, the most specific that lists it —
 * a barrio's own zone, then a zone listing the department Montevideo (for its barrios), then one
 * covering everywhere. Undefined: the place is in no zone.
 */
export function zoneForPlace(
  zones: readonly DeliveryZone[],
  place: PlaceKey,
): DeliveryZone | undefined {
  const on = zones.filter((z) => z.enabled)
  if (place.startsWith('area:')) {
    const key = areaKey(place)
    const exact = on.find((z) => z.places.some((p) => p.startsWith('area:') && areaKey(p) === key))
    if (exact) return exact
  } else if (place !== EVERYWHERE) {
    const exact = on.find((z) => z.places.includes(place))
    if (exact) return exact
  }
  if (place.startsWith('mvd:')) {
    const city = on.find((z) => z.places.includes(placeKey.department('Montevideo')))
    if (city) return city
  }
  return on.find((z) => z.places.includes(EVERYWHERE))
}

/** Issue 44 §1: the product form's weight field. */
export const PRODUCT_WEIGHT_TEXTS = {
  label: 'Peso (gramos)',
  placeholder: 'Ej.: 500',
  hint: 'Opcional. Con el peso de cada producto, tus zonas de envío pueden cobrar por tramos de peso.',
} as const

/** Issue 44 §1: the heaviest product weight an owner may set (100 kg), in grams. */
export const PRODUCT_WEIGHT_MAX_GRAMS = 100_000

/**
 * Issue 44 §1: the parcel's weight — each line's product weight times its units — or undefined
 * when a line's product has no weight (the zone's flat price applies then: a guess would
 * undercharge). The server prices the order with it; the cart's quote carries the same figure.
 */
export function parcelGrams(
  lines: readonly { weightGrams?: number | null; quantity: number }[],
): number | undefined {
  if (lines.length === 0) return undefined
  let grams = 0
  for (const line of lines) {
    if (!line.weightGrams) return undefined
    grams += line.weightGrams * line.quantity
  }
  return grams
}

/** The zone's price for a parcel of `grams` (its weight bands), or its flat price. */
export function zonePrice(zone: DeliveryZone, grams?: number): CurrencyAmountsInput {
  if (grams === undefined || !zone.weightBands?.length) return zone.price
  const band = [...zone.weightBands]
    .sort((a, b) => a.upToGrams - b.upToGrams)
    .find((b) => grams <= b.upToGrams)
  return band ? band.price : zone.price
}

// ---------------------------------------------------------------------------------------------
// The shopper's choice, resolved

/** What the shopper picked at the checkout; the client never sends a price. */
export type DeliveryChoice =
  | { kind: 'pickup'; pickupPointId?: string }
  | { kind: 'zone'; place?: PlaceKey }
  | { kind: 'agency'; agencyId: string }

/** What the order keeps of the choice (shown on its page and in the owner's list). */
export type DeliveryDetail =
  | { kind: 'pickup'; point?: { name: string; address: string; note?: string } }
  | { kind: 'zone'; place?: PlaceKey; zone: string; eta?: string }
  | { kind: 'agency'; agency: string; payAtDestination: boolean }

export type DeliveryRefusal =
  | 'pickupUnavailable'
  | 'pointUnknown'
  | 'placeOutside'
  | 'placeRequired'
  | 'agencyUnknown'
  | 'deliveryUnavailable'

export type ResolvedDelivery =
  | {
      ok: true
      /** orderAmounts' method: 'pickup' charges nothing. */
      method: 'pickup' | 'delivery'
      /** orderAmounts' options: the zone's or agency's price and "gratis desde". */
      pricing: DeliveryPricing
      detail: DeliveryDetail
    }
  | { ok: false; refusal: DeliveryRefusal; message: string }

function refuse(refusal: DeliveryRefusal): ResolvedDelivery {
  return { ok: false, refusal, message: DELIVERY_MESSAGES[refusal] }
}

const NO_FEE: DeliveryPricing = { delivery: { fee: {} } }

/**
 * Issue 44 §1: the shopper's choice against the shop's settings — the zone its place falls in,
 * the agency, or the pickup point — priced as orderAmounts takes it. The server calls this at
 * order creation (a refusal is a 400 before anything is written) and the checkout calls it to
 * show the same price before the order.
 */
export function resolveDelivery(
  settings: DeliverySettings,
  choice: DeliveryChoice,
  grams?: number,
): ResolvedDelivery {
  if (choice.kind === 'pickup') {
    const points = settings.pickupPoints ?? []
    if (choice.pickupPointId !== undefined) {
      const point = points.find((p) => p.id === choice.pickupPointId)
      if (!point) return refuse('pointUnknown')
      return {
        ok: true,
        method: 'pickup',
        pricing: NO_FEE,
        detail: {
          kind: 'pickup',
          point: {
            name: point.name,
            address: point.address,
            ...(point.note ? { note: point.note } : {}),
          },
        },
      }
    }
    if (!settings.pickup) return refuse(points.length ? 'pointUnknown' : 'pickupUnavailable')
    return { ok: true, method: 'pickup', pricing: NO_FEE, detail: { kind: 'pickup' } }
  }
  if (choice.kind === 'agency') {
    const agency = (settings.agencies ?? []).find((a) => a.id === choice.agencyId && a.enabled)
    if (!agency) return refuse('agencyUnknown')
    const atDestination = agency.charge === 'destination'
    return {
      ok: true,
      method: 'delivery',
      pricing: atDestination ? NO_FEE : { delivery: { fee: agency.fee ?? {} } },
      detail: { kind: 'agency', agency: agency.name, payAtDestination: atDestination },
    }
  }
  const zones = zonesOf(settings).filter((z) => z.enabled)
  if (settings.delivery.enabled === false || zones.length === 0)
    return refuse('deliveryUnavailable')
  const place = choice.place
  if (place === undefined && !zones.some((z) => z.places.includes(EVERYWHERE))) {
    return refuse('placeRequired')
  }
  const zone = zoneForPlace(zones, place ?? EVERYWHERE)
  if (!zone) return refuse('placeOutside')
  return {
    ok: true,
    method: 'delivery',
    pricing: {
      delivery: {
        fee: zonePrice(zone, grams),
        ...(zone.freeFrom ? { freeFrom: zone.freeFrom } : {}),
      },
    },
    detail: {
      kind: 'zone',
      ...(place !== undefined ? { place } : {}),
      zone: zone.name,
      ...(zone.eta ? { eta: zone.eta } : {}),
    },
  }
}

/** The places a shopper can pick: every listed place of the enabled zones, or all of Uruguay. */
export function pickablePlaces(settings: DeliverySettings): PlaceKey[] {
  const zones = zonesOf(settings).filter((z) => z.enabled)
  const places = new Set<PlaceKey>()
  const everywhere = zones.some((z) => z.places.includes(EVERYWHERE))
  const montevideo = zones.some((z) => z.places.includes(placeKey.department('Montevideo')))
  for (const z of zones) for (const p of z.places) if (p !== EVERYWHERE) places.add(p)
  if (everywhere || montevideo || [...places].some((p) => p.startsWith('mvd:'))) {
    for (const b of MONTEVIDEO_BARRIOS) places.add(placeKey.barrio(b))
  }
  if (everywhere) for (const d of URUGUAY_DEPARTMENTS) places.add(placeKey.department(d))
  // Montevideo is picked by barrio when barrios are listed.
  places.delete(placeKey.department('Montevideo'))
  return [...places]
}

// ---------------------------------------------------------------------------------------------
// Tracking

/**
 * Known carriers' tracking pages, '{code}' replaced by the (URL-encoded) tracking code. Matched
 * by name without case or accents; any other carrier shows the code alone.
 */
export const CARRIER_TRACKING_TEMPLATES: Readonly<Record<string, string>> = {
  dac: 'https://www.dac.com.uy/envios/rastrear?guia={code}',
  ues: 'https://www.ues.com.uy/rastreo.html?codigo={code}',
  'correo uruguayo': 'https://www.correo.com.uy/seguimientodeenvios?codigo={code}',
}

function carrierKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** What an order keeps of its shipment (issue 44 §2): the link is derived, never stored. */
export interface OrderTracking {
  carrier: string
  code: string
}

/** The tracking link of a known carrier's code, or undefined (the page shows the code). */
export function trackingUrl(carrier: string, code: string): string | undefined {
  const template = CARRIER_TRACKING_TEMPLATES[carrierKey(carrier)]
  if (!template || !code.trim()) return undefined
  return template.replace('{code}', encodeURIComponent(code.trim()))
}

// ---------------------------------------------------------------------------------------------
// The shopper's timeline (issue 44 §2)

export type TimelineState = 'done' | 'current' | 'pending'

/** A step of the shopper's timeline: a status, or «pagado» for an order paid online. */
export type TimelineStep = OrderStatus | 'pagado'
export const TIMELINE_STEPS = [
  'nuevo',
  'confirmado',
  'pagado',
  'listo',
  'enviado',
  'entregado',
  'cancelado',
] as const satisfies readonly TimelineStep[]

/** When the order reached a step (ISO date), as the shopper's page reply carries it. */
export interface TimelineDate {
  step: TimelineStep
  at: string
}

/**
 * The steps of the shopper's order page: recibido, confirmado, pagado (only for an order paid
 * online, done once Mercado Pago approved it), enviado (or listo para retirar for a pickup),
 * entregado — each done, current or pending, with the date it was reached when known. The
 * current step is the furthest reached. A cancelled order shows the steps it reached (its
 * dates) and then cancelado.
 */
export function orderTimeline(order: {
  status: OrderStatus
  delivery: { method: 'pickup' | 'delivery' }
  onlinePayment?: { status: string }
  steps?: TimelineDate[]
  /** «recibido»'s date when the steps do not carry it (the creation's reply). */
  createdAt?: string
}): { step: TimelineStep; state: TimelineState; at?: string }[] {
  const dates = new Map(order.steps?.map((d) => [d.step, d.at]))
  if (!dates.has('nuevo') && order.createdAt) dates.set('nuevo', order.createdAt)
  const paid = dates.has('pagado') || order.onlinePayment?.status === 'aprobado'
  const path: TimelineStep[] = [
    'nuevo',
    'confirmado',
    ...(order.onlinePayment || paid ? (['pagado'] as const) : []),
    order.delivery.method === 'pickup' ? 'listo' : 'enviado',
    'entregado',
  ]
  const withDate = (step: TimelineStep) => {
    const at = dates.get(step)
    return at ? { at } : {}
  }
  if (order.status === 'cancelado') {
    const reached = path.filter((step) => step === 'nuevo' || dates.has(step))
    return [
      ...reached.map((step) => ({ step, state: 'done' as const, ...withDate(step) })),
      { step: 'cancelado', state: 'current', ...withDate('cancelado') },
    ]
  }
  const statusAt = Math.max(0, path.indexOf(order.status))
  const reached = (step: TimelineStep, i: number) => (step === 'pagado' ? paid : i <= statusAt)
  const current = path.reduce((last, step, i) => (reached(step, i) ? i : last), 0)
  return path.map((step, i) => ({
    step,
    state: i === current ? 'current' : reached(step, i) ? 'done' : 'pending',
    ...(reached(step, i) ? withDate(step) : {}),
  }))
}

// ---------------------------------------------------------------------------------------------
// Texts

export const DELIVERY_TEXTS = {
  everywhere: 'Todo el país',
  zoneMethod: 'Envío a domicilio',
  agencyMethod: 'Envío por agencia',
  pickupMethod: 'Retiro',
  payAtDestination: 'Se paga al recibir en la agencia',
  placeLabel: 'Barrio o departamento',
  agencyLabel: 'Agencia',
  branchLabel: 'Sucursal de la agencia o dirección',
  pickupPointLabel: 'Punto de retiro',
  eta: (eta: string) => `Llega en ${eta}`,
  free: 'Gratis',
  trackingCode: 'Código de seguimiento',
  trackingLink: 'Seguir el envío',
  pickupAtPoint: (name: string) => `Retiro en ${name}`,
  agencyOffer: (name: string) => `Envío por ${name}`,
  agencyFee: (fee: string) => `Envío: ${fee}`,
  placeChoose: 'Elige tu barrio o departamento',
  placeGroupBarrios: 'Barrios de Montevideo',
  placeGroupDepartments: 'Departamentos',
  placeGroupAreas: 'Zonas',
  zoneHint: (price: string, eta?: string) => (eta ? `${price} · llega en ${eta}` : price),
  shipTitle: (code: string) => `Enviar el pedido ${code}`,
  shipDescription:
    'Indica la agencia o el transportista y el código de seguimiento; el cliente lo verá en la página de su pedido. Si lo entregas tú, déjalos en blanco.',
  carrierLabel: 'Agencia o transportista',
  detailZone: (zone: string, place?: string) => (place ? `${zone} · ${place}` : zone),
  detailAgency: (agency: string) => `Por agencia: ${agency}`,
  detailPoint: (name: string) => `Retira en ${name}`,
  trackingWith: (carrier: string, code: string) => `${carrier}: ${code}`,
  timelineTitle: 'Seguimiento del pedido',
  timelineSteps: {
    nuevo: 'Pedido recibido',
    confirmado: 'Pedido confirmado',
    listo: 'Pedido listo para retirar',
    enviado: 'Pedido enviado',
    entregado: 'Pedido entregado',
    cancelado: 'Pedido cancelado',
    pagado: 'Pedido pagado',
  } satisfies Record<TimelineStep, string>,
  timelinePaidWith: 'Con Mercado Pago',
  timelineReason: (reason: string) => `Motivo: ${reason}`,
  timelineDone: 'hecho',
  timelineCurrent: 'estado actual',
  timelinePending: 'pendiente',
} as const

export const DELIVERY_MESSAGES: Record<DeliveryRefusal, string> = {
  pickupUnavailable: 'El negocio no ofrece retiro',
  pointUnknown: 'Elige uno de los puntos de retiro del negocio',
  placeOutside: 'El negocio no envía a ese lugar. Elige otro lugar, otra agencia o el retiro.',
  placeRequired: 'Elige tu barrio o departamento',
  agencyUnknown: 'Elige una de las agencias del negocio',
  deliveryUnavailable: 'El negocio no ofrece envío a domicilio',
}

/** The owner's settings screen for zones, agencies and pickup points (issue 44 §1). */
export const DELIVERY_ADMIN_TEXTS = {
  legend: 'Zonas, agencias y puntos de retiro',
  intro:
    'Cobra el envío según el barrio o departamento, envía al interior por agencia y ofrece puntos de retiro con su horario.',
  everywhere: 'Enviar al resto del país con el costo de envío de arriba',
  everywhereHint: 'Apagado, solo envías a los lugares de tus zonas.',
  zonesTitle: 'Zonas de envío',
  zoneName: 'Nombre de la zona',
  zonePlaces: 'Lugares de la zona',
  zonePlacesHint: 'Elige uno o varios (Ctrl o Cmd para elegir más de uno).',
  zonePrice: (symbol: string) => `Costo en ${symbol}`,
  zoneFreeFrom: (symbol: string) => `Gratis desde ${symbol}`,
  zoneEta: 'Tiempo estimado',
  zoneEtaPlaceholder: '24 h, 2 a 4 días hábiles',
  zoneEnabled: 'Zona activa',
  weightBandsTitle: 'Costo por peso (opcional)',
  weightBandsHint:
    'Con tramos, el envío se cobra según el peso del pedido (el peso de cada producto se indica en su ficha). Un pedido más pesado que el último tramo, o con productos sin peso, paga el costo de la zona.',
  band: (n: number) => `Tramo ${n}`,
  bandUpTo: 'Hasta (gramos)',
  bandPrice: (symbol: string) => `Costo en ${symbol}`,
  addBand: 'Agregar tramo de peso',
  removeBand: (n: number) => `Quitar tramo ${n}`,
  addZone: 'Agregar zona',
  removeZone: (name: string) => `Quitar la zona ${name || 'sin nombre'}`,
  agenciesTitle: 'Agencias de envío',
  agencyName: 'Agencia',
  agencyNamePlaceholder: 'DAC, UES, Correo Uruguayo…',
  agencyCharge: 'Cómo se paga el envío',
  agencyChargeLabels: {
    destination: 'Lo paga el cliente al recibir',
    fixed: 'Cobro un costo fijo',
  } as Record<AgencyCharge, string>,
  agencyFee: (symbol: string) => `Costo fijo en ${symbol}`,
  agencyEnabled: 'Agencia activa',
  addAgency: 'Agregar agencia',
  removeAgency: (name: string) => `Quitar la agencia ${name || 'sin nombre'}`,
  pointsTitle: 'Puntos de retiro',
  pointName: 'Nombre del punto',
  pointAddress: 'Dirección',
  pointNote: 'Nota (opcional)',
  pointSameHours: 'Abre en el horario del local',
  addPoint: 'Agregar punto de retiro',
  removePoint: (name: string) => `Quitar el punto ${name || 'sin nombre'}`,
} as const

/** Settings' validation messages (schemas/shop-settings.ts). */
export const DELIVERY_SETTINGS_MESSAGES = {
  zoneNameRequired: 'Ponle un nombre a la zona',
  zonePlacesRequired: 'Elige al menos un lugar para la zona',
  placeInvalid: 'Uno de los lugares de la zona no es válido',
  placeInTwoZones: (place: string) => `«${place}» está en dos zonas; cada lugar va en una sola`,
  zonesMax: 'Puedes crear como máximo 30 zonas',
  etaMax: 'El tiempo estimado puede tener hasta 40 caracteres',
  agencyNameRequired: 'Indica el nombre de la agencia',
  agencyFeeRequired: 'Indica cuánto cobras por el envío por agencia',
  agenciesMax: 'Puedes indicar como máximo 10 agencias',
  pointNameRequired: 'Ponle un nombre al punto de retiro',
  pointAddressRequired: 'Indica la dirección del punto de retiro',
  pointsMax: 'Puedes indicar como máximo 10 puntos de retiro',
  duplicateId: 'Hay dos elementos con el mismo identificador',
  weightBandsInvalid: 'Los tramos de peso deben ir de menor a mayor, en gramos',
  weightInvalid: 'El peso es un número entero de gramos, entre 1 y 100.000',
  trackingCarrierRequired: 'Indica la agencia o el transportista',
  trackingCodeRequired: 'Indica el código de seguimiento',
  trackingOnlyShipped: 'El código de seguimiento se indica al marcar el pedido como enviado',
} as const

/** Zones, agencies, points and places per zone a shop can set. */
export const DELIVERY_LIMITS = {
  zonesMax: 30,
  placesPerZoneMax: 100,
  agenciesMax: 10,
  pointsMax: 10,
  etaMax: 40,
  branchMax: 200,
  trackingMax: 60,
} as const
