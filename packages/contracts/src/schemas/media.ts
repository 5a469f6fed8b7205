/**
 * A stored image as the API returns it. Uploads are re-encoded to WebP at a few widths
 * (never upscaled); `url` is the default variant and also identifies the image in
 * `slidesToDelete` / `imagesToDelete`. Images given by URL (cover slides) have only `url`.
 */
import { z } from 'zod'

export const imageAssetSchema = z.object({
  /** Default variant (or the external URL): what `<img src>` uses and what deletes refer to. */
  url: z.string(),
  /** `srcset` for responsive images, e.g. "/media/ab12-320.webp 320w, /media/ab12-640.webp 640w". */
  srcset: z.string().optional(),
  /** Intrinsic size of the default variant, for width/height attributes (no layout shift). */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** Logos only: 32×32 PNG favicon (SPEC §2.5, §9). */
  favicon: z.string().optional(),
})
export type ImageAsset = z.infer<typeof imageAssetSchema>
