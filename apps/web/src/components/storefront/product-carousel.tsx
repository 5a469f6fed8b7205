import { LAYOUT } from '@vitrina/contracts'
import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { useId } from 'react'
import { Link } from 'react-router'
import {
  Carousel,
  CarouselContent,
  CarouselDots,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
  SLIDE_GUTTER,
} from '../ui/carousel'
import { useNearViewport } from '../../lib/use-near-viewport'
import { HydrateWhenNear } from '../hydrate-when-near'
import { cn } from '../../lib/utils'
import { ProductCard } from './product-card'
import type { ProductCardData } from './product-card'

/**
 * SPEC §2.5, §9 (LAYOUT.cardsPerView): 1 card per view below 640 px, 2 below 768, 3 below 1024,
 * otherwise 4 — measured on the storefront frame, so the owner's phone preview shows one.
 */
const SLIDE_BASIS =
  'basis-full @min-[640px]/storefront:basis-1/2 @min-[768px]/storefront:basis-1/3 @min-[1024px]/storefront:basis-1/4'

/**
 * Until its cards render, a deferred carousel holds their height: one slide (the card's square
 * image and its text — category, two-line name, price: 138 px at every width). The page below
 * does not move when the cards arrive, off screen.
 */
function CardTrackPlaceholder() {
  return (
    <div aria-hidden="true" className={cn('flex overflow-hidden py-1', SLIDE_GUTTER.track)}>
      <div className={cn('min-w-0 shrink-0 grow-0', SLIDE_GUTTER.slide, SLIDE_BASIS)}>
        <div className="aspect-square" />
        <div className="h-34.5" />
      </div>
    </div>
  )
}

/**
 * SPEC §2.5 product carousel: title, optional badge and subtitle, a view-all link, looping
 * slides, previous/next (disabled when there is nowhere to go) and, on small screens, one dot
 * per page. A section with no products renders nothing.
 *
 * `deferCards`: the section and its heading and link render at once, its cards only when it comes
 * near the screen (SPEC §9: a storefront home's carousels sit below the cover slides, and a
 * visitor who does not scroll should not pay a slow phone's time for dozens of cards). In a
 * server-rendered page each card then hydrates when it is itself on screen (the row's clipped
 * slides are not: they wait until the row brings them into view or the visitor acts on one).
 */
export function ProductCarousel({
  title,
  subtitle,
  badge,
  viewAllHref,
  viewAllLabel,
  products,
  identifier,
  isPreview = false,
  deferCards = false,
  className,
}: {
  title: string
  subtitle?: string
  badge?: ReactNode
  viewAllHref?: string
  viewAllLabel?: string
  products: readonly (ProductCardData & { _id: string })[]
  identifier: string
  isPreview?: boolean
  deferCards?: boolean
  className?: string
}) {
  const headingId = useId()
  const [nearRef, isNear] = useNearViewport<HTMLElement>({ onServer: true })
  if (products.length === 0) return null
  const showCards = !deferCards || isNear
  const cardOf = (product: ProductCardData) => (
    <ProductCard product={product} identifier={identifier} isPreview={isPreview} />
  )
  return (
    // The row's one region is its carousel, named by the heading (a section around it, named
    // the same, made screen readers announce the row twice).
    <div
      ref={deferCards ? nearRef : undefined}
      className={cn('py-6 @min-[768px]/storefront:py-14', className)}
    >
      <div className="mx-auto max-w-7xl px-4 @min-[640px]/storefront:px-6 @min-[1024px]/storefront:px-8">
        {/* One card per view below 640 px, where the dots show: a dot per card from the start. */}
        <Carousel
          label={title}
          aria-labelledby={headingId}
          opts={{ loop: true, align: 'start' }}
          slides={products.length}
          perView={LAYOUT.cardsPerViewDefault}
        >
          <div className="mb-4 flex flex-wrap items-end justify-between gap-x-6 gap-y-3 @min-[768px]/storefront:mb-6">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-3">
                <h2
                  id={headingId}
                  className="text-2xl font-bold tracking-tight @min-[768px]/storefront:text-3xl"
                >
                  {title}
                </h2>
                {badge}
              </div>
              {subtitle && (
                <p className="mt-1 text-sm text-muted-foreground @min-[768px]/storefront:mt-1.5 @min-[768px]/storefront:text-base">
                  {subtitle}
                </p>
              )}
            </div>
            <div className="flex items-center gap-3">
              {viewAllHref && viewAllLabel && !isPreview && (
                <Link
                  to={viewAllHref}
                  className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-(--store-primary-text) outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
                >
                  {viewAllLabel}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              )}
              <div className="hidden gap-2 @min-[640px]/storefront:flex">
                <CarouselPrevious aria-label={`${title}: anteriores`} />
                <CarouselNext aria-label={`${title}: siguientes`} />
              </div>
            </div>
          </div>
          {showCards ? (
            <CarouselContent className="py-1">
              {products.map((product, index) => (
                <CarouselItem
                  key={product._id}
                  aria-label={`${index + 1} de ${products.length}`}
                  className={SLIDE_BASIS}
                >
                  {deferCards ? (
                    // Each card hydrates when it is on screen: a phone shows one of a row's 12.
                    <HydrateWhenNear className="h-full">{cardOf(product)}</HydrateWhenNear>
                  ) : (
                    cardOf(product)
                  )}
                </CarouselItem>
              ))}
            </CarouselContent>
          ) : (
            <CardTrackPlaceholder />
          )}
          <CarouselDots className="mt-5 @min-[640px]/storefront:hidden" />
        </Carousel>
      </div>
    </div>
  )
}
