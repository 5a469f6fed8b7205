import { IMAGE_SIZES, LAYOUT } from '@vitrina/contracts'
import type { ImageAsset } from '@vitrina/contracts'
import {
  Carousel,
  CarouselContent,
  CarouselDots,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
} from '../ui/carousel'
import { cn } from '../../lib/utils'
import { StorefrontImage } from './storefront-image'

/** SPEC §2.5, §9: the hero fills the viewport below the 64 px header. */
export const HERO_HEIGHT = `calc(100dvh - ${LAYOUT.heroOffsetPx}px)`

/**
 * SPEC §2.5 cover carousel: full height, looping, arrows only with more than one slide. The first
 * slide is the page's largest image, so it loads eagerly with high priority; the rest lazily.
 * In preview (a phone-sized frame) a 16:9 box replaces the viewport height.
 */
export function HeroSlides({
  slides,
  name,
  isPreview = false,
  className,
}: {
  slides: readonly { image: ImageAsset }[]
  name: string
  isPreview?: boolean
  className?: string
}) {
  if (slides.length === 0) return null
  const hasMany = slides.length > 1
  return (
    <Carousel
      label={`Portada de ${name}`}
      opts={{ loop: hasMany, active: hasMany }}
      slides={slides.length}
      isFullWidth
      className={cn('group/hero bg-muted', className)}
    >
      <CarouselContent flush>
        {slides.map((slide, index) => (
          <CarouselItem
            key={`${slide.image.url}-${index}`}
            aria-label={`${index + 1} de ${slides.length}`}
            flush
          >
            <div
              className={cn('relative w-full overflow-hidden', isPreview && 'aspect-video')}
              style={isPreview ? undefined : { height: HERO_HEIGHT }}
            >
              {/*
               * A 16:9 cover on a tall phone screen would lose most of its width to cropping: in
               * portrait the whole image shows, over a blurred copy of itself that fills the
               * height (same URL, one download).
               */}
              {!isPreview && (
                // First in the document with the cover's URL, so it starts the download.
                <StorefrontImage
                  image={slide.image}
                  alt=""
                  aria-hidden="true"
                  sizes={IMAGE_SIZES.hero}
                  priority={index === 0}
                  decoding="async"
                  className="absolute inset-0 hidden size-full scale-110 object-cover blur-2xl portrait:block"
                />
              )}
              <StorefrontImage
                image={slide.image}
                alt={index === 0 ? `Portada de ${name}` : ''}
                sizes={IMAGE_SIZES.hero}
                priority={index === 0}
                className={cn(
                  'absolute inset-0 size-full object-cover',
                  !isPreview && 'portrait:object-contain',
                )}
              />
            </div>
          </CarouselItem>
        ))}
      </CarouselContent>
      {hasMany && (
        <>
          <CarouselPrevious
            variant="glass"
            size="icon-lg"
            className="absolute top-1/2 left-3 -translate-y-1/2 @min-[768px]/storefront:left-6"
          />
          <CarouselNext
            variant="glass"
            size="icon-lg"
            className="absolute top-1/2 right-3 -translate-y-1/2 @min-[768px]/storefront:right-6"
          />
          <CarouselDots className="absolute inset-x-0 bottom-4 [&>button]:bg-white/70 [&>button[aria-current]]:bg-white" />
        </>
      )}
    </Carousel>
  )
}
