import { LAYOUT } from '@vitrina/contracts'
import { ArrowRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { useId } from 'react'
import { Link } from '../ui/link'
import {
  Carousel,
  CarouselContent,
  CarouselDots,
  CarouselItem,
  CarouselNext,
  CarouselPrevious,
} from '../ui/carousel'
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
 * SPEC §2.5 product carousel: title, optional badge and subtitle, a view-all link, looping
 * slides, previous/next (disabled when there is nowhere to go) and, on small screens, one dot
 * per page. A section with no products renders nothing.
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
  className?: string
}) {
  const headingId = useId()
  if (products.length === 0) return null
  return (
    // The row's one region is its carousel, named by the heading (a section around it, named
    // the same, made screen readers announce the row twice).
    <div className={cn('skip-offscreen py-6 @min-[768px]/storefront:py-14', className)}>
      <div className="mx-auto max-w-7xl px-4 @min-[640px]/storefront:px-6 @min-[1024px]/storefront:px-8">
        {/* One card per view below 640 px, where the dots show: a dot per card from the start. */}
        <Carousel
          label={title}
          aria-labelledby={headingId}
          loop
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
          <CarouselContent className="py-1">
            {products.map((product, index) => (
              <CarouselItem
                key={product._id}
                aria-label={`${index + 1} de ${products.length}`}
                className={SLIDE_BASIS}
              >
                <ProductCard product={product} identifier={identifier} isPreview={isPreview} />
              </CarouselItem>
            ))}
          </CarouselContent>
          <CarouselDots className="mt-5 @min-[640px]/storefront:hidden" />
        </Carousel>
      </div>
    </div>
  )
}
