import type { ImageAsset } from '@vitrina/contracts'
import { lazy, Suspense } from 'react'
import { StorefrontImage } from '../../../components/storefront/storefront-image'
import { useHydrated } from '../../../hooks/use-hydrated'
import { cn } from '../../../lib/utils'
import { MAIN_SIZES } from './product-gallery-props'
import type { GalleryProps } from './product-gallery-props'

// Embla (the carousel) downloads only for a product with more than one image.
const ProductGalleryCarousel = lazy(() => import('./product-gallery-carousel'))

/**
 * The main image alone, laid out as the carousel lays it out. With `thumbnails` it draws the
 * carousel's thumbnail strip (below on phones, beside it on larger screens), so nothing moves
 * and nothing is blank when the carousel replaces it.
 */
function MainImage({
  image,
  name,
  thumbnails = [],
}: {
  image: ImageAsset
  name: string
  /** Every image, the main one first, when the product has several (the carousel's strip). */
  thumbnails?: readonly ImageAsset[]
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
      {thumbnails.length > 0 && <StaticThumbnails images={thumbnails} />}
    </div>
  )
}

/**
 * Issue 41: the thumbnail strip as the carousel draws it (its first image chosen), in the
 * server's HTML and until the carousel replaces it — a phone showed a blank band there until its
 * first tap. Pictures only: the carousel's thumbnails are the buttons.
 */
function StaticThumbnails({ images }: { images: readonly ImageAsset[] }) {
  return (
    <ul
      aria-hidden="true"
      data-thumbnails=""
      className="flex gap-2 overflow-hidden pb-1 md:max-h-[36rem] md:flex-col md:pr-1 md:pb-0"
    >
      {images.map((image, index) => (
        <li key={`${image.url}-${index}`} className="shrink-0">
          <span
            className={cn(
              'block size-16 overflow-hidden rounded-lg border-2 bg-muted md:size-20',
              index === 0 ? 'border-(--store-primary)' : 'border-transparent opacity-70',
            )}
          >
            <StorefrontImage image={image} alt="" sizes="80px" className="size-full object-cover" />
          </span>
        </li>
      ))}
    </ul>
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
  const strip = [image, ...images]
  if (!isHydrated) return <MainImage image={image} name={name} thumbnails={strip} />
  return (
    <Suspense fallback={<MainImage image={image} name={name} thumbnails={strip} />}>
      <ProductGalleryCarousel
        image={image}
        images={images}
        name={name}
        selectedIndex={selectedIndex}
      />
    </Suspense>
  )
}
