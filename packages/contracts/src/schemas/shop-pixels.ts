/**
 * Issue 46 §3 (docs/decisions/039): the owner's Google Analytics 4 and Meta Pixel ids, as the
 * owner writes them (PUT /api/businesses/{id}/pixels) and as a business reply carries them.
 */
import { z } from 'zod'
import {
  GA4_MEASUREMENT_ID_PATTERN,
  META_PIXEL_ID_PATTERN,
  SHOP_PIXELS_MESSAGES as M,
} from '../texts/shop-pixels.js'

/** A blank or missing id is no id (null); spaces around are dropped. */
function pixelId(pattern: RegExp, message: string, normalise: (value: string) => string) {
  return z
    .union([z.string({ error: M.notText }), z.null()], { error: M.notText })
    .optional()
    .transform((value) => {
      const trimmed = value?.trim() ?? ''
      return trimmed === '' ? null : normalise(trimmed)
    })
    .refine((value) => value === null || pattern.test(value), { message })
}

/**
 * Both ids at once: the pair replaces what the shop had (a missing or blank one removes it). The
 * GA4 id is taken in any case ('g-abc123' is G-ABC123); a Meta id is digits as written.
 */
export const updateShopPixelsSchema = z.object({
  ga4MeasurementId: pixelId(GA4_MEASUREMENT_ID_PATTERN, M.ga4Invalid, (v) => v.toUpperCase()),
  metaPixelId: pixelId(META_PIXEL_ID_PATTERN, M.metaPixelInvalid, (v) => v),
})
export type UpdateShopPixels = z.input<typeof updateShopPixelsSchema>

/** On a business reply only when the owner set at least one id; each only when set. */
export const shopPixelsSchema = z.object({
  ga4MeasurementId: z.string().optional(),
  metaPixelId: z.string().optional(),
})
export type ShopPixels = z.infer<typeof shopPixelsSchema>
