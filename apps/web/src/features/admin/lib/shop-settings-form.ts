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
  mobileWhatsapp,
  PAYMENT_METHOD_TYPES,
  WEEKDAYS,
} from '@vitrina/contracts'
import type {
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

/** The form's delivery options as the contracts' input (amounts parsed, blanks dropped). */
export function deliveryInput(value: DeliveryFormValue): DeliveryOptionsInput {
  const { delivery } = value
  if (!delivery.enabled) return { pickup: value.pickup, delivery: { enabled: false, fee: {} } }
  const freeFrom = amountsInput(delivery.freeFrom)
  return {
    pickup: value.pickup,
    delivery: {
      enabled: true,
      fee: amountsInput(delivery.fee),
      ...(Object.keys(freeFrom).length > 0 ? { freeFrom } : {}),
      note: delivery.note,
    },
  }
}

/**
 * The form values as the contracts' schemas take them (the business form's resolver validates
 * this): only the delivery amounts change, so every error keeps its field's path.
 */
export function withSettingsInput<
  T extends { deliveryOptions: DeliveryFormValue; exchangeRate?: string },
>(
  values: T,
): Omit<T, 'deliveryOptions' | 'exchangeRate'> & {
  deliveryOptions: DeliveryOptionsInput
  exchangeRate?: string
} {
  return {
    ...values,
    deliveryOptions: deliveryInput(values.deliveryOptions),
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
