/**
 * Issue 24 §1: the ordering settings of the business form — the WhatsApp number, delivery
 * options, payment methods and opening hours — as the owner edits them, and how they become the
 * contracts' shapes. The form keeps amounts as typed (text); everything else has the contracts'
 * shape already, so the contracts' schemas report their Spanish messages at the same paths.
 */
import {
  fromCents,
  parsePriceInput,
  CURRENCY_CODES,
  DEFAULT_DELIVERY_OPTIONS,
  DEFAULT_PAYMENT_METHODS,
  DELIVERY_TEXTS,
  EVERYWHERE,
  mobileWhatsapp,
  PAYMENT_METHOD_TYPES,
  WEEKDAYS,
} from '@vitrina/contracts'
import type {
  AgencyCharge,
  BusinessCurrency,
  CurrencyCode,
  DeliveryOptionsInput,
  OpeningInterval,
  PaymentMethodType,
  ShopSettings,
  Weekday,
} from '@vitrina/contracts'

export type AmountsText = Record<CurrencyCode, string>

export interface DeliveryFormValue {
  pickup: boolean
  delivery: {
    enabled: boolean
    fee: AmountsText
    freeFrom: AmountsText
    note: string
  }
  /**
   * Issue 44: the fee and "gratis desde" above price every place no zone lists (the zone 'Todo
   * el país'); off, only the zones' places get delivery.
   */
  everywhere: boolean
  zones: ZoneFormValue[]
  agencies: AgencyFormValue[]
  pickupPoints: PointFormValue[]
}

/** Issue 44: a zone as the owner edits it (amounts as typed). */
export interface ZoneFormValue {
  id: string
  name: string
  places: string[]
  price: AmountsText
  freeFrom: AmountsText
  eta: string
  enabled: boolean
  /** Issue 44 §1: optional pricing by the parcel's weight, lightest band first. */
  weightBands: WeightBandFormValue[]
}

/** A weight band as typed: up to these grams, these prices. */
export interface WeightBandFormValue {
  upToGrams: string
  price: AmountsText
}

export interface AgencyFormValue {
  id: string
  name: string
  charge: AgencyCharge
  fee: AmountsText
  enabled: boolean
}

/** A pickup point; `sameHours`: it opens when the shop does (the shop's hours model). */
export interface PointFormValue {
  id: string
  name: string
  address: string
  note: string
  sameHours: boolean
}

/** The id of the zone the single fee is (contracts' legacyZone, migration 0024). */
const EVERYWHERE_ZONE_ID = 'todo'

/** A short id for a new zone, agency or point (unique within its list). */
export function newItemId(taken: readonly { id: string }[]): string {
  for (let n = taken.length + 1; ; n++) {
    const id = `n${n}`
    if (!taken.some((t) => t.id === id)) return id
  }
}

export interface PaymentMethodValue {
  type: PaymentMethodType
  instructions: string
}

export type OpeningHoursValue = Record<Weekday, OpeningInterval[]>

export interface ShopSettingsFormValues {
  whatsapp: string
  deliveryOptions: DeliveryFormValue
  paymentMethods: PaymentMethodValue[]
  /** null: 'sin horario' (the storefront shows no open/closed state). */
  openingHours: OpeningHoursValue | null
  /** Issue 25: the currency price sorts and the price filter compare in. */
  mainCurrency: CurrencyCode
  /** Pesos per dollar as typed; blank: the platform's default. */
  exchangeRate: string
  /** Shown beside the rate, never sent: when the owner set it, and the rate replies carry. */
  exchangeRateInfo: { date: string | null; rate: number | null }
}

/** What a new day gets when the owner opens it. */
export const DEFAULT_INTERVAL: OpeningInterval = { from: '09:00', to: '18:00' }

function amountText(value: number | undefined): string {
  return value === undefined ? '' : String(value).replace('.', ',')
}

function amountsText(amounts: Partial<Record<CurrencyCode, number>> | undefined): AmountsText {
  return Object.fromEntries(CURRENCY_CODES.map((c) => [c, amountText(amounts?.[c])])) as AmountsText
}

/**
 * An amount as typed: '150', '150,50', '1.500,50' or '150.50' — the price inputs' one rule
 * (issue 41 §2, `parsePriceInput`). Blank is no amount; anything else that is not a number
 * (or is signed) stays NaN, which the contracts' schema reports as an invalid amount.
 */
export function parseAmount(text: string): number | undefined {
  const compact = text.trim().replace(/\s/g, '')
  if (compact === '') return undefined
  const parsed = parsePriceInput(compact)
  return parsed.ok && parsed.cents >= 0 ? fromCents(parsed.cents) : Number.NaN
}

