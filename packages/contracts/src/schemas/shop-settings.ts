/**
 * Issue 24 §1: what an owner sets up to take orders — the WhatsApp number, delivery options,
 * payment methods and opening hours. Business create/update (multipart) carry the last three as
 * JSON text parts; public business replies carry all four.
 */
import { z } from 'zod'
import { CURRENCY_CODES, type CurrencyCode } from '../money.public.js'
import { LIMITS } from '../limits.public.js'
import { FIELD_MESSAGES } from '../messages.public.js'
import { SHOP_SETTINGS_MESSAGES } from '../orders/texts.js'
import { optionalText, requiredText } from './common.js'
import {
  AGENCY_CHARGES,
  DELIVERY_LIMITS,
  DELIVERY_SETTINGS_MESSAGES,
  isValidPlace,
  placeLabel,
  type DeliveryZone,
  type ParcelAgency,
  type PickupPoint,
} from '../orders/delivery.js'
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_TYPES,
  WEEKDAYS,
  toE164,
  type PaymentMethodType,
  type Weekday,
} from '../shop.public.js'

// ---------------------------------------------------------------------------------------------
// WhatsApp number (E.164)

/** Optional; blank clears it (null). Stored and replied in E.164. */
export const whatsappSchema = z
  .string({ error: SHOP_SETTINGS_MESSAGES.whatsappInvalid })
  .trim()
  .max(30, { message: SHOP_SETTINGS_MESSAGES.whatsappInvalid, abort: true })
  .transform((value, ctx) => {
    if (value === '') return null
    const e164 = toE164(value)
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: SHOP_SETTINGS_MESSAGES.whatsappInvalid })
      return z.NEVER
    }
    return e164
  })

// ---------------------------------------------------------------------------------------------
// Delivery options

/** A fee or a threshold: 0 or more, at most two decimals, below LIMITS.priceMax. */
const moneySchema = z
  .number({ error: SHOP_SETTINGS_MESSAGES.feeInvalid })
  .min(0, SHOP_SETTINGS_MESSAGES.feeInvalid)
  .max(LIMITS.priceMax, SHOP_SETTINGS_MESSAGES.feeInvalid)
  .refine(
    (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    SHOP_SETTINGS_MESSAGES.feeInvalid,
  )

const perCurrencySchema = z
  .object(
    Object.fromEntries(CURRENCY_CODES.map((c) => [c, moneySchema.optional()])) as Record<
      CurrencyCode,
      z.ZodOptional<typeof moneySchema>
    >,
    { error: SHOP_SETTINGS_MESSAGES.feeInvalid },
  )
  .strict()

// Issue 44 §1: zones, parcel agencies and pickup points (orders/delivery.ts rules). Ids are the
// client's (short text), unique within their list; orders name the agency and point by them.
const itemIdSchema = z
  .string({ error: SHOP_SETTINGS_MESSAGES.deliveryInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, SHOP_SETTINGS_MESSAGES.deliveryInvalid)

const uniqueIds = (items: readonly { id: string }[]) =>
  new Set(items.map((i) => i.id)).size === items.length

const weightBandSchema = z.object(
  {
    upToGrams: z
      .number({ error: DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid })
      .int(DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid)
      .min(1, DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid)
      .max(1_000_000, DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid),
    price: perCurrencySchema,
  },
  { error: DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid },
)

export const deliveryZoneSchema = z.object(
  {
    id: itemIdSchema,
    name: requiredText(DELIVERY_SETTINGS_MESSAGES.zoneNameRequired, LIMITS.shortTextMax),
    places: z
      .array(
        z
          .string({ error: DELIVERY_SETTINGS_MESSAGES.placeInvalid })
          .trim()
          .max(LIMITS.shortTextMax, DELIVERY_SETTINGS_MESSAGES.placeInvalid)
          .refine(isValidPlace, DELIVERY_SETTINGS_MESSAGES.placeInvalid),
        { error: DELIVERY_SETTINGS_MESSAGES.zonePlacesRequired },
      )
      .min(1, DELIVERY_SETTINGS_MESSAGES.zonePlacesRequired)
      .max(DELIVERY_LIMITS.placesPerZoneMax, DELIVERY_SETTINGS_MESSAGES.placeInvalid),
    price: perCurrencySchema.default({}),
    freeFrom: perCurrencySchema.optional(),
    eta: optionalText(DELIVERY_LIMITS.etaMax),
    enabled: z.boolean({ error: SHOP_SETTINGS_MESSAGES.deliveryInvalid }).default(true),
    weightBands: z
      .array(weightBandSchema, { error: DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid })
      .max(10, DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid)
      .refine(
        (bands) => bands.every((b, i) => i === 0 || b.upToGrams > bands[i - 1]!.upToGrams),
        DELIVERY_SETTINGS_MESSAGES.weightBandsInvalid,
      )
      .optional(),
  },
  { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid },
)

export const parcelAgencySchema = z
  .object(
    {
      id: itemIdSchema,
      name: requiredText(DELIVERY_SETTINGS_MESSAGES.agencyNameRequired, LIMITS.nameMax),
      charge: z.enum(AGENCY_CHARGES, { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid }),
      fee: perCurrencySchema.optional(),
      enabled: z.boolean({ error: SHOP_SETTINGS_MESSAGES.deliveryInvalid }).default(true),
    },
    { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid },
  )
  .superRefine((agency, ctx) => {
    if (agency.charge === 'fixed' && Object.keys(agency.fee ?? {}).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['fee'],
        message: DELIVERY_SETTINGS_MESSAGES.agencyFeeRequired,
      })
    }
  })

