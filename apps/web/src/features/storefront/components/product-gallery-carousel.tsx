import type { ImageAsset } from '@vitrina/contracts'
import { useEffect } from 'react'
import {
  Carousel,
  CarouselContent,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
  useCarousel,
} from '../../../components/ui/carousel'
import { StorefrontImage } from '../../../components/storefront/storefront-image'
import { cn } from '../../../lib/utils'
import { MAIN_SIZES } from './product-gallery-props'
import type { GalleryProps } from './product-gallery-props'

function Thumbnails({ images, name }: { images: readonly ImageAsset[]; name: string }) {
  const { selectedIndex, scrollTo } = useCarousel()
  return (
    <ul
      aria-label="Miniaturas"
      className="flex gap-2 overflow-x-auto pb-1 md:max-h-[36rem] md:flex-col md:overflow-x-visible md:overflow-y-auto md:pr-1 md:pb-0"
    >
      {images.map((image, index) => (
        <li key={`${image.url}-${index}`} className="shrink-0">
          <button
            type="button"
            onClick={() => scrollTo(index)}
            aria-label={`Ver imagen ${index + 1} de ${images.length}`}
            aria-current={index === selectedIndex ? 'true' : undefined}
            className={cn(
              'block size-16 overflow-hidden rounded-lg border-2 bg-muted outline-none focus-visible:ring-3 focus-visible:ring-ring/50 md:size-20',
              index === selectedIndex
                ? 'border-(--store-primary)'
                : 'border-transparent opacity-70 hover:opacity-100',
            )}
          >
            <StorefrontImage
              image={image}
              alt={`${name}, imagen ${index + 1}`}
              sizes="80px"
              className="size-full object-cover"
            />
          </button>
        </li>
      ))}
    </ul>
  )
}

function Counter({ total }: { total: number }) {
  const { selectedIndex } = useCarousel()
  return (
    <span
      aria-hidden="true"
      className="absolute right-3 bottom-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white tabular-nums md:hidden"
    >
      {selectedIndex + 1} / {total}
    </span>
  )
}

/** Brings the chosen variant's image into view whenever the choice points to another one. */
function FollowSelected({ index }: { index: number | null | undefined }) {
  const { scrollTo } = useCarousel()
  useEffect(() => {
    if (index !== null && index !== undefined) scrollTo(index)
  }, [index, scrollTo])
  return null
}

/**
 * SPEC §2.8 gallery of a product with several images (ProductGallery shows a lone image without
 * it): the main image first, then the extra ones; arrows, looping, thumbnails.
 * Phones swipe a full-width image with a counter and a thumbnail strip below; larger screens
 * get a thumbnail column beside the image. The first image is the page's largest: eager.
 */
export default function ProductGalleryCarousel({
  image,
  images,
  name,
  selectedIndex,
}: GalleryProps) {
  const all = [image, ...images]
  return (
    <Carousel
      label={`Imágenes de ${name}`}
      loop
      slides={all.length}
      perView={1}
      className="flex flex-col gap-3 md:flex-row-reverse md:gap-4"
    >
      <div className="relative min-w-0 flex-1">
        <CarouselContent flush focusable>
          {all.map((asset, index) => (
            <CarouselItem
              key={`${asset.url}-${index}`}
              aria-label={`${index + 1} de ${all.length}`}
              flush
            >
              <div className="aspect-square overflow-hidden rounded-2xl bg-muted">
                <StorefrontImage
                  image={asset}
                  alt={index === 0 ? name : `${name}, imagen ${index + 1}`}
                  sizes={MAIN_SIZES}
                  priority={index === 0}
                  className="size-full object-cover"
                />
              </div>
            </CarouselItem>
          ))}
        </CarouselContent>
        <CarouselPrevious variant="overlay" className="absolute top-1/2 left-3 -translate-y-1/2" />
        <CarouselNext variant="overlay" className="absolute top-1/2 right-3 -translate-y-1/2" />
        <Counter total={all.length} />
      </div>
      <Thumbnails images={all} name={name} />
      <FollowSelected index={selectedIndex} />
    </Carousel>
  )
}