function amountsInput(amounts: AmountsText | undefined) {
  const out: Partial<Record<CurrencyCode, number>> = {}
  for (const code of CURRENCY_CODES) {
    const value = parseAmount(amounts?.[code] ?? '')
    if (value !== undefined) out[code] = value
  }
  return out
}

/**
 * Issue 44 §1: a zone's weight bands as the contracts' input; a band left wholly blank is dropped,
 * a weight that is not a whole number stays NaN for the schema's Spanish refusal.
 */
function weightBandsInput(bands: readonly WeightBandFormValue[] | undefined) {
  const typed = (bands ?? []).filter(
    (b) => b.upToGrams.trim() !== '' || CURRENCY_CODES.some((c) => b.price[c].trim() !== ''),
  )
  if (typed.length === 0) return {}
  return {
    weightBands: typed.map((b) => ({
      upToGrams: /^\s*\d+\s*$/.test(b.upToGrams) ? Number(b.upToGrams) : Number.NaN,
      price: amountsInput(b.price),
    })),
  }
}

/** Issue 44: zones, agencies and points as the contracts' input. */
function methodsInput(
  value: DeliveryFormValue,
  hours: OpeningHoursValue | null,
  fee: Partial<Record<CurrencyCode, number>>,
  freeFrom: Partial<Record<CurrencyCode, number>>,
) {
  // None of them, and the single fee for everywhere: the settings as before issue 44 (contracts'
  // zonesOf reads the fee as the one zone).
  if (
    !value.zones?.length &&
    !value.agencies?.length &&
    !value.pickupPoints?.length &&
    (value.everywhere ?? true)
  ) {
    return {}
  }
  const zones = (value.zones ?? []).map((z) => {
    const zoneFree = amountsInput(z.freeFrom)
    return {
      id: z.id,
      name: z.name,
      places: z.places,
      price: amountsInput(z.price),
      ...(Object.keys(zoneFree).length > 0 ? { freeFrom: zoneFree } : {}),
      eta: z.eta,
      enabled: z.enabled,
      ...weightBandsInput(z.weightBands),
    }
  })
  const everywhere =
    value.delivery.enabled && (value.everywhere ?? true)
      ? [
          {
            id: EVERYWHERE_ZONE_ID,
            name: DELIVERY_TEXTS.everywhere,
            places: [EVERYWHERE],
            price: fee,
            ...(Object.keys(freeFrom).length > 0 ? { freeFrom } : {}),
            enabled: true,
          },
        ]
      : []
  return {
    zones: [...zones, ...everywhere],
    agencies: (value.agencies ?? []).map((a) => {
      const agencyFee = amountsInput(a.fee)
      return {
        id: a.id,
        name: a.name,
        charge: a.charge,
        ...(a.charge === 'fixed' ? { fee: agencyFee } : {}),
        enabled: a.enabled,
      }
    }),
    pickupPoints: (value.pickupPoints ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      address: p.address,
      note: p.note,
      hours: p.sameHours ? hours : null,
    })),
  }
}

/** The form's delivery options as the contracts' input (amounts parsed, blanks dropped). */
export function deliveryInput(
  value: DeliveryFormValue,
  hours: OpeningHoursValue | null = null,
): DeliveryOptionsInput {
  const { delivery } = value
  if (!delivery.enabled) {
    return {
      pickup: value.pickup,
      delivery: { enabled: false, fee: {} },
      ...methodsInput(value, hours, {}, {}),
    }
  }
  const freeFrom = amountsInput(delivery.freeFrom)
  const fee = amountsInput(delivery.fee)
  return {
    pickup: value.pickup,
    delivery: {
      enabled: true,
      fee,
      ...(Object.keys(freeFrom).length > 0 ? { freeFrom } : {}),
      note: delivery.note,
    },
    ...methodsInput(value, hours, fee, freeFrom),
  }
}

/**
 * The form values as the contracts' schemas take them (the business form's resolver validates
 * this): only the delivery amounts change, so every error keeps its field's path.
 */
export function withSettingsInput<
  T extends {
    deliveryOptions: DeliveryFormValue
    exchangeRate?: string
    openingHours?: OpeningHoursValue | null
  },
>(
  values: T,
): Omit<T, 'deliveryOptions' | 'exchangeRate'> & {
  deliveryOptions: DeliveryOptionsInput
  exchangeRate?: string
} {
  return {
    ...values,
    deliveryOptions: deliveryInput(values.deliveryOptions, values.openingHours ?? null),
    // Blank keeps the platform's default (the schema would read it as an invalid rate).
    exchangeRate: values.exchangeRate?.trim() ? values.exchangeRate : undefined,
  }
}