export const pickupPointSchema = z.object(
  {
    id: itemIdSchema,
    name: requiredText(DELIVERY_SETTINGS_MESSAGES.pointNameRequired, LIMITS.nameMax),
    address: requiredText(DELIVERY_SETTINGS_MESSAGES.pointAddressRequired, LIMITS.shortTextMax),
    hours: z
      .lazy(() => openingHoursSchema)
      .nullable()
      .default(null),
    note: optionalText(LIMITS.shortTextMax),
  },
  { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid },
)

export const deliveryOptionsSchema = z
  .object(
    {
      pickup: z.boolean({ error: SHOP_SETTINGS_MESSAGES.deliveryInvalid }),
      delivery: z.object(
        {
          enabled: z.boolean({ error: SHOP_SETTINGS_MESSAGES.deliveryInvalid }),
          fee: perCurrencySchema.default({}),
          freeFrom: perCurrencySchema.optional(),
          note: optionalText(LIMITS.shortTextMax),
        },
        { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid },
      ),
      zones: z
        .array(deliveryZoneSchema, { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid })
        .max(DELIVERY_LIMITS.zonesMax, DELIVERY_SETTINGS_MESSAGES.zonesMax)
        .refine(uniqueIds, DELIVERY_SETTINGS_MESSAGES.duplicateId)
        .superRefine((zones, ctx) => {
          const seen = new Set<string>()
          for (const [i, zone] of zones.entries()) {
            for (const place of zone.places) {
              if (seen.has(place)) {
                ctx.addIssue({
                  code: 'custom',
                  path: [i, 'places'],
                  message: DELIVERY_SETTINGS_MESSAGES.placeInTwoZones(placeLabel(place)),
                })
                return
              }
              seen.add(place)
            }
          }
        })
        .optional(),
      agencies: z
        .array(parcelAgencySchema, { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid })
        .max(DELIVERY_LIMITS.agenciesMax, DELIVERY_SETTINGS_MESSAGES.agenciesMax)
        .refine(uniqueIds, DELIVERY_SETTINGS_MESSAGES.duplicateId)
        .optional(),
      pickupPoints: z
        .array(pickupPointSchema, { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid })
        .max(DELIVERY_LIMITS.pointsMax, DELIVERY_SETTINGS_MESSAGES.pointsMax)
        .refine(uniqueIds, DELIVERY_SETTINGS_MESSAGES.duplicateId)
        .optional(),
    },
    { error: SHOP_SETTINGS_MESSAGES.deliveryInvalid },
  )
  .refine(
    (v) =>
      v.pickup ||
      v.delivery.enabled ||
      (v.agencies ?? []).some((a) => a.enabled) ||
      (v.pickupPoints ?? []).length > 0,
    SHOP_SETTINGS_MESSAGES.deliveryRequired,
  )
export type DeliveryOptions = z.infer<typeof deliveryOptionsSchema>
export type DeliveryOptionsInput = z.input<typeof deliveryOptionsSchema>

/** What a business that never set its delivery options offers: pickup at the shop. */
export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  pickup: true,
  delivery: { enabled: false, fee: {} },
}

// ---------------------------------------------------------------------------------------------
// Payment methods

/** Methods whose instructions the shopper needs to pay (account details, the link or alias). */
const NEEDS_INSTRUCTIONS: readonly PaymentMethodType[] = ['transferencia', 'mercadopago']

export const paymentMethodSchema = z
  .object({
    type: z.enum(PAYMENT_METHOD_TYPES, { error: SHOP_SETTINGS_MESSAGES.paymentTypeInvalid }),
    instructions: optionalText(LIMITS.paymentInstructionsMax),
  })
  .superRefine((method, ctx) => {
    if (NEEDS_INSTRUCTIONS.includes(method.type) && !method.instructions) {
      ctx.addIssue({
        code: 'custom',
        path: ['instructions'],
        message: SHOP_SETTINGS_MESSAGES.paymentInstructionsRequired(
          PAYMENT_METHOD_LABELS[method.type],
        ),
      })
    }
  })
