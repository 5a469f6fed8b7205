import { IMAGE_SIZES, LAYOUT } from '@vitrina/contracts'
import type { ImageAsset } from '@vitrina/contracts'
import type { CSSProperties } from 'react'
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
 *
 * On a phone (and in the wizard's phone-sized preview) a 16:9 cover in a full-height block would
 * be a thin strip between blurred bands with the arrows over its text and no product in sight:
 * there the cover shows whole at its 16:9 ratio, with the arrows and dots in a bar below it. From
 * 768 px the cover fills the screen below the header, with the arrows over it; in portrait
 * (a tablet) the whole image shows over a blurred copy of itself.
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
  const isFullHeight = !isPreview
  return (
    <Carousel
      label={`Portada de ${name}`}
      loop={hasMany}
      slides={slides.length}
      perView={1}
      className={cn('group/hero bg-muted', className)}
    >
      <CarouselContent flush focusable={hasMany}>
        {slides.map((slide, index) => (
          <CarouselItem
            key={`${slide.image.url}-${index}`}
            aria-label={`${index + 1} de ${slides.length}`}
            flush
          >
            <div
              className={cn(
                'relative aspect-video w-full overflow-hidden',
                isFullHeight &&
                  '@min-[768px]/storefront:aspect-auto @min-[768px]/storefront:h-(--hero-height)',
              )}
              style={isFullHeight ? ({ '--hero-height': HERO_HEIGHT } as CSSProperties) : undefined}
            >
              {isFullHeight && (
                // First in the document with the cover's URL, so it starts the download.
                <StorefrontImage
                  image={slide.image}
                  alt=""
                  aria-hidden="true"
                  sizes={IMAGE_SIZES.hero}
                  priority={index === 0}
                  decoding="async"
                  className="absolute inset-0 hidden size-full scale-110 object-cover blur-2xl @min-[768px]/storefront:portrait:block"
                />
              )}
              <StorefrontImage
                image={slide.image}
                alt={index === 0 ? `Portada de ${name}` : ''}
                sizes={IMAGE_SIZES.hero}
                priority={index === 0}
                className={cn(
                  'absolute inset-0 size-full object-cover',
                  isFullHeight && '@min-[768px]/storefront:portrait:object-contain',
                )}
              />
            </div>
          </CarouselItem>
        ))}
      </CarouselContent>
      {hasMany && (
        // A bar below the cover on a phone; from 768 px on, `contents`: the arrows and dots lie
        // over the cover, placed against the carousel.
        <div
          data-slot="hero-controls"
          className={cn(
            'flex items-center justify-between gap-3 border-b border-border bg-card px-3 py-1',
            isFullHeight && '@min-[768px]/storefront:contents',
          )}
        >
          <CarouselPrevious
            variant="overlay"
            size="icon"
            className={cn(
              isFullHeight &&
                '@min-[768px]/storefront:absolute @min-[768px]/storefront:top-1/2 @min-[768px]/storefront:left-6 @min-[768px]/storefront:-translate-y-1/2',
            )}
          />
          <CarouselDots
            className={cn(
              isFullHeight &&
                '@min-[768px]/storefront:absolute @min-[768px]/storefront:inset-x-0 @min-[768px]/storefront:bottom-4 @min-[768px]/storefront:[&>button]:bg-white/70 @min-[768px]/storefront:[&>button[aria-current]]:bg-white',
            )}
          />
          <CarouselNext
            variant="overlay"
            size="icon"
            className={cn(
              isFullHeight &&
                '@min-[768px]/storefront:absolute @min-[768px]/storefront:top-1/2 @min-[768px]/storefront:right-6 @min-[768px]/storefront:-translate-y-1/2',
            )}
          />
        </div>
      )}
    </Carousel>
  )
}
