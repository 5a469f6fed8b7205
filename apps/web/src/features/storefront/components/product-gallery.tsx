import { IMAGE_SIZES } from '@vitrina/contracts'
import type { ImageAsset } from '@vitrina/contracts'
import { lazy, Suspense } from 'react'
import { StorefrontImage } from '../../../components/storefront/storefront-image'
import { useHydrated } from '../../../hooks/use-hydrated'
import type { GalleryProps } from './product-gallery-carousel'

// Embla (the carousel) downloads only for a product with more than one image.
const ProductGalleryCarousel = lazy(() => import('./product-gallery-carousel'))

/** The main image's `sizes`, alone or in the carousel. */
export const MAIN_SIZES = IMAGE_SIZES.productMain

/**
 * The main image alone, laid out as the carousel lays it out. With `thumbnailSpace` it keeps
 * the thumbnail strip's place (68 px below on phones, 84 px beside it on larger screens), so
 * nothing moves when the carousel replaces it.
 */
function MainImage({
  image,
  name,
  thumbnailSpace = false,
}: {
  image: ImageAsset
  name: string
  thumbnailSpace?: boolean
}) {
  return (
    <div className="flex flex-col gap-3 md:flex-row-reverse md:gap-4">
      <div className="relative min-w-0 flex-1">
        <div className="aspect-square overflow-hidden rounded-2xl bg-muted">
          <StorefrontImage
            image={image}
            alt={name}
            sizes={MAIN_SIZES}
            priority
            className="size-full object-cover"
          />
        </div>
      </div>
      {thumbnailSpace && <div aria-hidden="true" className="h-17 shrink-0 md:h-auto md:w-21" />}
    </div>
  )
}

/**
 * SPEC §2.8 gallery: the main image first, then the extra ones; arrows, looping, thumbnails
 * (product-gallery-carousel.tsx). A product with one image needs no carousel. The first image
 * is the page's largest: eager, and shown at once while the carousel loads — and on the server,
 * which cannot render the lazily loaded carousel (ADR 017).
 */
export function ProductGallery({ image, images, name, selectedIndex }: GalleryProps) {
  const isHydrated = useHydrated()
  if (images.length === 0) return <MainImage image={image} name={name} />
  if (!isHydrated) return <MainImage image={image} name={name} thumbnailSpace />
  return (
    <Suspense fallback={<MainImage image={image} name={name} thumbnailSpace />}>
      <ProductGalleryCarousel
        image={image}
        images={images}
        name={name}
        selectedIndex={selectedIndex}
      />
    </Suspense>
  )
}