export type PaymentMethod = z.infer<typeof paymentMethodSchema>

export const paymentMethodsSchema = z
  .array(paymentMethodSchema, { error: SHOP_SETTINGS_MESSAGES.paymentMethodsInvalid })
  .refine((v) => v.length > 0, SHOP_SETTINGS_MESSAGES.paymentMethodsRequired)
  .refine(
    (v) => new Set(v.map((m) => m.type)).size === v.length,
    SHOP_SETTINGS_MESSAGES.paymentMethodDuplicate,
  )
export type PaymentMethodsInput = z.input<typeof paymentMethodsSchema>

export const DEFAULT_PAYMENT_METHODS: PaymentMethod[] = [{ type: 'efectivo' }]

// ---------------------------------------------------------------------------------------------
// Opening hours

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/**
 * One opening interval of a day, 'HH:MM' to 'HH:MM'. A `to` earlier than (or equal to) `from`
 * closes after midnight (a bar open 20:00–02:00); '00:00' as `to` is midnight.
 */
export const openingIntervalSchema = z
  .object({
    from: z
      .string({ error: SHOP_SETTINGS_MESSAGES.timeInvalid })
      .regex(TIME_PATTERN, SHOP_SETTINGS_MESSAGES.timeInvalid),
    to: z
      .string({ error: SHOP_SETTINGS_MESSAGES.timeInvalid })
      .regex(TIME_PATTERN, SHOP_SETTINGS_MESSAGES.timeInvalid),
  })
  .refine((v) => v.from !== v.to, { message: SHOP_SETTINGS_MESSAGES.intervalEmpty, path: ['to'] })

const daySchema = z
  .array(openingIntervalSchema, { error: SHOP_SETTINGS_MESSAGES.hoursInvalid })
  .refine((v) => v.length <= LIMITS.openingIntervalsPerDay, SHOP_SETTINGS_MESSAGES.intervalsMax)
  .default([])

/** Per weekday, the intervals the shop is open (an empty day is closed). */
export const openingHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, daySchema])) as Record<Weekday, typeof daySchema>,
    { error: SHOP_SETTINGS_MESSAGES.hoursInvalid },
  )
  .strict()
export type OpeningHoursInput = z.input<typeof openingHoursSchema>

/** An IANA time zone this runtime knows. */
export const timeZoneSchema = z
  .string({ error: FIELD_MESSAGES.invalid })
  .trim()
  .max(64, FIELD_MESSAGES.invalid)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('es-UY', { timeZone: tz })
      return true
    } catch {
      return false
    }
  }, SHOP_SETTINGS_MESSAGES.timeZoneInvalid)

// ---------------------------------------------------------------------------------------------
// Replies

/** The ordering fields every public business reply carries (issue 24 §1). */
export const shopSettingsReplySchema = z.object({
  /** E.164; null when the business has none (then its phone is used, as before). */
  whatsapp: z.string().nullable(),
  deliveryOptions: z.object({
    pickup: z.boolean(),
    delivery: z.object({
      enabled: z.boolean(),
      fee: z.object({ UYU: z.number().optional(), USD: z.number().optional() }),
      freeFrom: z.object({ UYU: z.number().optional(), USD: z.number().optional() }).optional(),
      note: z.string().optional(),
    }),
    /** Issue 44: absent on settings saved before zones (the single fee covers everywhere). */
    zones: z.array(z.custom<DeliveryZone>()).optional(),
    agencies: z.array(z.custom<ParcelAgency>()).optional(),
    pickupPoints: z.array(z.custom<PickupPoint>()).optional(),
  }),
  paymentMethods: z.array(
    z.object({ type: z.enum(PAYMENT_METHOD_TYPES), instructions: z.string().optional() }),
  ),
  /** null until the owner sets them (the storefront then shows no open/closed state). */
  openingHours: z
    .object(
      Object.fromEntries(
        WEEKDAYS.map((d) => [d, z.array(z.object({ from: z.string(), to: z.string() }))]),
      ) as Record<Weekday, z.ZodArray<z.ZodObject<{ from: z.ZodString; to: z.ZodString }>>>,
    )
    .nullable(),
  timeZone: z.string(),
  /**
   * The time zone's offsets from UTC from yesterday for 400 days (opening-hours.public.ts): the
   * storefront reads the shop's clock without `Intl`. Always in the API's replies.
   */
  timeZoneOffsets: z
    .object({
      until: z.number(),
      offsets: z.array(z.object({ from: z.number(), minutes: z.number() })),
    })
    .optional(),
})
export type ShopSettings = z.infer<typeof shopSettingsReplySchema>