export const SHOP_SETTINGS_FIELDS = [
  'whatsapp',
  'deliveryOptions',
  'paymentMethods',
  'openingHours',
  'mainCurrency',
  'exchangeRate',
] as const

export function emptyOpeningHours(): OpeningHoursValue {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as OpeningHoursValue
}

/** Monday to Friday 09:00–18:00: where an owner who starts setting hours usually begins. */
export function weekdayOpeningHours(): OpeningHoursValue {
  const hours = emptyOpeningHours()
  for (const day of WEEKDAYS.slice(0, 5)) hours[day] = [{ ...DEFAULT_INTERVAL }]
  return hours
}

function sortedMethods(methods: PaymentMethodValue[]): PaymentMethodValue[] {
  return [...methods].sort(
    (a, b) => PAYMENT_METHOD_TYPES.indexOf(a.type) - PAYMENT_METHOD_TYPES.indexOf(b.type),
  )
}

/** The settings of a new business: its phone as WhatsApp when a mobile, pickup, cash, no hours. */
export function newShopSettingsValues(phone = ''): ShopSettingsFormValues {
  return shopSettingsToFormValues({
    whatsapp: mobileWhatsapp(phone),
    deliveryOptions: DEFAULT_DELIVERY_OPTIONS,
    paymentMethods: DEFAULT_PAYMENT_METHODS,
    openingHours: null,
  })
}

/** The rate as the owner types it (Spanish decimal comma). */
function rateText(rate: number): string {
  return String(rate).replace('.', ',')
}

/** Issue 44: stored zones, agencies and points as editable values (the single fee's zone apart). */
function methodsFormValues(delivery: ShopSettings['deliveryOptions']) {
  const zones = delivery.zones
  return {
    everywhere: !zones || zones.some((z) => z.places.includes(EVERYWHERE)),
    zones: (zones ?? [])
      .filter((z) => z.id !== EVERYWHERE_ZONE_ID)
      .map((z) => ({
        id: z.id,
        name: z.name,
        places: [...z.places],
        price: amountsText(z.price),
        freeFrom: amountsText(z.freeFrom),
        eta: z.eta ?? '',
        enabled: z.enabled,
        weightBands: (z.weightBands ?? []).map((b) => ({
          upToGrams: String(b.upToGrams),
          price: amountsText(b.price),
        })),
      })),
    agencies: (delivery.agencies ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      charge: a.charge,
      fee: amountsText(a.fee),
      enabled: a.enabled,
    })),
    pickupPoints: (delivery.pickupPoints ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      address: p.address,
      note: p.note ?? '',
      sameHours: p.hours !== null,
    })),
  }
}

/** A stored business's settings as editable values. */
export function shopSettingsToFormValues(
  settings: Partial<
    Pick<ShopSettings, 'whatsapp' | 'deliveryOptions' | 'paymentMethods' | 'openingHours'> &
      BusinessCurrency
  >,
): ShopSettingsFormValues {
  const rateDate = settings.exchangeRateDate ?? null
  const delivery = settings.deliveryOptions ?? DEFAULT_DELIVERY_OPTIONS
  const hours = settings.openingHours
  return {
    whatsapp: settings.whatsapp ?? '',
    deliveryOptions: {
      pickup: delivery.pickup,
      delivery: {
        enabled: delivery.delivery.enabled,
        fee: amountsText(delivery.delivery.fee),
        freeFrom: amountsText(delivery.delivery.freeFrom),
        note: delivery.delivery.note ?? '',
      },
      ...methodsFormValues(delivery),
    },
    paymentMethods: sortedMethods(
      (settings.paymentMethods ?? DEFAULT_PAYMENT_METHODS).map((m) => ({
        type: m.type,
        instructions: m.instructions ?? '',
      })),
    ),
    openingHours: hours
      ? (Object.fromEntries(
          WEEKDAYS.map((d) => [d, (hours[d] ?? []).map((i) => ({ from: i.from, to: i.to }))]),
        ) as unknown as OpeningHoursValue)
      : null,
    mainCurrency: settings.mainCurrency ?? 'UYU',
    // Only a rate the owner set is theirs to edit; the platform's default shows as the hint.
    exchangeRate: rateDate && settings.exchangeRate ? rateText(settings.exchangeRate) : '',
    exchangeRateInfo: { date: rateDate, rate: settings.exchangeRate ?? null },
  }
}

/** Adds or removes a payment method, keeping the canonical order and the others' instructions. */
export function togglePaymentMethod(
  methods: PaymentMethodValue[],
  type: PaymentMethodType,
  on: boolean,
  instructions = '',
): PaymentMethodValue[] {
  const without = methods.filter((m) => m.type !== type)
  return on ? sortedMethods([...without, { type, instructions }]) : without
}
