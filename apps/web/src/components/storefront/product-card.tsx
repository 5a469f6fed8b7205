import { Eye, ImageOff } from 'lucide-react'
import { IMAGE_SIZES, SHOPPER_VARIANT_TEXTS } from '@vitrina/contracts'
import { lazy, memo, Suspense } from 'react'
import type { ReactNode } from 'react'
import { Link } from '../ui/link'
import { paths } from '../../config/paths'
import { cn } from '../../lib/utils'
import { useLazyPanel } from '../../lib/use-lazy-panel'
import { FavoriteButton } from './favorite-button'
import { PriceDisplay } from './price-display'
import { ProductBadges } from './product-badges'
import { StorefrontImage } from './storefront-image'
import type { ProductCardData } from './product-card-data'

// The dialog (Radix) only downloads when a visitor first asks for a quick view.
const QuickViewDialog = lazy(() => import('./quick-view-dialog'))

export type { ProductCardData }

export interface ProductCardProps {
  product: ProductCardData
  /** The business the product belongs to (links and device favourites). */
  identifier: string
  /** SPEC §3 `isPreview`: no link and no favourite button (the owner's live previews). */
  isPreview?: boolean
  /** The first cards above the fold load eagerly. */
  priority?: boolean
  /** `sizes` for the image; defaults to the carousel/grid columns. */
  sizes?: string
  /** Extra buttons shown with the hover actions (e.g. the owner's 'Modificar producto'). */
  actions?: ReactNode
  headingLevel?: 'h2' | 'h3'
  className?: string
}

/**
 * SPEC §2.5 product card: image, two-line name, final price, 'Nuevo' / '-N%' badges, and on hover
 * or keyboard focus 'Añadir a favoritos' and 'Vista rápida'. The whole card opens the product
 * (`/{identifier}/productos/{slug}`, issue 27 §3) unless in preview. On devices without hover the two buttons
 * stay visible.
 *
 * Memoised: a carousel or grid that renders again (its engine starting, the hydration's second
 * render) leaves the cards of the same products alone.
 */
export const ProductCard = memo(function ProductCard({
  product,
  identifier,
  isPreview = false,
  priority = false,
  sizes = IMAGE_SIZES.productCard,
  actions,
  headingLevel: Heading = 'h3',
  className,
}: ProductCardProps) {
  const {
    isOpen: isQuickViewOpen,
    hasOpened: hasOpenedQuickView,
    open: openQuickView,
    setOpen: setIsQuickViewOpen,
  } = useLazyPanel()
  const productId = product._id
  // Issue 27 §3: the product's address; a card without one (never from the API) uses the id,
  // which redirects there.
  const href =
    !isPreview && productId ? paths.storefront.product(identifier, product.slug ?? productId) : null

  return (
    <article
      className={cn(
        'group/card @container/card relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-xs transition-shadow focus-within:shadow-lg hover:shadow-lg',
        className,
      )}
    >
      <div className="relative aspect-square overflow-hidden bg-muted">
        {product.image?.url ? (
          <StorefrontImage
            image={product.image}
            alt={product.name}
            sizes={sizes}
            priority={priority}
            className={cn(
              'size-full object-cover transition-transform duration-500 group-hover/card:scale-105 motion-reduce:transition-none',
              // Issue 25 §2: a hidden product (the owner's list only) reads as set aside.
              product.status === 'hidden' && 'opacity-60 grayscale',
            )}
          />
        ) : (
          <div className="grid size-full place-items-center text-muted-foreground">
            <ImageOff className="size-10" aria-hidden="true" />
          </div>
        )}
        <ProductBadges product={product} className="absolute top-3 left-3" />
        <div
          className={cn(
            // Wraps on a narrow card (two columns on a phone) rather than spill past its sides.
            'absolute inset-x-3 bottom-3 z-10 flex flex-wrap justify-center gap-2 transition-all duration-200 motion-reduce:transition-none',
            // Hidden until hover or keyboard focus, where the device can hover at all.
            '[@media(hover:hover)]:translate-y-2 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within/card:translate-y-0 [@media(hover:hover)]:group-focus-within/card:opacity-100 [@media(hover:hover)]:group-hover/card:translate-y-0 [@media(hover:hover)]:group-hover/card:opacity-100',
          )}
        >
          {!isPreview && productId && (
            <FavoriteButton
              target={{
                businessIdentifier: identifier,
                productId,
                slug: product.slug,
                name: product.name,
                price: product.price,
                discount: product.discount,
                currency: product.currency,
                image: product.image,
              }}
            />
          )}
          <button
            type="button"
            onClick={(event) => {
              event.preventDefault()
              openQuickView()
            }}
            aria-label="Vista rápida"
            className="inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-full bg-white/95 text-sm font-semibold text-foreground shadow-md transition-colors outline-none hover:bg-white focus-visible:ring-3 focus-visible:ring-ring/50 @min-[220px]/card:px-4"
          >
            <Eye className="size-4" aria-hidden="true" />
            {/* Narrow cards (two columns on a phone) keep only the icon. */}
            <span aria-hidden="true" className="hidden @min-[220px]/card:inline">
              Vista rápida
            </span>
          </button>
          {actions}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 @min-[220px]/card:p-4">
        {product.category && (
          <p className="truncate text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {product.category}
          </p>
        )}
        <Heading className="line-clamp-2 min-h-[2lh] text-sm leading-snug font-semibold @min-[220px]/card:text-base">
          {href ? (
            <Link
              to={href}
              // The focus ring is drawn inside the card (inset): the card clips what is outside it
              // (overflow-hidden for its rounded image), which hid the ring entirely (issue 41).
              className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline focus-visible:underline focus-visible:after:ring-3 focus-visible:after:ring-ring focus-visible:after:ring-inset"
            >
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </Heading>
        <div className="mt-auto grid gap-1">
          {product.priceFrom !== null && product.priceFrom !== undefined ? (
            <PriceDisplay price={product.priceFrom} currency={product.currency} isFrom />
          ) : (
            <PriceDisplay
              price={product.price}
              discount={product.discount}
              currency={product.currency}
            />
          )}
          {product.available !== false && product.lowStock ? (
            <p className="text-xs font-semibold text-amber-700 dark:text-amber-400">
              {SHOPPER_VARIANT_TEXTS.lowStock(product.lowStock)}
            </p>
          ) : null}
        </div>
      </div>
      {hasOpenedQuickView && (
        <Suspense fallback={null}>
          <QuickViewDialog
            open={isQuickViewOpen}
            onOpenChange={setIsQuickViewOpen}
            product={product}
            href={href}
            identifier={identifier}
          />
        </Suspense>
      )}
    </article>
  )
})
