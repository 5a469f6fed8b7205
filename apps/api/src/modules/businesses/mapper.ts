/** Row → public reply. Lists only public fields: no search_text, nothing about the owner's account. */
import {
  DEFAULT_FEATURES,
  timeZoneOffsets,
  type Business,
  type TimeZoneOffsets,
} from '@vitrina/contracts'
import type { BusinessRow } from '../../db/schema/index.js'

const DAY_MS = 86_400_000
/** Today's offsets per time zone (~400 formats each, once a day and zone). */
let offsetsDay = -1
const offsetsByZone = new Map<string, TimeZoneOffsets>()

function todaysOffsets(timeZone: string): TimeZoneOffsets {
  const now = new Date()
  const day = Math.floor(now.getTime() / DAY_MS)
  if (day !== offsetsDay) {
    offsetsDay = day
    offsetsByZone.clear()
  }
  let offsets = offsetsByZone.get(timeZone)
  if (!offsets) {
    offsets = timeZoneOffsets(timeZone, now)
    offsetsByZone.set(timeZone, offsets)
  }
  return offsets
}

export function toBusiness(row: BusinessRow): Business {
  return {
    _id: row.id,
    name: row.name,
    identifier: row.identifier,
    description: row.description,
    category: row.category,
    categories: row.categories,
    logo: row.logo ?? null,
    address: row.address,
    phone: row.phone,
    email: row.email,
    socialLinks: row.socialLinks,
    whatsapp: row.whatsapp,
    deliveryOptions: row.deliveryOptions,
    paymentMethods: row.paymentMethods,
    openingHours: row.openingHours ?? null,
    timeZone: row.timeZone,
    timeZoneOffsets: todaysOffsets(row.timeZone),
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    bgColor: row.bgColor,
    features: { ...DEFAULT_FEATURES, ...row.features },
    slides: row.slides,
    planType: row.planType,
    productOrder: row.productOrder,
    // Issue 25: price_rate is the rate in effect (the owner's, or the platform's default).
    mainCurrency: row.mainCurrency,
    exchangeRate: Number(row.priceRate),
    exchangeRateDate: row.exchangeRate === null ? null : row.exchangeRateDate,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Issue 46 §3 (ADR 039): only when the owner set an id, so a shop without stays as it was.
    ...(row.ga4MeasurementId || row.metaPixelId
      ? {
          pixels: {
            ...(row.ga4MeasurementId ? { ga4MeasurementId: row.ga4MeasurementId } : {}),
            ...(row.metaPixelId ? { metaPixelId: row.metaPixelId } : {}),
          },
        }
      : {}),
  }
}

/**
 * The owner's own business (`/businesses/user/me`): the public fields and, while an operator has
 * suspended the storefront, why and since when (issue 23 §3).
 */
export function toOwnBusiness(row: BusinessRow): Business {
  const business = toBusiness(row)
  if (row.suspendedAt && row.suspensionReason !== null) {
    business.suspension = {
      reason: row.suspensionReason,
      suspendedAt: row.suspendedAt.toISOString(),
    }
  }
  return business
}
