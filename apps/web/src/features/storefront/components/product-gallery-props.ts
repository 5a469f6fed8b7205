import { IMAGE_SIZES } from '@vitrina/contracts'
import type { ImageAsset } from '@vitrina/contracts'

/** What a product's gallery shows: a lone image (ProductGallery) or several (its carousel). */
export interface GalleryProps {
  image: ImageAsset
  images: readonly ImageAsset[]
  name: string
  /** Issue 25: the image of the chosen variant (0 the main one), shown when it changes. */
  selectedIndex?: number | null
}

/** The main image's `sizes`, alone or in the carousel. */
export const MAIN_SIZES = IMAGE_SIZES.productMain
